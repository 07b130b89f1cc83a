"""Try a mistake again (issue: learn from your own games): from a kept game's card, its
mistakes and blunders, the worst first, each board shown for the player to move; the answer is
graded against the review's own scores (the solver's best, good, or still costly, with the
review's figures), kept, and the positions missed are offered first the next time, through a
restart, until they are answered right. By keyboard, mouse and pad.

A stand-in scores the positions (tests/helpers/games.py): a move scores the cells it leaves
empty, so at scale 100 a cell less left empty is a blunder."""

from __future__ import annotations

import time

import pygame
import pytest
from helpers.devices import button, plug_pad
from helpers.games import (
    click,
    finish,
    grades_of,
    keep_games,
    open_games,
    press,
    rect_of,
    settle,
    stand_in,
    stand_in_rollouts,
    words_drawn,
)
from helpers.keys import STEP

from game.app import App, Options
from game.core.engine import Direction, shift
from game.kept_games.review.grades import BAD_GRADES
from game.play import commands as cmd
from game.screens.items import GAME_ITEMS, PRACTICE_ITEMS, AnswerItem, Control
from game.screens.screen import Item, ScreenKind
from game.solver.analysis import AnalysisState, Progress
from game.solver.bitboard import DIRECTIONS
from game.text import tr
from game.view import practice_view
from game.view.review_words import figure_words, grade_name

ARROW_KEYS = {
    Direction.UP: pygame.K_UP,
    Direction.DOWN: pygame.K_DOWN,
    Direction.LEFT: pygame.K_LEFT,
    Direction.RIGHT: pygame.K_RIGHT,
}


@pytest.fixture
def kept(tmp_path):
    keep_games(tmp_path, 1, moves=60)
    return tmp_path


def new_app(folder, scale: float = 100) -> App:
    app = App(Options(seed=5, data_dir=str(folder), sound=False))
    app.games_screens.analyse = stand_in(per_poll=50, scale=scale)
    app.games_screens.play_on = stand_in_rollouts(per_poll=50)
    return app


def choose_practise(app) -> None:
    """The newest game's card, and Practise on it by the keyboard."""
    open_games(app)
    press(app, pygame.K_RETURN)
    while GAME_ITEMS[app.screens.top.focus] is not Control.PRACTISE:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert app.screens.top.kind is ScreenKind.PRACTICE


def open_practice(app) -> None:
    """The newest game's card, Practise by the keyboard, and frames until it is ready."""
    choose_practise(app)
    finish(app)  # its review read on threads: a busy machine keeps them waiting a while
    deadline = time.monotonic() + 60
    while app.screens.top.practice is None or app.games_screens.job.estimating.value == "running":
        assert time.monotonic() < deadline, "the practice never started"
        app.frame(STEP, [])
        time.sleep(0.002)
    settle(app)


def own_bad_moves(app) -> list:
    """The player's own moves graded mistake or blunder, the worst first."""
    grades = app.games_screens.job.result.grades
    bad = [g for g in grades if g.grade in BAD_GRADES and not g.assisted and not g.forced]
    return sorted(bad, key=lambda g: (-g.loss, g.position))


def best_of(grid) -> Direction:
    """The stand-in's best move: the first of the highest scores."""
    scores = grades_of(grid)
    top = max(s for s in scores if s is not None)
    return Direction(DIRECTIONS[scores.index(top)])


def shown_grid(app):
    return app.view.games_view.board.grid


@pytest.fixture
def arrows(monkeypatch):
    """The (answer, best) arrows the practice draws over its board."""
    drawn = []
    draw = practice_view.draw_move_arrows

    def spy(surface, board, layout, theme, played, best):
        drawn.append((played, best))
        draw(surface, board, layout, theme, played, best)

    monkeypatch.setattr(practice_view, "draw_move_arrows", spy)
    return drawn


