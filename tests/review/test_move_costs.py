"""R23: what a flagged move cost in games played on after it. The figure shown (the next tile,
or where that is sure either way, still playing at the end, or where that is too, the moves the
games lasted: issue 32), the rule of a real cost at its bounds, and the games never changing a
grade (issue 32): the summary's counts and the four mistakes read the search's grade whatever
the games showed."""

from __future__ import annotations

import pytest
from helpers.archive import kept_game

from game.core.engine import Direction, shift
from game.kept_games.review.costs import (
    REAL_COST_MOVES,
    REAL_COST_POINTS,
    SURE_PERCENT,
    Figure,
    MoveCost,
    percent,
)
from game.kept_games.review.grades import Grade
from game.kept_games.review.grading import MoveGrade, ReviewWork, with_cost
from game.kept_games.review.mistakes import Mistake
from game.solver.bitboard import DIRECTIONS
from game.solver.rollout import QUICK, ROLLOUT_MOVES, STRONG, Plan, PlayedOn, play_on
from game.solver.search import Solver
from game.view.review_words import costs_help_lines as help_lines
from game.view.review_words import figure_words, longest_cost_words

L = Direction.LEFT
FULL = ((2, 4, 8, 16), (32, 64, 128, 256), (2, 4, 8, 16), (0, 0, 4, 2))  # three empty cells


def cost(played: tuple[int, ...], best: tuple[int, ...], games: int = 100) -> MoveCost:
    """(reached, survived) of each move's games, or (reached, survived, moves lasted in all);
    the moves all ROLLOUT_MOVES each unless given."""

    def outcome(counts: tuple[int, ...]) -> PlayedOn:
        reached, survived, *moves = counts
        return PlayedOn(games, reached, survived, 1024, *moves or [games * ROLLOUT_MOVES])

    return MoveCost(outcome(played), outcome(best))


def test_a_share_reads_rounded_half_up():
    assert [percent(count, 64) for count in (0, 40, 8, 58, 57, 64)] == [0, 63, 13, 91, 89, 100]
    assert percent(0, 0) == 0


@pytest.mark.parametrize(
    ("played", "best", "figure"),
    [
        (89, 100, Figure.REACHED),  # one move makes the next tile under 90%: that tells them apart
        (100, 89, Figure.REACHED),
        (90, 90, Figure.SURVIVED),  # both at 90%: the tile is sure, survival is shown
        (90, 100, Figure.SURVIVED),
    ],
)
def test_the_next_tile_is_shown_unless_both_moves_make_it_nine_times_in_ten(played, best, figure):
    assert SURE_PERCENT == 90
    shown = cost((played, 10), (best, 20))
    assert shown.figure is figure
    expected = (played, best) if figure is Figure.REACHED else (10, 20)
    assert (shown.played_shown, shown.best_shown) == expected


@pytest.mark.parametrize(
    ("played", "best", "real"),
    [
        (60, 65, True),  # the better move exactly 5 points ahead
        (60, 64, False),  # 4 points: within what 64 games cannot tell apart
        (60, 60, False),
        (65, 60, False),  # the played move did better
        (0, 100, True),
    ],
)
def test_a_real_cost_is_the_better_move_five_points_ahead_on_the_figure_shown(played, best, real):
    assert REAL_COST_POINTS == 5
    assert cost((played, 0), (best, 0)).real is real


def test_the_rule_reads_the_shares_as_shown_rounded():
    # 40 and 43 games of 64 read 63% and 67%: 4 points apart, though 4.7 unrounded.
    near = MoveCost(PlayedOn(64, 40, 0, 512, 0), PlayedOn(64, 43, 0, 512, 0))
    assert (near.played_shown, near.best_shown) == (63, 67) and not near.real
    # 40 and 44 read 63% and 69%: a real cost.
    assert MoveCost(PlayedOn(64, 40, 0, 512, 0), PlayedOn(64, 44, 0, 512, 0)).real


def test_survival_decides_when_the_next_tile_is_sure():
    assert cost((95, 80), (99, 85)).real  # both make the tile; the better move survives more
    assert not cost((95, 82), (99, 85)).real


@pytest.mark.parametrize(
    ("played", "best", "figure"),
    [
        ((30, 0), (60, 0), Figure.REACHED),  # the next tile within reach: it tells them apart
        ((0, 0), (11, 60), Figure.REACHED),  # one move makes it more than one time in ten
        ((0, 0), (10, 60), Figure.SURVIVED),  # both make it at most 10%: the survivors tell
        ((0, 20), (0, 43), Figure.SURVIVED),
        ((0, 0, 9_000), (0, 6, 15_000), Figure.LASTED),  # both die (at most 10% still going)
        ((0, 100), (0, 90), Figure.LASTED),  # both still going nine times in ten or more
        ((95, 95), (100, 100), Figure.LASTED),  # the tile and survival both sure
    ],
)
def test_late_in_a_game_the_figure_is_the_first_outcome_that_tells_the_moves_apart(
    played, best, figure
):
    """Issue 32: the next tile while it is within reach, otherwise the games still going after
    all their moves, otherwise the moves the games lasted on average."""
    assert cost(played, best).figure is figure


