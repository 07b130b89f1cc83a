"""The expectimax tree's functions over bitboards: player nodes, chance nodes and leaves.

`make_tree_4x4` is the hot path, unrolled over the four rows of the fast 4x4 layout's full
tables; `make_tree_generic` loops over the rows of any layout. Both return
`(player, chance, leaf)` and compute the same values (see `game.solver.search`).

The same tree is compiled in `_kernel.c`, an optional extension about forty times faster a
node; `Kernel` wraps it with the same `chance` and `leaf`, and gives the same scores bit for bit
(tests/test_solver_kernel.py). These Python functions are the reference and the fallback: an
install without a compiler, or `GAME2048_PURE_SOLVER=1` in the environment, searches with them.
"""

from __future__ import annotations

import math
import os
import time

from game.core.engine import FOUR_PROBABILITY
from game.solver.bitboard import BitLayout

try:
    from game.solver import _kernel
except ImportError:  # not compiled here: the Python tree answers alike, more slowly
    _kernel = None

UNSEARCHED = float("-inf")
PURE_SOLVER_VARIABLE = "GAME2048_PURE_SOLVER"


def kernel_available() -> bool:
    """Whether the compiled tree is here and not turned off by `GAME2048_PURE_SOLVER`."""
    return _kernel is not None and os.environ.get(PURE_SOLVER_VARIABLE, "") in ("", "0")


def search_name() -> str:
    """Which search the solver uses, as `--version` and the help's solver page name it."""
    return "compiled" if kernel_available() else "Python"


class OutOfTime(Exception):
    """Raised inside the tree when the deadline passes."""


def moved_heuristics(lay: BitLayout, heur) -> tuple[list[float], list[float]] | None:
    """For the fast 4x4 layout: the heuristic of each row after LEFT and after RIGHT, which the
    unrolled tree reads at its leaves. None for other layouts."""
    if not lay.full:
        return None
    return ([heur[row] for row in lay.left], [heur[row] for row in lay.right])


