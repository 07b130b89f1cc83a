"""Shared by the solver's tests: driving the app with the real solver process, its layouts,
and the line a test run starts with, on whether the compiled solver is built."""

from __future__ import annotations

import functools
import os
import time

from game.solver.bitboard import BitLayout
from game.solver.search import Searcher
from game.solver.tree import PURE_SOLVER_VARIABLE, kernel_available

# What a packager running the tests of an unpacked source archive needs to hear: there the
# game is imported from the source folder, where the compiled solver is built only on request.
KERNEL_NOT_BUILT = (
    "compiled solver: not built in this folder, so its tests skip (the Python tree answers all "
    "the others); build it here first with `python -m pip install --no-deps -e .`"
)


def solver_line() -> str:
    """Whether the compiled solver's tests run here, and if not, why."""
    if kernel_available():
        return "compiled solver: built, its tests run"
    if os.environ.get(PURE_SOLVER_VARIABLE, "") not in ("", "0"):
        return f"compiled solver: turned off by {PURE_SOLVER_VARIABLE}, its tests skip"
    return KERNEL_NOT_BUILT


def play_until(app, done, seconds: float = 20.0) -> None:
    """Run frames in real time until done(): each frame is given the real time since the one
    before, as the loop gives it, since the solver thinks in its own process, in real time."""
    end = time.monotonic() + seconds
    last = time.monotonic()
    while not done():
        now = time.monotonic()
        assert now < end, "timed out"
        app.frame(now - last, [])
        last = now
        time.sleep(0.002)


@functools.cache
def layout(size: int, exact: bool = False) -> BitLayout:
    """One layout of each kind for the tests to share: its tables take half a second."""
    return BitLayout(size, exact=exact)


def searcher(size: int, **options) -> Searcher:
    """A searcher on the shared layout (its heuristic table is its own)."""
    return Searcher(size, layout=layout(size, options.pop("exact", False)), **options)


# What the game never asks of a board, but the tests check the solver's answers with.


def to_grid(lay: BitLayout, board: int) -> tuple[tuple[int, ...], ...]:
    """The grid of a board: from_grid's inverse."""
    return tuple(tuple(1 << e if e else 0 for e in lay.row_cells(row)) for row in lay.rows(board))


def valid_moves(lay: BitLayout, board: int) -> list[int]:
    return [move for move in range(4) if lay.move(board, move) != board]


def board_heuristic(searcher, board: int) -> float:
    """The heuristic of a whole board: its rows and its columns."""
    lay = searcher.layout
    rows = lay.rows(board)
    columns = lay.rows(lay.transpose(board))
    return sum(searcher.heuristic[row] for row in rows) + sum(
        searcher.heuristic[column] for column in columns
    )
