"""Threads that write in the background, so that the frame never waits for the disk.

`WriterThread` is what the storage's writer and the archive's (game/kept_games/archive/threads.py)
share: a thread of their own that sleeps until it has work or is stopped (it never wakes to look
whether the program still runs), and that finishes the work handed to it when the program ends
without `stop()`. It is a daemon with an exit handler that stops it: Python runs exit handlers
while daemon threads still run, but joins the other threads before them, which would wait for
ever for a thread that waits for its stop.

`FileWriter` is the storage's: for each file the newest bytes asked for, files in the order first
asked.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class WriterThread:
    """A background thread; subclasses write `_run`, which returns once `_stopping` is set and
    its work is done, waiting on `_changed` meanwhile."""

    def __init__(self, name: str) -> None:
        self._changed = threading.Condition()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        atexit.register(self._stop_at_exit)
        self._thread.start()

    def _run(self) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        """Finish the work handed over, then end the thread. Safe to call twice."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
        self._thread.join()
        atexit.unregister(self._stop_at_exit)

    def _stop_at_exit(self) -> None:
        self.stop()


class FileWriter(WriterThread):
    """For each file the newest bytes asked for, files in the order first asked."""

    def __init__(self, write: Callable[[str, bytes], object]) -> None:
        self._write = write
        self._pending: dict[str, bytes] = {}
        self._writing = False
        super().__init__("storage-writer")

    def submit(self, name: str, raw: bytes) -> None:
        with self._changed:
            self._pending[name] = raw
            self._changed.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything asked for is written (or could not be), at most `timeout`
        seconds. False if that time ran out first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            while (self._pending or self._writing) and self._thread.is_alive():
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._changed.wait(1.0 if left is None else min(left, 1.0))  # 1 s: a dead thread
            return not self._pending and not self._writing

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._pending:
                    if self._stopping:
                        return
                    self._changed.wait()
                name = next(iter(self._pending))
                raw = self._pending.pop(name)
                self._writing = True
            try:
                self._write(name, raw)
            except Exception:  # disk errors are handled in _write; a bug must not stop saving
                log.exception("writing %s failed", name)
            finally:
                with self._changed:
                    self._writing = False
                    self._changed.notify_all()
