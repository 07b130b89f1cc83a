"""Expectimax search over bitboards: the heuristic, the tree, and the time budget.

`Solver(size).search(grid, budget_s=...)` is the entry for grids: it searches each board on
the layout it needs (below). `Searcher` searches a board already on one layout.

The tree alternates the player's moves (the best of the four counts) and chance (every empty
cell, a 2 with probability 0.9 and a 4 with 0.1, averaged). `depth` counts the player's moves
in a line of play, the root's move included: at depth 1 each move is judged by the heuristic of
the board it leaves. A line whose probability falls below `prob_threshold` stops there and is
judged by the heuristic, and so does a line at full depth. A lost board (no move left) is
worth its heuristic without the constant every line gets for being alive, so it is worse than
a live board like it even when big, badly placed tiles make the heuristic negative. Chance
nodes keep their values in a transposition table per remaining depth.

With a time budget the search deepens one move at a time (1, 2, 3, ...), reusing the
transposition tables, and answers with the deepest search that finished. It starts a depth
only if it expects at least the first root move to finish in time, searches the best move so
far first, and when the deadline strikes mid-depth it keeps that depth if the best move so far
was searched to it: the moves searched that deep compete, the others drop out. The deadline
is checked at every inner player node, so a search overruns it by well under a millisecond
of work.

The heuristic is nneonneo/2048-ai's: per row and per column, a constant for being alive, a
reward for empty cells and for equal neighbours, a penalty for breaking monotonicity (tile
exponents to the 4th power) and for the sum of the tiles (exponents to the 3.5th power).

Which layout: the fast one (4 bits a cell on 4x4, with its unrolled tree) wherever it is exact
for the whole tree. A move keeps the sum of the tiles and a spawn adds at most 4, so no board
in a tree `depth` moves deep sums to more than the root's sum plus 4 * depth, and below twice
the fast layout's largest tile no tile too big for it can form (`BitLayout.holds`). Near R2's
largest tile (a 4x4 board summing to about 65,536) the exact layout and the generic tree
search instead: slower, never wrong. The heuristic is the same on both.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.engine import Direction
from game.solver.bitboard import DIRECTIONS, BitLayout, LazyTable
from game.solver.tree import (
    UNSEARCHED,
    Kernel,
    OutOfTime,
    kernel_available,
    make_tree_4x4,
    make_tree_generic,
    moved_heuristics,
)


@dataclass(frozen=True)
class Weights:
    """The heuristic's weights (nneonneo/2048-ai's published values by default)."""

    lost_penalty: float = 200000.0
    monotonicity_power: float = 4.0
    monotonicity: float = 47.0
    sum_power: float = 3.5
    sum: float = 11.0
    merges: float = 700.0
    empty: float = 270.0


DEFAULT_WEIGHTS = Weights()
PROB_THRESHOLD = 1e-4
MAX_DEPTH = 12
_NEVER = float("inf")

# A move's share of the caller's time budget, by how many kinds of tile the board holds (the
# measure of a hard board nneonneo/2048-ai deepens by): 7 or fewer, 8, 9, 10, 11 or more. An
# early board is easy and gets less; the late game, where games are lost, gets more. Over
# seeded 4x4 games to 16384 a move takes about 0.9 of the budget on average (docs/solver.md).
TIME_SHARE_BY_KINDS = (0.4, 0.8, 1.1, 1.6, 2.2)
FEWEST_KINDS = 7  # the first share's


def think_time(grid: Sequence[Sequence[int]], budget_s: float) -> float:
    """The time a search of `grid` gets when the caller's budget is `budget_s` a move."""
    kinds = len({value for row in grid for value in row if value})
    share = TIME_SHARE_BY_KINDS[min(max(kinds - FEWEST_KINDS, 0), len(TIME_SHARE_BY_KINDS) - 1)]
    return budget_s * share


def row_heuristic(cells: Sequence[int], weights: Weights) -> float:
    """The heuristic of one row or column of exponents (higher is better)."""
    total = 0.0
    empty = 0
    merges = 0
    previous = 0
    run = 0
    for rank in cells:
        total += rank**weights.sum_power
        if rank == 0:
            empty += 1
        else:
            if previous == rank:
                run += 1
            elif run > 0:
                merges += 1 + run
                run = 0
            previous = rank
    if run > 0:
        merges += 1 + run
    toward_start = 0.0
    toward_end = 0.0
    power = weights.monotonicity_power
    for a, b in zip(cells, cells[1:], strict=False):
        if a > b:
            toward_start += a**power - b**power
        else:
            toward_end += b**power - a**power
    return (
        weights.lost_penalty
        + weights.empty * empty
        + weights.merges * merges
        - weights.monotonicity * min(toward_start, toward_end)
        - weights.sum * total
    )


