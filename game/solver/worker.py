"""The solver in background processes, so the frame loop never waits on a search.

    worker = SolverWorker(budget_s=0.15)
    worker.start()                      # spawns the process(es); returns at once
    worker.request(7, grid)             # non-blocking; supersedes any earlier request
    for request_id, direction in worker.poll():   # non-blocking; call it every frame
        ...                             # only the newest request is answered
    worker.close()                      # stops the processes; safe if never started

- `request(request_id, grid, budget_s=None)`: ask for the best move of `grid` (rows of ints,
  0 empty; size 4, 5 or 6). Any request not yet answered is dropped: its answer, if one is
  already on its way, is never reported. `request_id` is the caller's (any int that rises, a
  move counter for example); the caller still drops answers for a board that has changed
  since.
- `poll()`: the answers that arrived, as `(request_id, direction)`; `direction` is None when
  no move changes that board (the game is over).
- `processes`: how many processes share one search. Each searches some of the four root moves
  (iterative deepening to the same budget) and the moves are compared at the deepest depth
  every process finished. 1 (the default) searches all four moves in one process.

The processes are started with the "spawn" method (the same on every platform, and what a
frozen executable needs; its entry point calls `multiprocessing.freeze_support()`). They
import only the engine and the solver, never pygame. A process that dies is started again
on the next `poll()` and the pending request is sent again; after `MAX_RESTARTS` such deaths
`poll()` raises RuntimeError rather than start processes forever. `poll()` also raises the
error of a board the solver could not read (not square, or not tile values).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Sequence
from multiprocessing.connection import Connection

from game.engine import Direction
from game.solver.bitboard import DIRECTIONS
from game.solver.search import UNSEARCHED, pick_move

_JOIN_TIMEOUT_S = 1.0
MAX_RESTARTS = 5


def _serve(connection: Connection, size: int, tables_dir: str | None) -> None:
    """A solver process: answer the newest request, until told to stop (None) or orphaned."""
    from game.solver.search import Solver

    solver = Solver(size, tables_dir=tables_dir)
    while True:
        try:
            message = connection.recv()
            while connection.poll():  # a newer request supersedes the ones before it
                message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        request_id, grid, moves, budget_s = message
        try:
            result = solver.search(grid, budget_s=budget_s, moves=moves)
            answer = None if result is None else result.by_depth
        except Exception as error:  # a bad grid: answer with the error, keep serving
            answer = error
        try:
            connection.send((request_id, answer))
        except (EOFError, OSError):
            return


class SolverWorker:
    """Background solver processes for one board size; see the module docstring."""

    def __init__(
        self,
        budget_s: float = 0.15,
        *,
        size: int = 4,
        processes: int = 1,
        tables_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        if processes < 1:
            raise ValueError("processes must be 1 or more")
        self.budget_s = budget_s
        self.size = size
        self.processes = min(processes, 4)
        self.tables_dir = None if tables_dir is None else os.fspath(tables_dir)
        self._context = multiprocessing.get_context("spawn")
        self._slots: list[tuple[multiprocessing.process.BaseProcess, Connection] | None] = []
        self._pending: tuple[int, tuple[tuple[int, ...], ...], float] | None = None
        self._parts: dict[int, dict[int, tuple[float, ...]] | None] = {}
        self._closed = False
        self._restarts = 0

    # -- life cycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Start the processes (they build their tables in the background)."""
        if self._closed:
            raise RuntimeError("this SolverWorker is closed")
        if not self._slots:
            self._slots = [self._spawn() for _ in range(self.processes)]

    def _spawn(self) -> tuple[multiprocessing.process.BaseProcess, Connection]:
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_serve,
            args=(theirs, self.size, self.tables_dir),
            name="solver",
            daemon=True,
        )
        process.start()
        theirs.close()
        return process, ours

    def close(self) -> None:
        """Stop the processes: politely, then by force. Safe to call twice or unstarted."""
        self._closed = True
        slots, self._slots = self._slots, []
        for slot in slots:
            if slot is None:
                continue
            process, connection = slot
            with contextlib.suppress(OSError, ValueError):
                connection.send(None)
        for slot in slots:
            if slot is None:
                continue
            process, connection = slot
            process.join(_JOIN_TIMEOUT_S)
            if process.is_alive():
                process.terminate()
                process.join(_JOIN_TIMEOUT_S)
            connection.close()
        self._pending = None
        self._parts = {}

    def __enter__(self) -> SolverWorker:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- requests -----------------------------------------------------------------------------

    def request(
        self, request_id: int, grid: Sequence[Sequence[int]], budget_s: float | None = None
    ) -> None:
        """Ask for the best move of `grid`; drops any request not yet answered. Non-blocking."""
        if len(grid) != self.size or any(len(row) != self.size for row in grid):
            raise ValueError(f"this worker solves {self.size}x{self.size} boards")
        if not self._slots:
            self.start()
        frozen = tuple(tuple(int(v) for v in row) for row in grid)
        self._pending = (request_id, frozen, self.budget_s if budget_s is None else budget_s)
        self._parts = {}
        for index in range(len(self._slots)):
            self._send(index)

    def _send(self, index: int) -> None:
        if self._pending is None:
            return
        request_id, grid, budget_s = self._pending
        moves = tuple(m for m in range(4) if m % len(self._slots) == index)
        slot = self._slots[index]
        if slot is None:
            return
        try:
            slot[1].send((request_id, grid, moves, budget_s))
        except (OSError, ValueError):
            self._restart(index)

    def _restart(self, index: int) -> None:
        self._restarts += 1
        if self._restarts > MAX_RESTARTS:
            raise RuntimeError("the solver process keeps dying")
        slot = self._slots[index]
        if slot is not None:
            slot[0].terminate()
            slot[1].close()
        self._slots[index] = self._spawn()
        self._send(index)

    def poll(self) -> list[tuple[int, Direction | None]]:
        """The answers that have arrived: `(request_id, direction)`. Never blocks."""
        answers: list[tuple[int, Direction | None]] = []
        for index, slot in enumerate(self._slots):
            if slot is None:
                continue
            process, connection = slot
            try:
                while connection.poll():
                    request_id, part = connection.recv()
                    if self._pending is not None and request_id == self._pending[0]:
                        if isinstance(part, Exception):
                            raise part
                        self._parts[index] = part
            except (EOFError, OSError):
                self._restart(index)
                continue
            if not process.is_alive() and index not in self._parts:
                self._restart(index)
        if self._pending is not None and len(self._parts) == len(self._slots):
            answers.append((self._pending[0], _combine(list(self._parts.values()))))
            self._pending = None
            self._parts = {}
        return answers


def _combine(parts: list[dict[int, tuple[float, ...]] | None]) -> Direction | None:
    """The best move over the processes' parts, at the deepest depth all of them finished."""
    searched = [part for part in parts if part is not None]
    if not searched:
        return None
    depth = min(max(part) for part in searched)
    scores = [UNSEARCHED] * 4
    for part in searched:
        for move, score in enumerate(part[depth]):
            scores[move] = max(scores[move], score)
    return DIRECTIONS[pick_move(scores)]
