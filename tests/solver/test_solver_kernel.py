"""The compiled tree (game/solver/_kernel.c) against the Python tree, its reference: the same
scores bit for bit on boards of every size and layout, at every depth, cutoff and use of the
transposition tables; the same deadline; and the Python tree chosen whenever the compiled one
is absent or turned off.

The whole solver suite also runs once with `GAME2048_PURE_SOLVER=1` (`make test-pure-solver`,
which CI runs), so the fallback answers every other test too."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
import time

import pytest
from helpers.solver import to_grid, valid_moves

from game.core.engine import Direction, Game, shift
from game.solver.bitboard import DIRECTIONS, BitLayout
from game.solver.rollout import (
    QUICK,
    ROLLOUT_MOVES,
    ROLLOUT_SEED,
    STRONG,
    Plan,
    biggest_exponent,
    plan_for,
    play_games,
    play_on,
)
from game.solver.search import Searcher, Solver
from game.solver.tree import PURE_SOLVER_VARIABLE, OutOfTime, kernel_available

pytestmark = pytest.mark.skipif(
    not kernel_available(), reason="the compiled tree is not built here (or turned off)"
)

# How deep each size is searched here: as deep as the Python tree answers in a test's time.
DEPTHS = {3: 5, 4: 4, 5: 3, 6: 3, 7: 2, 8: 2}
BOARDS = {3: 12, 4: 12, 5: 10, 6: 8, 7: 5, 8: 4}


def bits(scores) -> list[str]:
    """Scores compared bit for bit (0.0 and -0.0 differ, as they would in the tree)."""
    return [float(s).hex() for s in scores]


def pair(size: int, *, exact: bool = False, prob_threshold: float = 1e-4):
    """A Python searcher and a compiled one on one layout (its tables are the rules')."""
    lay = BitLayout(size, exact=exact)
    python = Searcher(size, layout=lay, prob_threshold=prob_threshold, kernel=False)
    compiled = Searcher(size, layout=lay, prob_threshold=prob_threshold, kernel=True)
    assert python.kernel is None and compiled.kernel is not None
    return python, compiled


def random_boards(lay: BitLayout, seed: int, count: int, top: int):
    """Boards with tiles anywhere, full ones and nearly empty ones among them."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        fill = rng.choice([0.2, 0.5, 0.8, 0.95, 1.0])
        cells = [
            [1 << rng.randint(1, top) if rng.random() < fill else 0 for _ in range(lay.size)]
            for _ in range(lay.size)
        ]
        if any(map(any, cells)):
            boards.append(lay.from_grid(cells))
    return boards


def played_boards(lay: BitLayout, seed: int, count: int, moves: int = 600):
    """Boards of a game played by a depth-1 search: the shapes real games have."""
    python = Searcher(lay.size, layout=lay, kernel=False)
    game = Game.new(lay.size, seed=seed)
    boards = []
    while not game.over and len(boards) < moves:
        boards.append(lay.from_grid(game.grid))
        game.move(python.search(boards[-1], depth=1).direction)
    step = max(1, len(boards) // count)
    return boards[::step][:count]


def assert_same_scores(python: Searcher, compiled: Searcher, boards, depths) -> None:
    for board in boards:
        for depth in depths:
            expected = python.search(board, depth=depth)
            got = compiled.search(board, depth=depth)
            if expected is None:
                assert got is None
                continue
            assert bits(got.scores) == bits(expected.scores), (hex(board), depth)
            assert got.move == expected.move


@pytest.mark.slow
def test_a_few_boards_of_every_size_score_as_the_python_tree() -> None:
    """The edit-test loop's comparison (make test-fast): shallow, on three boards a size; the
    slow tests below go deeper, on more boards and every layout."""
    for size in DEPTHS:
        python, compiled = pair(size)
        top = min(python.layout.max_exponent, 11)
        boards = random_boards(python.layout, seed=size, count=3, top=top)
        assert_same_scores(python, compiled, boards, (1, 2))


@pytest.mark.slow
@pytest.mark.parametrize("size", [3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("exact", [False, True], ids=["fast", "exact"])
def test_every_size_and_layout_scores_as_the_python_tree(size: int, exact: bool) -> None:
    python, compiled = pair(size, exact=exact)
    lay = python.layout
    top = min(lay.max_exponent, 11)
    boards = random_boards(lay, seed=size * 10 + exact, count=BOARDS[size], top=top)
    boards += played_boards(lay, seed=size, count=BOARDS[size] // 2)
    assert_same_scores(python, compiled, boards, range(1, DEPTHS[size] + 1))


@pytest.mark.slow
@pytest.mark.parametrize("size", [4, 6])
def test_the_biggest_tiles_score_as_the_python_tree_R2(size: int) -> None:
    """On the exact layout, near R2's largest tile, where two largest tiles do not merge."""
    python, compiled = pair(size, exact=True)
    lay = python.layout
    top = lay.max_exponent
    boards = random_boards(lay, seed=99 + size, count=15, top=top)
    rng = random.Random(size)
    for _ in range(10):  # two largest tiles side by side, the rest small
        cells = [[1 << rng.randint(1, 3) for _ in range(size)] for _ in range(size)]
        row = rng.randrange(size)
        cells[row][0] = cells[row][1] = 1 << top
        cells[rng.randrange(size)][rng.randrange(size)] = 0
        boards.append(lay.from_grid(cells))
    assert_same_scores(python, compiled, boards, (1, 2, 3))


@pytest.mark.slow
@pytest.mark.parametrize("threshold", [0.0, 1e-3, 0.05])
def test_every_probability_cutoff_scores_as_the_python_tree(threshold: float) -> None:
    for size in (4, 5):
        python, compiled = pair(size, prob_threshold=threshold)
        boards = played_boards(python.layout, seed=7, count=5)
        assert_same_scores(python, compiled, boards, (1, 2, 3))


@pytest.mark.slow
@pytest.mark.parametrize("size", [4, 5])
def test_tables_shared_across_deepening_give_the_python_tree_s_scores(size: int) -> None:
    """Iterative deepening reuses the chance nodes of the shallower depths, each kept with
    the probability of the line that met it first: the compiled tables keep the same ones."""
    python, compiled = pair(size)
    for board in played_boards(python.layout, seed=11, count=6):
        moves = valid_moves(python.layout, board)
        if not moves:
            continue
        deepest = DEPTHS[size] + 1
        python_caches = python.new_caches(deepest + 1)
        compiled_caches = compiled.new_caches(deepest + 1)
        for depth in range(1, deepest + 1):
            order = moves[::-1] if depth % 2 else moves  # the root's order changes too
            expected = python._search_depth(board, order, depth, math.inf, python_caches)
            got = compiled._search_depth(board, order, depth, math.inf, compiled_caches)
            assert bits(got) == bits(expected), (hex(board), depth)
        assert compiled_caches.entries() == sum(map(len, python_caches))


@pytest.mark.slow
def test_a_budgeted_search_keeps_its_deadline_and_answers() -> None:
    _, compiled = pair(4)
    board = played_boards(compiled.layout, seed=3, count=3)[1]
    start = time.perf_counter()
    result = compiled.search(board, budget_s=0.05)
    elapsed = time.perf_counter() - start
    assert result is not None and result.depth >= 2
    assert elapsed < 0.05 + 0.05  # the clock is read every 64 inner nodes: well under a ms
    caches = compiled.new_caches(8)
    _, chance, _ = compiled._make_tree(caches, time.perf_counter() - 1.0)
    with pytest.raises(OutOfTime):
        chance(compiled.layout.move(board, valid_moves(compiled.layout, board)[0]), 1.0, 5)


def test_a_failing_heuristic_table_is_raised_not_hidden() -> None:
    """The compiled tree asks Python's table for the rows it has not met: an error there
    reaches the caller, it does not become a score."""

    class Broken(dict):
        def __missing__(self, row: int) -> float:
            raise KeyError(row)

    from game.solver import _kernel

    lay = BitLayout(5)
    tree = _kernel.TreeN(lay.size, lay.cell_bits, lay.max_exponent, Broken(), 1e-4, 1.0, 0.1)
    rows = tuple(lay.rows(lay.from_grid([[2, 0, 0, 0, 0]] + [[0] * 5] * 4)))
    with pytest.raises(KeyError):
        tree.leaf(rows)
    with pytest.raises(KeyError):
        tree.chance(_kernel.Caches(4, 5), rows, 1.0, 2, math.inf)


@pytest.mark.slow
def test_the_solver_picks_the_same_moves_with_either_tree_on_a_whole_game() -> None:
    """A seeded game played at depth 2 by each: move for move the same."""

    def play(kernel: bool) -> list[int]:
        solver = Solver(4, kernel=kernel)
        game = Game.new(4, seed=5)
        moves = []
        while not game.over and len(moves) < 400:
            result = solver.search(game.grid, depth=2)
            moves.append(result.move)
            game.move(result.direction)
        return moves

    assert play(kernel=True) == play(kernel=False)


@pytest.mark.slow
def test_the_pure_python_tree_is_used_when_asked_or_when_nothing_is_compiled() -> None:
    env = dict(os.environ, **{PURE_SOLVER_VARIABLE: "1"})
    code = (
        "from game.solver.search import Searcher; from game.solver.tree import search_name; "
        "print(Searcher(5).kernel, search_name())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["None", "Python"]
    # With the module absent, as on an install without a compiler, nothing is said.
    absent = (
        "import sys; sys.modules['game.solver._kernel'] = None; "
        "from game.solver.search import Searcher; from game.solver.tree import search_name; "
        "print(Searcher(4).kernel, search_name())"
    )
    out = subprocess.run([sys.executable, "-c", absent], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["None", "Python"] and out.stderr == ""


@pytest.mark.slow
def test_rollouts_play_the_python_reference_s_games_draw_for_draw() -> None:
    """The compiled rollouts (the fast 4x4 layout) count what game/solver/rollout.play_games
    counts (the games that made the target, those still going, and the moves they lasted), on
    boards early, late and nearly lost, with targets near and far."""
    python, compiled = pair(4)
    boards = played_boards(python.layout, seed=21, count=6)
    lasted = set()
    for index, board in enumerate(boards):
        for move in valid_moves(python.layout, board):
            after = python.layout.move(board, move)
            top = biggest_exponent(python, board)
            for target in (top + 1, top + 2):
                options = dict(games=6, depth=1 + index % 2, max_moves=40, seed=index)
                expected = play_games(python, after, target_exponent=target, **options)
                got = compiled.kernel.rollouts(after, target_exponent=target, **options)
                assert got == expected, (hex(board), move, target)
                reached, survived, moves = got
                lasted.add(moves == 6 * 40 if survived == 6 else moves < 6 * 40)
    assert lasted == {True}  # the moves count every game in full, and a lost game stops early


@pytest.mark.slow  # a second: 128 games at depth 3
def test_the_games_played_on_are_the_strongest_the_board_affords() -> None:
    """Issue 32: where the compiled tree plays the games (4x4), more games by a deeper solver
    than the depth-2 player's; on the Python tree and the generic layouts, the quick plan."""
    assert STRONG.depth > QUICK.depth >= 2 and STRONG.games > QUICK.games
    assert plan_for(Solver(4, kernel=True).fast) == STRONG
    assert plan_for(Solver(4, kernel=False).fast) == QUICK
    for size in (3, 5, 8):
        assert plan_for(Solver(size).fast) == QUICK
    solver = Solver(4)
    layout = solver.fast.layout
    board = played_boards(layout, seed=4, count=4)[2]
    move = valid_moves(layout, board)[0]
    outcome = play_on(solver, to_grid(layout, board), Direction(DIRECTIONS[move]))
    options = dict(games=STRONG.games, depth=STRONG.depth, max_moves=ROLLOUT_MOVES)
    target = biggest_exponent(solver.fast, board) + 1
    after = layout.move(board, move)
    expected = solver.fast.kernel.rollouts(
        after, target_exponent=target, seed=ROLLOUT_SEED, **options
    )
    assert (outcome.games, outcome.reached, outcome.survived, outcome.moves) == (
        STRONG.games,
        *expected,
    )


@pytest.mark.slow
def test_play_on_gives_the_same_outcome_with_either_tree() -> None:
    grid = played_boards(BitLayout(4), seed=4, count=4)[2]
    grid = to_grid(BitLayout(4), grid)
    for direction in Direction:
        if shift(grid, direction).moved:
            options = dict(plan=Plan(depth=2, games=4), max_moves=50)
            with_python = play_on(Solver(4, kernel=False), grid, direction, **options)
            with_kernel = play_on(Solver(4, kernel=True), grid, direction, **options)
            assert with_kernel == with_python
            assert with_kernel.target == 2 * max(map(max, grid))


@pytest.mark.slow
def test_version_names_the_search_in_use() -> None:
    main = [sys.executable, "-m", "game", "--version"]
    compiled = subprocess.run(main, capture_output=True, text=True, check=True)
    assert "compiled search" in compiled.stdout
    env = dict(os.environ, **{PURE_SOLVER_VARIABLE: "1"})
    python = subprocess.run(main, capture_output=True, text=True, check=True, env=env)
    assert "Python search" in python.stdout


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_help_s_solver_page_names_the_search_in_use(lang: str, monkeypatch) -> None:
    from game.screens.menus import HELP_PAGES
    from game.text import tr
    from game.view import menu_text

    page = HELP_PAGES.index("solver")
    assert tr("solver_search_compiled", lang) in menu_text.help_page(page, lang).lines
    monkeypatch.setattr(menu_text, "kernel_available", lambda: False)
    assert tr("solver_search_python", lang) in menu_text.help_page(page, lang).lines
