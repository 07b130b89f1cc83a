"""R23: each move of a kept game graded against the solver's own best at a fixed depth: the
same game always gets the same grades, the solver's own moves are all best, and the loss means
the same early and late in a game."""

from __future__ import annotations

import random

import pytest
from helpers.archive import kept_game, random_actions, recorded

from game.core.engine import Direction, Game
from game.core.replay import move_positions, replay
from game.kept_games.review.grading import (
    GRADE_FLOORS,
    Grade,
    ReviewWork,
    grade_move,
    grade_of,
    loss_scale,
    review,
)
from game.solver.search import DEFAULT_WEIGHTS, Searcher
from game.view.review_words import decimal, grade_name
from game.view.review_words import review_help_lines as help_lines


def solver_scores(positions, depth: int, searcher: Searcher | None = None):
    """What the analysis process answers: per move position, the four moves' scores."""
    searcher = searcher or Searcher(len(positions[0].grid))
    scores = {}
    for index in move_positions(positions):
        result = searcher.search(searcher.layout.from_grid(positions[index].grid), depth=depth)
        scores[index] = tuple(None if s == float("-inf") else s for s in result.scores)
    return scores


@pytest.mark.parametrize(
    ("loss", "grade"),
    [
        (0.0, Grade.BEST),
        (1e-12, Grade.BEST),
        (0.019, Grade.GOOD),
        (0.02, Grade.INACCURACY),
        (0.099, Grade.INACCURACY),
        (0.1, Grade.MISTAKE),
        (0.3, Grade.BLUNDER),
        (40.0, Grade.BLUNDER),
    ],
)
def test_a_loss_gets_its_grade_by_the_bounds_of_the_help_page(loss, grade):
    assert grade_of(loss) is grade


