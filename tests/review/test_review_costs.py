"""R23: what a flagged move cost, in words a player reads on the review's screen: the share of
64 games played on after it that made the next tile (or were still playing), beside its better
move's. A known blunder shows its figure, the same every time; a flagged move whose games tell
no clear difference says so and keeps its grade (issue 32), and the summary counts it so; a
move whose figure is not
in yet says so, as does one past the worst twenty; and when the process playing the games
dies, the figures say they could not be estimated and the grades stay.

The real processes play on here where the figures themselves are tested; stand-ins elsewhere
(tests/helpers/games.py)."""

from __future__ import annotations

import time

import pygame
import pytest
from helpers.archive import kept_game
from helpers.games import (
    grades_of,
    keep_games,
    open_games,
    press,
    settle,
    stand_in,
    stand_in_rollouts,
    words_drawn,
)
from helpers.keys import STEP
from helpers.view import SIZES, use_look

from game.app import App, Options
from game.core.engine import Direction
from game.kept_games.review.costs import ESTIMATED_MOVES, MoveCost
from game.kept_games.review.grades import BAD_GRADES, Grade
from game.kept_games.review.grading import grade_of
from game.screens.items import REVIEW_ITEMS
from game.screens.review import every_move
from game.screens.screen import Item
from game.solver.analysis import Analysis, AnalysisState, Task
from game.solver.bitboard import DIRECTIONS
from game.solver.rollout import PlayedOn, play_on
from game.solver.search import Solver
from game.text import tr
from game.view.review_words import decimal, figure_words, grade_name, summary_lines

U, D, L, R = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT
# Right leaves one empty cell, in the corner, where no new tile can merge: the game is lost,
# a blunder at any depth, and no game played on after it makes 512, against all of them after
# up (the better move).
KNOWN_BLUNDER = ((8, 4, 2, 0), (16, 32, 8, 4), (128, 64, 16, 8), (256, 4, 32, 16))
CORNER = ((128, 0, 2, 0), (0, 0, 0, 0), (4, 0, 0, 0), (0, 0, 0, 0))
CORNER_MOVES = [U, R, L, U, R, D, L, U, R, L]
SCALE = 100  # the stand-in's scores times this: a cell less left empty is a blunder


def plain(words: str) -> str:
    """Words as a reader takes them, however they were wrapped (between fields or words)."""
    return " ".join(words.replace("·", " ").split())


def reads(app, sentence: str) -> bool:
    """Whether the screen shown reads `sentence`, wrapped over its lines or not."""
    return plain(sentence) in plain(" ".join(words_drawn(app)))


def open_review(app, row: int = 0) -> None:
    open_games(app)
    press(app, *[pygame.K_DOWN] * row, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN)


def until_settled(app, limit_s: float = 120.0) -> None:
    """Frames until the review and its games played on are over, as a player waits."""
    deadline = time.monotonic() + limit_s
    while not app.games_screens.job.settled:
        assert time.monotonic() < deadline, "the review did not settle"
        app.frame(1 / 60, [])
        time.sleep(1 / 240)


def show_move(app, position: int) -> None:
    app.games_screens.stepping.show(every_move(app.games_screens.job, position))
    settle(app, 2)


def flagged_by_loss(job) -> list:
    """The player's moves the loss alone grades a mistake or a blunder."""
    return [g for g in job.result.grades if grade_of(g.loss) in BAD_GRADES and not g.assisted]


