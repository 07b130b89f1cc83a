"""The biggest tiles (issue 13, R2): two of the largest tiles possible do not merge, in the
engine and in the solver alike, on every size; the solver answers on every board the engine
allows (65536 and 131072 on 4x4), through `best_move`, its process and the app."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from helpers.keys import STEP, key
from helpers.solver import layout, play_until, to_grid, valid_moves
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.engine import (
    MAX_SIZE,
    MIN_SIZE,
    Direction,
    Game,
    is_over,
    max_tile_value,
    shift,
    valid_directions,
)
from game.play.session import Session
from game.solver import SolverWorker, best_move
from game.solver.analysis import Analysis, AnalysisState
from game.solver.bitboard import DIRECTIONS
from game.solver.search import DEFAULT_WEIGHTS, Solver, row_heuristic

SIZES = range(MIN_SIZE, MAX_SIZE + 1)
EMPTY = (0, 0, 0, 0)

# 4x4 boards past the 4-bit cells' 32768, up to R2's largest tile, 131072.
BIG_BOARDS = {
    "65536": ((65536, 32768, 16384, 8192), (4, 8, 16, 4096), (2, 0, 0, 2048), (0, 0, 0, 1024)),
    "131072": ((131072, 65536, 32768, 16384), (2, 4, 8, 8192), (0, 0, 0, 4), (0, 0, 0, 2)),
    "two 65536": ((65536, 65536, 2, 0), (4, 2, 0, 0), EMPTY, EMPTY),
    "two 131072": ((131072, 131072, 4, 2), (2, 0, 0, 0), EMPTY, EMPTY),
    "32768 pair": ((32768, 32768, 8192, 0), (4, 0, 32, 0), (8, 0, 2048, 4), EMPTY),
    "full": (
        (131072, 65536, 32768, 16384),
        (2, 4, 8, 8192),
        (4, 8, 16, 4096),
        (2, 4, 8, 8),
    ),
}


def with_largest_pair(size: int) -> list[list[int]]:
    """A full board whose only equal neighbours are two of the largest tiles, side by side."""
    rows = [[2 ** (1 + row * size + column) for column in range(size)] for row in range(size)]
    rows[0][0] = rows[0][1] = max_tile_value(size)
    return rows


def valid(grid) -> list[Direction]:
    return [d for d in Direction if shift(grid, d).moved]


# -- the rule, in the engine --------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_r2_two_largest_tiles_do_not_merge(size: int) -> None:
    largest = max_tile_value(size)
    row = [largest, largest] + [0] * (size - 2)
    grid = [row] + [[0] * size for _ in range(size - 1)]
    game = Game.from_grid(grid, seed=1)
    assert game.move(Direction.LEFT) is None  # nothing slides, nothing merges: no move (R6)
    moved = shift(grid, Direction.RIGHT)
    assert moved.grid[0][-2:] == (largest, largest) and moved.points == 0
    assert not moved.merges
    half = [largest // 2, largest // 2] + [0] * (size - 2)  # below the largest, merges as ever
    assert shift([half] + grid[1:], Direction.LEFT).grid[0][0] == largest


@pytest.mark.parametrize("size", SIZES)
def test_r2_r11_two_largest_tiles_side_by_side_are_not_a_move(size: int) -> None:
    rows = with_largest_pair(size)
    assert is_over(rows) and valid_directions(rows) == []
    assert Game.from_grid(rows).over
    columns = [list(column) for column in zip(*rows, strict=True)]  # the pair in a column
    assert is_over(columns) and Game.from_grid(columns).over


@pytest.mark.parametrize("size", SIZES)
def test_every_move_from_an_accepted_board_with_the_largest_tiles_is_accepted(size: int) -> None:
    largest = max_tile_value(size)
    rows = [[0] * size for _ in range(size)]
    rows[0][:3] = [largest, largest, largest // 2]
    rows[1][:2] = [largest // 2, largest // 2]
    for direction in Direction:
        game = Game.from_grid(rows, seed=2)
        if game.move(direction) is not None:
            assert Game.from_grid(game.grid).grid == game.grid  # still a board the engine takes


# -- bitboards move exactly like the engine, the biggest values included -------------------------


@st.composite
def big_boards(draw) -> tuple[tuple[int, ...], ...]:
    """Boards of size 3 to 8, gaps and small tiles with runs of the board's largest values."""
    size = draw(st.integers(MIN_SIZE, MAX_SIZE))
    top = max_tile_value(size).bit_length() - 1
    exponents = st.one_of(
        st.sampled_from([0, 0, 1, 2]),
        st.integers(max(1, top - 3), top),
        st.integers(1, top),
    )
    return tuple(
        tuple((1 << e) if e else 0 for e in draw(st.lists(exponents, min_size=size, max_size=size)))
        for _ in range(size)
    )


