"""One thread writing files in the background, so that the frame never waits for the disk."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class Writer:
    """For each file the newest bytes asked for, files in the order first asked. The thread
    outlives the main thread only to finish its work."""

    def __init__(self, write: Callable[[str, bytes], object]) -> None:
        self._write = write
        self._pending: dict[str, bytes] = {}
        self._writing = False
        self._stopping = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="storage-writer")
        self._thread.start()

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
                left = 0.1 if deadline is None else min(0.1, deadline - time.monotonic())
                if left <= 0:
                    return False
                self._changed.wait(left)
            return not self._pending and not self._writing

    def stop(self) -> None:
        """Write what is pending, then end the thread."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
        self._thread.join()

    def _run(self) -> None:
        main = threading.main_thread()
        while True:
            with self._changed:
                while not self._pending:
                    if self._stopping or not main.is_alive():
                        return
                    self._changed.wait(0.1)
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