@pytest.mark.slow
def test_a_known_blunder_shows_its_figure_in_words_the_same_every_time_R23(tmp_path):
    kept_game(tmp_path, KNOWN_BLUNDER, [R])
    solver = Solver(4, tables_dir=tmp_path)
    expected = MoveCost(play_on(solver, KNOWN_BLUNDER, R), play_on(solver, KNOWN_BLUNDER, U))
    assert expected.real  # the example is a real cost, far beyond the rule's five points
    assert expected.best_shown - expected.played_shown >= 25

    def real(grids, size, depth):
        return Analysis(grids, size=size, depth=depth, tables_dir=tmp_path, polite=False)

    played = []

    def games(moves, size):
        played.append(moves)
        return Analysis(moves, size=size, task=Task.ROLLOUTS, tables_dir=tmp_path, polite=False)

    seen = []
    for _ in range(2):  # a second look, after a restart: the scores and the figures are kept
        app = App(Options(data_dir=str(tmp_path), sound=False))
        app.games_screens.analyse, app.games_screens.play_on = real, games
        app.games_screens.depth_of = lambda size: 2
        try:
            open_review(app)
            until_settled(app)
            grade = app.games_screens.job.grade_at(0)
            assert (grade.played, grade.best, grade.grade) == (R, U, Grade.BLUNDER)
            assert grade.cost == expected  # the process's games are the ones played here
            for lang in ("en", "el"):
                use_look(app, lang=lang)
                figure = figure_words(R, U, expected, lang)
                assert reads(app, figure)
            use_look(app, lang="en")
            words = figure_words(R, U, expected, "en")
            assert words == (
                f"Played on {expected.played.games} times: after Right, 0% made 512; "
                f"after Up, the better move, {expected.best_shown}%"
            )
            seen.append(words_drawn(app))
        finally:
            app.close()
    assert seen[0] == seen[1]
    assert len(played) == 1  # the second look played none again


def best_of(grid) -> Direction:
    """The stand-in's better move: the one its crude scores rank first (as the review does)."""
    scores = grades_of(grid)
    return DIRECTIONS[max(range(4), key=lambda m: -1 if scores[m] is None else scores[m])]


def no_real_cost(grid, direction):
    return PlayedOn(64, 40, 64, 256, 64 * 300)  # the same after every move: 63% each


def a_real_cost(grid, direction):
    # 63% after the better move, 56% after any other: 7 points, a real cost
    return PlayedOn(64, 40 if direction == best_of(grid) else 36, 64, 256, 64 * 300)


@pytest.mark.parametrize("outcome", [no_real_cost, a_real_cost])
def test_a_flagged_move_keeps_its_grade_and_says_when_its_games_tell_no_clear_difference_R23(
    tmp_path, outcome
):
    kept_game(tmp_path, CORNER, CORNER_MOVES)
    app = App(Options(seed=5, data_dir=str(tmp_path), sound=False))
    app.games_screens.analyse = stand_in(per_poll=7, scale=SCALE)
    app.games_screens.play_on = stand_in_rollouts(outcome)
    try:
        open_review(app)
        job = app.games_screens.job
        while job.running or job.result is None or not job.result.complete:
            app.frame(1 / 60, [])
        graded = summary_lines(job.result, "en")  # the counts once every move is graded
        until_settled(app)
        assert summary_lines(job.result, "en") == graded  # the games played on change none
        order = list(Grade)
        ranks = [order.index(g.grade) for g in job.worst]
        assert ranks == sorted(ranks, reverse=True)  # the worst moves: the worst grade first
        flagged = flagged_by_loss(job)
        assert flagged and len(flagged) <= ESTIMATED_MOVES  # every one of them played on
        for move in flagged:
            show_move(app, move.position)
            grade = job.grade_at(move.position)
            figure = figure_words(grade.played, grade.best, grade.cost, "en")
            assert reads(app, figure)
            assert grade.grade is grade_of(grade.loss)  # the search's grade stands
            if outcome is no_real_cost:
                assert ", 63% made 256" in figure and "better move, 63%" in figure
                loss = decimal(grade.loss, "en")
                named = grade_name(grade.grade)
                unclear = tr("review_grade_no_clear", grade=named, loss=loss)
                assert unclear in " ".join(words_drawn(app))
            else:
                assert ", 56% made 256" in figure and "better move, 63%" in figure
                assert not reads(app, "no clear difference")
        counts = {g.value: job.result.count(g) for g in Grade}
        assert counts["mistake"] + counts["blunder"] == len(flagged)
        assert reads(app, tr("review_summary", **counts))
    finally:
        app.close()