def make_tree_4x4(
    lay: BitLayout, heur, moved, threshold: float, alive_bonus: float, caches, deadline: float
):
    """The tree's functions for the fast 4x4 layout, unrolled over the four rows; `moved` is
    `moved_heuristics` of the layout and `heur`."""
    L, R, CL, CR, SP = lay.left, lay.right, lay.col_left, lay.col_right, lay.spread
    E0, E1, E2, E3 = lay.empties
    H = heur
    HL, HR = moved
    clock = time.perf_counter
    p_two = 1.0 - FOUR_PROBABILITY
    p_four = FOUR_PROBABILITY

    def leaf(board: int) -> float:
        r0 = board & 0xFFFF
        r1 = (board >> 16) & 0xFFFF
        r2 = (board >> 32) & 0xFFFF
        r3 = board >> 48
        t = SP[r0] | SP[r1] << 4 | SP[r2] << 8 | SP[r3] << 12
        return (
            H[r0]
            + H[r1]
            + H[r2]
            + H[r3]
            + H[t & 0xFFFF]
            + H[(t >> 16) & 0xFFFF]
            + H[(t >> 32) & 0xFFFF]
            + H[t >> 48]
        )

    def player(board: int, cprob: float, remaining: int) -> float:
        """The best of the moves; their children are chance nodes with `remaining` depth."""
        r0 = board & 0xFFFF
        r1 = (board >> 16) & 0xFFFF
        r2 = (board >> 32) & 0xFFFF
        r3 = board >> 48
        t = SP[r0] | SP[r1] << 4 | SP[r2] << 8 | SP[r3] << 12
        c0 = t & 0xFFFF
        c1 = (t >> 16) & 0xFFFF
        c2 = (t >> 32) & 0xFFFF
        c3 = t >> 48
        best = UNSEARCHED
        if remaining == 0 or cprob < threshold:
            # The children are leaves: their heuristics straight from this board's rows and
            # columns. LEFT's rows are L[r]: their heuristics are HL[r]; its columns are the
            # rows of CL[r0] | CL[r1] << 4 | ... (LEFT's transpose). UP, the other way round.
            # (The same sums, in the same order, as `leaf` of each child.)
            tc = CL[r0] | CL[r1] << 4 | CL[r2] << 8 | CL[r3] << 12
            if tc != t:
                value = (
                    HL[r0]
                    + HL[r1]
                    + HL[r2]
                    + HL[r3]
                    + H[tc & 0xFFFF]
                    + H[(tc >> 16) & 0xFFFF]
                    + H[(tc >> 32) & 0xFFFF]
                    + H[tc >> 48]
                )
                if value > best:
                    best = value
            tc = CR[r0] | CR[r1] << 4 | CR[r2] << 8 | CR[r3] << 12
            if tc != t:
                value = (
                    HR[r0]
                    + HR[r1]
                    + HR[r2]
                    + HR[r3]
                    + H[tc & 0xFFFF]
                    + H[(tc >> 16) & 0xFFFF]
                    + H[(tc >> 32) & 0xFFFF]
                    + H[tc >> 48]
                )
                if value > best:
                    best = value
            child = CL[c0] | CL[c1] << 4 | CL[c2] << 8 | CL[c3] << 12
            if child != board:
                value = (
                    H[child & 0xFFFF]
                    + H[(child >> 16) & 0xFFFF]
                    + H[(child >> 32) & 0xFFFF]
                    + H[child >> 48]
                    + HL[c0]
                    + HL[c1]
                    + HL[c2]
                    + HL[c3]
                )
                if value > best:
                    best = value
            child = CR[c0] | CR[c1] << 4 | CR[c2] << 8 | CR[c3] << 12
            if child != board:
                value = (
                    H[child & 0xFFFF]
                    + H[(child >> 16) & 0xFFFF]
                    + H[(child >> 32) & 0xFFFF]
                    + H[child >> 48]
                    + HR[c0]
                    + HR[c1]
                    + HR[c2]
                    + HR[c3]
                )
                if value > best:
                    best = value
            return best if best != UNSEARCHED else leaf(board) - alive_bonus
        if clock() > deadline:
            raise OutOfTime
        for child in (
            L[r0] | L[r1] << 16 | L[r2] << 32 | L[r3] << 48,
            R[r0] | R[r1] << 16 | R[r2] << 32 | R[r3] << 48,
            CL[c0] | CL[c1] << 4 | CL[c2] << 8 | CL[c3] << 12,
            CR[c0] | CR[c1] << 4 | CR[c2] << 8 | CR[c3] << 12,
        ):
            if child != board:
                value = chance(child, cprob, remaining)
                if value > best:
                    best = value
        return best if best != UNSEARCHED else leaf(board) - alive_bonus

    def chance(board: int, cprob: float, remaining: int) -> float:
        """The expected value over the spawns; then the player has `remaining - 1` moves."""
        cache = caches[remaining]
        value = cache.get(board)
        if value is not None:
            return value
        cells = (
            E0[board & 0xFFFF]
            + E1[(board >> 16) & 0xFFFF]
            + E2[(board >> 32) & 0xFFFF]
            + E3[board >> 48]
        )
        count = len(cells)
        prob_two = cprob * p_two / count
        prob_four = cprob * p_four / count
        below = remaining - 1
        total = 0.0
        for cell in cells:
            total += p_two * player(board | cell, prob_two, below) + p_four * player(
                board | cell << 1, prob_four, below
            )
        value = cache[board] = total / count
        return value

    return player, chance, leaf


