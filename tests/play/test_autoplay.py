"""Hint and autoplay (R20): answers for a board that is gone are dropped, autoplay keeps its
pace and stops when the player acts, at the win banner and at game over; the game is marked
assisted. The last tests use the real solver process."""

from __future__ import annotations

import time

import pygame
import pytest
from helpers.keys import STEP, key
from helpers.solver import play_until

from game.core.engine import Direction, Game
from game.play.autoplay import Autoplay, solver_processes
from game.play.session import Phase, Session
from game.screens.screen import ScreenKind
from game.solver import Reply


class FakeWorker:
    """Stands in for the solver's process: answers what the test tells it to."""

    def __init__(self) -> None:
        self.requests: list[tuple[int, tuple]] = []
        self.answers: list[Reply] = []

    def start(self) -> None:
        pass

    def request(self, request_id, grid, budget_s=None) -> None:
        self.requests.append((request_id, grid))

    def answer_last(self, direction: Direction | None) -> None:
        self.answers.append(Reply(self.requests[-1][0], direction))

    def fail_last(self) -> None:
        self.answers.append(Reply(self.requests[-1][0], failure="the process keeps dying"))

    def poll(self):
        answers, self.answers = self.answers, []
        return answers

    def close(self) -> None:
        pass


def autoplay_with_fake(size: int = 4, pace: str = "5") -> tuple[Autoplay, FakeWorker]:
    autoplay = Autoplay(None, pace=pace)
    worker = FakeWorker()
    autoplay._workers[size] = worker
    return autoplay, worker


def test_a_hint_for_the_current_board_is_shown():
    autoplay, worker = autoplay_with_fake()
    game = Game.new(4, seed=1)
    autoplay.ask_hint(game)
    assert autoplay.busy
    worker.answer_last(Direction.LEFT)
    answers = autoplay.step(STEP, game, busy=False)
    assert [a.hint for a in answers] == [Direction.LEFT]
    assert not autoplay.busy


def test_an_answer_for_a_board_that_has_changed_is_dropped():
    autoplay, worker = autoplay_with_fake()
    game = Game.new(4, seed=1)
    autoplay.ask_hint(game)
    game.move(game.valid_directions()[0])  # the player moved meanwhile
    worker.answer_last(Direction.UP)
    assert autoplay.step(STEP, game, busy=False) == []
    assert not autoplay.busy  # and nothing is left waiting: the loop may sleep again


def test_autoplay_asks_again_when_its_answer_is_for_a_board_that_is_gone():
    autoplay, worker = autoplay_with_fake(pace="max")
    game = Game.new(4, seed=1)
    autoplay.play(game)
    game.move(game.valid_directions()[0])  # the board changed under autoplay's request
    worker.answer_last(Direction.UP)
    autoplay.step(STEP, game, busy=False)
    assert worker.requests[-1] == (2, game.grid)  # not stalled: it asks for this board


def test_autoplay_keeps_its_pace():
    autoplay, worker = autoplay_with_fake(pace="5")  # five moves a second
    game = Game.new(4, seed=2)
    autoplay.play(game)
    made = []
    for _ in range(round(1.0 / STEP)):  # one second of steps, the solver answering at once
        if worker.requests and not worker.answers and autoplay._pending is not None:
            worker.answer_last(game.valid_directions()[0])
        for answer in autoplay.step(STEP, game, busy=False):
            if answer.move is not None:
                game.move(answer.move)
                made.append(answer.move)
    assert 4 <= len(made) <= 6


def test_autoplay_stops_when_no_move_is_left():
    autoplay, worker = autoplay_with_fake()
    game = Game.new(4, seed=3)
    autoplay.play(game)
    worker.answer_last(None)
    autoplay.step(STEP, game, busy=False)
    assert not autoplay.playing


def test_the_solver_uses_more_cores_only_where_there_are_spare_ones():
    assert solver_processes(1) == solver_processes(2) == solver_processes(3) == 1
    assert solver_processes(4) == 2
    assert solver_processes(64) == 4


# -- in the app, with the real solver process ---------------------------------------------------


APP_SEED = 8


@pytest.mark.slow
def test_t_shows_the_solvers_arrow_and_marks_the_game_assisted(app):
    app.frame(STEP, [key(pygame.K_t)])
    assert app.session.assisted  # R20
    play_until(app, lambda: app.view.hint is not None)
    assert app.view.hint in app.session.game.valid_directions()
    app.frame(STEP, [key(pygame.K_LEFT)])
    assert app.view.hint is None  # the arrow goes with the board it was for


@pytest.mark.slow
def test_p_plays_until_any_key_of_the_players(app):
    app.autoplay.set_pace("max")
    app.frame(STEP, [key(pygame.K_p)])
    assert app.autoplay.playing and app.session.assisted
    play_until(app, lambda: app.session.game.moves >= 5)
    app.frame(STEP, [key(pygame.K_x)])  # any key stops it
    assert not app.autoplay.playing
    moves = app.session.game.moves
    for _ in range(60):
        app.frame(STEP, [])
        time.sleep(0.002)
    assert app.session.game.moves == moves


@pytest.mark.slow
def test_autoplay_stops_at_the_win_banner(app):
    near_win = [[1024, 512, 256, 128], [4, 8, 16, 64], [0, 0, 0, 64], [0, 0, 0, 0]]
    app.use_session(Session(Game.from_grid(near_win, seed=1)))
    app.autoplay.set_pace("max")
    app.frame(STEP, [key(pygame.K_p)])
    play_until(app, lambda: not app.autoplay.playing, seconds=60)
    assert app.session.phase is Phase.WON_BANNER and app.screens.top.kind is ScreenKind.WON
    assert app.session.game.won


@pytest.mark.slow
def test_after_keep_going_autoplay_plays_on_past_2048(app):
    near_win = [[1024, 512, 256, 128], [4, 8, 16, 64], [0, 0, 0, 64], [0, 0, 0, 0]]
    app.use_session(Session(Game.from_grid(near_win, seed=1)))
    app.autoplay.set_pace("max")
    app.frame(STEP, [key(pygame.K_p)])
    play_until(app, lambda: app.session.phase is Phase.WON_BANNER, seconds=60)
    app.frame(STEP, [key(pygame.K_RETURN)])  # the banner's focused item: keep going
    assert app.session.phase is Phase.CONTINUING and app.screens.top is None
    app.frame(STEP, [key(pygame.K_p)])
    moves = app.session.game.moves
    play_until(app, lambda: app.session.game.moves >= moves + 10, seconds=60)
    assert app.autoplay.playing  # the win is behind us: nothing to stop for
