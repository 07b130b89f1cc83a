"""The boards of a review given to the solver's process a batch at a time, each process
started on a thread of its own (R23).

A process is handed its boards when it starts: pickled as its arguments, which holds the
interpreter's lock (3 ms a thousand 6x6 boards, 0.3 s for the longest game a shared file may
hold), then written to the new process, which reads them only once it is up (0.1 s and more
for 5,000 boards): the thread that starts it waits meanwhile, and no frame may. So a long
game's boards go to one process after another, `SCORE_BATCH` at a time (a game of fewer
moves, as most are, to one process as before), and each is started on a thread of its own.
`Batches` is a scorer like the ones it makes:

    scorer = Batches(analyse, todo, positions.grid, size, depth)
    scorer.start(); scorer.poll(); scorer.results; scorer.cancel()

`analyse` makes a scorer of {position: grid}; `todo`, the positions to score, whose boards
are read a batch at a time, when its process starts (a long game's all at once would be
700,000 tuples for the interpreter's collector to walk, another stall).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from game.core.engine import Grid
from game.solver.analysis import AnalysisState, Progress

SCORE_BATCH = 5_000  # boards a process: 15 ms of pickling on 6x6, minutes of scoring


class Scorer(Protocol):
    """What the review needs of the solver's process (game/solver/analysis.Analysis)."""

    results: Mapping

    def start(self) -> None: ...

    def poll(self) -> Progress: ...

    def cancel(self) -> None: ...


# (the grids to score by position, the board size, the depth) -> a scorer, not started
Analyse = Callable[[Mapping[int, Grid], int, int], Scorer]


class Batches:
    def __init__(
        self,
        analyse: Analyse,
        todo: Sequence[int],
        grid: Callable[[int], Grid],
        size: int,
        depth: int,
        batch: int | None = None,
    ) -> None:
        """`grid`: the board at a position; `batch`: boards a process (SCORE_BATCH)."""
        self._analyse = analyse
        self._todo = todo
        self._grid = grid
        self._size, self._depth = size, depth
        self._batch = SCORE_BATCH if batch is None else batch
        self._given = 0  # boards handed to a process so far
        self._current: Scorer | BaseException | None = None  # None while one starts
        self._cancelled = False
        self._lock = threading.Lock()  # a process started is taken in, or cancelled, once
        self.results: dict[int, Any] = {}

    def start(self) -> None:
        self._next()

    def _next(self) -> None:
        batch = self._todo[self._given : self._given + self._batch]
        self._given += len(batch)
        self._current = None
        threading.Thread(
            target=self._start, args=(batch,), name="review-solver", daemon=True
        ).start()

    def _start(self, batch: Sequence[int]) -> None:
        try:
            grids = {index: self._grid(index) for index in batch}
            scorer: Scorer | BaseException = self._analyse(grids, self._size, self._depth)
            scorer.start()  # type: ignore[union-attr]
        except BaseException as error:  # raised again on the game's thread, in `poll`
            scorer = error
        with self._lock:
            self._current = scorer
            cancelled = self._cancelled
        if cancelled and not isinstance(scorer, BaseException):
            scorer.cancel()  # cancelled while it started

    def poll(self) -> Progress:
        """The current process's news; when it is done, the next batch to a new one."""
        with self._lock:
            current = self._current
        if current is None:  # a process starting
            return Progress(AnalysisState.RUNNING, len(self.results), len(self._todo))
        if isinstance(current, BaseException):
            raise current
        progress = current.poll()
        self.results.update(current.results)
        state = progress.state
        if state is AnalysisState.DONE and self._given < len(self._todo):
            self._next()
            state = AnalysisState.RUNNING
        return Progress(state, len(self.results), len(self._todo), progress.failure)

    def cancel(self) -> None:
        with self._lock:
            self._cancelled = True
            current = self._current
        if current is not None and not isinstance(current, BaseException):
            current.cancel()
            self.results.update(current.results)