@pytest.mark.slow
def test_a_move_not_played_on_yet_says_so_and_one_past_the_worst_twenty_says_why_R23(tmp_path):
    keep_games(tmp_path, 1, moves=120)
    app = App(Options(seed=5, data_dir=str(tmp_path), sound=False))
    app.games_screens.analyse = stand_in(per_poll=40, scale=SCALE)
    app.games_screens.play_on = made = stand_in_rollouts(per_poll=1)  # one move's games a frame
    try:
        open_review(app)
        job = app.games_screens.job
        while job.running or not made.made:
            app.frame(STEP, [])
        flagged = sorted(flagged_by_loss(job), key=lambda g: (-g.loss, g.position))
        assert len(flagged) > ESTIMATED_MOVES  # a careless game: more than are played on
        last = flagged[ESTIMATED_MOVES - 1]  # the last to be played on
        show_move(app, last.position)
        assert tr("review_cost_waiting") in words_drawn(app)
        left_out = flagged[ESTIMATED_MOVES]
        show_move(app, left_out.position)
        assert tr("review_cost_left_out", count=ESTIMATED_MOVES) in words_drawn(app)
        until_settled(app)
        assert job.grade_at(left_out.position).cost is None
        assert tr("review_cost_left_out", count=ESTIMATED_MOVES) in words_drawn(app)
        show_move(app, last.position)
        grade = job.grade_at(last.position)
        assert grade.cost is not None and reads(
            app, figure_words(grade.played, grade.best, grade.cost, "en")
        )
        assert tr("review_cost_waiting") not in words_drawn(app)
    finally:
        app.close()


def test_the_games_played_on_dying_is_survived_the_grades_stay_R23(tmp_path):
    kept_game(tmp_path, CORNER, CORNER_MOVES)

    def games(moves, size):
        return Analysis(moves, size=size, task=Task.ROLLOUTS, tables_dir=tmp_path, polite=False)

    app = App(Options(seed=5, data_dir=str(tmp_path), sound=False))
    app.games_screens.analyse = stand_in(per_poll=7, scale=SCALE)
    app.games_screens.play_on = games
    try:
        open_review(app)
        job = app.games_screens.job
        while job.estimating is AnalysisState.WAITING:
            app.frame(STEP, [])
        by_loss = {g.value: job.result.count(g) for g in Grade}
        for _ in range(2):  # killed at once, and once more when it is started again
            process = job._rollouts._process
            process.kill()
            process.join(10)
            app.frame(STEP, [])
        until_settled(app)
        assert job.estimating is AnalysisState.FAILED and job.finished
        assert {g.value: job.result.count(g) for g in Grade} == by_loss  # the grades stay
        worst = max(flagged_by_loss(job), key=lambda g: g.loss)
        show_move(app, worst.position)
        assert job.grade_at(worst.position).grade is grade_of(worst.loss)
        for lang in ("en", "el"):
            use_look(app, lang=lang)
            drawn = words_drawn(app)
            assert tr("review_cost_failed", lang) in drawn
            assert tr("review_summary", lang, **by_loss) in drawn
    finally:
        app.close()


def places(app, size) -> tuple[pygame.Rect, ...]:
    """Where the board and the Back button are drawn in a window of `size`."""
    games_view = app.view.games_view
    board = games_view.draw(pygame.Surface(size), app.screens.top.shot(), app.view.theme, "el", 0.0)
    return board, games_view.rects[REVIEW_ITEMS.index(Item.BACK)]


@pytest.mark.slow
def test_the_board_and_the_buttons_stay_put_as_the_figures_come_and_go_R23(tmp_path):
    # A mouse player's targets do not move, and the board does not jump, between a review
    # under way, a move whose figure is on its way, one with its figure, one with no real cost
    # and one with none: the column is measured with its longest words in every state.
    keep_games(tmp_path, 1, moves=120)
    app = App(Options(seed=5, data_dir=str(tmp_path), sound=False))
    app.games_screens.analyse = stand_in(per_poll=40, scale=SCALE)
    app.games_screens.play_on = stand_in_rollouts(per_poll=1)
    try:
        open_review(app)
        job = app.games_screens.job
        seen = {size: [places(app, size)] for size in SIZES}  # under way
        while job.estimating is AnalysisState.WAITING:
            app.frame(STEP, [])
        last = list(job.estimated)[-1]  # the last to be played on
        show_move(app, last)
        assert job.grade_at(last).cost is None  # on its way
        for size in SIZES:
            seen[size].append(places(app, size))
        until_settled(app)
        costless = next(g for g in job.result.grades if g.cost and not g.cost.real)
        plain_move = next(g for g in job.result.grades if g.grade is Grade.BEST)
        for position in (last, costless.position, plain_move.position):
            show_move(app, position)
            for size in SIZES:
                seen[size].append(places(app, size))
        for size, places_seen in seen.items():
            assert all(p == places_seen[0] for p in places_seen), size
    finally:
        app.close()