def test_the_worst_mistakes_are_offered_first_and_each_answer_is_graded_and_said(kept, arrows):
    app = new_app(kept)
    try:
        open_practice(app)
        practice = app.screens.top.practice
        bad = own_bad_moves(app)
        assert len(bad) >= 3, "the game was meant to hold mistakes"
        assert practice.todo == [g.position for g in bad]
        drawn = words_drawn(app)
        assert tr("practice_title", at=1, count=len(bad)) in drawn
        first = bad[0]
        grid = app.games_screens.positions[first.position].grid
        assert shown_grid(app) == grid  # the board of the position, before any answer
        assert arrows == []  # nothing gives the answer away
        assert PRACTICE_ITEMS[app.screens.top.focus] == AnswerItem(Direction.UP)  # not on Back
        # The move played in the game again: still costly, the best named.
        press(app, ARROW_KEYS[first.played])
        answer = practice.answer
        assert answer.direction == first.played and not answer.right
        words = " ".join(words_drawn(app))
        assert tr(first.played.value).capitalize() in words
        assert grade_name(answer.grade).lower() in words and tr(first.best.value) in words
        assert arrows[-1] == (first.played, first.best)  # the answer hollow, the best filled
        cost = app.games_screens.job.grade_at(first.position).cost  # the review's figures for both
        assert cost is not None and figure_words(first.played, first.best, cost, "en") in words
        press(app, pygame.K_RETURN)  # Next: the focus went there
        second = bad[1]
        assert practice.position == second.position
        settle(app)
        assert shown_grid(app) == app.games_screens.positions[second.position].grid
        # The solver's best: said so.
        best = best_of(app.games_screens.positions[second.position].grid)
        press(app, ARROW_KEYS[best])
        assert practice.answer.right
        assert tr("practice_best", answer=tr(best.value).capitalize()) in words_drawn(app)
    finally:
        app.close()


def test_a_move_that_changes_nothing_is_no_answer(kept):
    app = new_app(kept)
    try:
        open_practice(app)
        practice = app.screens.top.practice
        tried = 0
        while not practice.done:
            grid = app.games_screens.positions[practice.position].grid
            for direction in (d for d in Direction if not shift(grid, d).moved):
                press(app, ARROW_KEYS[direction])
                assert practice.answer is None and app.screens.top.kind is ScreenKind.PRACTICE
                tried += 1
            press(app, ARROW_KEYS[best_of(grid)], pygame.K_RETURN)
        assert tried, "no position of the practice had a move that changes nothing"
    finally:
        app.close()


def test_the_positions_missed_come_first_next_time_and_those_right_are_done(kept):
    app = new_app(kept, scale=100)
    try:
        open_practice(app)
        practice = app.screens.top.practice
        first, second, third = practice.todo[:3]
        best = best_of(app.games_screens.positions[first].grid)
        press(app, ARROW_KEYS[best], pygame.K_RETURN)  # right
        played = app.games_screens.job.grade_at(second).played
        press(app, ARROW_KEYS[played], pygame.K_RETURN)  # wrong again
        rest = practice.todo[2:]
    finally:
        app.close()
    again = new_app(kept, scale=100)  # a restart: the answers were kept
    try:
        open_practice(again)
        practice = again.screens.top.practice
        assert practice.todo[0] == second  # missed last time: first
        assert first not in practice.todo  # right last time: done with
        assert practice.todo[1:] == rest and third in rest
        assert tr("practice_missed", missed=1, now=0) in words_drawn(again)
        best = best_of(again.games_screens.positions[second].grid)
        press(again, ARROW_KEYS[best])
        assert tr("practice_missed", missed=1, now=1) in words_drawn(again)
    finally:
        again.close()


def test_a_practice_by_mouse_and_by_pad_to_its_end(kept):
    app = new_app(kept)
    try:
        open_practice(app)
        practice = app.screens.top.practice
        count = len(practice.todo)
        plug_pad(app)
        for index in range(count):
            grid = app.games_screens.positions[practice.position].grid
            best = best_of(grid)
            if index % 2:  # a click on the arrow's button, then on Next
                click(app, rect_of(app, PRACTICE_ITEMS.index(AnswerItem(best))).center)
                assert practice.answer.right
                click(app, rect_of(app, PRACTICE_ITEMS.index(Control.NEXT_TRY)).center)
            else:  # the D-pad answers, A goes on
                pad = {
                    Direction.UP: pygame.CONTROLLER_BUTTON_DPAD_UP,
                    Direction.DOWN: pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                    Direction.LEFT: pygame.CONTROLLER_BUTTON_DPAD_LEFT,
                    Direction.RIGHT: pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
                }[best]
                app.frame(STEP, [button(pad)])
                assert practice.answer.right
                app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_A)])
            if not practice.done:  # the focus on the next position's first answer, not Back
                assert isinstance(app.screens.top.focused_item, AnswerItem)
        assert practice.done
        assert app.screens.top.focused_item is Item.BACK  # all done: the way out
        assert tr("practice_done", right=count, count=count) in words_drawn(app)
        app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_B)])  # Back, to the game's card
        assert app.screens.top.kind is ScreenKind.GAME
    finally:
        app.close()


