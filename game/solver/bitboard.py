"""Boards as one integer, and per-row tables for moving them.

A board of size n is one int: cell (row r, column c) holds the tile's exponent (0 empty, 1 for
a 2, 2 for a 4, ...) in `cell_bits` bits at offset `cell_bits * (n * r + c)`. Row r is the
`row_bits = n * cell_bits` bits at `row_bits * r`, its cell c at `cell_bits * c`, so LEFT slides
a row toward its low bits.

Each size has a fast layout, and an exact one where the fast one cannot hold every tile:

- Fast 4x4: 4 bits a cell (exponents up to 15, a 32768 tile), the whole board fits 64 bits.
  Every table has one entry per possible row, 65,536 of them, built once on first use in about
  a second, or read from a cache file in a folder the caller names.
- Fast 3x3, 5x5 and up: 5 bits a cell (exponents up to 31). The tables are dicts filled as rows
  are met; a game meets a few thousand distinct rows.
- Exact: enough bits a cell for R2's largest tile, 2^(n*n+1) (5 bits on 4x4, 6 on 6x6, 7 on
  8x8), lazy tables like the fast 5-bit ones. Where the fast layout already holds it (3x3, 5x5)
  the two are the same.

Moves follow the engine's rule exactly, R2's largest tile included: two tiles at a layout's
`max_exponent` do not merge. On an exact layout that is the largest tile of the rules, so its
moves equal `game.core.engine.shift` on every board. A fast layout narrower than that is exact on
every board whose tiles sum to less than twice its largest tile (`BitLayout.holds`): no tile too
big for its cells, nor two largest ones to merge, can stand there.

Columns are handled by transposing: `spread[row]` places a row's cells down column 0 of the
transposed board, so `transpose(b) = OR of spread[row r of b] << (cell_bits * r)`. UP and DOWN
are LEFT and RIGHT on the transposed board, put back by `col_left` / `col_right`, which are
`spread` of the moved row.

The move tables depend only on the rules; the heuristic table depends on the search's weights
and lives in `game.solver.search`.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence

from game.core.engine import MAX_SIZE, MIN_SIZE, Direction, max_tile_value
from game.solver.table_cache import load_tables, save_tables

# The engine's order; move indexes 0..3 in the solver are these directions.
DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
UP, DOWN, LEFT, RIGHT = range(4)


def largest_exponent(size: int) -> int:
    """The exponent of R2's largest tile on a size x size board (17 on 4x4)."""
    return max_tile_value(size).bit_length() - 1


def cell_bits_for(size: int, *, exact: bool = False) -> int:
    """Bits a cell: the fast layout's, or the exact one's (enough for R2's largest tile)."""
    fast = 4 if size == 4 else 5
    return max(fast, largest_exponent(size).bit_length()) if exact else fast


def slide_exponents(cells: Sequence[int], limit: int) -> tuple[int, ...]:
    """One line of exponents slid and merged toward index 0 (R4, R5, R5a, R5b).

    Two tiles at `limit` do not merge: the engine's rule for R2's largest tile, when `limit`
    is its exponent.
    """
    out: list[int] = []
    can_merge = False
    for value in cells:
        if not value:
            continue
        if can_merge and out[-1] == value and value != limit:
            out[-1] = value + 1
            can_merge = False
        else:
            out.append(value)
            can_merge = True
    return tuple(out) + (0,) * (len(cells) - len(out))


class LazyTable(dict):
    """A dict that computes a missing entry on first use and keeps it."""

    def __init__(self, compute: Callable[[int], object]) -> None:
        super().__init__()
        self._compute = compute

    def __missing__(self, key: int) -> object:
        value = self[key] = self._compute(key)
        return value