def assert_moves_like_the_engine(lay, grid) -> None:
    board = lay.from_grid(grid)
    assert to_grid(lay, board) == grid
    for move, direction in enumerate(DIRECTIONS):
        assert to_grid(lay, lay.move(board, move)) == shift(grid, direction).grid, direction
    assert [DIRECTIONS[m] for m in valid_moves(lay, board)] == valid(grid)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(big_boards())
def test_the_exact_layout_moves_like_the_engine_on_every_board(grid) -> None:
    assert_moves_like_the_engine(layout(len(grid), exact=True), grid)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(big_boards())
def test_the_fast_layout_moves_like_the_engine_wherever_it_says_it_holds(grid) -> None:
    fast = layout(len(grid))
    if fast.holds(sum(map(sum, grid))):
        assert_moves_like_the_engine(fast, grid)


def test_the_fast_4x4_layout_holds_every_board_below_twice_32768() -> None:
    fast = layout(4)
    rng = random.Random(13)
    for _ in range(300):
        # A 32768 with the rest summing to less than 32768: every move stays in 4 bits.
        grid = [[32768 if (r, c) == (0, 0) else 0 for c in range(4)] for r in range(4)]
        for r, c in rng.sample([(r, c) for r in range(4) for c in range(4)][1:], 6):
            grid[r][c] = 1 << rng.randint(1, 12)
        grid = tuple(map(tuple, grid))
        assert fast.holds(sum(map(sum, grid)))
        assert_moves_like_the_engine(fast, grid)
    assert not fast.holds(65536)  # two 32768s could stand (and merge) there


# -- the search on the biggest tiles ---------------------------------------------------------------


def grid_heuristic(grid) -> float:
    """The search's heuristic, straight from a grid's rows and columns of exponents."""
    lines = [*grid, *zip(*grid, strict=True)]
    return sum(
        row_heuristic(tuple(v.bit_length() - 1 if v else 0 for v in line), DEFAULT_WEIGHTS)
        for line in lines
    )


def expectimax(grid, depth: int) -> list[float]:
    """A plain expectimax over engine grids (no cut-off): the four root moves' scores."""
    alive_bonus = 2 * len(grid) * DEFAULT_WEIGHTS.lost_penalty

    def player(g, remaining: int) -> float:
        moved = [shift(g, d).grid for d in Direction if shift(g, d).moved]
        if not moved:
            return grid_heuristic(g) - alive_bonus
        return max(grid_heuristic(c) if remaining == 0 else chance(c, remaining) for c in moved)

    def chance(g, remaining: int) -> float:
        cells = [(r, c) for r, row in enumerate(g) for c, v in enumerate(row) if not v]
        total = 0.0
        for r, c in cells:
            for value, p in ((2, 0.9), (4, 0.1)):
                rows = [list(row) for row in g]
                rows[r][c] = value
                total += p * player(tuple(map(tuple, rows)), remaining - 1)
        return total / len(cells)

    scores = []
    for d in DIRECTIONS:
        result = shift(grid, d)
        if not result.moved:
            scores.append(float("-inf"))
        else:
            scores.append(
                grid_heuristic(result.grid) if depth == 1 else chance(result.grid, depth - 1)
            )
    return scores


def boards_with_a_32768_pair(count: int) -> list[tuple]:
    rng = random.Random(7)
    boards = []
    while len(boards) < count:
        grid = [[(1 << rng.randint(1, 14)) if rng.random() < 0.7 else 0 for _ in range(4)]]
        grid += [[(1 << rng.randint(1, 14)) if rng.random() < 0.7 else 0 for _ in range(4)]]
        grid += [[(1 << rng.randint(1, 6)) if rng.random() < 0.4 else 0 for _ in range(4)]]
        grid += [[0] * 4]
        r, c = rng.randrange(2), rng.randrange(3)
        grid[r][c] = grid[r][c + 1] = 32768
        boards.append(tuple(map(tuple, grid)))
    return boards


@pytest.mark.slow
def test_the_search_sees_the_65536_a_32768_pair_makes() -> None:
    """The old 4-bit search kept 32768 + 32768 at 32768 and chose other moves on such boards."""
    for grid in boards_with_a_32768_pair(40):
        expected = expectimax(grid, 1)
        assert best_move(grid, depth=1) == DIRECTIONS[max(range(4), key=expected.__getitem__)]
    solver = Solver(4, prob_threshold=0.0)
    for grid in boards_with_a_32768_pair(4):
        result = solver.search(grid, depth=2)
        assert result.scores == pytest.approx(expectimax(grid, 2), rel=1e-9, abs=1e-5)