def make_tree_generic(
    lay: BitLayout, heur, threshold: float, alive_bonus: float, caches, deadline: float
):
    """The tree's functions for any layout, looping over the rows."""
    L, R, CL, CR, SP = lay.left, lay.right, lay.col_left, lay.col_right, lay.spread
    empties = lay.empties
    H = heur
    row_shifts = lay.row_shifts
    col_shifts = lay.col_shifts
    mask = lay.row_mask
    clock = time.perf_counter
    p_two = 1.0 - FOUR_PROBABILITY
    p_four = FOUR_PROBABILITY

    def children(board: int) -> tuple[int, int, int, int]:
        rows = [(board >> s) & mask for s in row_shifts]
        t = 0
        for row, s in zip(rows, col_shifts, strict=True):
            t |= SP[row] << s
        cols = [(t >> s) & mask for s in row_shifts]
        left = right = up = down = 0
        for row, s in zip(rows, row_shifts, strict=True):
            left |= L[row] << s
            right |= R[row] << s
        for col, s in zip(cols, col_shifts, strict=True):
            up |= CL[col] << s
            down |= CR[col] << s
        return left, right, up, down

    def leaf(board: int) -> float:
        t = 0
        total = 0.0
        for s, cs in zip(row_shifts, col_shifts, strict=True):
            row = (board >> s) & mask
            total += H[row]
            t |= SP[row] << cs
        for s in row_shifts:
            total += H[(t >> s) & mask]
        return total

    def player(board: int, cprob: float, remaining: int) -> float:
        best = UNSEARCHED
        if remaining == 0 or cprob < threshold:
            for child in children(board):
                if child != board:
                    value = leaf(child)
                    if value > best:
                        best = value
            return best if best != UNSEARCHED else leaf(board) - alive_bonus
        if clock() > deadline:
            raise OutOfTime
        for child in children(board):
            if child != board:
                value = chance(child, cprob, remaining)
                if value > best:
                    best = value
        return best if best != UNSEARCHED else leaf(board) - alive_bonus

    def chance(board: int, cprob: float, remaining: int) -> float:
        cache = caches[remaining]
        value = cache.get(board)
        if value is not None:
            return value
        cells: list[int] = []
        for position, s in enumerate(row_shifts):
            cells.extend(empties[position][(board >> s) & mask])
        count = len(cells)
        prob_two = cprob * p_two / count
        prob_four = cprob * p_four / count
        below = remaining - 1
        total = 0.0
        for cell in cells:
            total += p_two * player(board | cell, prob_two, below) + p_four * player(
                board | cell << 1, prob_four, below
            )
        value = cache[board] = total / count
        return value

    return player, chance, leaf


class Kernel:
    """The compiled tree for one layout, its heuristic and its cutoff.

    `new_caches(levels)` makes one search's transposition tables; `make_tree(caches, deadline)`
    returns `(None, chance, leaf)` with the Python tree's `chance` and `leaf` (the root never
    calls `player`), raising OutOfTime past the deadline as they do.
    """

    def __init__(self, lay: BitLayout, heur, threshold: float, alive_bonus: float) -> None:
        if _kernel is None:
            raise RuntimeError("the compiled solver is not built here")
        self.layout = lay
        if lay.full:
            self._tree = _kernel.Tree4(
                lay.left, lay.right, lay.spread, heur, threshold, alive_bonus, FOUR_PROBABILITY
            )
            self._board = int
            self._width = 1
        else:
            self._tree = _kernel.TreeN(
                lay.size,
                lay.cell_bits,
                lay.max_exponent,
                heur,
                threshold,
                alive_bonus,
                FOUR_PROBABILITY,
            )
            self._board = lambda board: tuple(lay.rows(board))
            self._width = lay.size

    def new_caches(self, levels: int):
        return _kernel.Caches(levels, self._width)

    def rollouts(
        self, board: int, *, games: int, depth: int, max_moves: int, target_exponent: int, seed: int
    ) -> tuple[int, int, int]:
        """game/solver/rollout.play_games, compiled: the fast 4x4 layout only."""
        return self._tree.rollouts(board, games, depth, max_moves, target_exponent, seed)

    def make_tree(self, caches, deadline: float):
        tree, as_board = self._tree, self._board
        clock = time.perf_counter

        def chance(board: int, cprob: float, remaining: int) -> float:
            left = deadline - clock() if math.isfinite(deadline) else math.inf
            value = tree.chance(caches, as_board(board), cprob, remaining, left)
            if value is None:
                raise OutOfTime
            return value

        def leaf(board: int) -> float:
            return tree.leaf(as_board(board))

        return None, chance, leaf
