"""The real app, headless: posted pygame events, exact fixed steps, and pixels."""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from helpers.archive import saved_game
from helpers.keys import STEP, key
from helpers.paths import ROOT, run_main

from game import __version__
from game.app import App, Options, parse_args
from game.core.engine import Direction, Game
from game.launch.guard import run_guarded
from game.play import commands as cmd
from game.play.session import Phase, Session
from game.screens.menus import SizeItem
from game.screens.screen import Item, ScreenKind
from game.view import window
from game.view.board import APPEAR_SECONDS, SLIDE_SECONDS


def press(app: App, code: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(key(code, mod, unicode))
    app.frame(STEP)


def settle(app: App, seconds: float = 1.0) -> None:
    """Let every animation run out."""
    for _ in range(round(seconds / STEP)):
        app.frame(STEP, [])


def colour_at(app: App, pos) -> tuple[int, int, int]:
    return tuple(app.window.get_surface().get_at((round(pos[0]), round(pos[1]))))[:3]


def near_win_game() -> Game:
    return Game.from_grid([[1024, 1024, 0, 0], [2, 4, 8, 16], [0] * 4, [0] * 4], seed=1)


def test_arrow_keys_move_the_board_and_the_screen_follows(app):
    start = app.session.game.grid
    for code in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_a):
        press(app, code)
    settle(app)
    game = app.session.game
    assert game.moves >= 3 and game.grid != start
    assert app.view.board.grid == game.grid
    assert not app.view.animating


def test_win_banner_keep_going_and_no_second_banner(app):
    app.use_session(Session(near_win_game()))
    press(app, pygame.K_LEFT)
    assert app.session.phase is Phase.WON_BANNER
    press(app, pygame.K_DOWN)  # a move under the banner only moves the focus
    assert app.session.game.moves == 1
    app.screens.top.focus = 0
    press(app, pygame.K_RETURN)  # "Keep going"
    assert app.session.phase is Phase.CONTINUING
    press(app, pygame.K_u)  # undo the winning move: the win stays recorded (R14)
    press(app, pygame.K_LEFT)
    assert app.session.phase is Phase.CONTINUING and app.session.game.won


def one_move_from_game_over() -> Game:
    """A full board whose only move (left) ends the game, with a seed whose spawn seals it."""
    rows = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 8, 8]]
    for seed in range(100):
        trial = Game.from_grid(rows, seed=seed)
        if trial.move(Direction.LEFT).over_now:
            return Game.from_grid(rows, seed=seed)
    raise AssertionError("no seed ends the game")


def test_game_over_undo_and_new_game_without_confirmation(app):
    app.use_session(Session(one_move_from_game_over()))
    press(app, pygame.K_LEFT)
    assert app.session.phase is Phase.GAME_OVER
    assert app.screens.top.kind is ScreenKind.OVER
    press(app, pygame.K_u)  # R14: undo works on a game-over board
    assert app.session.phase is Phase.PLAYING
    assert app.session.game.undos_left == 4
    press(app, pygame.K_LEFT)  # the same move spawns the same tile (R13)
    assert app.session.phase is Phase.GAME_OVER
    press(app, pygame.K_n)  # after a lost game, New game starts at once (R15)
    assert app.session.phase is Phase.PLAYING and app.session.game.moves == 0


def test_new_game_asks_first_while_a_game_is_in_progress(app):
    press(app, pygame.K_LEFT)
    press(app, pygame.K_UP)
    moves = app.session.game.moves
    assert moves > 0
    press(app, pygame.K_n)
    assert app.screens.top.kind is ScreenKind.CONFIRM_NEW
    press(app, pygame.K_ESCAPE)
    assert app.screens.top is None and app.session.game.moves == moves
    press(app, pygame.K_n)
    press(app, pygame.K_RETURN)  # a reflex Enter answers "Cancel" (R15)
    assert app.screens.top is None and app.session.game.moves == moves
    press(app, pygame.K_n)
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert app.session.game.moves == 0 and app.screens.top is None


