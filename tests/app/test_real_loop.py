"""The real loop, `App.run()`, on a fake clock with posted events: the time a player reads (the
clock, notices, the win banner, autoplay's pace, time played) is real time, however the frames
fall (R17, R19, R20)."""

from __future__ import annotations

import pygame
import pytest
from helpers.keys import key
from helpers.loop import DrawnClock, PolicyWorker, ScriptedClock, ScriptWorker

from game.app import App, Options
from game.core.engine import Direction, Game
from game.play.session import Phase, Session
from game.screens.screen import ScreenKind
from game.storage.notices import Notice, NoticeKey
from game.text import format_clock, notice_text
from game.view.notice_board import NOTICE_SECONDS

LEFT, RIGHT, UP = Direction.LEFT, Direction.RIGHT, Direction.UP


def make_app(tmp_path, clock: ScriptedClock, **options) -> App:
    return App(Options(seed=11, data_dir=str(tmp_path), sound=False, **options), clock=clock)


def run(app: App) -> None:
    try:
        assert app.run() == 0
    finally:
        app.close()


def a_move(app: App) -> pygame.event.Event:
    """A key that moves the board of `app` now."""
    codes = {LEFT: pygame.K_LEFT, RIGHT: pygame.K_RIGHT, UP: pygame.K_UP}
    return key(
        codes[next(d for d in (LEFT, RIGHT, UP) if d in app.session.game.valid_directions())]
    )


@pytest.mark.slow
def test_sixty_seconds_idle_after_a_move_read_one_minute(tmp_path):
    clock = ScriptedClock(end=61.0)
    app = make_app(tmp_path, clock)
    drawn = DrawnClock(app)
    clock.at(0.5, a_move(app))
    seen = {}
    clock.at(60.6, lambda: seen.update(clock=format_clock(drawn.last)))
    run(app)
    assert seen["clock"] == "1:00"
    shown = sorted({int(s) for s in drawn.seconds})
    assert shown == list(range(61))  # every second on screen as it came, none skipped
    assert app.session.game.seconds == pytest.approx(60.5, abs=0.02)


@pytest.mark.slow
def test_a_fresh_board_waiting_for_its_first_move_shows_no_time(tmp_path):
    """R17, decided: the clock starts with the game's first valid move."""
    clock = ScriptedClock(end=20.0)
    app = make_app(tmp_path, clock)
    drawn = DrawnClock(app)
    run(app)
    assert app.session.game.seconds == 0.0 and set(drawn.seconds) == {0.0}


@pytest.mark.slow
def test_a_move_after_thirty_seconds_of_thought_counts_them(tmp_path):
    clock = ScriptedClock(end=32.0)
    app = make_app(tmp_path, clock)
    at_move: list[float] = []
    session_handle = app.session.handle

    def spy(command):
        events = session_handle(command)
        at_move.extend(app.session.game.seconds for e in events if type(e).__name__ == "Moved")
        return events

    app.session.handle = spy
    clock.at(1.0, key(pygame.K_LEFT))
    clock.at(31.0, key(pygame.K_RIGHT))
    run(app)
    assert len(at_move) == 2
    assert at_move[0] == 0.0  # the first move starts the clock
    assert at_move[1] == pytest.approx(30.0, abs=0.02)  # the thought is on it


@pytest.mark.slow
def test_a_notice_leaves_after_its_eight_seconds(tmp_path):
    clock = ScriptedClock(end=12.0)
    app = make_app(tmp_path, clock)
    pop_notices = app.storage.pop_notices
    told = []

    def notices():  # the storage has news two seconds in, as after a failed save
        if clock.elapsed >= 2.0 and not told:
            told.append(clock.elapsed)
            return [*pop_notices(), Notice(NoticeKey.SAVE_WORKS)]
        return pop_notices()

    app.storage.pop_notices = notices
    seen = {}
    drawn = DrawnClock(app)
    clock.at(2.0 + NOTICE_SECONDS - 0.1, lambda: seen.update(before=list(app.view.notices)))
    clock.at(2.0 + NOTICE_SECONDS + 0.1, lambda: seen.update(after=list(app.view.notices)))
    clock.at(2.0 + NOTICE_SECONDS + 0.1, lambda: seen.update(frames=len(drawn.seconds)))
    run(app)
    assert told[0] == pytest.approx(2.0, abs=0.02)
    assert seen["before"] == [notice_text(Notice(NoticeKey.SAVE_WORKS), "en")]
    assert seen["after"] == []
    assert seen["frames"] >= 2  # drawn with it, and again without it


