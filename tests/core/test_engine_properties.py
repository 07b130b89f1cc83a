"""Properties of the rules engine on random boards of every size from 3x3 to 8x8."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from game.core.engine import UNDO_LIMIT, WIN_VALUE, Direction, Game, is_over, shift
from game.core.rules import capped_count

LEFT, RIGHT, UP, DOWN = Direction.LEFT, Direction.RIGHT, Direction.UP, Direction.DOWN
QUICK = settings(max_examples=150, deadline=None)

# Mostly small tiles and gaps, so that pairs and slides are common; now and then a big tile.
tiles = st.one_of(
    st.sampled_from([0, 0, 0, 0, 2, 2, 2, 4, 4, 8, 16]),
    st.integers(1, 10).map(lambda exponent: 2**exponent),
)
full_tiles = st.sampled_from([2, 4, 8, 16, 32])


def square(cells: st.SearchStrategy[int]) -> st.SearchStrategy[list[list[int]]]:
    """Square boards of size 3 to 8 with cells drawn from `cells`."""
    return st.integers(3, 8).flatmap(
        lambda size: st.lists(
            st.lists(cells, min_size=size, max_size=size), min_size=size, max_size=size
        )
    )


boards = square(tiles)
any_boards = st.one_of(boards, square(full_tiles))  # full boards too, some of them over
directions = st.sampled_from(list(Direction))


def cells(grid) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(grid) for c, value in enumerate(row) if value]


def mirror(grid) -> tuple:
    return tuple(tuple(row[::-1]) for row in grid)


def transpose(grid) -> tuple:
    return tuple(zip(*grid, strict=True))


def reference_left(line: list[int]) -> tuple[list[int], int]:
    """An independent statement of R4/R5 for one line moved toward index 0; two of R2's
    largest tiles (2^(n*n+1) on a board n wide) do not merge."""
    largest = 2 ** (len(line) ** 2 + 1)
    tiles_in_line = [value for value in line if value]
    out, points, index = [], 0, 0
    while index < len(tiles_in_line):
        pair = index + 1 < len(tiles_in_line) and tiles_in_line[index] == tiles_in_line[index + 1]
        if pair and tiles_in_line[index] != largest:
            out.append(tiles_in_line[index] * 2)
            points += tiles_in_line[index] * 2
            index += 2
        else:
            out.append(tiles_in_line[index])
            index += 1
    return out + [0] * (len(line) - len(out)), points


@pytest.mark.slow
@QUICK
@given(boards)
def test_left_matches_the_rules_line_by_line(grid):
    """R4, R5, R5a, R5b: each row moved left is what the rules say, merging from the edge."""
    result = shift(grid, LEFT)
    expected = [reference_left(list(row)) for row in grid]
    assert [list(row) for row in result.grid] == [line for line, _ in expected]
    assert result.points == sum(points for _, points in expected)


@QUICK
@given(boards, directions)
def test_a_shift_keeps_the_tile_sum(grid, direction):
    """R4, R5: sliding and merging neither make nor lose value."""
    result = shift(grid, direction)
    assert sum(map(sum, result.grid)) == sum(map(sum, grid))


@pytest.mark.slow
@QUICK
@given(boards, directions)
def test_points_are_the_values_of_the_merged_tiles(grid, direction):
    """R8: the points of a shift are the sum of the new tiles its merges made."""
    result = shift(grid, direction)
    assert result.points == sum(merge.value for merge in result.merges)
    assert sorted(result.made_values) == sorted(merge.value for merge in result.merges)
    for merge in result.merges:
        (r1, c1), (r2, c2) = merge.sources
        assert grid[r1][c1] == grid[r2][c2]  # R5d: only equal values merge
        assert merge.value == 2 * grid[r1][c1]
        assert result.grid[merge.target[0]][merge.target[1]] == merge.value


@pytest.mark.slow
@QUICK
@given(boards, directions)
def test_no_tile_merges_twice(grid, direction):
    """R5a: every tile moves once, and every merge takes exactly two tiles."""
    result = shift(grid, direction)
    sources = [motion.source for motion in result.motions]
    assert len(sources) == len(set(sources))
    merged_into = Counter(motion.target for motion in result.motions if motion.merged)
    assert set(merged_into.values()) <= {2}
    assert set(merged_into) == {merge.target for merge in result.merges}
    assert sum(merged_into.values()) == 2 * len(result.merges)


@pytest.mark.slow
@QUICK
@given(boards, directions)
def test_motions_account_for_every_tile(grid, direction):
    """R4, R5: each old tile has one motion, along its line toward the edge, that ends where
    the new board shows it (or the tile it merged into)."""
    result = shift(grid, direction)
    assert sorted(motion.source for motion in result.motions) == sorted(cells(grid))
    plain_targets = []
    for motion in result.motions:
        (r0, c0), (r1, c1) = motion.source, motion.target
        assert motion.value == grid[r0][c0]
        assert result.grid[r1][c1] == (2 * motion.value if motion.merged else motion.value)
        if direction in (LEFT, RIGHT):
            assert r0 == r1 and (c1 <= c0 if direction is LEFT else c1 >= c0)
        else:
            assert c0 == c1 and (r1 <= r0 if direction is UP else r1 >= r0)
        if not motion.merged:
            plain_targets.append(motion.target)
    merge_targets = [merge.target for merge in result.merges]
    assert sorted(plain_targets + merge_targets) == sorted(cells(result.grid))


@QUICK
@given(boards)
def test_every_direction_agrees_with_left(grid):
    """R1: the same rules in every direction: right, up and down are left seen in a mirror."""
    left = shift(grid, LEFT)
    right = shift(grid, RIGHT)
    up = shift(grid, UP)
    down = shift(grid, DOWN)
    assert right.grid == mirror(shift(mirror(grid), LEFT).grid)
    assert up.grid == transpose(shift(transpose(grid), LEFT).grid)
    assert down.grid == transpose(mirror(shift(mirror(transpose(grid)), LEFT).grid))
    assert right.points == shift(mirror(grid), LEFT).points
    assert up.points == shift(transpose(grid), LEFT).points
    assert down.points == shift(mirror(transpose(grid)), LEFT).points
    assert left.points == shift(grid, LEFT).points


@pytest.mark.slow
@QUICK
@given(any_boards, directions)
def test_moved_exactly_when_the_board_changed(grid, direction):
    """R6: a shift is a move exactly when it changes the board."""
    result = shift(grid, direction)
    assert result.moved == (result.grid != tuple(tuple(row) for row in grid))
    assert result.moved == bool(result.merges or any(m.source != m.target for m in result.motions))


@QUICK
@given(any_boards.filter(lambda grid: any(map(any, grid))))
def test_over_exactly_when_no_direction_moves(grid):
    """R11: a board with tiles is over exactly when no direction changes it."""
    no_move = not any(shift(grid, direction).moved for direction in Direction)
    assert is_over(grid) == no_move
    game = Game.from_grid(grid, seed=0)
    assert game.over == no_move
    assert (game.valid_directions() == []) == no_move


@pytest.mark.slow
@QUICK
@given(any_boards, directions, st.integers(0, 2**32))
def test_a_valid_move_spawns_one_tile_in_an_empty_cell(grid, direction, seed):
    """R6, R7: a valid move adds one 2 or 4 in a cell the shift left empty; an invalid one
    changes nothing."""
    game = Game.from_grid(grid, seed=seed)
    before = game.to_dict()
    outcome = game.move(direction)
    if outcome is None:
        assert not shift(grid, direction).moved
        assert game.to_dict() == before
        return
    slid = outcome.shift.grid
    size = len(grid)
    changed = [(r, c) for r in range(size) for c in range(size) if slid[r][c] != game.grid[r][c]]
    assert changed == [outcome.spawned.cell]
    r, c = outcome.spawned.cell
    assert slid[r][c] == 0 and game.grid[r][c] == outcome.spawned.value in (2, 4)
    assert game.score == outcome.points and game.moves == 1


# -- a stateful game: moves, undos, wins, saves ---------------------------------------------------

NEAR_WIN_ROWS = ([1024, 1024], [1024, 512, 512], [512, 512, 1024, 2], [2048, 1024, 1024])


def start_rows(size: int, start, row: int) -> list[list[int]]:
    """A board one or two moves from a win (`start` is a row of big tiles) or from the end."""
    if start == "near over":  # a full board of different tiles but for one pair
        rows = [[2 ** (1 + r * size + c) for c in range(size)] for r in range(size)]
        rows[row % size][1] = rows[row % size][0]
    else:
        rows = [[0] * size for _ in range(size)]
        rows[row % size][: len(start)] = start
        rows[(row + 1) % size][-1] = 2
    return rows


class PlayedGame(RuleBasedStateMachine):
    """Random play with undos and save round trips, checked against a simple model and a twin
    game that is never saved."""

    @initialize(
        size=st.integers(3, 8),
        seed=st.integers(0, 2**32),
        start=st.sampled_from(("new", "near over", *NEAR_WIN_ROWS)),
        row=st.integers(0, 7),
    )
    def start(self, size, seed, start, row):
        if start == "new" or (start != "near over" and size < 4):  # no 2048 on 3x3 (R2)
            self.game = Game.new(size, seed=seed)
            self.twin = Game.new(size, seed=seed)
        else:
            rows = start_rows(size, start, row)
            self.game = Game.from_grid(rows, seed=seed)
            self.twin = Game.from_grid(rows, seed=seed)
        self.points: list[int] = []  # points of the moves not taken back
        self.undoable = 0  # moves in the undo history
        self.undos_left = UNDO_LIMIT
        self.won = self.game.won

    @rule(direction=directions)
    def move(self, direction):
        could_move = direction in self.game.valid_directions()
        outcome = self.game.move(direction)
        assert outcome == self.twin.move(direction)
        assert (outcome is not None) == could_move
        if outcome is None:
            return
        self.points.append(outcome.points)
        self.undoable = min(self.undoable + 1, UNDO_LIMIT)
        made_2048 = any(merge.value >= WIN_VALUE for merge in outcome.shift.merges)
        assert outcome.won_now == (made_2048 and not self.won)
        if outcome.won_now:
            event("won")
        if outcome.over_now:
            event("game over")
        self.won = self.won or made_2048
        assert outcome.over_now == self.game.over

    @rule()
    def undo(self):
        expected = self.undos_left > 0 and self.undoable > 0
        assert self.game.undo() == expected
        assert self.twin.undo() == expected
        if expected:
            event("undone")
            self.points.pop()
            self.undoable -= 1
            self.undos_left -= 1

    @rule(seconds=st.floats(0, 60, allow_nan=False))
    def clock(self, seconds):
        self.game.advance_clock(seconds)
        self.twin.advance_clock(seconds)

    @rule(through_json=st.booleans())
    def save_and_load(self, through_json):
        saved = self.game.to_dict()
        if through_json:
            saved = json.loads(json.dumps(saved))
        self.game = Game.from_dict(saved)

    @invariant()
    def score_is_the_sum_of_points(self):
        # Held at MAX_COUNT: the biggest tiles an 8x8 board can hold merge past 2^53 points.
        assert self.game.score == capped_count(sum(self.points))
        assert self.game.moves == len(self.points)

    @invariant()
    def undos_are_counted(self):
        assert 0 <= self.game.undos_left <= UNDO_LIMIT
        assert self.game.undos_left == self.undos_left

    @invariant()
    def win_is_kept(self):
        assert self.game.won == self.won

    @invariant()
    def over_exactly_when_stuck(self):
        assert self.game.over == (self.game.valid_directions() == [])

    @invariant()
    def saving_changes_nothing(self):
        assert self.game.to_dict() == self.twin.to_dict()


PlayedGame.TestCase.settings = settings(max_examples=100, stateful_step_count=50, deadline=None)
test_played_game = PlayedGame.TestCase
test_played_game.pytestmark = [pytest.mark.slow]