class BitLayout:
    """The geometry of one board size, and its row tables.

    Tables are indexed by a row's bits: `left[row]`, `right[row]` (the moved row),
    `col_left[row]`, `col_right[row]` (the moved row spread down a column), `spread[row]`,
    and `empties[i][row]`: for row position i, the bit masks that put a 2 in each empty cell
    (shifted left by one more bit they put a 4). Lists for the fast 4x4 layout (`full`), lazy
    dicts otherwise.

    `exact`: hold every tile the rules allow (see the module docstring). `max_exponent` is the
    largest exponent a cell holds here, and two tiles at it do not merge.
    """

    def __init__(
        self,
        size: int,
        tables_dir: str | os.PathLike[str] | None = None,
        *,
        exact: bool = False,
    ) -> None:
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"board size {size} is not supported")
        self.size = size
        self.cell_bits = cell_bits_for(size, exact=exact)
        self.row_bits = size * self.cell_bits
        self.cell_mask = (1 << self.cell_bits) - 1
        self.row_mask = (1 << self.row_bits) - 1
        self.max_exponent = min(self.cell_mask, largest_exponent(size))
        self.exact = self.max_exponent == largest_exponent(size)
        self.row_shifts = tuple(self.row_bits * r for r in range(size))
        self.col_shifts = tuple(self.cell_bits * r for r in range(size))
        self.full = self.row_bits == 16  # the fast 4x4 layout: a table entry for every row
        if self.full:
            self._build_full(tables_dir)
        else:
            self._build_lazy()

    def holds(self, total: int) -> bool:
        """Whether this layout moves every board whose tiles sum to at most `total` exactly
        as the engine does. A tile of value v needs a sum of v, so below twice the largest
        tile here, no bigger tile can stand, nor two largest ones to merge."""
        return self.exact or total < 2 << self.max_exponent

    # -- rows ---------------------------------------------------------------------------------

    def row_cells(self, row: int) -> tuple[int, ...]:
        bits, mask = self.cell_bits, self.cell_mask
        return tuple((row >> (bits * c)) & mask for c in range(self.size))

    def row_from_cells(self, cells: Sequence[int]) -> int:
        row = 0
        for c, value in enumerate(cells):
            row |= value << (self.cell_bits * c)
        return row

    def _left(self, row: int) -> int:
        return self.row_from_cells(slide_exponents(self.row_cells(row), self.max_exponent))

    def _right(self, row: int) -> int:
        cells = self.row_cells(row)[::-1]
        return self.row_from_cells(slide_exponents(cells, self.max_exponent)[::-1])

    def _spread(self, row: int) -> int:
        out = 0
        for c, value in enumerate(self.row_cells(row)):
            out |= value << (self.row_bits * c)
        return out

    def _empties(self, position: int, row: int) -> tuple[int, ...]:
        base = self.row_bits * position
        return tuple(
            1 << (base + self.cell_bits * c)
            for c, value in enumerate(self.row_cells(row))
            if value == 0
        )

    def _build_lazy(self) -> None:
        self.left = LazyTable(self._left)
        self.right = LazyTable(self._right)
        self.spread = LazyTable(self._spread)
        self.col_left = LazyTable(lambda row: self.spread[self.left[row]])
        self.col_right = LazyTable(lambda row: self.spread[self.right[row]])
        self.empties = [
            LazyTable(functools.partial(self._empties, position)) for position in range(self.size)
        ]

    # -- 4x4: full tables ---------------------------------------------------------------------

    def _build_full(self, tables_dir: str | os.PathLike[str] | None) -> None:
        compute = {"left": self._left, "right": self._right, "spread": self._spread}
        loaded = load_tables(tables_dir, compute, 1 << self.row_bits) if tables_dir else None
        if loaded is None:
            rows = range(1 << self.row_bits)
            loaded = {
                "left": [self._left(row) for row in rows],
                "right": [self._right(row) for row in rows],
                "spread": [self._spread(row) for row in rows],
            }
            if tables_dir is not None:
                save_tables(tables_dir, loaded)
        self.left = loaded["left"]
        self.right = loaded["right"]
        self.spread = spread = loaded["spread"]
        self.col_left = [spread[row] for row in self.left]
        self.col_right = [spread[row] for row in self.right]
        # 16 patterns of empty cells per row position; rows share their pattern's tuple.
        self.empties = []
        for position in range(4):
            by_pattern = [
                self._empties(
                    position, sum(0 if pattern >> c & 1 else 1 << (4 * c) for c in range(4))
                )
                for pattern in range(16)
            ]
            patterns = [0] * 65536
            for row in range(65536):
                patterns[row] = (
                    (row & 0xF == 0)
                    | (row & 0xF0 == 0) << 1
                    | (row & 0xF00 == 0) << 2
                    | (row & 0xF000 == 0) << 3
                )
            self.empties.append([by_pattern[p] for p in patterns])

    # -- whole boards -------------------------------------------------------------------------

    def rows(self, board: int) -> list[int]:
        mask = self.row_mask
        return [(board >> shift) & mask for shift in self.row_shifts]

    def transpose(self, board: int) -> int:
        spread = self.spread
        out = 0
        for row, shift in zip(self.rows(board), self.col_shifts, strict=True):
            out |= spread[row] << shift
        return out

    def move(self, board: int, move: int) -> int:
        """The board after move `move` (an index into DIRECTIONS), no tile spawned."""
        if move in (LEFT, RIGHT):
            table = self.left if move == LEFT else self.right
            out = 0
            for row, shift in zip(self.rows(board), self.row_shifts, strict=True):
                out |= table[row] << shift
            return out
        table = self.col_left if move == UP else self.col_right
        out = 0
        for column, shift in zip(self.rows(self.transpose(board)), self.col_shifts, strict=True):
            out |= table[column] << shift
        return out

    def count_empty(self, board: int) -> int:
        return sum(len(self.empties[i][row]) for i, row in enumerate(self.rows(board)))

    def from_grid(self, grid: Sequence[Sequence[int]]) -> int:
        """The board of a grid of tile values (rows of ints, 0 empty)."""
        if len(grid) != self.size or any(len(row) != self.size for row in grid):
            raise ValueError(f"expected a {self.size}x{self.size} grid")
        board = 0
        for r, row in enumerate(grid):
            for c, value in enumerate(row):
                if value:
                    exponent = int(value).bit_length() - 1
                    if value != 1 << exponent or not 1 <= exponent <= self.max_exponent:
                        raise ValueError(f"{value!r} is not a tile value this solver can hold")
                    board |= exponent << (self.cell_bits * (self.size * r + c))
        return board