@pytest.mark.parametrize(
    ("stop", "go"),
    [
        (key(pygame.K_ESCAPE), key(pygame.K_ESCAPE)),  # the pause menu
        (key(pygame.K_F1), key(pygame.K_ESCAPE)),  # help
        (pygame.event.Event(pygame.WINDOWFOCUSLOST), pygame.event.Event(pygame.WINDOWFOCUSGAINED)),
    ],
    ids=["pause", "help", "focus"],
)
@pytest.mark.slow
def test_menus_and_focus_loss_stop_the_clock_exactly(tmp_path, stop, go):
    clock = ScriptedClock(end=31.0)
    app = make_app(tmp_path, clock)
    clock.at(1.0, a_move(app))
    clock.at(11.0, stop)
    seen = {}
    clock.at(15.0, lambda: seen.update(stopped=app.session.game.seconds))
    clock.at(21.0, go)
    run(app)
    assert seen["stopped"] == pytest.approx(10.0, abs=0.02)
    assert app.session.game.seconds == pytest.approx(20.0, abs=0.04)  # 10 s of menu left out


@pytest.mark.slow
def test_five_frames_a_second_still_give_real_time_to_the_clock(tmp_path):
    clock = ScriptedClock(end=11.0)
    app = make_app(tmp_path, clock)
    draw = app.draw

    def slow_draw(shot):
        draw(shot)
        clock.advance(0.2)  # a frame that takes a fifth of a second

    app.draw = slow_draw
    for second in range(1, 11):
        clock.at(second, a_move(app) if second == 1 else key(pygame.K_x))
    run(app)
    assert app.session.game.seconds == pytest.approx(10.0, abs=0.25)


def test_a_win_by_autoplay_shows_the_real_time_on_its_banner(tmp_path):
    """R20: the solver plays at the player's pace (here two moves a second); the banner's time
    is the time from the first move to the winning one, and the win counts as assisted."""
    clock = ScriptedClock(end=8.0)
    app = make_app(tmp_path, clock)
    rows = [[1024, 0, 0, 0], [1024, 0, 0, 0], [0] * 4, [0] * 4]
    app.use_session(Session(Game.from_grid(rows, seed=1, won=False)))
    app.autoplay.set_pace("2")
    app.autoplay._workers[4] = ScriptWorker([RIGHT, LEFT, RIGHT, LEFT, UP])
    clock.at(1.0, key(pygame.K_p))
    seen = {}
    clock.at(6.0, lambda: seen.update(phase=app.session.phase, menu=app.screens.top.kind))
    run(app)
    assert seen == {"phase": Phase.WON_BANNER, "menu": ScreenKind.WON}
    assert app.session.game.moves == 5
    assert app.session.game.seconds == pytest.approx(2.0, abs=0.05)  # 4 paces of half a second
    own = app.stats_keeper.stats.for_size(4)
    helped = app.stats_keeper.stats.for_size(4, assisted=True)
    assert (own.games_played, own.games_won, own.total_seconds) == (0, 0, 0.0)
    assert (helped.games_played, helped.games_won) == (1, 1)
    assert helped.fastest_win_seconds == pytest.approx(2.0, abs=0.05)
    assert helped.total_seconds == pytest.approx(2.0, abs=0.05)


@pytest.mark.slow
def test_autoplay_keeps_its_pace_in_real_time(tmp_path):
    clock = ScriptedClock(end=11.5)
    app = make_app(tmp_path, clock)
    app.autoplay.set_pace("5")
    app.autoplay._workers[4] = PolicyWorker()
    clock.at(1.0, key(pygame.K_p))
    seen = {}
    clock.at(11.0, lambda: seen.update(moves=app.session.game.moves))
    run(app)
    assert 48 <= seen["moves"] <= 51  # five a second for ten seconds


@pytest.mark.slow
def test_idle_sleeps_in_slices_of_at_most_a_frame(tmp_path):
    """Idle costs nothing, yet a key waits a frame at most: the loop sleeps in short slices
    (SDL's own wait polls every millisecond)."""
    clock = ScriptedClock(end=10.0)
    app = make_app(tmp_path, clock)
    slices = []
    sleep = clock.sleep
    clock.sleep = lambda seconds: (slices.append(seconds), sleep(seconds))
    clock.at(1.0, a_move(app))
    run(app)
    assert max(slices) <= 1 / 30 + 1e-9
    assert len(slices) < 10 * 61  # about one wake-up a frame, not one a millisecond
