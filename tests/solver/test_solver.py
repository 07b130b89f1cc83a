"""The solver (issue 7): bitboards agree with the engine, the search's answers and its budget,
and a small seeded strength test."""

from __future__ import annotations

import random
import time

import pytest
from helpers.solver import board_heuristic, layout, to_grid, valid_moves
from helpers.solver import searcher as shared_searcher

from game.core.engine import Direction, Game, is_over, shift
from game.solver import best_move
from game.solver.bitboard import DIRECTIONS, BitLayout
from game.solver.search import (
    DEFAULT_WEIGHTS,
    UNSEARCHED,
    Searcher,
    row_heuristic,
)
from game.solver.table_cache import cache_path
from game.solver.tree import make_tree_generic


def random_grid(rng: random.Random, size: int, fill: float = 0.7, top: int = 11) -> tuple:
    return tuple(
        tuple((1 << rng.randint(1, top)) if rng.random() < fill else 0 for _ in range(size))
        for _ in range(size)
    )


def played_grid(size: int, seed: int, moves: int) -> tuple:
    """A realistic board: a game played `moves` moves by a quick fixed-depth search."""
    game = Game.new(size, seed=seed)
    for _ in range(moves):
        if game.over:
            break
        game.move(best_move(game.grid, depth=1))
    return game.grid


# -- bitboards against the engine --------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 5, 6])
def test_bitboard_moves_agree_with_the_engine(size: int) -> None:
    rng = random.Random(size)
    lay = layout(size)
    for _ in range(400):
        grid = random_grid(
            rng, size, fill=rng.choice([0.3, 0.6, 0.9, 1.0]), top=rng.choice([3, 11])
        )
        board = lay.from_grid(grid)
        assert to_grid(lay, board) == grid
        for move, direction in enumerate(DIRECTIONS):
            result = shift(grid, direction)
            assert to_grid(lay, lay.move(board, move)) == result.grid, (grid, direction)
        assert [DIRECTIONS[m] for m in valid_moves(lay, board)] == [
            d for d in Direction if shift(grid, d).moved
        ]


def test_merge_rules_on_single_rows() -> None:
    lay = layout(4)
    cases = {  # R5a, R5b: the row moved left, then right
        (4, 4, 4, 4): ((8, 8, 0, 0), (0, 0, 8, 8)),
        (2, 2, 4, 0): ((4, 4, 0, 0), (0, 0, 4, 4)),
        (4, 4, 4, 0): ((8, 4, 0, 0), (0, 0, 4, 8)),
        (16, 0, 0, 16): ((32, 0, 0, 0), (0, 0, 0, 32)),
    }
    left, right = DIRECTIONS.index(Direction.LEFT), DIRECTIONS.index(Direction.RIGHT)
    for row, (moved_left, moved_right) in cases.items():
        grid = (row, (0,) * 4, (0,) * 4, (0,) * 4)
        board = lay.from_grid(grid)
        assert to_grid(lay, lay.move(board, left))[0] == moved_left
        assert to_grid(lay, lay.move(board, right))[0] == moved_right