def test_the_moves_lasted_read_as_a_mean_rounded_and_decide_a_real_cost_by_the_margin():
    assert REAL_COST_MOVES == 14
    lasted = cost((0, 0, 18_049), (0, 0, 21_250))  # 180.49 and 212.5 moves a game
    assert lasted.figure is Figure.LASTED
    assert (lasted.played_shown, lasted.best_shown) == (180, 213)
    assert lasted.real
    at_margin = cost((0, 0, 18_000), (0, 0, 18_000 + 100 * REAL_COST_MOVES))
    assert at_margin.real
    within = cost((0, 0, 18_000), (0, 0, 18_000 + 100 * REAL_COST_MOVES - 51))  # 13 moves
    assert (within.best_shown - within.played_shown, within.real) == (REAL_COST_MOVES - 1, False)
    assert not cost((0, 0, 21_250), (0, 0, 18_049)).real  # the move played's games lasted longer
    assert PlayedOn(0, 0, 0, 1024, 0).mean_moves == 0


# A real late position: seed 1's game by the solver at depth 3, three moves after its first
# 2048 (move 1188); Left is the worst move there at depth 3, Down the best.
LATE = ((0, 0, 2, 2048), (2, 0, 32, 512), (0, 0, 4, 16), (4, 8, 2, 2))


@pytest.mark.slow  # half a second with the compiled tree, seconds without
def test_a_late_position_where_the_next_tile_is_out_of_reach_gets_a_figure_that_tells_apart():
    """Issue 32: from a 2048 on, 4096 is out of reach after both moves; the figure shown is
    not that 0% against 0%, but one on which the two moves differ."""
    solver = Solver(4)
    best = solver.search(LATE, depth=3).direction
    assert best is Direction.DOWN
    options = dict(plan=Plan(depth=2, games=16), max_moves=60)
    played_on = MoveCost(
        play_on(solver, LATE, Direction.LEFT, **options), play_on(solver, LATE, best, **options)
    )
    assert played_on.played.target == played_on.best.target == 4096
    assert played_on.played.reached == played_on.best.reached == 0
    assert played_on.figure is not Figure.REACHED
    assert played_on.played_shown != played_on.best_shown  # the figure tells them apart


def grade(kind: Grade) -> MoveGrade:
    return MoveGrade(0, Direction.DOWN, Direction.LEFT, 0.5, kind, False, False)


@pytest.mark.parametrize("kind", list(Grade))
@pytest.mark.parametrize("figures", [((60, 0), (64, 0)), ((60, 0), (65, 0)), ((90, 0), (0, 0))])
def test_the_games_played_on_never_change_a_grade(kind, figures):
    """No clear difference, a real cost, or the move played ahead: the grade is the search's,
    and the games' figures go with it."""
    played_on = cost(*figures)
    assert with_cost(grade(kind), played_on).grade is kind
    assert with_cost(grade(kind), played_on).cost == played_on
    assert with_cost(grade(kind), None) == grade(kind)


def blunder_scores(grid, played: Direction) -> tuple[float | None, ...]:
    """Scores by which `played` is a blunder: far below every other move that moves."""
    scores = []
    for direction in DIRECTIONS:
        moves = shift(grid, direction).moved
        scores.append(None if not moves else 0.0 if direction == played else 1e9)
    return tuple(scores)


def test_the_summary_and_the_four_mistakes_keep_the_search_s_grade_whatever_the_figures(tmp_path):
    # A hurried blunder on a nearly full board: one of the four mistakes, whether the games
    # played on confirm it or tell no clear difference.
    record, positions = kept_game(tmp_path, FULL, [L], think=[0.2])
    scores = {0: blunder_scores(FULL, L)}
    work = ReviewWork(record, positions)

    def fast_when_full(result):
        return next(f for f in result.findings if f.mistake is Mistake.FAST_WHEN_FULL)

    by_loss = work.review(scores, 2)
    assert by_loss.count(Grade.BLUNDER) == 1 and fast_when_full(by_loss).where == (0,)
    confirmed = work.review(scores, 2, {0: cost((10, 0), (90, 0))})
    assert confirmed.count(Grade.BLUNDER) == 1 and fast_when_full(confirmed).where == (0,)
    unclear = work.review(scores, 2, {0: cost((88, 0), (90, 0))})
    assert unclear.count(Grade.BLUNDER) == 1 and unclear.count(Grade.INACCURACY) == 0
    assert fast_when_full(unclear).where == (0,)
    assert unclear.grades[0].cost == cost((88, 0), (90, 0))


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_help_page_gives_the_method_s_numbers(lang):
    page = " ".join(help_lines(lang))
    plans = (STRONG.games, STRONG.depth, QUICK.games, QUICK.depth)
    numbers = (*plans, ROLLOUT_MOVES, SURE_PERCENT, REAL_COST_POINTS)
    for number in (*numbers, 100 - SURE_PERCENT, REAL_COST_MOVES):
        assert str(number) in page
    assert "{" not in page


LASTED_WORDS = {
    "en": "Played on 64 times: after Down the games lasted 180 moves on average; after Left, "
    "the better move, 213",
    "el": "64 παιχνίδια: μετά το Κάτω κράτησαν κατά μέσο όρο 180 κινήσεις· μετά το Αριστερά, "
    "την καλύτερη κίνηση, 213",
}


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_moves_lasted_in_words_give_each_move_s_mean(lang):
    lasted = cost((0, 0, 11_551), (0, 0, 13_600), games=64)  # 180.5 and 212.5 moves a game
    assert lasted.figure is Figure.LASTED
    assert figure_words(Direction.DOWN, Direction.LEFT, lasted, lang) == LASTED_WORDS[lang]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_layout_s_longest_figure_words_count_the_moves_lasted(lang):
    longest = cost((0, 0, 300 * 64), (0, 0, 300 * 64), games=64)
    assert longest.figure is Figure.LASTED
    words = [figure_words(d, d, longest, lang) for d in DIRECTIONS]
    assert len(longest_cost_words(lang, running=False)) >= max(map(len, words))