def heuristic_table(board_layout: BitLayout, weights: Weights = DEFAULT_WEIGHTS):
    """Row bits -> heuristic: a list for the fast 4x4 layout (built at once), a lazy dict
    otherwise. A searcher builds its own and keeps it."""
    if board_layout.full:
        return [row_heuristic(board_layout.row_cells(row), weights) for row in range(65536)]
    return LazyTable(lambda row: row_heuristic(board_layout.row_cells(row), weights))


@dataclass
class SearchResult:
    move: int  # an index into DIRECTIONS
    depth: int  # the deepest search that finished
    scores: tuple[float, ...]  # per move at that depth; -inf for moves not searched or invalid
    by_depth: dict[int, tuple[float, ...]]  # the scores of every finished depth
    elapsed_s: float

    @property
    def direction(self) -> Direction:
        return DIRECTIONS[self.move]


def pick_move(scores: Sequence[float]) -> int:
    """The move with the highest score; the first in DIRECTIONS order on a tie.

    Moves not searched (or that change nothing) score -inf and are never picked when any
    move was searched, however bad the searched ones look.
    """
    return max(range(4), key=lambda m: scores[m])


class Searcher:
    """Expectimax for one layout and one set of weights. Not thread-safe; cheap to keep.

    `exact`: search on the layout that holds every tile the rules allow; by default the fast
    one, exact only on the boards its `layout.holds` (`Solver` picks for a grid).

    `kernel`: search with the compiled tree (the same scores, bit for bit, many times faster);
    by default wherever it is built (`game.solver.tree.kernel_available`).
    """

    def __init__(
        self,
        size: int = 4,
        weights: Weights = DEFAULT_WEIGHTS,
        prob_threshold: float = PROB_THRESHOLD,
        tables_dir=None,
        *,
        exact: bool = False,
        layout: BitLayout | None = None,
        kernel: bool | None = None,
    ) -> None:
        # The layout's tables and the heuristic's are this searcher's own; a caller holding a
        # layout of the same size and kind may share its tables (they depend only on the rules).
        self.layout = layout or BitLayout(size, tables_dir, exact=exact)
        self.weights = weights
        self.prob_threshold = prob_threshold
        self.heuristic = heuristic_table(self.layout, weights)
        self.moved_heuristic = moved_heuristics(self.layout, self.heuristic)
        # A lost board is worth its heuristic without the bonus each line gets for being alive.
        self.alive_bonus = 2 * size * weights.lost_penalty
        if kernel is None:
            kernel = kernel_available()
        self.kernel = None
        if kernel:
            self.kernel = Kernel(self.layout, self.heuristic, prob_threshold, self.alive_bonus)

    # -- the public entry ---------------------------------------------------------------------

    def search(
        self,
        board: int,
        *,
        budget_s: float | None = None,
        depth: int | None = None,
        moves: Sequence[int] | None = None,
    ) -> SearchResult | None:
        """The best move for `board`, or None when no move changes it.

        Give `depth` for a fixed-depth search (deterministic), or `budget_s` for iterative
        deepening within that much time (`depth` then caps it). `moves` limits the root to
        some moves (the others score 0.0), for splitting one search over processes.
        """
        start = time.perf_counter()
        valid = [m for m in range(4) if self.layout.move(board, m) != board]
        if moves is not None:
            valid = [m for m in valid if m in moves]
        if not valid:
            return None
        if budget_s is None:
            target = depth or 3
            scores = self._search_depth(board, valid, target, _NEVER)
            return self._result({target: scores}, start)
        deadline = start + budget_s
        max_depth = depth or MAX_DEPTH
        caches = self.new_caches(max_depth + 1)
        by_depth = {1: self._search_depth(board, valid, 1, _NEVER, caches)}
        done = 1
        last_cost = time.perf_counter() - start
        # With one move there is nothing to choose, unless the caller compares across processes.
        if len(valid) > 1 or moves is not None:
            growth = self.growth_estimate(board)
            while done < max_depth:
                now = time.perf_counter()
                # The next depth costs many times the last. Alone, start it if its first move
                # may finish (a partly searched depth can still answer, below); split over
                # processes, only if all of it may.
                share = 1 if moves is not None else len(valid)
                if now + last_cost * growth / share > deadline:
                    break
                # The best move so far first: if time runs out, it has been searched deeper.
                order = sorted(valid, key=lambda m: -by_depth[done][m])
                scores = [UNSEARCHED] * 4
                try:
                    self._search_depth(board, order, done + 1, deadline, caches, scores)
                except OutOfTime:
                    if moves is None and scores[order[0]] != UNSEARCHED:
                        # The moves searched to the new depth, best of them wins.
                        by_depth[done + 1] = scores
                        done += 1
                    break
                by_depth[done + 1] = scores
                done += 1
                last_cost = time.perf_counter() - now
        return self._result(by_depth, start)

    def growth_estimate(self, board: int) -> float:
        """Roughly how many times longer the next depth takes than the last one."""
        empty = self.layout.count_empty(board)
        return max(4.0, 1.2 * empty)

    @staticmethod
    def _result(by_depth: dict[int, list[float]], start: float) -> SearchResult:
        depth = max(by_depth)
        scores = tuple(by_depth[depth])
        return SearchResult(
            pick_move(scores),
            depth,
            scores,
            {d: tuple(s) for d, s in by_depth.items()},
            time.perf_counter() - start,
        )

    # -- the tree -----------------------------------------------------------------------------

    def _search_depth(
        self,
        board: int,
        moves: Sequence[int],
        depth: int,
        deadline: float,
        caches=None,
        scores: list[float] | None = None,
    ) -> list[float]:
        """Per move, the expected heuristic `depth` player moves deep (0.0 if not searched).

        `caches[r]` holds chance nodes' values with r player moves left below them; a deeper
        search reuses the shallower one's. `scores` is filled in move by move, so a caller
        that catches OutOfTime keeps the moves that finished.
        """
        if caches is None:
            caches = self.new_caches(depth + 1)
        player, chance, leaf = self._make_tree(caches, deadline)
        if scores is None:
            scores = [UNSEARCHED] * 4
        lay = self.layout
        for m in moves:
            child = lay.move(board, m)
            if depth == 1:
                scores[m] = leaf(child)
            else:
                scores[m] = chance(child, 1.0, depth - 1)
        return scores

    def new_caches(self, levels: int):
        """One search's transposition tables, for remaining depths 0 to `levels - 1`: a dict
        each for the Python tree, the compiled tree's own otherwise."""
        if self.kernel is not None:
            return self.kernel.new_caches(levels)
        return [{} for _ in range(levels)]

    def _make_tree(self, caches, deadline: float):
        if self.kernel is not None:
            return self.kernel.make_tree(caches, deadline)
        if self.layout.full:
            return make_tree_4x4(
                self.layout,
                self.heuristic,
                self.moved_heuristic,
                self.prob_threshold,
                self.alive_bonus,
                caches,
                deadline,
            )
        return make_tree_generic(
            self.layout, self.heuristic, self.prob_threshold, self.alive_bonus, caches, deadline
        )


