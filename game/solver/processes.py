"""The solver's processes, looked after alike: the hint's worker (worker.py) and the review's
analysis (analysis.py) each run the search in processes of their own, which a player's system
may kill or stop at any time.

- `RestartBudget`: how many processes may die, within a rolling window, and be started again;
  past it the part fails, and says so, instead of starting processes for ever.
- `stop_process`: end a process (dead already, stopped or hung) and close its pipe, at once or
  after a grace: the game's frame waits behind it.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

REAP_S = 0.2  # a killed process is gone well within this


class RestartBudget:
    """At most `limit` deaths within the last `window_s` seconds (for ever, by default)."""

    def __init__(
        self, limit: int, window_s: float = math.inf, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window_s = window_s
        self._clock = clock
        self.deaths: deque[float] = deque()  # when processes died, within the window

    def died(self) -> None:
        self.deaths.append(self._clock())

    def spent(self) -> bool:
        """Whether more than `limit` processes died within the window."""
        since = self._clock() - self.window_s
        while self.deaths and self.deaths[0] <= since:
            self.deaths.popleft()
        return len(self.deaths) > self.limit


def stop_process(process: BaseProcess, connection: Connection, grace_s: float = 0.0) -> None:
    """End `process` and close its pipe. It gets `grace_s` to end by itself (asked to stop
    before), else it is killed at once: a solver keeps nothing worth a goodbye (its table file
    is written atomically), and SIGTERM would wait on a process that is stopped or hung. A
    killed process dies at once, stopped or not: reaping it takes milliseconds."""
    if grace_s:
        process.join(grace_s)
    if process.is_alive():
        process.kill()
        process.join(REAP_S)
    connection.close()