def test_the_loss_is_counted_against_the_biggest_tile_s_place():
    monotonicity = DEFAULT_WEIGHTS.monotonicity
    late = ((2048, 2, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4)
    opening = ((8, 2, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4)
    assert loss_scale(late) == monotonicity * 11**4
    assert loss_scale(opening) == monotonicity * 5**4  # before a 32, the 32's scale
    scale = loss_scale(late)
    scores = (1000.0, 1000.0 - 0.2 * scale, None, 1000.0 - 0.05 * scale)
    assert grade_move(late, scores, Direction.UP) == (Direction.UP, 0.0, Grade.BEST)
    best, loss, grade = grade_move(late, scores, Direction.DOWN)
    assert best is Direction.UP and loss == pytest.approx(0.2) and grade is Grade.MISTAKE
    with pytest.raises(ValueError):
        grade_move(late, scores, Direction.LEFT)  # not a move the solver scored there


@pytest.mark.slow
def test_the_same_game_gets_the_same_grades_at_the_same_depth_R23(tmp_path):
    archive, _, _, _ = recorded(tmp_path, seed=21, actions=random_actions(21, 120))
    record = archive.load(archive.list_games()[0].game_id)
    positions = replay(record)
    first = review(record, positions, solver_scores(positions, 2, Searcher(4)), depth=2)
    again = review(record, replay(record), solver_scores(positions, 2, Searcher(4)), depth=2)
    assert first == again
    assert first.complete and len(first.grades) == len(move_positions(positions))


def solver_game(size: int, seed: int, depth: int, noise: float, moves: int):
    """A game played by the solver at `depth`, a random move instead one time in 1/noise.
    (grid, played, was it random) per move, and the positions."""
    searcher = Searcher(size)
    chooser = random.Random(seed)
    game = Game.new(size, seed=seed)
    played = []
    while not game.over and len(played) < moves:
        if chooser.random() < noise:
            direction, randomly = chooser.choice(game.valid_directions()), True
        else:
            board = searcher.layout.from_grid(game.grid)
            direction, randomly = searcher.search(board, depth=depth).direction, False
        played.append((game.grid, direction, randomly))
        game.move(direction)
    return played


@pytest.mark.slow
def test_the_solver_s_own_moves_at_the_review_s_depth_are_all_best():
    searcher = Searcher(4)
    for grid, direction, _ in solver_game(4, seed=3, depth=2, noise=0.0, moves=150):
        result = searcher.search(searcher.layout.from_grid(grid), depth=2)
        scores = tuple(None if s == float("-inf") else s for s in result.scores)
        assert grade_move(grid, scores, direction)[2] is Grade.BEST


@pytest.mark.slow
def test_random_moves_lose_more_than_the_solver_s_early_and_late_alike():
    """The calibration, in short (bench/review.py --calibrate prints it in full): random moves
    lose more than a depth-2 solver's in the first and the second half of real games, and a
    random move's typical loss stays within a few times of itself from one half to the other
    (the raw score differences grow many times over)."""
    searcher = Searcher(4)
    losses = {(half, randomly): [] for half in (0, 1) for randomly in (False, True)}
    raw = {0: [], 1: []}
    for seed in (11, 12):
        played = solver_game(4, seed=seed, depth=2, noise=0.25, moves=400)
        for index, (grid, direction, randomly) in enumerate(played):
            result = searcher.search(searcher.layout.from_grid(grid), depth=3)
            scores = tuple(None if s == float("-inf") else s for s in result.scores)
            _, loss, _ = grade_move(grid, scores, direction)
            half = 2 * index // len(played)
            losses[half, randomly].append(loss)
            if randomly:
                raw[half].append(loss * loss_scale(grid))
    mean = {key: sum(values) / len(values) for key, values in losses.items()}
    for half in (0, 1):
        assert mean[half, True] > 3 * mean[half, False]
    ratio = mean[1, True] / mean[0, True]
    raw_ratio = (sum(raw[1]) / len(raw[1])) / (sum(raw[0]) / len(raw[0]))
    assert 1 / 4 < ratio < 4
    assert raw_ratio > 1.5 * ratio  # what a raw difference would have made of it


@pytest.mark.slow
def test_the_worst_moves_come_worst_first_and_assisted_moves_are_marked(tmp_path):
    grid = ((0, 2, 0, 0), (0, 0, 0, 0), (0, 4, 0, 0), (0, 0, 0, 0))
    actions = random_actions(30, 60, undo_share=0)
    record, positions = kept_game(tmp_path, grid, actions, assisted_at=40)
    result = review(record, positions, solver_scores(positions, 2), depth=2)
    worst = result.worst(5)
    assert len(worst) == 5 and worst[0].loss == max(g.loss for g in result.grades)
    assert [g.loss for g in worst] == sorted((g.loss for g in worst), reverse=True)
    assert all(g.grade is not Grade.BEST for g in worst)
    assisted = [g.position for g in result.grades if g.assisted]
    assert assisted and min(assisted) == record.summary.assisted_from
    partial = {i: s for i, s in solver_scores(positions, 2).items() if i < 10}
    assert not review(record, positions, partial, depth=2).complete


def test_the_grades_and_their_bounds_are_said_in_both_languages():
    for lang in ("en", "el"):
        names = {grade_name(grade, lang) for grade in Grade}
        assert len(names) == len(Grade)
        text = "\n".join(help_lines(lang, size=4))
        for floor in GRADE_FLOORS.values():
            if floor:
                assert decimal(floor, lang) in text
        assert "{" not in text
    assert decimal(0.02, "el") == "0,02" and decimal(0.1, "en") == "0.1"


def test_a_loss_too_small_for_two_places_never_reads_as_none():
    # A good move (above a tie, under an inaccuracy) next to "loss 0" would read as the best.
    assert grade_of(0.003) is Grade.GOOD
    assert decimal(0.003) == "<0.01" and decimal(0.003, "el") == "<0,01"
    assert decimal(0.0) == "0" and decimal(0.005) == "0.01"


@pytest.mark.slow
def test_the_review_s_own_work_can_be_done_a_slice_per_frame_with_the_same_result(tmp_path):
    archive, _, _, _ = recorded(tmp_path, seed=22, actions=random_actions(22, 200))
    record = archive.load(archive.list_games()[0].game_id)
    positions = replay(record)
    scores = solver_scores(positions, 2)
    work = ReviewWork(record, positions)
    slices = 1
    while not work.step(budget_s=0.0):  # one move a slice
        slices += 1
    assert slices >= len(work.facts) > 10
    assert work.review(scores, 2) == review(record, positions, scores, depth=2)
