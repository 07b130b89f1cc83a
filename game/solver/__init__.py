"""The built-in solver (R20): the best move for a board, by expectimax search.

    from game.solver import best_move
    direction = best_move(grid, budget_s=0.1)   # grid: rows of ints, 0 empty; size 3 to 8

`best_move` answers on every board the engine accepts, up to R2's largest tile. It returns a
Direction that moves the board (None only when no move does), within its budget plus a few
milliseconds; with `depth=` it searches exactly that deep and the answer depends only on the
board. For the app, `SolverWorker` runs the search in a background process so the frame loop
never waits on it, and reports a solver that cannot work instead of raising (see
`game.solver.worker`).

May import: game.core, game.platform. Never pygame.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from game.core.engine import Direction
from game.solver.search import DEFAULT_WEIGHTS, Searcher, Solver, Weights
from game.solver.worker import Reply, SolverWorker

__all__ = ["Reply", "Searcher", "Solver", "SolverWorker", "Weights", "best_move", "solver"]


@functools.cache
def solver(size: int) -> Solver:
    """A solver of a board size, made once for `best_move`'s callers (its tables take half a
    second to build; they depend only on the rules). The game's own solver process keeps its
    own `Solver`."""
    return Solver(size, DEFAULT_WEIGHTS)


def best_move(
    grid: Sequence[Sequence[int]], budget_s: float = 0.1, *, depth: int | None = None
) -> Direction | None:
    """The direction the solver recommends for `grid`; None when no direction moves it.

    `budget_s`: the time to think, in seconds (iterative deepening). `depth`: search exactly
    this many moves deep instead, ignoring the budget (deterministic).
    """
    search = solver(len(grid))
    if depth is not None:
        result = search.search(grid, depth=depth)
    else:
        result = search.search(grid, budget_s=budget_s)
    return None if result is None else result.direction