class Solver:
    """Grids in, moves out, for one board size: each board searched on the layout it needs
    (the module docstring says which). Not thread-safe; cheap to keep."""

    def __init__(
        self,
        size: int = 4,
        weights: Weights = DEFAULT_WEIGHTS,
        prob_threshold: float = PROB_THRESHOLD,
        tables_dir=None,
        *,
        kernel: bool | None = None,
    ) -> None:
        self.size = size
        self.fast = Searcher(size, weights, prob_threshold, tables_dir, kernel=kernel)
        self._exact: Searcher | None = None  # made the first time a board needs it

    def searcher_for(self, grid: Sequence[Sequence[int]], depth: int) -> Searcher:
        """The searcher exact on every board of a tree `depth` moves deep from `grid`."""
        if self.fast.layout.holds(sum(map(sum, grid)) + 4 * depth):
            return self.fast
        if self._exact is None:
            fast = self.fast
            self._exact = Searcher(
                self.size,
                fast.weights,
                fast.prob_threshold,
                exact=True,
                kernel=fast.kernel is not None,
            )
        return self._exact

    def search(
        self,
        grid: Sequence[Sequence[int]],
        *,
        budget_s: float | None = None,
        depth: int | None = None,
        moves: Sequence[int] | None = None,
    ) -> SearchResult | None:
        """`Searcher.search` for a grid (rows of tile values, 0 empty); ValueError if it is
        not a board of this size."""
        searcher = self.searcher_for(grid, depth or MAX_DEPTH)  # the deepest it may go
        board = searcher.layout.from_grid(grid)
        return searcher.search(board, budget_s=budget_s, depth=depth, moves=moves)
