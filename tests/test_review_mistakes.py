"""R23, R21: the four mistakes of the strategy advice, each found in games made to show it and
not found in games made not to; how often, and where (the position to jump to)."""

from __future__ import annotations

from archive_helpers import kept_game, random_actions

from game.engine import Direction
from game.mistakes import Mistake, describe, find_mistakes, move_facts, trapped_cells

U, D, L, R = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT
# The biggest tile, a 128, in the top-left corner: up and left keep it there, down and right
# pull it out.
CORNER = ((128, 0, 2, 0), (0, 0, 0, 0), (4, 0, 0, 0), (0, 0, 0, 0))
# A 256 in the bottom-left corner with its line 256 128 64 32; two 8s over the 128. Up merges
# them in the middle and pulls the 128 (and the 64, the 32) out of the line; down merges them
# in the middle too but leaves the line whole; right merges nothing there.
LINE = ((2, 4, 0, 0), (4, 8, 0, 0), (2, 8, 0, 0), (256, 128, 64, 32))
# A 2 with room beside it: right slides it into a pocket between a 256, a 64 and a 32.
POCKET = ((0, 16, 0, 256), (0, 64, 2, 0), (2, 16, 4, 32), (4, 32, 2, 16))
# Two empty cells left: left and down are the moves.
FULL = ((2, 4, 8, 16), (32, 64, 128, 256), (2, 4, 8, 16), (0, 0, 4, 2))


def found(tmp_path, grid, actions, mistake: Mistake, *, bad=None, **options):
    """The finding of `mistake` in a game from `grid`; `bad`: the review's verdicts."""
    record, positions = kept_game(tmp_path, grid, actions, **options)
    findings = {f.mistake: f for f in find_mistakes(list(move_facts(record, positions)), bad)}
    return findings[mistake]


def test_a_move_that_pulls_the_biggest_tile_out_of_its_corner_is_found_where_it_was(tmp_path):
    finding = found(tmp_path / "a", CORNER, [U, R], Mistake.ALL_DIRECTIONS)
    assert finding.where == (1,) and finding.chances == 2  # the second move, from position 1
    assert found(tmp_path / "b", CORNER, [D], Mistake.ALL_DIRECTIONS).where == (0,)


def test_moves_that_keep_the_biggest_tile_in_its_corner_are_not_counted(tmp_path):
    finding = found(tmp_path, CORNER, [U, L], Mistake.ALL_DIRECTIONS)
    assert finding.where == () and finding.chances >= 1
    assert finding.directions == (1, 0, 1, 0)  # one up, one left: two directions


def test_the_opening_and_a_forced_move_are_no_corner_mistake(tmp_path):
    small = ((32, 0, 2, 0), (0, 0, 0, 0), (4, 0, 0, 0), (0, 0, 0, 0))
    assert found(tmp_path / "a", small, [R], Mistake.ALL_DIRECTIONS).chances == 0
    forced = ((128, 0, 0, 0), (4, 0, 0, 0), (2, 0, 0, 0), (4, 0, 0, 0))  # right is the only move
    finding = found(tmp_path / "b", forced, [R], Mistake.ALL_DIRECTIONS)
    assert finding.where == () and finding.chances == 0
    no_choice = ((128, 0, 0, 0), (2, 0, 0, 0), (4, 0, 0, 0), (0, 0, 0, 0))  # right or down: both
    finding = found(tmp_path / "c", no_choice, [D], Mistake.ALL_DIRECTIONS)  # pull it out
    assert finding.where == () and finding.chances == 0


def test_a_merge_in_the_middle_that_breaks_the_line_from_the_corner_is_found(tmp_path):
    finding = found(tmp_path, LINE, [U], Mistake.MIDDLE_MERGE)
    assert finding.where == (0,) and finding.chances == 1
    corner = found(tmp_path / "corner", LINE, [U], Mistake.ALL_DIRECTIONS)
    assert corner.where == ()  # the 256 stayed: this is the other mistake


