"""R23, R21: the four mistakes of the strategy advice, each found in games made to show it and
not found in games made not to; how often, and where (the position to jump to). A move counts
only when the review found it costly, so each game here comes with the grades it was given."""

from __future__ import annotations

import pytest
from helpers.archive import UNDO, kept_game, random_actions

from game.core.engine import Direction
from game.core.replay import move_positions
from game.kept_games.review.grades import Grade
from game.kept_games.review.grading import review
from game.kept_games.review.mistakes import (
    HASTY_S,
    UNHURRIED_S,
    Mistake,
    find_mistakes,
    haste,
    leaning,
    move_facts,
    structure,
    trapped_cells,
)
from game.view.review_words import describe

U, D, L, R = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT
BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = (
    Grade.BEST,
    Grade.GOOD,
    Grade.INACCURACY,
    Grade.MISTAKE,
    Grade.BLUNDER,
)
# The biggest tile, a 128, in the top-left corner: the board leans up and left. Up and left
# keep the weight there; down and right pull the 128 away.
CORNER = ((128, 0, 2, 0), (0, 0, 0, 0), (4, 0, 0, 0), (0, 0, 0, 0))
# The biggest tile in the middle of the board, never in a corner: it leans up and left still.
MIDDLE = ((2, 0, 0, 0), (0, 128, 0, 0), (0, 0, 0, 0), (0, 4, 0, 2))
# The two biggest tiles side by side on the top edge: right merges them into the top-right
# corner, a good move that takes the weight to the right half.
PAIR = ((128, 128, 0, 0), (4, 0, 0, 0), (2, 0, 0, 0), (0, 0, 0, 0))
# A 256 in the bottom-left corner with its line 256 128 64 32; two 8s over the 128. Up merges
# them in the middle and pulls the 128 (and the 64, the 32) out of the line; down merges them
# in the middle too but leaves the line whole; right merges nothing there.
LINE = ((2, 4, 0, 0), (4, 8, 0, 0), (2, 8, 0, 0), (256, 128, 64, 32))
# Up merges the two 8s in the top row, on the edge, and breaks the line all the same.
EDGE = ((2, 8, 0, 0), (4, 8, 0, 0), (2, 0, 0, 0), (256, 128, 64, 32))
# A 2 with room beside it: right slides it into a pocket between a 256, a 64 and a 32; up
# then leaves it there, left takes it out again.
POCKET = ((0, 16, 0, 256), (0, 64, 2, 0), (2, 16, 4, 32), (4, 32, 2, 16))
# Left leaves one empty cell, between a 64, a 256 and a 64: the new tile lands there, walled
# in by the spawn, not by the player; down then merges the two 2s on the left and keeps it so.
SPAWN_POCKET = ((2, 4, 8, 64), (4, 128, 0, 256), (2, 8, 2, 64), (2, 16, 4, 2))
# Two empty cells left: left and down are the moves.
FULL = ((2, 4, 8, 16), (32, 64, 128, 256), (2, 4, 8, 16), (0, 0, 4, 2))
# Exactly three empty cells (left and down are moves), and exactly four.
THREE_EMPTY = ((2, 4, 8, 16), (32, 64, 128, 256), (2, 4, 8, 0), (0, 0, 4, 2))
FOUR_EMPTY = ((2, 4, 8, 16), (32, 64, 128, 0), (2, 4, 8, 0), (0, 0, 4, 2))


def corner_tiles(grid, value: int) -> list[int]:
    """The tiles of `value` or more in the board's corners."""
    last = len(grid) - 1
    return [grid[r][c] for r in (0, last) for c in (0, last) if grid[r][c] >= value]


def found(tmp_path, grid, actions, mistake: Mistake, *, grades=None, **options):
    """The finding of `mistake` in a game from `grid`; `grades`: the review's, by position (a
    single grade: every move's)."""
    record, positions = kept_game(tmp_path, grid, actions, **options)
    if isinstance(grades, Grade):
        grades = dict.fromkeys(move_positions(positions), grades)
    findings = {f.mistake: f for f in find_mistakes(list(move_facts(record, positions)), grades)}
    return findings[mistake]


# -- all four directions ---------------------------------------------------------------------------


def test_a_costly_move_that_pulls_the_big_tiles_away_is_found_where_it_was(tmp_path):
    assert leaning(CORNER) == {U, L}
    finding = found(tmp_path / "a", CORNER, [U, R], Mistake.ALL_DIRECTIONS, grades=INACCURACY)
    assert finding.where == (1,) and finding.chances == 2  # the second move, from position 1
    down = found(tmp_path / "b", CORNER, [D], Mistake.ALL_DIRECTIONS, grades=BLUNDER)
    assert down.where == (0,)


