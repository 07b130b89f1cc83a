"""The rules of one move on a board (R1 to R11), pure: the grid, a shift with its merges, when
no move is left, and the bounds every part shares.

R2's largest tile, `max_tile_value(size)`, is absolute: two tiles of that value do not merge
(a merge would make a tile the board cannot hold; in real play two of them never stand
together), and standing side by side they are not a move (R6, R11). So every state the engine
reaches from a state it accepts is one it accepts again.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

MIN_SIZE = 3
MAX_SIZE = 8
# The sizes offered to the player: every size the engine holds (R1 names 4, 5 and 6; the
# classic 4x4 the rules are written for stays the default, and the sizes menu says so).
BOARD_SIZES = tuple(range(MIN_SIZE, MAX_SIZE + 1))
WIN_VALUE = 2048
UNDO_LIMIT = 5
FOUR_PROBABILITY = 0.1

Grid = tuple[tuple[int, ...], ...]
Cell = tuple[int, int]  # (row, column)


class Direction(enum.StrEnum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True)
class Motion:
    """One tile's journey in a move: where it started, where it ended, and its value then."""

    source: Cell
    target: Cell
    value: int
    merged: bool  # True when this tile ends inside a merge at `target`


@dataclass(frozen=True)
class Merge:
    sources: tuple[Cell, Cell]
    target: Cell
    value: int  # the new tile's value


LineSteps = tuple[tuple[int, int, bool], ...]


# Bounded, and small: long games on big boards meet many lines, and every entry is tuples the
# interpreter's collector walks, holding its lock, until it has passed over them a few times.
# 65,536 of them made a full collection 0.1 s and more, and a long game replayed on a thread
# (an import, a kept game opened) stalled the frames 0.4 s (bench/share.py). 4,096 hold every
# line a 4x4 game meets, and replay a 6x6 game as fast.
@functools.lru_cache(maxsize=1 << 12)
def _slide_line(line: tuple[int, ...]) -> tuple[tuple[int, ...], int, LineSteps]:
    """Slide one line toward index 0 (R4, R5); two largest tiles (R2) do not merge.

    Returns the new line, the points scored and, per tile, (from index, to index, merged).
    Cached: a board has few distinct lines, and this is the engine's hot path.
    """
    largest = max_tile_value(len(line))  # a line is as long as the board is wide
    out: list[int] = []
    steps: list[tuple[int, int, bool]] = []
    points = 0
    can_merge = False  # whether out[-1] may still take part in a merge (R5a)
    for index, value in enumerate(line):
        if not value:
            continue
        if can_merge and out[-1] == value and value != largest:
            out[-1] = value * 2
            points += value * 2
            last_from, last_to, _ = steps[-1]
            steps[-1] = (last_from, last_to, True)
            steps.append((index, len(out) - 1, True))
            can_merge = False
        else:
            out.append(value)
            steps.append((index, len(out) - 1, False))
            can_merge = True
    new_line = tuple(out) + (0,) * (len(line) - len(out))
    return new_line, points, tuple(steps)


@dataclass(frozen=True)
class ShiftResult:
    grid: Grid
    points: int
    moved: bool
    direction: Direction
    _steps: tuple[LineSteps, ...] = field(repr=False, compare=False)
    _before: Grid = field(repr=False, compare=False)

    @functools.cached_property
    def motions(self) -> tuple[Motion, ...]:
        """Every tile of the old board once: its cell before and after (for the tweens)."""
        size = len(self.grid)
        motions = []
        for line_index, steps in enumerate(self._steps):
            for start, end, merged in steps:
                source = _cell(self.direction, size, line_index, start)
                target = _cell(self.direction, size, line_index, end)
                value = self._before[source[0]][source[1]]
                motions.append(Motion(source, target, value, merged))
        return tuple(motions)

    @functools.cached_property
    def made_values(self) -> tuple[int, ...]:
        """The value of each tile a merge made, read without the tweens' motions (the engine
        asks it after every move, for R10)."""
        size = len(self.grid)
        targets = {
            _cell(self.direction, size, line_index, end)
            for line_index, steps in enumerate(self._steps)
            for _, end, merged in steps
            if merged
        }
        return tuple(self.grid[row][column] for row, column in targets)

    @functools.cached_property
    def merges(self) -> tuple[Merge, ...]:
        by_target: dict[Cell, list[Cell]] = {}
        for motion in self.motions:
            if motion.merged:
                by_target.setdefault(motion.target, []).append(motion.source)
        return tuple(
            Merge((a, b), target, self.grid[target[0]][target[1]])
            for target, (a, b) in by_target.items()
        )