def test_a_merge_in_the_middle_that_keeps_the_line_and_a_move_without_one_are_fine(tmp_path):
    assert found(tmp_path / "a", LINE, [D], Mistake.MIDDLE_MERGE).where == ()
    assert found(tmp_path / "b", LINE, [R], Mistake.MIDDLE_MERGE).where == ()


def test_a_merge_on_the_edge_is_not_a_merge_in_the_middle(tmp_path):
    # Up merges the two 8s in the top row, on the edge (and breaks the line: not this mistake).
    edge = ((2, 8, 0, 0), (4, 8, 0, 0), (2, 0, 0, 0), (256, 128, 64, 32))
    finding = found(tmp_path, edge, [U], Mistake.MIDDLE_MERGE)
    assert finding.where == () and finding.chances == 1  # down would merge them in the middle


def test_a_small_tile_walled_in_by_much_bigger_ones_is_found(tmp_path):
    finding = found(tmp_path, POCKET, [R], Mistake.TRAPPED_TILE)
    assert finding.where == (0,) and finding.chances == 1


def test_a_small_tile_left_with_a_way_out_is_not_trapped(tmp_path):
    for index, direction in enumerate((U, D, L)):
        assert found(tmp_path / str(index), POCKET, [direction], Mistake.TRAPPED_TILE).where == ()


def test_a_fast_move_on_a_nearly_full_board_is_found_with_its_grade(tmp_path):
    finding = found(tmp_path, FULL, [L], Mistake.FAST_WHEN_FULL, think=[0.2], bad={0: True})
    assert finding.where == (0,) and finding.chances == 1
    assert (finding.fast_graded, finding.fast_bad) == (1, 1)
    title, detail = describe(finding, "el")
    assert title and "1" in detail and "{" not in detail


def test_a_slow_move_on_a_full_board_and_a_fast_one_on_an_empty_board_are_fine(tmp_path):
    slow = found(tmp_path / "a", FULL, [L], Mistake.FAST_WHEN_FULL, think=[3.0], bad={0: False})
    assert slow.where == () and slow.chances == 1
    assert (slow.slow_graded, slow.slow_bad) == (1, 0)
    roomy = ((2, 0, 0, 0), (0, 0, 0, 0), (0, 0, 4, 0), (0, 0, 0, 0))
    fast = found(tmp_path / "b", roomy, [R], Mistake.FAST_WHEN_FULL, think=[0.1])
    assert fast.where == () and fast.chances == 0


def test_only_the_player_s_own_moves_count_not_those_after_a_hint_R20(tmp_path):
    finding = found(tmp_path, FULL, [L], Mistake.FAST_WHEN_FULL, think=[0.2], assisted_at=0)
    assert finding.where == () and finding.chances == 0


def test_every_finding_is_said_in_both_languages(tmp_path):
    record, positions = kept_game(tmp_path, CORNER, random_actions(2, 40, undo_share=0))
    for finding in find_mistakes(list(move_facts(record, positions))):
        for lang in ("en", "el"):
            title, detail = describe(finding, lang)
            assert title and detail and "{" not in detail
        assert describe(finding, "el") != describe(finding, "en")


def test_a_forced_move_that_walls_a_tile_in_is_no_mistake(tmp_path):
    forced = ((0, 0, 0, 0), (0, 0, 0, 0), (2, 128, 256, 32), (16, 64, 32, 128))  # up, only
    finding = found(tmp_path, forced, [U], Mistake.TRAPPED_TILE)
    assert finding.where == () and finding.chances == 0


def test_a_tile_an_eighth_of_its_walls_is_walled_in_and_one_a_quarter_is_not():
    assert trapped_cells(((64, 64, 64), (64, 8, 64), (64, 64, 64))) == {(1, 1)}
    assert trapped_cells(((64, 64, 64), (64, 16, 64), (64, 64, 64))) == set()
    assert trapped_cells(((64, 64, 64), (64, 8, 0), (64, 64, 64))) == set()  # a way out