def test_moves_that_keep_the_weight_where_it_leans_are_not_counted(tmp_path):
    finding = found(tmp_path, CORNER, [U, L], Mistake.ALL_DIRECTIONS, grades=BLUNDER)
    assert finding.where == () and finding.chances >= 1
    assert finding.directions == (1, 0, 1, 0)  # one up, one left: two directions


def test_a_pull_the_review_found_as_good_as_the_best_is_no_mistake(tmp_path):
    for grade in (BEST, GOOD):
        finding = found(tmp_path / grade, CORNER, [D], Mistake.ALL_DIRECTIONS, grades=grade)
        assert finding.where == () and finding.chances == 1


def test_a_biggest_tile_that_never_reaches_a_corner_is_judged_too(tmp_path):
    # The old detector read 0 of 0 here: no corner ever held the biggest tile.
    assert leaning(MIDDLE) == {U, L}
    finding = found(tmp_path / "a", MIDDLE, [D], Mistake.ALL_DIRECTIONS, grades=MISTAKE)
    assert finding.where == (0,) and finding.chances == 1
    cycling = [U, R, D, L] * 3
    _, positions = kept_game(tmp_path / "c", MIDDLE, cycling)
    assert not any(corner_tiles(p.grid, 128) for p in positions)  # never in a corner
    game = found(tmp_path / "b", MIDDLE, cycling, Mistake.ALL_DIRECTIONS, grades=MISTAKE)
    assert game.count >= 3 and game.chances >= game.count
    assert game.directions == (3, 3, 3, 3)


def test_a_good_move_that_merges_the_biggest_tiles_along_the_edge_is_not_counted(tmp_path):
    finding = found(tmp_path / "a", PAIR, [R], Mistake.ALL_DIRECTIONS, grades=GOOD)
    assert finding.where == () and finding.chances == 1
    costly = found(tmp_path / "b", PAIR, [R], Mistake.ALL_DIRECTIONS, grades=INACCURACY)
    assert costly.where == (0,)  # the grade decides: an inaccuracy is the lowest that counts


def test_the_opening_and_a_forced_move_are_no_direction_mistake_but_are_in_the_breakdown(
    tmp_path,
):
    small = ((32, 0, 2, 0), (0, 0, 0, 0), (4, 0, 0, 0), (0, 0, 0, 0))
    opening = found(tmp_path / "a", small, [R], Mistake.ALL_DIRECTIONS, grades=BLUNDER)
    assert opening.chances == 0 and opening.directions == (0, 0, 0, 1)
    forced = ((128, 0, 0, 0), (4, 0, 0, 0), (2, 0, 0, 0), (4, 0, 0, 0))  # right is the only move
    finding = found(tmp_path / "b", forced, [R], Mistake.ALL_DIRECTIONS, grades=BLUNDER)
    assert finding.where == () and finding.chances == 0
    no_choice = ((128, 0, 0, 0), (2, 0, 0, 0), (4, 0, 0, 0), (0, 0, 0, 0))  # right or down: both
    finding = found(tmp_path / "c", no_choice, [D], Mistake.ALL_DIRECTIONS, grades=BLUNDER)
    assert finding.where == () and finding.chances == 0  # pull it away


# -- chasing a merge -------------------------------------------------------------------------------


def test_a_costly_merge_that_breaks_the_line_is_found_wherever_it_lands(tmp_path):
    middle = found(tmp_path / "a", LINE, [U], Mistake.CHASED_MERGE, grades=INACCURACY)
    assert middle.where == (0,) and middle.chances == 1
    edge = found(tmp_path / "b", EDGE, [U], Mistake.CHASED_MERGE, grades=MISTAKE)
    assert edge.where == (0,) and edge.chances == 1  # on the edge: the old detector missed it


def test_a_merge_that_breaks_the_line_but_cost_nothing_is_not_counted(tmp_path):
    for grade in (BEST, GOOD):
        finding = found(tmp_path / grade, LINE, [U], Mistake.CHASED_MERGE, grades=grade)
        assert finding.where == () and finding.chances == 1


def test_a_merge_that_keeps_the_line_and_a_move_without_one_are_fine(tmp_path):
    assert found(tmp_path / "a", LINE, [D], Mistake.CHASED_MERGE, grades=BLUNDER).where == ()
    assert found(tmp_path / "b", LINE, [R], Mistake.CHASED_MERGE, grades=BLUNDER).where == ()


