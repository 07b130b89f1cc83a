"""The review's solver (R23) in its own process: a task over items, its results as they come.

    analysis = Analysis(positions, size=4)     # {position index: grid}, depth review_depth(4)
    analysis.start()                           # spawns the process; returns at once
    progress = analysis.poll()                 # never blocks; call it every frame
    progress.state, progress.done, progress.total
    analysis.scores                            # {position index: (up, down, left, right)} so far
    analysis.cancel()                          # stops the process; the results so far stay
    analysis.close()                           # the same, for the end of the screen

    games = Analysis(moves, size=4, task=Task.ROLLOUTS)   # {key: (grid, direction)}
    games.results                              # {key: game/solver/rollout.PlayedOn} so far

Two tasks share this supervision (process, priority, restart, cancel, poll): `Task.SCORES`,
the four moves' scores of each position, and `Task.ROLLOUTS`, the games played on after a
move (game/solver/rollout.play_on, by its plan for the board), for the moves the scores flagged.
The items are done in the order given.

Each position is searched to one fixed depth (`Solver(size).search(grid, depth=d)`, on the layout
the board needs), so the scores, and the grades made from them, depend only on the game. A score
is None for a move that changes nothing. Positions that repeat (after an undo) are searched
once.

One process, so that on two cores one core stays for the game; and it runs below the game's
priority (`NICENESS`; Windows' below-normal class), so the game's frames come first, yet it
never starves: a review started while the game's autoplay or another program keeps every core
busy still gets its share and finishes (bench/review.py --busy). Linux's SCHED_IDLE, used
before, ran it only on a core nobody else wanted: 504 s instead of 28 s with other CPU-bound
work on the machine. `polite=False` runs it as a normal process. It is started with "spawn"
(as the hint's worker, game/solver/worker.py) and imports only the engine and the solver,
never pygame.

If the process dies, it is started once more for the items still to do; if that one dies
too, the state is FAILED with the results so far, and `failure` says what happened.

The depth, `review_depth`: as deep as the search in use reviews a 1,000-move game within
about half a minute on a quiet two-core machine (bench/review.py --depths gives each depth's
cost a position). The compiled tree (game/solver/_kernel.c) costs, a position on 4x4, 0.3 ms at
depth 4, 10 ms at depth 6 (so about 10 s for 1,000 moves) and 28 ms at depth 7; 5x5 and 6x6,
on its generic layout, 3 and 9 ms at depth 3 and 54 and 170 ms at depth 4. The Python tree,
where nothing is compiled, is about forty times slower a node: 30 ms at depth 4 on 4x4, and the
old depths stay for it. A game's kept scores are kept by depth, so a deeper review is made
afresh, never mixed with a shallower one.
"""

from __future__ import annotations

import contextlib
import enum
import multiprocessing
import os
import sys
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from game.core.engine import Direction, Grid
from game.solver.processes import RestartBudget, stop_process
from game.solver.rollout import PlayedOn, play_on
from game.solver.tree import kernel_available

# By board size: with the compiled tree, and with the Python tree where nothing is compiled.
REVIEW_DEPTHS: Mapping[int, int] = {3: 6, 4: 6, 5: 3, 6: 3, 7: 2, 8: 2}
REVIEW_DEPTHS_PYTHON: Mapping[int, int] = {3: 4, 4: 4, 5: 3, 6: 2, 7: 2, 8: 2}
# A mistake the review's check grades near its bound is graded by a third look this deep, on the
# sizes where the compiled tree makes it cheap (depth 10 on 4x4: about half a second a
# position, on a few moves a game); elsewhere the check's grade stands (docs/solver.md).
THIRD_LOOK_DEPTHS: Mapping[int, int] = {3: 10, 4: 10}
MAX_RESTARTS = 1
# Below the game, not below everything: at nice 5 a process gets about a quarter of a core that
# a normal one also wants (Linux's weights 335 against 1024), never nothing.
NICENESS = 5
_BELOW_NORMAL_PRIORITY_CLASS = 0x4000  # Windows' SetPriorityClass

Scores = tuple[float | None, float | None, float | None, float | None]


def review_depth(size: int) -> int:
    """The search depth the review uses on this board size, with the search in use here."""
    return (REVIEW_DEPTHS if kernel_available() else REVIEW_DEPTHS_PYTHON)[size]


def third_look_depth(size: int) -> int | None:
    """The depth of the review's third look on this board size, or None: none here."""
    return THIRD_LOOK_DEPTHS.get(size) if kernel_available() else None


def _yield_to_the_game() -> None:
    """Run below the game's priority, not below everyone's: the game's frames come first, and
    the review still gets its share of a busy machine. A system that refuses leaves it at
    normal priority, which costs only smoothness."""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), _BELOW_NORMAL_PRIORITY_CLASS)
        return
    with contextlib.suppress(OSError):
        os.nice(NICENESS)


class Task(enum.StrEnum):
    SCORES = "scores"  # an item is a grid: the four moves' scores from it
    ROLLOUTS = "rollouts"  # an item is (grid, direction): the games played on after that move


def _grid_of(task: Task, item: Any) -> Grid:
    return item if task is Task.SCORES else item[0]


def _scorer(solver: Any, depth: int) -> Callable[[Grid], Scores]:
    """Each position's scores; a position that repeats (after an undo) is searched once."""
    seen: dict[Grid, Scores] = {}

    def scores_of(grid: Grid) -> Scores:
        key = tuple(map(tuple, grid))
        if key not in seen:
            result = solver.search(grid, depth=depth)
            raw = result.scores if result is not None else (float("-inf"),) * 4
            seen[key] = tuple(None if s == float("-inf") else s for s in raw)  # type: ignore
        return seen[key]

    return scores_of


