"""The archive's two threads: the writer, and the integrity check. No pygame, no game rules."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game.storage.writer import WriterThread

log = logging.getLogger("game.kept_games.archive.games_archive")
T = TypeVar("T")


class Waited(Exception):
    """A query could not start in the time its caller may wait (jobs before it still run)."""


class JobWriter(WriterThread):
    """One thread running the archive's jobs in order, each on the archive's one connection.
    A job returns whether it is done; one that is not (another program holds the database) is
    tried again every `retry_seconds`, and the jobs behind it wait, in order."""

    def __init__(self, retry_seconds: float) -> None:
        self._retry_seconds = retry_seconds
        self._jobs: deque[Callable[[], bool]] = deque()
        self._running: Callable[[], bool] | None = None
        self._retrying = False  # the first job was not done: it is tried again soon
        self._give_up_at = float("inf")  # once stopping: the last moment to try a job again
        super().__init__("archive-writer")

    def submit(self, job: Callable[[], bool]) -> None:
        """Run `job` after the jobs before it; never waits."""
        with self._changed:
            self._jobs.append(job)
            self._changed.notify_all()

    def idle(self, timeout: float) -> bool:
        """Wait, at most `timeout` seconds, until every job submitted is done; False at once
        while a job waits to be tried again (that wait has no end one can tell)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while (self._jobs or self._running) and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0 or self._retrying:
                    return False
                self._changed.wait(min(left, 0.1))
            return True

    def call(self, query: Callable[[], T], timeout: float) -> T:
        """Run `query` after the jobs before it; its result or error. `Waited` if it could not
        start within `timeout` seconds (it is then never run); once started, it runs to its end."""
        answer: list[tuple[bool, Any]] = []

        def run() -> bool:
            try:
                answer.append((True, query()))
            except BaseException as error:  # raised again in the caller's thread, below
                answer.append((False, error))
            return True

        deadline = time.monotonic() + timeout
        with self._changed:
            self._jobs.append(run)
            self._changed.notify_all()
            while run in self._jobs and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    self._jobs.remove(run)
                    raise Waited(f"the archive's jobs before it took more than {timeout} s")
                self._changed.wait(min(left, 0.1))
            while not answer and self._running is run and self._thread.is_alive():
                self._changed.wait(0.1)
        if not answer:
            raise sqlite3.OperationalError("the archive's writer stopped")
        ok, value = answer[0]
        if not ok:
            raise value
        return value

    def stop(self, patience: float = 0.0) -> bool:
        """Run the jobs submitted, then end the thread; a job not done is tried again for at
        most `patience` seconds (none at the program's exit without a close). Whether every
        job was done."""
        with self._changed:
            self._give_up_at = min(self._give_up_at, time.monotonic() + patience)
        super().stop()
        return not self._jobs

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._jobs:
                    if self._stopping:
                        return
                    self._changed.wait()
                job = self._running = self._jobs.popleft()
            try:
                done = job()
            except Exception:  # a bug, not a disk error (those are handled in the job)
                log.exception("an archive job failed")
                done = True
            with self._changed:
                self._running = None
                self._retrying = not done
                if not done:
                    self._jobs.appendleft(job)  # first again: the order of writes is kept
                self._changed.notify_all()
                if not done:
                    if self._stopping and time.monotonic() >= self._give_up_at:
                        return  # quitting, and the database is still held: given up
                    self._changed.wait(self._retry_seconds)


class IntegrityCheck:
    """`PRAGMA quick_check` of the archive, on a connection and a thread of their own: a big
    archive takes a second or more (1.5 s for a million kept moves), which the game's start
    must not wait for; in WAL mode it reads while the writer writes. `on_damage` is called, on
    that thread, with what it found, if the file is damaged."""

    def __init__(self, path: Path, on_damage: Callable[[str], None]) -> None:
        self._path = path
        self._on_damage = on_damage
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="archive-check", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        with self._lock:
            if self._stopped:
                return
            try:
                self._connection = sqlite3.connect(
                    f"{self._path.as_uri()}?mode=ro", uri=True, check_same_thread=False
                )
            except sqlite3.Error:
                return  # no verdict
        problem = None
        try:
            rows = self._connection.execute("PRAGMA quick_check").fetchall()
            if rows != [("ok",)]:
                problem = f"quick_check: {rows[:3]}"
        except sqlite3.DatabaseError as error:
            # Damage that stops the check itself; an interruption (close) is no verdict.
            if getattr(error, "sqlite_errorcode", None) in (
                sqlite3.SQLITE_CORRUPT,
                sqlite3.SQLITE_NOTADB,
            ):
                problem = str(error)
        finally:
            with self._lock:
                self._connection.close()
                self._connection = None
        if problem is not None:
            self._on_damage(problem)

    def wait(self, timeout: float | None = None) -> bool:
        """Whether the check is over (waiting up to `timeout` seconds for it)."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def stop(self) -> None:
        """Interrupt the check (a quit must not wait for it) and wait for its thread."""
        with self._lock:
            self._stopped = True
            if self._connection is not None:
                self._connection.interrupt()
        self._thread.join()