def test_the_line_of_big_tiles_runs_along_any_edge_from_the_biggest_tile():
    assert structure(LINE) == 256 + 128 + 64 + 32  # from the corner
    assert structure(((0,) * 4, (0,) * 4, (0,) * 4, (2, 256, 128, 64))) == 256 + 128 + 64
    assert structure(((0,) * 4, (0, 256, 128, 0), (0,) * 4, (0,) * 4)) == 0  # off the edges
    assert structure(((32, 16, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4)) == 0  # the opening


# -- a trapped tile --------------------------------------------------------------------------------


def test_a_small_tile_the_player_walls_in_for_good_is_found(tmp_path):
    finding = found(tmp_path, POCKET, [R, U], Mistake.TRAPPED_TILE, grades=MISTAKE)
    assert finding.where == (0,) and finding.chances == 2


def test_a_trap_the_next_move_undoes_or_an_undo_takes_back_is_none(tmp_path):
    freed = found(tmp_path / "a", POCKET, [R, L], Mistake.TRAPPED_TILE, grades=BLUNDER)
    assert freed.where == () and freed.chances == 2
    undone = found(tmp_path / "b", POCKET, [R, UNDO], Mistake.TRAPPED_TILE, grades=BLUNDER)
    assert undone.where == ()
    last = found(tmp_path / "c", POCKET, [R], Mistake.TRAPPED_TILE, grades=BLUNDER)
    assert last.where == () and last.chances == 1  # the game's last move: nothing shows it lasts


def test_a_new_tile_that_lands_in_a_pocket_is_the_spawn_s_trap_not_the_player_s(tmp_path):
    record, positions = kept_game(tmp_path, SPAWN_POCKET, [L, D])
    assert trapped_cells(positions[1].grid) == {(1, 3)}  # the new tile, walled in
    assert (1, 3) in trapped_cells(positions[2].grid)  # and still after the next move
    grades = dict.fromkeys(move_positions(positions), BLUNDER)
    finding = find_mistakes(list(move_facts(record, positions)), grades)[2]
    assert finding.mistake is Mistake.TRAPPED_TILE and finding.where == ()


def test_a_lasting_trap_made_by_a_move_as_good_as_the_best_is_no_mistake(tmp_path):
    finding = found(tmp_path, POCKET, [R, U], Mistake.TRAPPED_TILE, grades=BEST)
    assert finding.where == () and finding.chances == 2


def test_a_small_tile_left_with_a_way_out_is_not_trapped(tmp_path):
    for index, direction in enumerate((U, D, L)):
        finding = found(
            tmp_path / str(index), POCKET, [direction, U], Mistake.TRAPPED_TILE, grades=BLUNDER
        )
        assert finding.where == ()


def test_a_forced_move_that_walls_a_tile_in_is_no_mistake(tmp_path):
    forced = ((0, 0, 0, 0), (0, 0, 0, 0), (2, 128, 256, 32), (16, 64, 32, 128))  # up, only
    finding = found(tmp_path, forced, [U], Mistake.TRAPPED_TILE, grades=BLUNDER)
    assert finding.where == () and finding.chances == 0


def test_a_tile_an_eighth_of_its_walls_is_walled_in_and_one_a_quarter_is_not():
    assert trapped_cells(((64, 64, 64), (64, 8, 64), (64, 64, 64))) == {(1, 1)}
    assert trapped_cells(((64, 64, 64), (64, 16, 64), (64, 64, 64))) == set()
    assert trapped_cells(((64, 64, 64), (64, 8, 0), (64, 64, 64))) == set()  # a way out


# -- fast when full --------------------------------------------------------------------------------


def test_a_bad_fast_move_on_a_nearly_full_board_is_found_with_its_grade(tmp_path):
    finding = found(tmp_path, FULL, [L], Mistake.FAST_WHEN_FULL, think=[0.2], grades=MISTAKE)
    assert finding.where == (0,) and finding.chances == 1
    assert (finding.fast_graded, finding.fast_bad, finding.slow_graded) == (1, 1, 0)


def test_a_fast_move_that_was_not_bad_is_not_counted(tmp_path):
    # The headline counts the bad ones: a quick move the review found fine is no mistake.
    for grade in (BEST, GOOD, INACCURACY):
        fine = found(tmp_path / grade, FULL, [L], Mistake.FAST_WHEN_FULL, think=[0.2], grades=grade)
        assert fine.where == () and fine.chances == 1
        assert (fine.fast_graded, fine.fast_bad) == (1, 0)


def test_a_slow_move_on_a_full_board_and_a_fast_one_on_a_roomy_board_are_fine(tmp_path):
    slow = found(tmp_path / "a", FULL, [L], Mistake.FAST_WHEN_FULL, think=[3.0], grades=BLUNDER)
    assert slow.where == () and slow.chances == 1
    assert (slow.slow_graded, slow.slow_bad, slow.fast_graded) == (1, 1, 0)
    roomy = ((2, 0, 0, 0), (0, 0, 0, 0), (0, 0, 4, 0), (0, 0, 0, 0))
    fast = found(tmp_path / "b", roomy, [R], Mistake.FAST_WHEN_FULL, think=[0.1], grades=BLUNDER)
    assert fast.where == () and fast.chances == 0


def test_exactly_three_empty_cells_is_nearly_full_and_four_is_not(tmp_path):
    three = found(tmp_path / "a", THREE_EMPTY, [L], Mistake.FAST_WHEN_FULL, grades=MISTAKE)
    assert three.where == (0,) and three.chances == 1
    four = found(tmp_path / "b", FOUR_EMPTY, [L], Mistake.FAST_WHEN_FULL, grades=MISTAKE)
    assert four.where == () and four.chances == 0


def test_haste_falls_evenly_so_that_one_second_decides_nothing():
    assert haste(0.0) == haste(HASTY_S) == 1.0
    assert haste(1.0) == 0.5  # a second's thought: half hurried, half not
    assert haste(UNHURRIED_S) == haste(60.0) == 0.0
    assert haste(0.99) - haste(1.01) == pytest.approx(0.02)


@pytest.mark.parametrize(
    ("seconds", "listed", "fast_bad"),
    [(HASTY_S, True, 1.0), (1.0, True, 0.5), (1.25, True, 0.25), (UNHURRIED_S, False, 0.0)],
)
def test_a_bad_move_at_the_thinking_time_s_bounds(tmp_path, seconds, listed, fast_bad):
    finding = found(tmp_path, FULL, [L], Mistake.FAST_WHEN_FULL, think=[seconds], grades=BLUNDER)
    assert finding.where == ((0,) if listed else ())
    assert finding.fast_bad == pytest.approx(fast_bad)
    assert finding.slow_bad == pytest.approx(1 - fast_bad)


def test_a_move_just_under_a_second_and_one_just_over_weigh_about_the_same(tmp_path):
    under = found(tmp_path / "a", FULL, [L], Mistake.FAST_WHEN_FULL, think=[0.99], grades=MISTAKE)
    over = found(tmp_path / "b", FULL, [L], Mistake.FAST_WHEN_FULL, think=[1.01], grades=MISTAKE)
    assert under.where == over.where == (0,)
    assert abs(under.fast_bad - over.fast_bad) < 0.05
    assert abs(under.slow_bad - over.slow_bad) < 0.05


def test_the_comparison_of_hurried_and_unhurried_moves_is_said_in_both_languages(tmp_path):
    actions, think = [L, D], [0.2, 3.0]
    finding = found(tmp_path, FULL, actions, Mistake.FAST_WHEN_FULL, think=think, grades=MISTAKE)
    assert finding.where == (0,) and finding.chances == 2
    for lang, percent in (("en", "100%"), ("el", "100%")):
        title, detail = describe(finding, lang)
        assert title and percent in detail and "{" not in detail
    assert "1,5" in describe(finding, "el")[1] and "1.5" in describe(finding, "en")[1]


def test_only_the_player_s_own_moves_count_not_those_after_a_hint_R20(tmp_path):
    finding = found(
        tmp_path, FULL, [L], Mistake.FAST_WHEN_FULL, think=[0.2], assisted_at=0, grades=BLUNDER
    )
    assert finding.where == () and finding.chances == 0


# -- all four ----------------------------------------------------------------------------------


def test_no_move_counts_until_the_review_has_graded_it(tmp_path):
    record, positions = kept_game(tmp_path, CORNER, [D, R])
    for finding in find_mistakes(list(move_facts(record, positions))):
        assert finding.where == ()


def test_the_review_hands_its_grades_to_the_detectors(tmp_path):
    record, positions = kept_game(tmp_path, FULL, [L], think=[0.2])
    blunder = {0: (None, 0.0, -1e9, None)}  # up, down, left, right: left far below down
    fine = {0: (None, 0.0, 0.0, None)}
    for scores, where in ((blunder, (0,)), (fine, ())):
        findings = {f.mistake: f for f in review(record, positions, scores, 4).findings}
        assert findings[Mistake.FAST_WHEN_FULL].where == where


def test_every_finding_is_said_in_both_languages(tmp_path):
    record, positions = kept_game(tmp_path, CORNER, random_actions(2, 40, undo_share=0))
    grades = dict.fromkeys(move_positions(positions), MISTAKE)
    for finding in find_mistakes(list(move_facts(record, positions)), grades):
        for lang in ("en", "el"):
            title, detail = describe(finding, lang)
            assert title and detail and "{" not in detail
        assert describe(finding, "el") != describe(finding, "en")