def _games_after(solver: Any) -> Callable[[tuple[Grid, Direction]], PlayedOn]:
    return lambda item: play_on(solver, item[0], Direction(item[1]))


def _work(
    connection: Connection,
    task: Task,
    size: int,
    depth: int,
    items: list[tuple[Hashable, Any]],
    tables_dir: str | None,
    polite: bool,
) -> None:
    """The process: do the task for each item and send (key, result); (None, None) at the end."""
    from game.solver.search import Solver

    if polite:
        _yield_to_the_game()
    solver = Solver(size, tables_dir=tables_dir)  # each board on the layout it needs (R2)
    do = _scorer(solver, depth) if task is Task.SCORES else _games_after(solver)
    for key, item in items:
        try:
            connection.send((key, do(item)))
        except (EOFError, OSError):
            return  # the caller is gone
        except ValueError as error:  # a grid the solver cannot hold
            with contextlib.suppress(EOFError, OSError):
                connection.send((None, str(error)))
            return
    with contextlib.suppress(EOFError, OSError):
        connection.send((None, None))


class AnalysisState(enum.Enum):
    WAITING = "waiting"  # not started
    RUNNING = "running"
    DONE = "done"
    CANCELLED = "cancelled"
    FAILED = "failed"  # see `failure`; the results so far stay

    @property
    def going(self) -> bool:
        """Not over: waiting to start, or running."""
        return self in (AnalysisState.WAITING, AnalysisState.RUNNING)


@dataclass(frozen=True)
class Progress:
    state: AnalysisState
    done: int
    total: int
    failure: str | None = None  # why it failed, for the log (the screen says it in words)

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 1.0


class Analysis:
    def __init__(
        self,
        items: Mapping[Hashable, Any],
        *,
        size: int,
        depth: int | None = None,
        task: Task = Task.SCORES,
        tables_dir: str | os.PathLike[str] | None = None,
        polite: bool = True,
    ) -> None:
        """`items` by key: grids to score, or (grid, direction) moves to play on after. The
        depth to score at: the review's (`review_depth`) unless given; the games played on go
        by their own plan (game/solver/rollout.plan_for)."""
        for item in items.values():
            grid = _grid_of(task, item)
            if len(grid) != size or any(len(row) != size for row in grid):
                raise ValueError(f"this analysis reads {size}x{size} boards")
        self.size = size
        self.task = task
        self.depth = review_depth(size) if depth is None else depth
        self.items = dict(items)
        self.results: dict[Hashable, Any] = {}
        self.tables_dir = None if tables_dir is None else os.fspath(tables_dir)
        self.polite = polite
        self.state = AnalysisState.WAITING
        self.failure: str | None = None
        self._context = multiprocessing.get_context("spawn")
        self._process: multiprocessing.process.BaseProcess | None = None
        self._connection: Connection | None = None
        self._budget = RestartBudget(MAX_RESTARTS)

    @property
    def scores(self) -> dict[Hashable, Any]:
        """The results of the scores task: {position index: (up, down, left, right)}."""
        return self.results

    @property
    def progress(self) -> Progress:
        return Progress(self.state, len(self.results), len(self.items), self.failure)

    def start(self) -> None:
        """Start the process for the items not done yet; returns at once."""
        if self.state is not AnalysisState.WAITING:
            raise RuntimeError(f"this analysis is {self.state.value}")
        self.state = AnalysisState.RUNNING
        self._spawn()

    def _spawn(self) -> None:
        todo = [(key, item) for key, item in self.items.items() if key not in self.results]
        if not todo:
            self.state = AnalysisState.DONE
            return
        try:
            ours, theirs = self._context.Pipe(duplex=True)
            process = self._context.Process(
                target=_work,
                args=(theirs, self.task, self.size, self.depth, todo, self.tables_dir, self.polite),
                name=f"review-{self.task.value}",
                daemon=True,
            )
            process.start()
        except OSError as error:  # no process to be had (a system out of them, or of memory)
            self.state = AnalysisState.FAILED
            self.failure = f"the analysis process could not start: {error}"
            return
        theirs.close()
        self._process, self._connection = process, ours

    def poll(self) -> Progress:
        """Take in the results that arrived; never blocks."""
        if self.state is not AnalysisState.RUNNING or self._connection is None:
            return self.progress
        # Alive first: if it was dead by then, everything it sent is in the pipe already.
        alive = self._process is not None and self._process.is_alive()
        try:
            while self._connection.poll():
                key, result = self._connection.recv()
                if key is None:  # the end: None when all went well, else why not
                    self.failure = result
                    self._finish(AnalysisState.DONE if result is None else AnalysisState.FAILED)
                    return self.progress
                if key in self.items:
                    self.results[key] = result
        except (EOFError, OSError):
            alive = False  # the process is gone
        if not alive:
            self._died()
        return self.progress

    def _died(self) -> None:
        code = self._process.exitcode if self._process is not None else None
        self._stop_process()
        self._budget.died()
        if not self._budget.spent():
            self._spawn()
            return
        self.state = AnalysisState.FAILED
        self.failure = f"the analysis process stopped (exit code {code})"

    def cancel(self) -> None:
        """Stop the work; the results so far stay. Nothing happens once it is over."""
        if self.state.going:
            self._finish(AnalysisState.CANCELLED)

    def close(self) -> None:
        self.cancel()

    def _finish(self, state: AnalysisState) -> None:
        self.state = state
        self._stop_process()

    def _stop_process(self) -> None:
        """End the process at once (it keeps nothing worth a goodbye) and close the pipe."""
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if process is not None and connection is not None:
            stop_process(process, connection)

    def __enter__(self) -> Analysis:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
