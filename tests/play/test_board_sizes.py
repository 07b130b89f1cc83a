"""Boards 3x3, 7x7 and 8x8 beside 4x4, 5x5 and 6x6 (issue 23), as a player lives them in the
real app: the board sizes' menu, by keyboard, gamepad and mouse, says the classic 4x4 is the
board the rules are for and marks the size in play, its labels fitting their buttons from the
smallest window to full HD in both languages; the 3x3 and the 8x8 board read in those windows;
the real solver hints and plays on 7x7 and 8x8; and each new size end to end: played, its best
and statistics its own, saved across a kill, kept in Games, replayed, reviewed by the real
solver's process, and shared to a friend who replays it exactly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from helpers.devices import button, click, plug_pad, run
from helpers.games import (
    open_games,
    press,
    stand_in_rollouts,
    until_imported,
    until_opened,
    words_drawn,
)
from helpers.keys import key
from helpers.paths import CHILDREN, ROOT
from helpers.solver import play_until
from helpers.view import READABLE_PX, TextLog, misfits, show, use_look

from game.app import App, Options
from game.core.engine import BOARD_SIZES, Game
from game.core.replay import replay
from game.play import commands as cmd
from game.play.session import Session
from game.screens.items import Control
from game.screens.menus import PauseMenu, SizeItem, SizesMenu
from game.screens.screen import Item, ScreenKind
from game.solver.analysis import Analysis
from game.text import LANGUAGES, tr
from game.view.board import LEAST_NUMBER_PX

NEW_SIZES = (3, 7, 8)
WINDOWS = ((320, 400), (540, 720), (1920, 1080))
CLASSIC = {"en": "Classic", "el": "Κλασικό"}  # the word the 4x4 is named by
KEY_OF = {"left": pygame.K_LEFT, "down": pygame.K_DOWN, "right": pygame.K_RIGHT, "up": pygame.K_UP}


def keys(app: App, *codes: int) -> None:
    for code in codes:
        app.frame(1 / 120, [key(code)])


def focus_on(app: App, item, step: int = pygame.K_DOWN) -> None:
    menu = app.screens.top
    for _ in range(len(menu.items)):
        if menu.focused_item == item:
            return
        keys(app, step)
    raise AssertionError(f"{item} is not in the menu")


def choose_size_by_keyboard(app: App, size: int) -> None:
    """Esc, down to the Board row, Enter, to the size, Enter."""
    keys(app, pygame.K_ESCAPE)
    focus_on(app, Item.SIZES)
    keys(app, pygame.K_RETURN)
    assert app.screens.top.kind is ScreenKind.SIZES
    up = size < app.session.game.size
    focus_on(app, SizeItem(size), pygame.K_UP if up else pygame.K_DOWN)
    keys(app, pygame.K_RETURN)


def play(app: App, moves: int) -> None:
    """`moves` valid moves by the arrow keys, each let slide a few frames."""
    for _ in range(moves):
        valid = app.session.game.valid_directions()
        keys(app, KEY_OF[valid[app.session.game.moves % len(valid)]])
        for _ in range(4):
            app.frame(1 / 120, [])


def menu_words(app: App, lang: str) -> list[str]:
    """The words of the screen, in `lang`, once the menu on top has faded in."""
    use_look(app, lang=lang)
    app.show()
    for _ in range(2):
        app.view.step(1.0, app.snapshot())
    return words_drawn(app, (540, 720))


# -- the board sizes' menu ---------------------------------------------------------------------


def test_the_sizes_are_3_to_8_and_the_classic_4x4_stays_the_default(tmp_path):
    assert BOARD_SIZES == (3, 4, 5, 6, 7, 8)
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        assert app.session.game.size == 4  # a newcomer plays the classic board
    finally:
        app.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sizes_menu_says_the_rules_are_the_classic_4x4_s_and_marks_the_size_in_play(
    tmp_path, lang
):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        keys(app, pygame.K_ESCAPE)
        row = tr("sizes_row", lang, size=tr("size_4", lang))
        assert row in menu_words(app, lang)  # the pause menu names the board in play
        focus_on(app, Item.SIZES)
        keys(app, pygame.K_RETURN)
        menu = app.screens.top
        assert menu.kind is ScreenKind.SIZES and menu.focused_item == SizeItem(4)
        drawn = menu_words(app, lang)
        assert tr("sizes", lang) in drawn
        assert tr("sizes_rules", lang) in " ".join(drawn)
        assert f"{CLASSIC[lang].lower()} 4×4" in tr("sizes_rules", lang)
        classic = tr("size_in_play", lang, size=tr("size_4", lang))
        assert classic in drawn and f"{CLASSIC[lang]} 4×4" in classic  # in play, the classic
        for size in (3, 5, 6, 7, 8):  # the others unmarked, each named with its size
            assert tr(f"size_{size}", lang) in drawn and f"{size}×{size}" in tr(f"size_{size}")
        keys(app, pygame.K_ESCAPE)  # back to the pause menu, nothing changed
        assert app.screens.top.kind is ScreenKind.PAUSE and app.session.game.size == 4
        keys(app, pygame.K_RETURN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN)
        keys(app, pygame.K_RETURN)  # Enter on Board, down to 8x8, Enter
        assert app.session.game.size == 8 and app.screens.top is None
        keys(app, pygame.K_ESCAPE)
        assert tr("sizes_row", lang, size=tr("size_8", lang)) in menu_words(app, lang)
        focus_on(app, Item.SIZES)
        keys(app, pygame.K_RETURN)
        drawn = menu_words(app, lang)
        assert tr("size_in_play", lang, size=tr("size_8", lang)) in drawn
        assert tr("size_4", lang) in drawn  # no longer marked in play
    finally:
        app.close()


def test_the_gamepad_and_the_mouse_choose_a_size_too(tmp_path):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        plug_pad(app)
        run(app, button(pygame.CONTROLLER_BUTTON_START))
        while app.screens.top.focused_item is not Item.SIZES:
            run(app, button(pygame.CONTROLLER_BUTTON_DPAD_DOWN))
        run(app, button(pygame.CONTROLLER_BUTTON_A))
        run(app, button(pygame.CONTROLLER_BUTTON_DPAD_UP), button(pygame.CONTROLLER_BUTTON_A))
        assert app.session.game.size == 3 and app.screens.top is None
        click(app, app.view.layout.buttons["menu"].center)
        click(app, app.view.menu_rects[app.screens.top.items.index(Item.SIZES)].center)
        assert app.screens.top.kind is ScreenKind.SIZES
        click(app, app.view.menu_rects[app.screens.top.items.index(SizeItem(7))].center)
        assert app.session.game.size == 7 and app.screens.top is None
        click(app, app.view.layout.buttons["menu"].center)
        click(app, app.view.menu_rects[app.screens.top.items.index(Item.SIZES)].center)
        click(app, app.view.menu_rects[app.screens.top.items.index(Item.BACK)].center)
        assert app.screens.top.kind is ScreenKind.PAUSE  # Back: the pause menu again
    finally:
        app.running = True
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_size_s_labels_fit_their_buttons_in_every_window(tmp_path, drawn_buttons, lang):
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    try:
        for size in BOARD_SIZES:  # each in play: its row and its mark the longest words
            session = Session.restore(Game.new(size, seed=1), {})
            app.use_session(session)
            use_look(app, lang=lang)
            app.show()
            for name, menu in (("pause", PauseMenu()), ("sizes", SizesMenu(size))):
                show(app, session, menu)
                for window in WINDOWS:
                    assert not misfits(app, drawn_buttons, window), (size, name, window)
    finally:
        app.close()


# -- the smallest and the biggest board in the smallest, a common and a full HD window --------


def tiles_of(size: int) -> list[list[int]]:
    """A board of `size` holding the tiles from 2 to 65536, the longest numbers a long game
    makes (a six-digit number is wider than an 8x8 tile in the smallest window)."""
    values = [2 ** (1 + index % 16) for index in range(size * size)]
    values[-1] = 0  # a move is left
    return [values[row * size : (row + 1) * size] for row in range(size)]


@pytest.mark.parametrize("size", (3, 8))
def test_the_smallest_and_the_biggest_board_read_in_every_window(tmp_path, size):
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    log = TextLog(app)
    try:
        grid = tiles_of(size) if size == 8 else [[2, 4, 8], [16, 32, 64], [128, 1024, 0]]
        game = Game.from_grid(grid, seed=1, score=123456, moves=1234, seconds=3599.0)
        session = Session.restore(game, {})  # played a while: the HUD's line is the game's
        app.use_session(session)
        app.newcomer = False
        app.show()
        for window in WINDOWS:
            hud = log.texts(window, session, "hud")
            assert all(text.px >= READABLE_PX for text in hud if text.words.strip()), window
            assert tr("board", n=size) in " ".join(text.words for text in hud)
            app.view.board.clear()  # the tiles drawn afresh, their numbers with them
            numbers = {text.words: text.px for text in log.texts(window, session, "board")}
            layout_cell = app.view.layout.cell
            for value in {value for row in grid for value in row if value}:
                # every number drawn, none left off (in thousands where whole it would not read)
                label = str(value) if str(value) in numbers else f"{value // 1024}k"
                px = numbers[label]
                width = app.view.text.font(px).size(label)[0]
                assert width < layout_cell, (window, value)  # inside its tile
                if window != (320, 400) or value < 100:
                    assert px >= READABLE_PX, (window, value, px)
                elif value >= 16384:
                    assert px >= LEAST_NUMBER_PX, (window, value, px)
    finally:
        log.close()
        app.close()


# -- the solver on the biggest boards ----------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("size", (7, 8))
def test_the_real_solver_gives_a_hint_and_plays_on_the_biggest_boards(tmp_path, size):
    # Its time against the budget, middle game, is bench/solver.py --hint-sizes's to measure.
    app = App(Options(seed=2, data_dir=str(tmp_path), sound=False))
    try:
        choose_size_by_keyboard(app, size)
        play(app, 30)
        keys(app, pygame.K_t)
        play_until(app, lambda: app.view.hint is not None)
        assert app.view.hint in app.session.game.valid_directions()
        moves = app.session.game.moves
        app.autoplay.set_pace("max")
        keys(app, pygame.K_p)
        play_until(app, lambda: app.session.game.moves >= moves + 10)
        keys(app, pygame.K_x)  # any key stops it
        assert not app.autoplay.playing and app.session.game.size == size
    finally:
        app.close()


# -- each new size, end to end -----------------------------------------------------------------


def leave_killed(data_dir: Path) -> dict:
    """The real app in a child process plays a few moves on the size it starts on, and is
    killed: the game it left."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    driver = subprocess.Popen(
        [sys.executable, str(CHILDREN / "app_driver.py"), str(data_dir), "kill", "4"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = driver.stdout.readline()
        assert line, driver.stderr.read()
    finally:
        driver.send_signal(signal.SIGKILL)
        driver.wait(timeout=60)
    return json.loads(line)


def review_to_the_end(app: App, limit_s: float = 60.0) -> None:
    deadline = time.monotonic() + limit_s
    while not app.games_screens.job.finished:
        assert time.monotonic() < deadline, "the review did not finish"
        app.frame(1 / 60, [])
        time.sleep(1 / 120)


def choose_on_screen(app: App, control) -> None:
    app.command(cmd.Select(app.screens.top.items.index(control)))
    until_opened(app)


@pytest.mark.slow
@pytest.mark.parametrize("size", NEW_SIZES)
def test_a_new_size_is_played_saved_killed_kept_replayed_reviewed_and_shared(tmp_path, size):
    mine, friend = tmp_path / "mine", tmp_path / "friend"
    app = App(Options(data_dir=str(mine), sound=False))
    try:
        choose_size_by_keyboard(app, size)
        assert app.session.game.size == size
        play(app, 8)
        score = app.session.game.score
        assert app.view.model.best == score  # its own best, rising live (R9)
        keys(app, pygame.K_ESCAPE)
        focus_on(app, Item.STATS)
        keys(app, pygame.K_RETURN)  # the statistics open on the size in play
        drawn = menu_words(app, "en")
        assert tr("stats_title", n=size) in drawn
        assert f"{tr('stats_played')}: 1" in drawn and f"{tr('stats_best')}: {score}" in drawn
    finally:
        app.close()

    left = leave_killed(mine)  # the next start plays on the size left, and is killed
    assert left["size"] == size and left["moves"] >= 8  # the game left, played on if it could

    app = App(Options(data_dir=str(mine), sound=False))
    app.games_screens.export_dir = tmp_path / "documents"
    app.games_screens.depth_of = lambda size: 1
    app.games_screens.analyse = lambda grids, size, depth: Analysis(
        grids, size=size, depth=depth, tables_dir=tmp_path, polite=False
    )
    app.games_screens.play_on = stand_in_rollouts(per_poll=100)
    try:
        game = app.session.game
        assert game.size == size
        assert (game.grid, game.score, game.moves) == (
            Game.from_dict(left).grid,
            left["score"],
            left["moves"],
        )
        figures = app.stats_keeper.stats.for_size(size)
        assert figures.games_played == 1  # one game, played on after the kill
        assert app.view.model.best == figures.best_score >= max(score, game.score)
        assert app.stats_keeper.stats.for_size(4).games_played == 0  # kept apart from 4x4's

        open_games(app)
        press(app, pygame.K_RETURN)  # the newest game: this one
        record = app.games_screens.record
        assert record.summary.size == size and record.summary.moves == game.moves
        assert replay(record)[-1].grid == game.grid  # kept to its last move, kill and all

        choose_on_screen(app, Control.EXPORT)
        [shared] = (tmp_path / "documents").iterdir()
        choose_on_screen(app, Control.REPLAY)
        assert app.screens.top.kind is ScreenKind.REPLAY
        press(app, pygame.K_END)
        assert app.view.games_view.board.grid == game.grid
        press(app, pygame.K_ESCAPE)

        choose_on_screen(app, Control.REVIEW)
        assert app.screens.top.kind is ScreenKind.REVIEW
        review_to_the_end(app)
        job = app.games_screens.job
        assert job.result.complete and len(job.result.grades) == len(job.moves) >= game.moves
    finally:
        app.close()

    other = App(Options(data_dir=str(friend), sound=False))
    try:
        other.frame(1 / 120, [pygame.event.Event(pygame.DROPFILE, file=str(shared))])
        until_imported(other)
        assert other.view.notices[-1] == tr("import_done")
        [summary] = other.archive.list_games()
        assert summary.size == size
        assert replay(other.archive.load(summary.game_id)) == replay(record)
    finally:
        other.close()


def test_a_number_too_long_for_the_least_font_size_is_drawn_smaller_never_out_of_its_tile(
    tmp_path,
):
    """131072 on an 8x8 tile of the smallest window (23 px): at the least font size it is still
    wider than the tile; it is drawn all the same (numbers are always drawn), scaled into it."""
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    try:
        for value in (65536, 131072, 262144):
            number = app.view.board.number(value, 23, (0, 0, 0))
            assert 0 < number.get_width() <= round(23 * 0.9), value
            assert 0 < number.get_height() <= 23, value
    finally:
        app.close()
