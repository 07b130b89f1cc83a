"""The archive's two threads: the writer, and the integrity check. No pygame, no game rules."""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

log = logging.getLogger("game.archive")
T = TypeVar("T")


class Writer:
    """One thread running the archive's jobs in order. `submit` first waits for the job before
    it to finish, so at most one write is ever waiting or running."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection
        self._job: Callable[[], None] | None = None
        self._stopping = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="archive-writer")
        self._thread.start()

    def submit(self, job: Callable[[], None]) -> None:
        with self._changed:
            while self._job is not None and self._thread.is_alive():
                self._changed.wait(0.1)
            self._job = job
            self._changed.notify_all()

    def call(self, query: Callable[[sqlite3.Connection], T]) -> T:
        """Run `query` on the writer's connection after what is pending; its result or error."""
        answer: list[Any] = []

        def run() -> None:
            try:
                answer.append((True, query(self._connection)))
            except BaseException as error:  # raised again in the caller's thread, below
                answer.append((False, error))

        self.submit(run)
        with self._changed:
            while not answer and self._thread.is_alive():
                self._changed.wait(0.1)
        if not answer:
            raise sqlite3.OperationalError("the archive's writer stopped")
        ok, value = answer[0]
        if not ok:
            raise value
        return value

    def stop(self) -> None:
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
        self._thread.join()

    def _run(self) -> None:
        main = threading.main_thread()
        while True:
            with self._changed:
                while self._job is None:
                    if self._stopping or not main.is_alive():
                        return
                    self._changed.wait(0.1)
                job = self._job
            try:
                job()
            except Exception:  # a bug, not a disk error (those are handled in the job)
                log.exception("an archive job failed")
            finally:
                with self._changed:
                    self._job = None
                    self._changed.notify_all()


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