def test_clock_runs_only_in_play_with_focus(app):
    settle(app, 1.0)
    assert app.session.game.seconds == 0.0  # R17: it starts with the first valid move
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RIGHT)
    settle(app, 1.0)
    played = app.session.game.seconds
    # A frame's time passes before its key: the first move's frame is not on the clock.
    assert played == pytest.approx(1.0 + STEP, abs=0.001)
    app.frame(0.0, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    settle(app, 1.0)
    assert app.session.game.seconds == pytest.approx(played)
    app.frame(0.0, [pygame.event.Event(pygame.WINDOWFOCUSGAINED)])
    settle(app, 0.5)
    assert app.session.game.seconds == pytest.approx(played + 0.5, abs=0.02)
    press(app, pygame.K_ESCAPE)  # the pause menu stops it too
    frozen = app.session.game.seconds
    settle(app, 1.0)
    assert app.session.game.seconds == pytest.approx(frozen)


def test_keys_with_modifiers_move_nothing_and_chords_work(app):
    grid = app.session.game.grid
    press(app, pygame.K_LEFT, pygame.KMOD_LCTRL)
    press(app, pygame.K_UP, pygame.KMOD_LALT)
    press(app, pygame.K_d, pygame.KMOD_LMETA)
    assert app.session.game.grid == grid
    press(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert not app.running


def test_quitting_hides_the_window_before_the_slow_parts_close(tmp_path, monkeypatch):
    """Issue 24: Ctrl+Q took about 2 s to close the window (the solver's processes stop, the
    disk is written). The window goes first; the rest finishes behind it."""
    app = App(Options(data_dir=str(tmp_path), sound=False))
    happened: list[str] = []
    hide = app.game_window.hide
    monkeypatch.setattr(app.game_window, "hide", lambda: (happened.append("hidden"), hide()))
    for name in ("storage", "archive", "autoplay"):
        part = getattr(app, name)
        close = part.close
        monkeypatch.setattr(part, "close", lambda c=close, n=name: (happened.append(n), c()))
    press(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert not app.running and happened == []
    app.close()
    assert happened[0] == "hidden" and set(happened[1:]) == {"storage", "archive", "autoplay"}


def test_f1_and_question_mark_open_help(app):
    press(app, pygame.K_F1)
    assert app.screens.top.kind is ScreenKind.HELP
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert app.screens.top.kind is ScreenKind.HELP


def test_each_tile_centre_has_its_values_colour(app):
    grid = [[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 2048, 4096], [8192, 0, 0, 0]]
    app.use_session(Session(Game.from_grid(grid, seed=3)))
    app.frame(STEP, [])
    layout = app.view.layout
    theme = app.view.theme
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            rect = layout.cell_rect(r, c)
            # A point inside the tile but off its number's strokes: near a corner.
            probe = (rect.x + rect.w * 0.12, rect.y + rect.h * 0.12)
            expected = theme.tile_colour(value) if value else theme.empty_cell
            assert colour_at(app, probe) == expected, (value, r, c)


@pytest.mark.parametrize("size", [(320, 400), (3840, 2160)])
@pytest.mark.parametrize("board", [4, 6])
def test_nothing_touches_the_window_edge(app, size, board):
    app.window.size = size
    app.use_session(Session(Game.new(board, seed=2)))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.frame(STEP)
    surface = app.window.get_surface()
    assert surface.get_size() == size
    background = app.view.theme.background
    width, height = size
    for x in range(0, width, 7):
        assert tuple(surface.get_at((x, 0)))[:3] == background
        assert tuple(surface.get_at((x, height - 1)))[:3] == background
    for y in range(0, height, 7):
        assert tuple(surface.get_at((0, y)))[:3] == background
        assert tuple(surface.get_at((width - 1, y)))[:3] == background
    layout = app.view.layout
    window = pygame.Rect(0, 0, width, height)
    assert all(window.contains(rect) for rect in layout.rects())


def test_mid_slide_frames_lie_between_old_and_new_cells(app):
    app.use_session(Session(Game.from_grid([[0, 0, 0, 64], [0] * 4, [0] * 4, [0] * 4], seed=4)))
    app.frame(STEP, [])
    layout = app.view.layout
    colour = app.view.theme.tile_colour(64)
    press(app, pygame.K_LEFT)
    for _ in range(round(SLIDE_SECONDS / 2 / STEP) - 1):
        app.frame(STEP, [])
    row_y = layout.cell_rect(0, 0).y + layout.cell * 0.1
    xs = [
        x for x in range(layout.board.x, layout.board.right) if colour_at(app, (x, row_y)) == colour
    ]
    assert xs, "the sliding tile is not on screen"
    centre = (min(xs) + max(xs)) / 2
    start = layout.cell_rect(0, 3).centerx
    end = layout.cell_rect(0, 0).centerx
    assert end + layout.cell * 0.5 < centre < start - layout.cell * 0.5
    assert max(xs) - min(xs) <= layout.cell + 1  # drawn once, not smeared or doubled
    settle(app, SLIDE_SECONDS + APPEAR_SECONDS)
    assert colour_at(app, layout.cell_rect(0, 0).move(4, 4).topleft) == colour


def test_a_move_during_an_animation_finishes_it_and_starts_the_next(app):
    app.use_session(Session(Game.from_grid([[2, 0, 0, 2], [0] * 4, [0] * 4, [4, 0, 0, 4]], seed=9)))
    press(app, pygame.K_LEFT)
    assert app.view.board.animating
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_UP)
    assert app.session.game.moves == 3  # none lost
    settle(app)
    assert app.view.board.grid == app.session.game.grid


def test_an_invalid_move_nudges_and_spawns_nothing(app):
    app.use_session(Session(Game.from_grid([[2, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4], seed=9)))
    press(app, pygame.K_LEFT)
    assert app.session.game.moves == 0
    assert app.view.board.blocked is not None
    settle(app)
    assert app.view.board.blocked is None


def test_fullscreen_toggles_and_restores_the_window(app):
    before = app.window.size
    press(app, pygame.K_F11)
    assert app.game_window.fullscreen
    press(app, pygame.K_RETURN, pygame.KMOD_LALT)
    assert not app.game_window.fullscreen
    assert app.window.size == before


@pytest.mark.slow
def test_a_storm_of_random_events_never_breaks_the_game(app):
    """3,000 random keys, clicks, resizes and focus changes (some 18 s); GAME2048_SOAK_EVENTS=
    100000 runs a longer storm."""
    rng = random.Random(2048)
    keys = [
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_u,
        pygame.K_n,
        pygame.K_RETURN,
        pygame.K_ESCAPE,
        pygame.K_F1,
        pygame.K_TAB,
        pygame.K_x,
    ]
    for _ in range(int(os.environ.get("GAME2048_SOAK_EVENTS", 3000))):
        roll = rng.random()
        if roll < 0.7:
            event = key(rng.choice(keys), rng.choice([0, 0, 0, pygame.KMOD_LSHIFT]))
        elif roll < 0.8:
            pos = (rng.randrange(0, 540), rng.randrange(0, 720))
            kind = rng.choice([pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP])
            event = pygame.event.Event(kind, pos=pos, button=1, touch=False)
        elif roll < 0.85:
            event = pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randrange(540), 100))
        elif roll < 0.9:
            app.window.size = (rng.randrange(320, 1600), rng.randrange(400, 1200))
            event = pygame.event.Event(pygame.WINDOWSIZECHANGED)
        else:
            event = pygame.event.Event(
                rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED])
            )
        app.frame(rng.choice([0.0, STEP, 0.03, 0.3]), [event])
        app.running = True  # a random Quit item must not end the storm
    settle(app)
    assert app.view.board.grid == app.session.game.grid