@pytest.mark.parametrize("name", sorted(BIG_BOARDS))
def test_best_move_answers_on_the_biggest_4x4_boards(name: str) -> None:
    grid = BIG_BOARDS[name]
    moves = valid(grid)
    for depth in (1, 2, 3):
        direction = best_move(grid, depth=depth)
        assert direction in moves if moves else direction is None
    direction = best_move(grid, budget_s=0.05)
    assert direction in moves if moves else direction is None


@pytest.mark.parametrize("size", SIZES)
def test_best_move_answers_with_the_largest_tiles_on_every_size(size: int) -> None:
    largest = max_tile_value(size)
    rows = [[0] * size for _ in range(size)]
    rows[0][:4] = [largest, largest, largest // 2, 2][:size]
    rows[1][0] = largest // 2
    assert best_move(rows, depth=2) in valid(rows)
    assert best_move(rows, budget_s=0.05) in valid(rows)
    assert best_move(with_largest_pair(size), depth=2) is None  # no move: the game is over


@pytest.mark.slow
def test_the_common_boards_keep_the_fast_layout() -> None:
    solver = Solver(4)
    common = ((32768, 16384, 8192, 4), (2, 4, 8, 16), EMPTY, EMPTY)
    assert solver.searcher_for(common, 12).layout.full
    assert not solver.searcher_for(BIG_BOARDS["32768 pair"], 12).layout.full
    # The boundary: 12 moves deep, 12 spawns of a 4 could bring this board to 2 * 32768.
    near = ((32768, 16384, 8192, 4096), (2048, 1024, 512, 256), (128, 64, 16, 0), EMPTY)
    assert sum(map(sum, near)) + 4 * 12 == 2 * 32768
    assert not solver.searcher_for(near, 12).layout.full
    assert solver.searcher_for(near, 11).layout.full


# -- through the solver's process and the app --------------------------------------------------


@pytest.mark.slow
def test_the_solver_process_answers_on_the_biggest_boards(tmp_path) -> None:
    with SolverWorker(budget_s=0.05, tables_dir=tmp_path) as worker:
        for request_id, name in enumerate(sorted(BIG_BOARDS)):
            grid = BIG_BOARDS[name]
            worker.request(request_id, grid)
            end = time.monotonic() + 30
            replies = []
            while not replies:
                assert time.monotonic() < end, "no answer from the solver process"
                replies = worker.poll()
                time.sleep(0.005)
            [reply] = replies
            assert reply.request_id == request_id and reply.failure is None
            moves = valid(grid)
            assert reply.direction in moves if moves else reply.direction is None


@pytest.mark.slow
def test_the_review_s_process_scores_the_biggest_boards_as_the_solver_does(tmp_path) -> None:
    # A kept or imported game with a 65536 on 4x4 is reviewed (R23), never failed.
    boards = {index: BIG_BOARDS[name] for index, name in enumerate(sorted(BIG_BOARDS))}
    analysis = Analysis(boards, size=4, depth=2, tables_dir=tmp_path, polite=False)
    analysis.start()
    end = time.monotonic() + 60
    while (progress := analysis.poll()).state is AnalysisState.RUNNING:
        assert time.monotonic() < end, "the review's process did not finish"
        time.sleep(0.01)
    assert progress.state is AnalysisState.DONE, progress.failure
    solver = Solver(4, DEFAULT_WEIGHTS)
    for index, grid in boards.items():
        result = solver.search(grid, depth=2)
        expected = tuple(None if s == float("-inf") else s for s in result.scores)
        assert analysis.scores[index] == pytest.approx(expected), sorted(BIG_BOARDS)[index]


APP_SEED = 13


@pytest.mark.slow
@pytest.mark.parametrize("name", ["65536", "131072"])
def test_a_hint_in_the_app_on_the_biggest_tiles(app, name: str) -> None:
    app.use_session(Session(Game.from_grid(BIG_BOARDS[name], seed=1)))
    for _ in range(2):  # again after the first: the old game crashed on every hint
        app.frame(STEP, [key(pygame.K_t)])
        play_until(app, lambda: app.view.hint is not None, seconds=30)
        assert app.view.hint in app.session.game.valid_directions()
        assert not app.view.notices
        app.view.hint = None


@pytest.mark.slow
@pytest.mark.parametrize("name", ["65536", "131072"])
def test_autoplay_in_the_app_on_the_biggest_tiles(app, name: str) -> None:
    app.use_session(Session(Game.from_grid(BIG_BOARDS[name], seed=1)))
    app.autoplay.set_pace("max")
    app.frame(STEP, [key(pygame.K_p)])
    play_until(app, lambda: app.session.game.moves >= 5 or app.session.game.over, seconds=60)
    assert app.session.game.moves >= 1 and not app.view.notices
    assert max(map(max, app.session.game.grid)) >= int(name)
