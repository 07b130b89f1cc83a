"""Expectimax search over bitboards: the heuristic, the tree, and the time budget.

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
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import Direction
from game.solver.bitboard import DIRECTIONS, Layout, LazyTable, layout


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
FOUR_PROBABILITY = 0.1
MAX_DEPTH = 12
_NEVER = float("inf")
UNSEARCHED = float("-inf")


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


_heuristic_tables: dict[tuple[int, Weights], object] = {}


def heuristic_table(board_layout: Layout, weights: Weights = DEFAULT_WEIGHTS):
    """Row bits -> heuristic: a list for 4x4 (built once), a lazy dict otherwise."""
    key = (board_layout.size, weights)
    table = _heuristic_tables.get(key)
    if table is None:
        if board_layout.size == 4:
            cache: dict[tuple[int, ...], float] = {}
            table = []
            for row in range(65536):
                cells = board_layout.row_cells(row)
                value = cache.get(cells)
                if value is None:
                    value = cache[cells] = row_heuristic(cells, weights)
                table.append(value)
        else:
            table = LazyTable(lambda row: row_heuristic(board_layout.row_cells(row), weights))
        _heuristic_tables[key] = table
    return table


def board_heuristic(board: int, board_layout: Layout, weights: Weights = DEFAULT_WEIGHTS) -> float:
    table = heuristic_table(board_layout, weights)
    rows = board_layout.rows(board)
    columns = board_layout.rows(board_layout.transpose(board))
    return sum(table[row] for row in rows) + sum(table[column] for column in columns)


class OutOfTime(Exception):
    """Raised inside the tree when the deadline passes."""


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
    """Expectimax for one board size and one set of weights. Not thread-safe; cheap to keep."""

    def __init__(
        self,
        size: int = 4,
        weights: Weights = DEFAULT_WEIGHTS,
        prob_threshold: float = PROB_THRESHOLD,
        tables_dir=None,
    ) -> None:
        self.layout = layout(size, tables_dir)
        self.weights = weights
        self.prob_threshold = prob_threshold
        self.heuristic = heuristic_table(self.layout, weights)
        # A lost board is worth its heuristic without the bonus each line gets for being alive.
        self.alive_bonus = 2 * size * weights.lost_penalty

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
        caches: list[dict[int, float]] = [{} for _ in range(max_depth + 1)]
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
        caches: list[dict[int, float]] | None = None,
        scores: list[float] | None = None,
    ) -> list[float]:
        """Per move, the expected heuristic `depth` player moves deep (0.0 if not searched).

        `caches[r]` holds chance nodes' values with r player moves left below them; a deeper
        search reuses the shallower one's. `scores` is filled in move by move, so a caller
        that catches OutOfTime keeps the moves that finished.
        """
        if caches is None:
            caches = [{} for _ in range(depth + 1)]
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

    def _make_tree(self, caches: list[dict[int, float]], deadline: float):
        make = _make_tree_4x4 if self.layout.size == 4 else _make_tree_generic
        return make(
            self.layout, self.heuristic, self.prob_threshold, self.alive_bonus, caches, deadline
        )


_moved_heuristic_tables: dict[int, tuple[list[float], list[float]]] = {}


def _moved_heuristics(lay: Layout, heur: list[float]) -> tuple[list[float], list[float]]:
    """For 4x4: the heuristic of each row after LEFT and after RIGHT (built once per table)."""
    tables = _moved_heuristic_tables.get(id(heur))
    if tables is None:
        tables = _moved_heuristic_tables[id(heur)] = (
            [heur[row] for row in lay.left],
            [heur[row] for row in lay.right],
        )
    return tables


def _make_tree_4x4(
    lay: Layout, heur, threshold: float, alive_bonus: float, caches, deadline: float
):
    """The tree's functions for 4x4 boards, unrolled over the four rows (the hot path)."""
    L, R, CL, CR, SP = lay.left, lay.right, lay.col_left, lay.col_right, lay.spread
    E0, E1, E2, E3 = lay.empties
    H = heur
    HL, HR = _moved_heuristics(lay, heur)
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


def _make_tree_generic(
    lay: Layout, heur, threshold: float, alive_bonus: float, caches, deadline: float
):
    """The tree's functions for any size, looping over the rows (5x5, 6x6)."""
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
