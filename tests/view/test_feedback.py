"""The main screen's feedback as a player meets it in the real app (issue 24): the newest
notice at once and never over the tiles, the clock showing it has paused, the BEST box saying
whose best it is in an assisted game, one readable "+N" a move, and an info line whose fields
stay put as the clock ticks."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from helpers.games import keep_games, open_games, settle, until_opened
from helpers.keys import STEP, key, press
from helpers.loop import PolicyWorker
from helpers.view import TextLog, changed, drawn, points, window

from game.app import App, Options
from game.core.engine import Game
from game.play.session import Session
from game.screens.screen import ScreenKind
from game.text import LANGUAGES, tr
from game.view.notice_board import BRIEF_NOTICE_SECONDS, NOTICE_SECONDS

SIZES = ((320, 400), (540, 720), (1920, 1080))
# A board with one tile: nothing to take back, and every move slides.
LONE = [[2, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4]
GRID = [[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 0, 0], [0, 2, 0, 4]]


@pytest.fixture
def app(app):
    app.newcomer = False  # the info line, not a newcomer's tip
    return app


def play(app: App, grid, lang: str = "en", **state) -> Session:
    session = Session.restore(Game.from_grid(grid, seed=1, **state), {})
    app.use_session(session)
    app.stats_keeper.pop_goals_just_met()  # its big tiles met goals: not these tests' notices
    app.use_settings(replace(app.settings, language=lang))
    return session


def cells(app: App) -> list[pygame.Rect]:
    layout = app.view.layout
    return [layout.cell_rect(r, c) for r in range(layout.size) for c in range(layout.size)]


# -- notices: the newest at once, never over the tiles ----------------------------------------


def test_u_with_no_undo_then_m_says_sound_off_at_once(app):
    window(app, (540, 720))
    play(app, LONE)
    log = TextLog(app)
    try:
        press(app, pygame.K_u)
        assert tr("undo_refused_nothing") in {t.words for t in log.drawn}
        log.drawn = []
        press(app, pygame.K_m)
        words = {t.words for t in log.drawn}
        assert tr("sound_off", keys="M") in words  # the frame of the key, not seconds later
        assert tr("undo_refused_nothing") not in words  # the word it replaces is gone
    finally:
        log.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_notices_never_lie_over_the_tiles(app, lang, size):
    """A long notice (an export's path) and a key's word on top of it: everything they
    change on screen is off the board."""
    window(app, size)
    play(app, GRID, lang, score=1276, moves=123, seconds=65.0)
    app.view.notices = []
    before = drawn(app)
    path = "~/Documents/2048/2048 4x4 2025-05-01 12.34.56.2048.json"
    app.view.show_notice(tr("export_done", lang, file=path))
    press(app, pygame.K_m)
    told = changed(before, app.window.get_surface(), pygame.Rect(0, 0, *size))
    assert told.count() > 500, size  # the notices are there
    assert app.view.notices[-1] == tr("sound_off", lang, keys="M")
    board = app.view.layout.board
    assert not any(board.collidepoint(point) for point in points(told)), size
    boxes = app.view.notice_rects
    assert len(boxes) >= 1 and not any(box.colliderect(board) for box in boxes), size
    assert not any(cell.colliderect(box) for cell in cells(app) for box in boxes), size


def test_a_word_stays_its_seconds_then_goes_and_a_longer_notice_waits_its_whole_time(app):
    """At 540x720 the info line's band holds one notice: the word on the key just pressed
    shows at once over the news, which then has its whole eight seconds."""
    window(app, (540, 720))
    play(app, GRID)  # not started: the clock stands still, the screen changes only by them
    app.view.notices = []
    layout = app.view.layout
    header = layout.info.unionall([layout.title, layout.score])
    plain = drawn(app)
    news = "The disk is full."
    app.view.show_notice(news)
    app.frame(STEP, [key(pygame.K_m)])
    assert app.view.notices == [news, tr("sound_off", keys="M")]  # the newest on top
    assert app.view.offset == 0 and app.view.layout == layout  # nothing made room for them
    app.frame(BRIEF_NOTICE_SECONDS - 0.1, [])
    assert tr("sound_off", keys="M") in app.view.notices
    app.frame(0.2, [])
    assert app.view.notices == [news]  # the word has had its time; the news has not
    for _ in range(5):  # its eight seconds, in frames of a second
        app.frame((NOTICE_SECONDS - 0.2) / 5, [])
    assert app.view.notices == [news]
    app.frame(0.4, [])
    assert app.view.notices == []
    assert changed(plain, drawn(app), header).count() == 0  # and the screen is as before


def test_the_newest_two_show_and_an_older_one_waits_its_turn(app):
    window(app, (1920, 1080))  # an info line's band with room for two
    play(app, GRID)
    app.view.notices = []
    log = TextLog(app)
    try:
        news = ["The disk is full.", "The games could not be kept.", "The review is ready."]
        for words in news:
            app.view.show_notice(words)
        drawn(app)
        shown = {t.words for t in log.drawn}
        assert news[2] in shown and news[1] in shown and news[0] not in shown
        for _ in range(5):  # the two shown have their eight seconds
            app.frame((NOTICE_SECONDS + 0.2) / 5, [])
        assert app.view.notices == [news[0]]  # not lost: its turn now
        log.drawn = []
        drawn(app)
        assert news[0] in {t.words for t in log.drawn}
    finally:
        log.close()


def test_a_notice_over_a_replay_never_covers_its_board(tmp_path):
    keep_games(tmp_path, 1, moves=20)
    app = App(Options(seed=5, leave_files=True, data_dir=str(tmp_path), sound=False))
    boards = []
    draw = app.view.games_view.draw
    app.view.games_view.draw = lambda *args: boards.append(draw(*args)) or boards[-1]
    try:
        for size in SIZES:
            window(app, size)
            if not app.screens.games_open:
                open_games(app)
                press(app, pygame.K_RETURN)
                until_opened(app)  # the game opens on a thread: its Replay acts then
                press(app, pygame.K_RETURN)
                settle(app)
            assert app.screens.top.kind is ScreenKind.REPLAY
            app.view.notices = []
            app.view.show_notice(tr("review_ready") * 2)
            drawn(app)
            board = boards[-1].move(0, app.view.offset)  # under the notices' band, if any
            boxes = app.view.notice_rects
            assert boxes and not any(box.colliderect(board) for box in boxes), size
    finally:
        app.close()


# -- the clock's pause sign -------------------------------------------------------------------


def sign_pixels(app: App, surface: pygame.Surface, rect: pygame.Rect) -> int:
    colour = app.view.theme.muted_text
    return sum(
        tuple(surface.get_at((x, y)))[:3] == colour
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_clock_shows_a_pause_sign_while_it_is_held(app, size):
    window(app, size)
    play(app, LONE)
    press(app, pygame.K_RIGHT)  # the first move starts the clock (R17)
    assert app.session.clock_running
    running = drawn(app)
    assert app.view.hud.pause_sign is None
    app.frame(STEP, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert not app.session.clock_running
    held = drawn(app)
    sign = app.view.hud.pause_sign
    assert sign is not None and app.view.hud.clock_place.contains(sign)
    assert sign_pixels(app, held, sign) >= sign.width * sign.height * 0.6  # two bars
    assert sign_pixels(app, running, sign) == 0  # not there while the clock runs
    app.frame(STEP, [pygame.event.Event(pygame.WINDOWFOCUSGAINED)])
    back = drawn(app)
    assert app.view.hud.pause_sign is None and sign_pixels(app, back, sign) == 0
    press(app, pygame.K_ESCAPE)  # a menu holds it too
    assert app.screens.top is not None
    drawn(app)
    assert app.view.hud.pause_sign is not None


def test_a_clock_not_yet_started_has_not_paused(app):
    play(app, LONE)
    app.frame(STEP, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    drawn(app)
    assert app.view.hud.pause_sign is None


# -- whose best ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_assisted_game_says_the_best_is_the_players_own_R20(app, lang):
    window(app, (540, 720))
    play(app, [[4, 4, 0, 0], [0] * 4, [0] * 4, [0] * 4], lang)
    log = TextLog(app)
    try:
        press(app, pygame.K_LEFT)  # an own move: its score is the player's best
        own = app.stats_keeper.best(4)
        assert own == 8
        log.drawn = []
        drawn(app)
        words = {t.words for t in log.drawn if t.part == "hud"}
        assert tr("best", lang) in words and tr("your_best", lang) not in words
        app.autoplay._workers[4] = PolicyWorker()  # the solver, answering at once
        press(app, pygame.K_t)  # a hint: the game is assisted from now on
        assert app.session.assisted
        log.drawn = []
        drawn(app)
        words = {t.words for t in log.drawn if t.part == "hud"}
        assert tr("your_best", lang) in words and "8" in words  # the label turns at once
        app.use_session(
            Session.restore(Game.from_grid(GRID, seed=1, score=1276), {"assisted": True})
        )
        log.drawn = []
        drawn(app)
        words = {t.words for t in log.drawn if t.part == "hud"}
        assert tr("your_best", lang) in words and tr("best", lang) not in words
        assert str(app.stats_keeper.best(4)) in words and "1276" in words
        assert app.stats_keeper.best(4) < 1276  # the assisted score is not counted as the best
    finally:
        log.close()


# -- the "+N" and the info line ------------------------------------------------------------------


def floats_drawn(app: App, log: TextLog) -> list[str]:
    log.drawn = []
    drawn(app)
    return [t.words for t in log.drawn if t.part == "hud" and t.words.startswith("+")]


def test_a_move_rises_as_one_float_with_its_merges_sum_and_the_next_replaces_it(app):
    """The "+4" and "+16" of moves close together read "+1|6"."""
    window(app, (540, 720))
    play(app, [[2, 2, 0, 0], [4, 0, 0, 0], [8, 8, 0, 0], [0] * 4])
    log = TextLog(app)
    try:
        app.frame(STEP, [key(pygame.K_LEFT)])  # 2+2 and 8+8: one move, one float
        assert floats_drawn(app, log) == ["+20"]
        app.frame(STEP, [key(pygame.K_UP)])  # 4+4, while the "+20" still rises
        assert floats_drawn(app, log) == ["+8"]
    finally:
        log.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_nothing_after_the_clock_moves_as_it_ticks(app, lang, size):
    """At 22 px the font's digits are not all one width: "Undo 5 · 4x4" moved by a pixel or
    two as the seconds changed."""
    window(app, size)
    session = play(app, GRID, lang, moves=7, seconds=4.0)
    info = app.view.layout.info
    for before, after in ((4, 22), (599, 600), (11, 17)):
        session.game.seconds = before
        old = drawn(app)
        clock = app.view.hud.clock_place
        session.game.seconds = after
        new = drawn(app)
        moved = changed(old, new, info)
        assert moved.count(), (size, before, after)  # the clock did change
        for point in points(moved):
            assert clock.collidepoint(point[0] + info.x, point[1] + info.y), (size, before, after)


@pytest.mark.parametrize("size", [(320, 400), (540, 720), (1920, 1080)])
def test_a_word_alone_takes_the_info_lines_place_and_leaves_the_score_in_sight(app, size):
    """A key's word (M: "Sound off") shows in the info line's band: the score and the best,
    which a player watches as they play, stay drawn as they were."""
    window(app, size)
    play(app, GRID)
    app.view.notices = []
    layout = app.view.layout
    plain = drawn(app)
    app.frame(STEP, [key(pygame.K_m)])
    assert app.view.notices == [tr("sound_off", keys="M")]
    [box] = app.view.notice_rects
    assert box.top > layout.score.bottom and box.bottom <= layout.info.bottom
    scores = layout.title.unionall([layout.score, layout.best])
    assert changed(plain, drawn(app), scores).count() == 0
