"""The solver in background processes, so the frame loop never waits on a search.

    worker = SolverWorker(budget_s=0.15)
    worker.start()                      # spawns the process(es); returns at once
    worker.request(7, grid)             # non-blocking; supersedes any earlier request
    for reply in worker.poll():         # non-blocking; call it every frame
        ...                             # reply.request_id, reply.direction, reply.failure
    worker.close()                      # stops the processes; safe if never started

- `request(request_id, grid, budget_s=None)`: ask for the best move of `grid` (rows of ints,
  0 empty; the worker's size), in about `budget_s` on an ordinary board: less on an easy one,
  up to 2.2 times on the hardest (`think_time`, game/solver/search.py). Any request not yet
  answered is dropped: its answer, if one is already on its way, is never reported.
  `request_id` is the caller's (any int that rises, a move counter for example); the caller
  still drops answers for a board that has changed since.
- `poll()`: the replies that arrived, each a `Reply` to the newest request: its `direction`
  (None when no move changes that board: the game is over), or its `failure`, why the solver
  could not answer. A request gets one reply at most.
- `processes`: how many processes share one search. Each searches some of the four root moves
  (iterative deepening to the same budget) and the moves are compared at the deepest depth
  every process finished. 1 (the default) searches all four moves in one process.

Nothing the solver does raises in the caller. A process that dies is started again on the
next `poll()` and the pending request is sent again. When more than `MAX_RESTARTS` processes
died within the last `RESTART_WINDOW_S` seconds (a rolling window; a process that could not
start counts too), the worker stops its processes and fails the pending request; until the
window has room again every request fails at once, then a request starts the processes again.
An error the solver sends back (a board it could not read) fails that request only.

The processes are started with the "spawn" method (the same on every platform, and what a
frozen executable needs; its entry point calls `multiprocessing.freeze_support()`). They
import only the engine and the solver, never pygame.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection

from game.core.engine import Direction
from game.solver.bitboard import DIRECTIONS
from game.solver.processes import RestartBudget, stop_process
from game.solver.search import UNSEARCHED, pick_move

_JOIN_TIMEOUT_S = 1.0  # a process asked to stop, at close(), before it is killed
MAX_RESTARTS = 5  # processes that may die within RESTART_WINDOW_S and be started again
RESTART_WINDOW_S = 60.0

log = logging.getLogger(__name__)

_Slot = tuple[multiprocessing.process.BaseProcess, Connection]


@dataclass(frozen=True)
class Reply:
    """The solver's reply to one request: a direction, or why there is none."""

    request_id: int
    direction: Direction | None = None  # None when no move changes the board, or on failure
    failure: str | None = None  # why the solver could not answer (for the log); None if it did


def _serve(connection: Connection, size: int, tables_dir: str | None) -> None:
    """A solver process: answer the newest request, until told to stop (None) or orphaned."""
    from game.solver.search import Solver, think_time

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
            result = solver.search(grid, budget_s=think_time(grid, budget_s), moves=moves)
        except ValueError as error:  # a board the solver cannot read: say so, keep serving
            reply = (request_id, None, f"the solver could not answer: {error}")
        else:
            reply = (request_id, None if result is None else result.by_depth, None)
        try:
            connection.send(reply)
        except (EOFError, OSError):
            return