def test_big_tiles_fit_their_cells() -> None:
    lay4, lay6 = layout(4), layout(6)
    grid4 = ((32768, 16384, 8192, 4096), (2, 4, 8, 16), (0,) * 4, (0,) * 4)
    assert to_grid(lay4, lay4.from_grid(grid4)) == grid4
    grid6 = tuple(tuple(1 << (1 + (r * 6 + c) % 31) for c in range(6)) for r in range(6))
    assert to_grid(lay6, lay6.from_grid(grid6)) == grid6
    with pytest.raises(ValueError):
        lay4.from_grid(((65536, 0, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4))
    with pytest.raises(ValueError):
        lay4.from_grid(((3, 0, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4))


@pytest.mark.slow
def test_4x4_tables_cache_file_round_trip(tmp_path) -> None:
    built = BitLayout(4, tmp_path)
    assert cache_path(tmp_path).is_file()
    loaded = BitLayout(4, tmp_path)
    for name in ("left", "right", "spread", "col_left", "col_right"):
        assert getattr(loaded, name) == getattr(built, name)
    cache_path(tmp_path).write_bytes(b"\0" * cache_path(tmp_path).stat().st_size)
    rebuilt = BitLayout(4, tmp_path)  # a damaged file is not trusted
    assert rebuilt.left == built.left


# -- the heuristic and the tree ------------------------------------------------------------------


@pytest.mark.slow
def test_row_heuristic_prefers_order_and_space() -> None:
    w = DEFAULT_WEIGHTS
    assert row_heuristic((0, 0, 0, 0), w) == w.lost_penalty + 4 * w.empty
    assert row_heuristic((1, 2, 3, 4), w) > row_heuristic((1, 4, 2, 3), w)  # monotonic
    assert row_heuristic((3, 3, 0, 0), w) > row_heuristic((3, 4, 0, 0), w)  # a merge waits
    lay = layout(4)
    board = lay.from_grid(((2, 4, 8, 16), (0,) * 4, (0,) * 4, (0,) * 4))
    mirrored = lay.from_grid(((16, 8, 4, 2), (0,) * 4, (0,) * 4, (0,) * 4))
    searcher = shared_searcher(4)

    def heuristic(board):
        return board_heuristic(searcher, board)

    assert heuristic(board) == heuristic(mirrored)


def reference_expectimax(grid, depth: int, searcher: Searcher) -> list[float]:
    """A plain expectimax on engine grids, no cut-offs: the scores of the four root moves."""
    lay = searcher.layout

    def heuristic(g) -> float:
        return board_heuristic(searcher, lay.from_grid(g))

    def player(g, remaining: int) -> float:
        children = [shift(g, d) for d in Direction]
        values = [
            (heuristic(r.grid) if remaining == 0 else chance(r.grid, remaining))
            for r in children
            if r.moved
        ]
        return max(values, default=heuristic(g) - searcher.alive_bonus)

    def chance(g, remaining: int) -> float:
        cells = [(r, c) for r in range(len(g)) for c in range(len(g)) if g[r][c] == 0]
        total = 0.0
        for r, c in cells:
            for value, p in ((2, 0.9), (4, 0.1)):
                rows = [list(row) for row in g]
                rows[r][c] = value
                total += p * player(tuple(map(tuple, rows)), remaining - 1)
        return total / len(cells)

    scores = []
    for d in DIRECTIONS:
        r = shift(grid, d)
        if not r.moved:
            scores.append(UNSEARCHED)
        else:
            scores.append(heuristic(r.grid) if depth == 1 else chance(r.grid, depth - 1))
    return scores


@pytest.mark.slow
@pytest.mark.parametrize("size", [4, 5])
def test_search_matches_a_plain_expectimax(size: int) -> None:
    searcher = shared_searcher(size, prob_threshold=0.0)
    for seed in range(3):
        grid = played_grid(size, seed, 40 if size == 4 else 90)
        board = searcher.layout.from_grid(grid)
        for depth in (1, 2):
            expected = reference_expectimax(grid, depth, searcher)
            result = searcher.search(board, depth=depth)
            assert result.scores == pytest.approx(expected, rel=1e-9, abs=1e-5)
            assert result.move == max(range(4), key=lambda m: expected[m])


@pytest.mark.slow
def test_unrolled_4x4_tree_equals_the_generic_tree() -> None:
    searcher = shared_searcher(4, kernel=False)
    generic = shared_searcher(4, kernel=False)
    generic._make_tree = lambda caches, deadline: make_tree_generic(
        generic.layout,
        generic.heuristic,
        generic.prob_threshold,
        generic.alive_bonus,
        caches,
        deadline,
    )
    for seed in range(4):
        board = searcher.layout.from_grid(played_grid(4, seed, 150))
        assert searcher.search(board, depth=3).scores == generic.search(board, depth=3).scores


# -- best_move's contract ----------------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 5, 6])
def test_best_move_always_moves_the_board(size: int) -> None:
    rng = random.Random(100 + size)
    for _ in range(40):
        grid = random_grid(rng, size, fill=rng.choice([0.5, 0.9, 1.0]), top=6)
        valid = [d for d in Direction if shift(grid, d).moved]
        direction = best_move(grid, depth=2)
        if valid:
            assert direction in valid
        else:
            assert direction is None and is_over(grid)


def test_a_single_valid_move_is_found() -> None:
    grid = ((2, 4, 2, 0), (4, 2, 4, 0), (2, 4, 2, 0), (4, 2, 4, 0))
    valid = [d for d in Direction if shift(grid, d).moved]
    assert len(valid) == 1
    assert best_move(grid) == valid[0]
    assert best_move(((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 4), (4, 2, 4, 2))) is None


def test_a_valid_move_even_when_every_move_looks_bad() -> None:
    # Big tiles out of order make nneonneo's heuristic negative: moving must still beat
    # an invalid move (scored as not searched) and losing.
    grid = ((16384, 2, 8192, 4), (4, 4096, 8, 2048), (8192, 16, 1024, 8), (2, 512, 4, 0))
    lay = layout(4)
    searcher = shared_searcher(4)
    for depth in (1, 2, 3):
        result = searcher.search(lay.from_grid(grid), depth=depth)
        assert max(result.scores) < 0  # the case this test is about
        assert shift(grid, result.direction).moved
    assert shift(grid, best_move(grid, budget_s=0.05)).moved
    lost = ((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 4), (4, 2, 4, 2))
    assert board_heuristic(searcher, lay.from_grid(lost)) - searcher.alive_bonus < 0


@pytest.mark.slow
@pytest.mark.parametrize(("size", "budget_s"), [(4, 0.05), (4, 0.1), (5, 0.05), (6, 0.05)])
def test_best_move_keeps_its_budget(size: int, budget_s: float) -> None:
    best_move(played_grid(size, 1, 10), depth=1)  # build the tables outside the timing
    slack_s = 0.04  # for a loaded test machine; a search that ignored its budget takes seconds
    depths = []
    for seed in range(3):
        grid = played_grid(size, seed, 100)
        searcher = shared_searcher(size)
        board = searcher.layout.from_grid(grid)
        started = time.perf_counter()
        result = searcher.search(board, budget_s=budget_s)
        elapsed = time.perf_counter() - started
        assert elapsed < budget_s + slack_s
        depths.append(result.depth)
        assert shift(grid, result.direction).moved
    assert max(depths) >= 2  # and it did use the time


def test_fixed_depth_is_deterministic() -> None:
    grid = played_grid(4, 5, 200)
    first = shared_searcher(4).search(layout(4).from_grid(grid), depth=3)
    again = shared_searcher(4).search(layout(4).from_grid(grid), depth=3)
    assert first.scores == again.scores and first.move == again.move
    assert best_move(grid, depth=3) == best_move(grid, depth=3) == first.direction


def test_split_root_moves_score_like_the_whole_search() -> None:
    searcher = shared_searcher(4)
    board = searcher.layout.from_grid(played_grid(4, 2, 120))
    whole = searcher.search(board, depth=2).scores
    parts = [searcher.search(board, depth=2, moves=(m,)) for m in range(4)]
    for m, part in enumerate(parts):
        assert (part.scores[m] if part else UNSEARCHED) == whole[m]


# -- strength (seeded, about fifteen seconds) -------------------------------------------------


@pytest.mark.slow
def test_a_shallow_search_wins_most_seeded_games() -> None:
    searcher = shared_searcher(4)
    won = 0
    for seed in range(6):  # a regression check; bench/solver.py measures the strength
        game = Game.new(4, seed=seed)
        while not game.over and game.biggest_tile() < 2048:
            result = searcher.search(searcher.layout.from_grid(game.grid), depth=3)
            assert game.move(result.direction) is not None
        won += game.biggest_tile() >= 2048
    assert won >= 5