def test_bad_option_values_exit_2_with_a_message(capsys):
    for argv in (["--size", "9"], ["--frames", "0"], ["--seed", "x"]):
        with pytest.raises(SystemExit) as exit_info:
            parse_args(argv)
        assert exit_info.value.code == 2
    assert "--size" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("size", ["3", "4", "5", "6", "8"])
def test_main_runs_120_frames_and_exits_0(tmp_path, size):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    result = run_main("--frames", "120", "--size", size, "--data-dir", str(tmp_path), env=env)
    assert result.returncode == 0, result.stderr


def test_python_dash_m_game_starts(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-m", "game", "--frames", "5", "--data-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr


def test_help_leaves_out_the_tests_frames_option_which_still_works(capsys):
    with pytest.raises(SystemExit) as exit_info:
        parse_args(["--help"])
    assert exit_info.value.code == 0
    shown = capsys.readouterr().out
    assert "--size" in shown and "--frames" not in shown
    assert parse_args(["--frames", "3"]).frames == 3


@pytest.mark.parametrize(
    ("argv0", "name"),
    [
        ("/opt/2048-linux-x86_64/2048", "2048"),  # the executable
        ("/home/player/.local/bin/play2048", "play2048"),  # pip's command
        ("main.py", "main.py"),
        (str(ROOT / "game" / "__main__.py"), f"{Path(sys.executable).name} -m game"),
    ],
)
def test_version_names_the_program_as_it_was_started(argv0, name, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", [argv0, "--version"])
    with pytest.raises(SystemExit):
        parse_args()
    assert capsys.readouterr().out.startswith(f"{name} {__version__} ")


def test_python_dash_m_game_names_itself_so():
    result = subprocess.run(
        [sys.executable, "-m", "game", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.startswith(f"{Path(sys.executable).name} -m game {__version__} ")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland are Linux's")
def test_with_no_display_the_game_says_so_in_one_line_and_exits_1(tmp_path):
    hidden = {"DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"}  # and no driver asked for
    env = {name: value for name, value in os.environ.items() if name not in hidden}
    env["SDL_AUDIODRIVER"] = "dummy"
    probe = "import pygame; pygame.display.init(); print(pygame.display.get_driver())"
    found = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60
    )
    if found.returncode == 0 and found.stdout.strip() != "offscreen":
        pytest.skip(f"SDL shows windows here without X11 or Wayland ({found.stdout.strip()})")
    data = tmp_path / "data"
    result = run_main("--frames", "30", "--data-dir", str(data), env=env)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == window.NO_DISPLAY
    assert not data.exists()  # nothing played unseen, nothing saved


def test_an_error_inside_a_frame_saves_the_game_and_writes_a_log(tmp_path, capsys):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    press(app, pygame.K_LEFT)
    press(app, pygame.K_UP)
    moves = app.session.game.moves
    grid = app.session.game.grid

    def broken_draw(*args, **kwargs):
        raise RuntimeError("a bug in drawing")

    app.view.draw = broken_draw
    app.view.dirty = True
    assert run_guarded(lambda: app, tmp_path / "logs") == 1
    saved = saved_game(tmp_path)
    assert saved is not None and saved.moves == moves and saved.grid == grid
    logs = list((tmp_path / "logs").iterdir())
    assert len(logs) == 1
    report = logs[0].read_text()
    assert "RuntimeError: a bug in drawing" in report and "pygame" in report
    message = capsys.readouterr().err
    assert "Your game and records were saved" in message and str(logs[0]) in message


def test_a_damaged_save_is_told_once_in_plain_words(tmp_path):
    first = App(Options(data_dir=str(tmp_path), sound=False))
    press(first, pygame.K_LEFT)
    press(first, pygame.K_UP)
    best = first.stats_keeper.best(4)
    first.close()
    with contextlib.closing(sqlite3.connect(tmp_path / "games.sqlite3")) as doctored:
        doctored.execute("""UPDATE in_play SET game = '{"trunc' WHERE size = 4""")
        doctored.commit()
    for told in (["Your saved 4×4 game could not be read"], []):
        app = App(Options(data_dir=str(tmp_path), sound=False))
        try:
            assert [notice[:37] for notice in app.view.notices] == told
            app.frame(STEP, [])  # drawn without trouble
            assert app.session.game.moves == 0  # a fresh game, nothing else lost
            assert app.stats_keeper.best(4) == best
        finally:
            app.close()


def test_a_seeded_game_leaves_the_saved_game_alone(tmp_path):
    first = App(Options(data_dir=str(tmp_path), sound=False))
    press(first, pygame.K_LEFT)
    press(first, pygame.K_UP)
    saved = first.session.game.to_dict()
    first.close()
    seeded = App(Options(seed=42, leave_files=True, data_dir=str(tmp_path), sound=False))
    press(seeded, pygame.K_RIGHT)
    seeded.close()
    again = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        assert again.session.game.grid == Game.from_dict(saved).grid
        assert again.session.game.moves == saved["moves"]
    finally:
        again.close()


def test_the_first_frame_after_a_key_already_shows_the_tiles_moving(app):
    app.use_session(Session(Game.from_grid([[0, 0, 0, 64], [0] * 4, [0] * 4, [0] * 4], seed=4)))
    app.frame(STEP, [])
    layout = app.view.layout
    start = layout.cell_rect(0, 3)
    colour = app.view.theme.tile_colour(64)
    assert colour_at(app, (start.right - 2, start.centery)) == colour
    press(app, pygame.K_LEFT)  # one frame, one fixed step, as the loop runs after a wake-up
    assert colour_at(app, (start.right - 2, start.centery)) != colour  # it has left its edge
    assert colour_at(app, (start.x + 2, start.centery)) == colour  # and is still near it


def play_some_merges(app: App) -> None:
    for code in (pygame.K_LEFT, pygame.K_RIGHT) * 6:
        press(app, code)


def test_r9_best_score_rises_live_is_kept_across_runs_and_per_size(tmp_path):
    app = App(Options(data_dir=str(tmp_path), sound=False, size=4))
    play_some_merges(app)
    score = app.session.game.score
    assert score > 0
    assert app.view.model.best == score  # rises live with the score
    app.close()
    again = App(Options(data_dir=str(tmp_path), sound=False, size=4))
    try:
        assert again.view.model.best == score  # kept across runs
        press(again, pygame.K_ESCAPE)
        again.command(cmd.Select(again.screens.top.items.index(Item.SIZES)))
        again.command(cmd.Select(again.screens.top.items.index(SizeItem(5))))
        assert again.session.game.size == 5
        assert again.view.model.best == 0  # each size has its own best
    finally:
        again.close()


@pytest.mark.slow
def test_r20_an_assisted_games_score_is_not_the_players_best(tmp_path):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        press(app, pygame.K_t)  # a hint marks the game assisted
        play_some_merges(app)
        assert app.session.assisted and app.session.game.score > 0
        assert app.view.model.best == 0
        assert (
            app.stats_keeper.stats.for_size(4, assisted=True).best_score == app.session.game.score
        )
    finally:
        app.close()