class SolverWorker:
    """Background solver processes for one board size; see the module docstring.

    `clock`: seconds, for the restart window (tests pass their own)."""

    def __init__(
        self,
        budget_s: float = 0.15,
        *,
        size: int = 4,
        processes: int = 1,
        tables_dir: str | os.PathLike[str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if processes < 1:
            raise ValueError("processes must be 1 or more")
        self.budget_s = budget_s
        self.size = size
        self.processes = min(processes, 4)
        self.tables_dir = None if tables_dir is None else os.fspath(tables_dir)
        self._context = multiprocessing.get_context("spawn")
        self._slots: list[_Slot] = []  # empty: not started, or stopped after a failure
        self._pending: tuple[int, tuple[tuple[int, ...], ...], float] | None = None
        self._parts: dict[int, dict[int, tuple[float, ...]] | None] = {}
        self._budget = RestartBudget(MAX_RESTARTS, RESTART_WINDOW_S, clock)
        self._failures: list[Reply] = []  # failed requests, for the next poll()
        self._closed = False

    # -- life cycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Start the processes (they build their tables in the background). A process that
        cannot start fails the worker as the module docstring says; this never raises for it."""
        if self._closed:
            raise RuntimeError("this SolverWorker is closed")
        if not self._slots and not self._budget.spent():
            self._launch()

    def _launch(self) -> bool:
        """Start every process; False, with the worker stopped, if one cannot start."""
        try:
            for _ in range(self.processes):
                self._slots.append(self._spawn())
        except OSError as error:
            self._budget.died()
            self._fail(f"the solver's process could not start: {error}")
            return False
        return True

    def _spawn(self) -> _Slot:
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_serve,
            args=(theirs, self.size, self.tables_dir),
            name="solver",
            daemon=True,
        )
        try:
            process.start()
        except OSError:
            ours.close()
            raise
        finally:
            theirs.close()
        return process, ours

    def close(self, *, polite: bool = True) -> None:
        """Stop the processes: politely, then by force; at once, not politely, for a solver
        given up on (stuck or hung: waiting would hold the frame). Safe to call twice or
        unstarted."""
        self._closed = True
        slots, self._slots = self._slots, []
        if polite:
            for _, connection in slots:
                with contextlib.suppress(OSError, ValueError):  # gone already: stopped below
                    connection.send(None)
        for slot in slots:
            stop_process(*slot, _JOIN_TIMEOUT_S if polite else 0.0)
        self._pending = None
        self._parts = {}
        self._failures = []

    def __enter__(self) -> SolverWorker:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- failures -----------------------------------------------------------------------------

    def _replace(self, index: int) -> None:
        """Process `index` died: start another and send it the pending request, within the
        budget; past it, fail."""
        self._budget.died()
        if self._budget.spent():
            died = len(self._budget.deaths)
            self._fail(f"{died} solver processes died within {RESTART_WINDOW_S:g} seconds")
            return
        stop_process(*self._slots[index])
        try:
            self._slots[index] = self._spawn()
        except OSError as error:
            self._fail(f"the solver's process could not start again: {error}")
            return
        self._send(index)

    def _fail(self, reason: str) -> None:
        """Stop every process; the pending request gets a failure at the next poll()."""
        log.warning("the solver stopped: %s", reason)
        slots, self._slots = self._slots, []
        for slot in slots:
            stop_process(*slot)
        if self._pending is not None:
            self._failures.append(Reply(self._pending[0], failure=reason))
        self._pending = None
        self._parts = {}

    # -- requests -----------------------------------------------------------------------------

    def request(
        self, request_id: int, grid: Sequence[Sequence[int]], budget_s: float | None = None
    ) -> None:
        """Ask for the best move of `grid`; drops any request not yet answered. Non-blocking."""
        if len(grid) != self.size or any(len(row) != self.size for row in grid):
            raise ValueError(f"this worker solves {self.size}x{self.size} boards")
        if self._closed:
            raise RuntimeError("this SolverWorker is closed")
        frozen = tuple(tuple(int(v) for v in row) for row in grid)
        self._pending = (request_id, frozen, self.budget_s if budget_s is None else budget_s)
        self._parts = {}
        if not self._slots:
            if self._budget.spent():
                self._fail(f"too many solver processes died within {RESTART_WINDOW_S:g} seconds")
                return
            if not self._launch():
                return
        for index in range(len(self._slots)):
            self._send(index)

    def _send(self, index: int) -> None:
        if self._pending is None or index >= len(self._slots):
            return  # nothing to send, or the worker stopped meanwhile
        request_id, grid, budget_s = self._pending
        moves = tuple(m for m in range(4) if m % len(self._slots) == index)
        try:
            self._slots[index][1].send((request_id, grid, moves, budget_s))
        except (OSError, ValueError):
            self._replace(index)

    def poll(self) -> list[Reply]:
        """The replies that have arrived (see the module docstring). Never blocks or raises
        for the solver's sake."""
        replies: list[Reply] = []
        for index in range(len(self._slots)):
            if index >= len(self._slots):
                break  # the worker stopped meanwhile
            process, connection = self._slots[index]
            try:
                while connection.poll():
                    request_id, part, error = connection.recv()
                    if self._pending is None or request_id != self._pending[0]:
                        continue  # superseded
                    if error is not None:
                        log.warning("%s", error)
                        replies.append(Reply(request_id, failure=error))
                        self._pending = None
                        self._parts = {}
                    else:
                        self._parts[index] = part
            except (EOFError, OSError):
                self._replace(index)
                continue
            if not process.is_alive() and index not in self._parts:
                self._replace(index)
        replies += self._failures
        self._failures = []
        if self._pending is not None and self._slots and len(self._parts) == len(self._slots):
            replies.append(Reply(self._pending[0], _combine(list(self._parts.values()))))
            self._pending = None
            self._parts = {}
        return replies


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
