"""Solver failures never reach the crash handler (issue 13): a solver process that keeps dying,
that cannot start or that answers with an error fails the request instead of raising;
restarts are budgeted per minute, a rolling window; autoplay stops with one notice and the
game plays on; after the window, hints and autoplay work again."""

from __future__ import annotations

import os
import signal
import time

import pygame
import pytest
from helpers.keys import STEP, key
from helpers.solver import play_until

from game.core.engine import Direction, Game, shift
from game.play.autoplay import ANSWER_GRACE_S, HINT_BUDGET_S, Autoplay, SolverNews
from game.play.session import Session
from game.solver import Reply, SolverWorker
from game.solver.worker import MAX_RESTARTS, RESTART_WINDOW_S
from game.text import tr

BOARD = ((2, 4, 8, 16), (0, 0, 4, 2), (0, 0, 0, 2), (0, 0, 0, 0))
KILL = getattr(signal, "SIGKILL", signal.SIGTERM)


class Clock:
    """A clock the test moves by hand, for the restart window."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def replies_of(worker: SolverWorker, timeout_s: float = 30.0) -> list[Reply]:
    end = time.monotonic() + timeout_s
    while True:
        replies = worker.poll()
        if replies:
            return replies
        assert time.monotonic() < end, "no reply from the solver"
        time.sleep(0.005)


def kill_solver(worker: SolverWorker) -> int:
    """Kill the worker's (first) process, as a player's task manager would; its pid."""
    process = worker._slots[0][0]
    os.kill(process.pid, KILL)
    process.join(10)
    return process.pid


def assert_answered(reply: Reply, request_id: int, grid=BOARD) -> None:
    assert reply.request_id == request_id and reply.failure is None
    assert shift(grid, reply.direction).moved


# -- the worker -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_solver_killed_again_and_again_fails_the_request_then_refills_its_budget(tmp_path):
    clock = Clock()
    with SolverWorker(budget_s=0.02, tables_dir=tmp_path, clock=clock) as worker:
        request_id = 0
        for _ in range(MAX_RESTARTS):  # each death within the budget: started again, answered
            kill_solver(worker)
            request_id += 1
            worker.request(request_id, BOARD)
            [reply] = replies_of(worker)
            assert_answered(reply, request_id)
            clock.now += 1
        kill_solver(worker)  # one death too many within the minute
        worker.request(request_id + 1, BOARD)
        [reply] = replies_of(worker)
        assert reply.request_id == request_id + 1 and reply.failure and reply.direction is None
        assert not worker._slots  # no process left running
        worker.request(request_id + 2, BOARD)  # within the window: failed at once, no process
        [reply] = worker.poll()
        assert reply.request_id == request_id + 2 and reply.failure and not worker._slots
        clock.now += RESTART_WINDOW_S  # the window has passed: the solver starts again
        worker.request(request_id + 3, BOARD)
        [reply] = replies_of(worker)
        assert_answered(reply, request_id + 3)


@pytest.mark.slow
def test_deaths_spread_over_more_than_a_minute_never_stop_the_solver(tmp_path):
    clock = Clock()
    with SolverWorker(budget_s=0.02, tables_dir=tmp_path, clock=clock) as worker:
        for request_id in range(MAX_RESTARTS + 3):
            kill_solver(worker)
            worker.request(request_id, BOARD)
            [reply] = replies_of(worker)
            assert_answered(reply, request_id)
            clock.now += RESTART_WINDOW_S / MAX_RESTARTS + 0.5


@pytest.mark.slow
def test_an_error_answer_fails_that_request_only(tmp_path):
    with SolverWorker(budget_s=0.02, tables_dir=tmp_path) as worker:
        worker.request(1, ((3, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
        [reply] = replies_of(worker)  # 3 is no tile: the solver says so, and does not raise
        assert reply.request_id == 1 and reply.failure and reply.direction is None
        worker.request(2, BOARD)
        [reply] = replies_of(worker)
        assert_answered(reply, 2)


class ProcessThatCannotStart:
    """A process the system refuses to start (too many processes, no memory)."""

    def __init__(self, *args, **kwargs) -> None:
        pass

    def start(self) -> None:
        raise OSError(11, "Resource temporarily unavailable")


@pytest.mark.slow
def test_a_process_that_cannot_start_fails_the_request(monkeypatch, tmp_path):
    worker = SolverWorker(budget_s=0.02, tables_dir=tmp_path)
    monkeypatch.setattr(worker._context, "Process", ProcessThatCannotStart)
    worker.start()  # the warm-up at the game's start: no exception
    worker.request(1, BOARD)
    [reply] = worker.poll()
    assert reply.request_id == 1 and reply.failure and reply.direction is None
    monkeypatch.undo()  # the system has room again: the next request starts the solver
    worker.request(2, BOARD)
    [reply] = replies_of(worker)
    assert_answered(reply, 2)
    worker.close()


# -- autoplay -----------------------------------------------------------------------------------


class FailingWorker:
    """Stands in for a solver that has stopped: every request fails."""

    def __init__(self) -> None:
        self.requests: list[int] = []
        self.replies: list[Reply] = []

    def start(self) -> None:
        pass

    def request(self, request_id, grid, budget_s=None) -> None:
        self.requests.append(request_id)
        self.replies.append(Reply(request_id, failure="the solver's process keeps dying"))

    def poll(self) -> list[Reply]:
        replies, self.replies = self.replies, []
        return replies

    def close(self, *, polite: bool = True) -> None:
        pass


def test_a_failing_solver_stops_autoplay_with_one_answer_that_says_so():
    autoplay = Autoplay(None, pace="max")
    worker = autoplay._workers[4] = FailingWorker()
    game = Game.new(4, seed=1)
    autoplay.play(game)
    answers = [a for _ in range(10) for a in autoplay.step(STEP, game, busy=False)]
    assert answers == [SolverNews(solver_failed=True)]  # one, however many steps follow
    assert not autoplay.playing and not autoplay.busy
    assert worker.requests == [1]  # it does not keep asking
    autoplay.ask_hint(game)  # a later hint asks again, and is dropped with the same word
    assert autoplay.step(STEP, game, busy=False) == [SolverNews(solver_failed=True)]
    assert worker.requests == [1, 2] and not autoplay.busy


class SilentWorker(FailingWorker):
    """A solver alive but stuck: it never answers (a doctored table, a hung process)."""

    closed = False

    def request(self, request_id, grid, budget_s=None) -> None:
        self.requests.append(request_id)

    def close(self, *, polite: bool = True) -> None:
        self.closed = True
        self.polite = polite


def test_a_solver_that_never_answers_is_stopped_and_said_so():
    autoplay = Autoplay(None, pace="5")
    worker = autoplay._workers[4] = SilentWorker()
    game = Game.new(4, seed=1)
    autoplay.play(game)
    answers = []
    for _ in range(round((ANSWER_GRACE_S - 0.5) / STEP)):
        answers += autoplay.step(STEP, game, busy=False)
    assert answers == [] and autoplay.playing  # a slow answer is still awaited
    for _ in range(round(1.0 / STEP)):
        answers += autoplay.step(STEP, game, busy=False)
    assert answers == [SolverNews(solver_failed=True)]
    assert worker.closed and not autoplay.playing and not autoplay.busy
    assert not worker.polite  # a stuck solver is not waited on
    assert 4 not in autoplay._workers  # the next hint starts a fresh solver


# -- the game, with the real solver process killed under autoplay ------------------------------


APP_SEED = 21


def notices_shown(app) -> list[str]:
    """Every notice the view is asked to show from now on (a notice fades after a while)."""
    shown: list[str] = []
    show = app.view.show_notice

    def record(text: str, *seconds: float) -> None:
        shown.append(text)
        show(text, *seconds)

    app.view.show_notice = record
    return shown


@pytest.mark.slow
def test_the_game_plays_on_when_the_solver_is_killed_again_and_again(app, tmp_path):
    clock = Clock()
    worker = SolverWorker(HINT_BUDGET_S, size=4, tables_dir=tmp_path, clock=clock)
    app.autoplay._workers[4] = worker
    app.use_session(Session(Game.new(4, seed=5)))
    app.autoplay.set_pace("max")
    shown = notices_shown(app)
    app.frame(STEP, [key(pygame.K_p)])
    notice = tr("solver_stopped", app.lang)
    for kills in range(MAX_RESTARTS + 1):
        play_until(app, lambda: worker._slots and worker._slots[0][0].is_alive())
        moves = app.session.game.moves
        killed = kill_solver(worker)
        if kills < MAX_RESTARTS:  # started again, and autoplay plays on
            play_until(app, lambda m=moves: app.session.game.moves > m + 1, seconds=30)
            assert worker._slots[0][0].pid != killed and app.autoplay.playing
    play_until(app, lambda: not app.autoplay.playing)
    for _ in range(30):
        app.frame(STEP, [])
    assert shown == [notice] and app.view.notices == [notice]  # one clear notice
    assert not app.autoplay.playing
    moves = app.session.game.moves
    direction = app.session.game.valid_directions()[0]
    arrows = {Direction.UP: pygame.K_UP, Direction.DOWN: pygame.K_DOWN}
    arrows |= {Direction.LEFT: pygame.K_LEFT, Direction.RIGHT: pygame.K_RIGHT}
    app.frame(STEP, [key(arrows[direction])])
    assert app.session.game.moves == moves + 1  # the player plays on
    clock.now += RESTART_WINDOW_S  # a minute later, autoplay works again
    app.frame(STEP, [key(pygame.K_p)])
    play_until(app, lambda: app.session.game.moves >= moves + 4, seconds=30)
    assert app.autoplay.playing and shown == [notice]


def test_a_hint_while_the_solver_is_down_gets_the_notice_and_no_arrow(app, tmp_path):
    clock = Clock()
    worker = SolverWorker(HINT_BUDGET_S, size=4, tables_dir=tmp_path, clock=clock)
    app.autoplay._workers[4] = worker
    worker._budget.deaths.extend([clock.now] * (MAX_RESTARTS + 1))  # it has just died too often
    shown = notices_shown(app)
    app.frame(STEP, [key(pygame.K_t)])
    for _ in range(5):
        app.frame(STEP, [])
    assert app.view.hint is None and not app.autoplay.busy
    assert shown == [tr("solver_stopped", app.lang)]


def test_asking_a_stopped_solver_again_and_again_queues_its_notice_once(app, tmp_path):
    """Issue 21: P pressed three times with the solver down queued three 8-second notices."""
    clock = Clock()
    worker = SolverWorker(HINT_BUDGET_S, size=4, tables_dir=tmp_path, clock=clock)
    app.autoplay._workers[4] = worker
    worker._budget.deaths.extend([clock.now] * (MAX_RESTARTS + 1))
    for _ in range(3):
        app.frame(STEP, [key(pygame.K_p)])
        for _ in range(5):
            app.frame(STEP, [])
    assert app.view.notices == [tr("solver_stopped", app.lang)]


# -- a solver that names a move that does not move, and one that hangs ---------------------------


class WrongWorker(SilentWorker):
    """A solver whose tables are wrong: it names a move that does not move the board."""

    def request(self, request_id, grid, budget_s=None) -> None:
        self.requests.append(request_id)
        still = next(d for d in Direction if not shift(grid, d).moved)
        self.replies.append(Reply(request_id, direction=still))


@pytest.mark.parametrize("purpose", ["hint", "move"])
def test_a_move_that_does_not_move_is_a_failed_solver_and_its_tables_are_rebuilt(tmp_path, purpose):
    from game.solver.table_cache import cache_path

    cache_path(tmp_path).write_bytes(b"tables that passed their checks")
    autoplay = Autoplay(tmp_path, pace="max")
    worker = autoplay._workers[4] = WrongWorker()
    game = Game.from_grid(((2, 0, 0, 0), (4, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)), seed=1)
    if purpose == "move":
        autoplay.play(game)
    else:
        autoplay.ask_hint(game)
    answers = [a for _ in range(5) for a in autoplay.step(STEP, game, busy=False)]
    assert answers == [SolverNews(solver_failed=True)]  # never a hint arrow or a move that stalls
    assert worker.closed and not autoplay.playing and not autoplay.busy
    assert not cache_path(tmp_path).exists()  # the next solver builds its tables afresh
    assert 4 not in autoplay._workers


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="no SIGSTOP here")
def test_giving_up_on_a_hung_solver_never_holds_the_frame(tmp_path):
    """A solver process stopped dead (SIGSTOP) is given up on within a frame or two: killed,
    not asked and waited on (that took 2 s of the game's thread each time)."""
    autoplay = Autoplay(tmp_path, pace="5")
    worker = autoplay._worker(4)
    worker.start()
    processes = [process for process, _ in worker._slots]
    for process in processes:
        os.kill(process.pid, signal.SIGSTOP)
    started = time.perf_counter()
    answer = autoplay._give_up(4)
    elapsed = time.perf_counter() - started
    assert answer == SolverNews(solver_failed=True)
    assert elapsed < 0.5, f"giving up took {elapsed:.2f} s"  # it took 2 s, waiting on it
    assert not any(process.is_alive() for process in processes)