def test_a_game_with_no_mistakes_says_so(kept):
    app = new_app(kept, scale=0.0)  # every move scores the same: none costs anything
    try:
        open_practice(app)
        assert app.screens.top.practice.todo == []
        assert tr("practice_none") in " ".join(words_drawn(app))
    finally:
        app.close()


def test_a_review_whose_solver_stops_says_so_instead_of_waiting_for_ever(kept):
    app = new_app(kept)
    made = app.games_screens.analyse

    def stopping(grids, size, depth):
        analysis = made(grids, size, depth)

        def poll():  # the solver's process ended after its first scores
            analysis.state = AnalysisState.FAILED
            return Progress(AnalysisState.FAILED, len(analysis.scores), len(grids), "stopped")

        analysis.poll = poll
        return analysis

    app.games_screens.analyse = stopping
    try:
        open_games(app)
        press(app, pygame.K_RETURN)
        app.command(cmd.Select(GAME_ITEMS.index(Control.PRACTISE)))
        deadline = time.monotonic() + 60  # its boards are read on a thread first
        while not app.games_screens.job.settled:
            assert time.monotonic() < deadline, "the review never stopped"
            app.frame(STEP, [])
            time.sleep(0.002)
        settle(app)
        assert app.screens.top.practice is None
        words = " ".join(words_drawn(app))
        assert tr("review_failed") in words and tr("practice_waiting", percent=0) not in words
    finally:
        app.close()


def open_practice_now(app) -> None:
    """The newest game's card, Practise, and frames until its first board is shown: the kept
    grades read on threads, whatever the games played on are doing."""
    choose_practise(app)
    deadline = time.monotonic() + 30
    while app.screens.top.practice is None:
        assert time.monotonic() < deadline, "the practice waited for the games played on"
        app.frame(STEP, [])
        time.sleep(0.002)


def test_after_a_restart_the_practice_starts_without_waiting_for_the_games_played_on(kept):
    """Issue 33: the practice waited after every restart while the games played on after the
    flagged moves were played again (3 to 25 s). They change no grade: the practice starts as
    soon as the kept grades are read, and an answer's figures come when they come (here the
    first look was closed before any was in)."""
    first = new_app(kept)
    first.games_screens.play_on = stand_in_rollouts(per_poll=0)  # never done
    try:
        open_practice_now(first)  # the review's scores are kept, no figure
    finally:
        first.close()
    app = App(Options(seed=5, data_dir=str(kept), sound=False))
    app.games_screens.analyse = stand_in(per_poll=50, scale=100)
    app.games_screens.play_on = never = stand_in_rollouts(per_poll=0)  # never done
    try:
        open_practice_now(app)
        assert never.made and never.made[0].state is AnalysisState.RUNNING  # still to come
        practice = app.screens.top.practice
        count = len(practice.todo)
        assert count and tr("practice_title", at=1, count=count) in words_drawn(app)
        press(app, ARROW_KEYS[practice.grade.played])  # the game's move again
        assert practice.answer is not None
        assert tr("review_cost_waiting") in words_drawn(app)  # its figures: on their way
    finally:
        app.close()


def test_the_games_played_on_are_kept_a_restart_shows_their_figures_without_playing_again(
    kept,
):
    """Issue 32: the figures take seconds a move to play (minutes for a game on 6x6); once in,
    they are kept with the scores, and after a restart an answer shows its figure at once."""
    first = new_app(kept)
    try:
        open_practice(first)  # the review and every figure in
        costs = dict(first.games_screens.job.costs)
        assert costs
    finally:
        first.close()
    app = App(Options(seed=5, data_dir=str(kept), sound=False))
    app.games_screens.analyse = stand_in(per_poll=50, scale=100)
    app.games_screens.play_on = never = stand_in_rollouts(per_poll=0)  # would never be done
    try:
        open_practice_now(app)
        job = app.games_screens.job
        deadline = time.monotonic() + 30
        while job.estimating.going:
            assert time.monotonic() < deadline, "the kept figures were not taken"
            app.frame(STEP, [])
            time.sleep(0.002)
        assert not never.made  # nothing played again
        assert job.costs == costs
        practice = app.screens.top.practice
        grade = practice.grade
        press(app, ARROW_KEYS[grade.played])  # the game's move again
        assert practice.answer is not None
        figure = figure_words(grade.played, grade.best, costs[grade.position], "en")
        assert " ".join(figure.split()) in " ".join(" ".join(words_drawn(app)).split())
        assert tr("review_cost_waiting") not in words_drawn(app)
    finally:
        app.close()