def _cell(direction: Direction, size: int, line_index: int, position: int) -> Cell:
    """Board cell of `position` along line `line_index` as read toward `direction`'s edge."""
    if direction is Direction.LEFT:
        return (line_index, position)
    if direction is Direction.RIGHT:
        return (line_index, size - 1 - position)
    if direction is Direction.UP:
        return (position, line_index)
    return (size - 1 - position, line_index)


def shift(grid: Sequence[Sequence[int]], direction: Direction) -> ShiftResult:
    """Slide and merge the whole board toward `direction` (R4, R5). Spawns nothing."""
    direction = Direction(direction)
    before = tuple(tuple(row) for row in grid)
    if direction is Direction.LEFT:
        lines = before
    elif direction is Direction.RIGHT:
        lines = [row[::-1] for row in before]
    elif direction is Direction.UP:
        lines = list(zip(*before, strict=True))
    else:
        lines = [column[::-1] for column in zip(*before, strict=True)]
    results = [_slide_line(line) for line in lines]
    new_lines = [result[0] for result in results]
    if direction is Direction.LEFT:
        after = tuple(new_lines)
    elif direction is Direction.RIGHT:
        after = tuple(line[::-1] for line in new_lines)
    elif direction is Direction.UP:
        after = tuple(zip(*new_lines, strict=True))
    else:
        after = tuple(zip(*(line[::-1] for line in new_lines), strict=True))
    points = sum(result[1] for result in results)
    steps = tuple(result[2] for result in results)
    return ShiftResult(after, points, after != before, direction, steps, before)


def valid_directions(grid: Sequence[Sequence[int]]) -> list[Direction]:
    """The directions that change the board (R6), in a fixed order."""
    return [d for d in Direction if shift(grid, d).moved]


def is_over(grid: Sequence[Sequence[int]]) -> bool:
    """R11: full, and no two orthogonally adjacent tiles equal (but for two largest tiles,
    which do not merge, R2)."""
    size = len(grid)
    largest = max_tile_value(size)
    for r in range(size):
        for c in range(size):
            value = grid[r][c]
            if value == 0:
                return False
            if value == largest:
                continue
            if c + 1 < size and grid[r][c + 1] == value:
                return False
            if r + 1 < size and grid[r + 1][c] == value:
                return False
    return True


def empty_cells(grid: Sequence[Sequence[int]]) -> list[Cell]:
    return [(r, c) for r, row in enumerate(grid) for c, value in enumerate(row) if value == 0]


def biggest_tile(grid: Sequence[Sequence[int]]) -> int:
    return max((max(row) for row in grid), default=0)


def max_tile_value(size: int) -> int:
    """R2: the largest tile possible on a size x size board, 2^(n+1) for n cells. The bound is
    absolute: two tiles of this value do not merge, so play never passes it."""
    return 2 ** (size * size + 1)


# The bounds every part shares (the engine, the statistics, storage): a state inside them is
# one the game can save and load again exactly, and play stays inside them. Counts (score,
# moves, games) stop at MAX_COUNT, clocks at MAX_SECONDS, instead of passing them: no play a
# player can make comes near (2^53 points, 285 million years).
MAX_COUNT = 2**53  # up to here every whole number is exact as a JSON number or a float
MAX_SECONDS = float(2**53)


def is_cell_value(value: Any, size: int) -> bool:
    """0 (empty) or a tile a size x size board can hold (R2): what a saved grid's cells and
    the statistics' biggest tile may be."""
    return is_tile(value, max_tile_value(size))


def is_game_id(value: Any) -> bool:
    """A name the records know a game by (the session makes them: 16 hex digits), as the saved
    session and the statistics both keep it: 1 to 64 lowercase hex digits."""
    return type(value) is str and _GAME_ID.fullmatch(value) is not None


_GAME_ID = re.compile(r"[0-9a-f]{1,64}")


def is_moves_to_win(value: Any) -> bool:
    """How many moves a win took, as the statistics keep it: at least one. A game that starts
    won (a position with a 2048 on it already) was not won by play, and counts no win."""
    return type(value) is int and 1 <= value <= MAX_COUNT


def capped_count(value: int) -> int:
    """A count that has grown, kept within MAX_COUNT."""
    return min(value, MAX_COUNT)


def capped_seconds(value: float) -> float:
    """A clock that has run, kept within MAX_SECONDS."""
    return min(float(value), MAX_SECONDS)


def is_tile(value: Any, limit: int) -> bool:
    """0 (empty) or a power of two from 2 up to the board's largest possible tile (R2)."""
    if type(value) is not int:
        return False
    return value == 0 or (2 <= value <= limit and value & (value - 1) == 0)
