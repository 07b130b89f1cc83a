"""Every game kept (R22): a local SQLite database in the data folder, one small write per move.

    archive = Archive.open(data_dir, read_only=storage.read_only)   # never raises
    recorder = ArchiveRecorder(archive)  # game/archive_recorder.py: the session's events in
    archive.list_games(limit=50)        # GameSummary rows, newest first
    record = archive.load(game_id)      # GameRecord; game.replay.replay(record) replays it
    for notice in archive.pop_notices(): show(notice_text(notice, lang))
    archive.close()

The promises: a SIGKILL at any moment loses at most the last move; a damaged database never
crashes the game; a disk error never stops it.

- Durability: each batch of events (one move, usually) is one transaction, committed with
  `synchronous=FULL` in WAL mode, so a commit is on disk even across a power cut. The commits
  run on one writer thread, because written on the frame a commit stalls it: measured on a two-core
  machine (bench/archive.py), FULL costs 3.5 ms a move at the median and 16 ms at p99 (63 ms
  at worst), and even NORMAL, with no fsync at commit, 1.5 ms at p99 and 21 ms at worst (a
  write() waiting on a busy disk, the WAL's checkpoint fsyncs). `write` first waits for the
  previous transaction if it still runs, so at most one batch is ever in flight: a kill loses
  at most the last move. The frame pays the recorder's work and a hand-over: 0.12 ms at the
  median, 0.4 ms at p99.
- Damage: a file that is not a regular file (a planted link, a FIFO), not a database, not
  ours (its application_id), or does not have exactly our tables, is renamed to
  `games.sqlite3.corrupt-<time>` (its -wal and -shm beside it), never deleted, and a new
  database is started; the player is told once. Whether every page is whole, `PRAGMA
  quick_check` tells in the background (it takes 1.5 s for a million kept moves, too long for
  the start to wait): damage found stops the recording for the run, with one notice, and the
  file is set aside at the next start. A database of a newer version
  (`PRAGMA user_version` above ours) is left untouched and nothing is written to it.
- Versions: `UPGRADES[n]` turns version n into n + 1, in one transaction with the new
  `user_version` (version 0 is a new, empty database).
- Disk errors: a write that fails switches recording off for the run; one notice says so.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from game.archive_db import (
    SUMMARY_COLUMNS,
    AddSteps,
    Change,
    Damaged,
    Newer,
    NewGame,
    SaveScores,
    apply,
    connect,
    damage_mark,
    in_transaction,
    record_of,
    set_aside,
    summary_of,
)
from game.archive_threads import IntegrityCheck, Writer
from game.replay import GameRecord, GameSummary
from game.storage import Notice, NoticeKey

ARCHIVE_FILE = "games.sqlite3"
log = logging.getLogger("game.archive")
T = TypeVar("T")


class ArchiveError(Exception):
    """The archive could not answer (it is off, or a disk error); the message says why."""


# -- the archive -------------------------------------------------------------------------------


class Archive:
    """The kept games in one SQLite file. Build it with `Archive.open`; it never raises there."""

    def __init__(
        self,
        connection: sqlite3.Connection | None,
        *,
        background: bool = True,
        read_only: bool = False,
        notices: Sequence[Notice] = (),
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        none_kept: bool = False,
    ) -> None:
        self.now = now
        self.none_kept = none_kept  # no file, read-only: an empty list, not an unreadable one
        self.read_only = read_only or connection is None
        self.recording = not self.read_only  # False once a write failed: off for the run
        self._connection = connection
        self._notices: list[Notice] = list(notices)
        self._lock = threading.Lock()  # the notices, from the writer thread too
        self._next_id = 1
        if connection is not None:
            self._next_id = 1 + _largest_id(connection)
        self._writer = Writer(connection) if background and connection is not None else None
        self._check: IntegrityCheck | None = None

    def _start_check(self, path: Path) -> None:
        """Check every page in the background; damage found stops recording for the run."""

        def damaged(problem: str) -> None:
            log.warning("%s: %s", path, problem)
            self.recording = False
            with contextlib.suppress(OSError):
                damage_mark(path).touch()  # set aside at the next start
            with self._lock:
                self._notices.append(_notice("archive_damaged"))

        self._check = IntegrityCheck(path, damaged)

    def wait_for_check(self, timeout: float | None = None) -> bool:
        """Whether the background integrity check is over (tests, benchmarks)."""
        return self._check is None or self._check.wait(timeout)

    @classmethod
    def open(
        cls,
        data_dir: str | os.PathLike[str],
        *,
        background: bool = True,
        read_only: bool = False,
        durable: bool = True,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> Archive:
        """The archive of this data folder; a damaged file is set aside and a new one started.
        `read_only` (another copy of the game holds the folder): read, never write.
        `durable=False` skips the fsyncs (tests and benchmarks that need no power-cut safety)."""
        path = Path(data_dir) / ARCHIVE_FILE
        notices: list[Notice] = []
        none_kept = False
        try:
            connection = connect(path, read_only)
        except Newer:
            notices.append(_notice("archive_newer"))
            connection = None
        except Damaged as damage:
            log.warning("%s: %s", path, damage)
            if read_only:
                connection = None
            else:
                kept = set_aside(path, now())
                connection = None
                if kept is None:
                    notices.append(_notice("archive_failed"))
                else:
                    notices.append(_notice("archive_set_aside", kept=kept.name))
                    try:
                        connection = connect(path, read_only)
                    except (Damaged, Newer, sqlite3.Error, OSError) as error:
                        log.warning("%s: %s", path, error)
                        notices.append(_notice("archive_failed"))
        except (sqlite3.Error, OSError) as error:
            connection = None
            none_kept = read_only and isinstance(error, FileNotFoundError)
            if not none_kept:
                log.warning("%s: %s", path, error)
            if not read_only:
                notices.append(_notice("archive_failed"))
        if connection is not None and not durable:
            connection.execute("PRAGMA synchronous = OFF")
        if connection is not None:
            try:
                _largest_id(connection)
            except sqlite3.Error as error:  # damage deeper than the checks at opening saw
                log.warning("%s: %s", path, error)
                connection.close()
                connection = None
                notices.append(_notice("archive_failed"))
        archive = cls(
            connection,
            background=background,
            read_only=read_only,
            notices=notices,
            now=now,
            none_kept=none_kept,
        )
        if connection is not None and not read_only:
            archive._start_check(path)
        return archive

    # -- notices and life cycle -----------------------------------------------------------------

    def pop_notices(self) -> list[Notice]:
        """The messages for the player since the last call, oldest first."""
        with self._lock:
            notices, self._notices = self._notices, []
        return notices

    def flush(self) -> None:
        """Wait until every write asked for so far is on disk (or failed)."""
        if self._writer is not None:
            self._writer.call(lambda connection: None)

    def close(self) -> None:
        """Write what is pending and close the file. Safe to call twice."""
        if self._check is not None:
            self._check.stop()
            self._check = None
        if self._writer is not None:
            self._writer.stop()
            self._writer = None
        if self._connection is not None:
            with contextlib.suppress(sqlite3.Error):
                if not self.read_only:
                    self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._connection.close()
            self._connection = None
        self.recording = False

    # -- writing --------------------------------------------------------------------------------

    def next_id(self) -> int:
        """A number for a new game. Only this copy writes, so it counts on from the largest."""
        game_id = self._next_id
        self._next_id += 1
        return game_id

    def write(self, changes: Sequence[Change]) -> None:
        """Apply `changes` in one transaction, on the writer thread (waiting first for the
        transaction before, if it still runs). Never raises: a failure switches recording off
        for the run and tells the player once."""
        if not self.recording or not changes:
            return
        changes = tuple(changes)
        if self._writer is None:
            self._commit(changes)
        else:
            self._writer.submit(lambda: self._commit(changes))

    def _commit(self, changes: tuple[Change, ...]) -> None:
        if not self.recording or self._connection is None:
            return
        try:
            _transaction(self._connection, changes)
        except (sqlite3.Error, OSError) as error:
            log.warning("the archive stopped recording: %s", error)
            self.recording = False
            with self._lock:
                self._notices.append(_notice("archive_failed"))

    def add_record(self, record: GameRecord, *, imported: bool = True) -> int:
        """Keep a whole game at once (an import); its new number. Waits for the disk;
        ArchiveError if it cannot be written (nothing of it is kept then)."""
        if not self.recording:
            raise ArchiveError("the archive is not recording")
        game_id = self.next_id()
        summary = replace(record.summary, game_id=game_id, imported=imported)
        changes = (NewGame(summary, record.start), AddSteps(game_id, 0, record.steps))
        self._call(lambda connection: _transaction(connection, changes))
        return game_id

    # -- reading --------------------------------------------------------------------------------

    def _call(self, query: Callable[[sqlite3.Connection], T]) -> T:
        if self._connection is None:
            raise ArchiveError("no archive of kept games is open")
        try:
            if self._writer is None:
                return query(self._connection)
            return self._writer.call(query)
        except sqlite3.Error as error:
            raise ArchiveError(f"the kept games could not be read: {error}") from error

    def list_games(
        self, limit: int = 50, offset: int = 0, *, size: int | None = None
    ) -> list[GameSummary]:
        """Kept games, newest first (a row that cannot be read is left out)."""
        if self.none_kept:
            return []
        where, args = ("WHERE size = ?", (size,)) if size is not None else ("", ())

        def query(connection: sqlite3.Connection) -> list[tuple]:
            return connection.execute(
                f"SELECT {SUMMARY_COLUMNS} FROM games {where} ORDER BY id DESC LIMIT ? OFFSET ?",
                (*args, max(0, limit), max(0, offset)),
            ).fetchall()

        summaries = []
        for row in self._call(query):
            try:
                summaries.append(summary_of(row))
            except ValueError as error:
                log.warning("kept game %r left out: %s", row[0], error)
        return summaries

    def count_games(self, *, size: int | None = None) -> int:
        if self.none_kept:
            return 0
        where, args = ("WHERE size = ?", (size,)) if size is not None else ("", ())
        return self._call(
            lambda c: c.execute(f"SELECT count(*) FROM games {where}", args).fetchone()[0]
        )

    def load(self, game_id: int) -> GameRecord:
        """The whole record of a kept game. KeyError if there is none; ArchiveError if it
        cannot be read. (Whether it replays is `game.replay.replay`'s to say.)"""

        def query(connection: sqlite3.Connection) -> tuple[tuple | None, list[tuple]]:
            row = connection.execute(
                f"SELECT {SUMMARY_COLUMNS}, start FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            steps = connection.execute(
                "SELECT number, action, seconds FROM steps WHERE game_id = ? ORDER BY number",
                (game_id,),
            ).fetchall()
            return row, steps

        row, steps = self._call(query)
        if row is None:
            raise KeyError(game_id)
        try:
            return record_of(row[:-1], row[-1], steps)
        except ValueError as error:
            raise ArchiveError(f"kept game {game_id} is damaged: {error}") from None

    def in_play(self, size: int) -> list[int]:
        """The games of this size still in play, newest first (one, unless a crash split one)."""
        return [
            row[0]
            for row in self._call(
                lambda c: c.execute(
                    "SELECT id FROM games WHERE size = ? AND outcome = 'in_play' AND imported = 0 "
                    "ORDER BY id DESC",
                    (size,),
                ).fetchall()
            )
        ]

    def find_uid(self, uid: str) -> int | None:
        row = self._call(
            lambda c: c.execute("SELECT id FROM games WHERE uid = ?", (uid,)).fetchone()
        )
        return None if row is None else row[0]

    # -- the review's scores, kept so that a second look is instant ------------------------------

    def save_scores(
        self, game_id: int, depth: int, scores: Mapping[int, Sequence[float | None]]
    ) -> None:
        """Keep the solver's scores per position (None or -inf: that move changes nothing)."""
        if scores:
            self.write([SaveScores(game_id, depth, dict(scores))])

    def load_scores(self, game_id: int, depth: int) -> dict[int, tuple[float | None, ...]]:
        """The kept scores of a game's positions at this depth (those that can be read)."""
        rows = self._call(
            lambda c: c.execute(
                "SELECT position, scores FROM analyses WHERE game_id = ? AND depth = ?",
                (game_id, depth),
            ).fetchall()
        )
        kept: dict[int, tuple[float | None, ...]] = {}
        for position, text in rows:
            try:
                values = json.loads(text)
            except ValueError:
                continue
            if type(values) is list and len(values) == 4 and all(_is_score(v) for v in values):
                kept[position] = tuple(values)
        return kept


def _is_score(value: Any) -> bool:
    return value is None or type(value) in (int, float)


def _transaction(connection: sqlite3.Connection, changes: Sequence[Change]) -> None:
    with in_transaction(connection):
        for change in changes:
            apply(connection, change)


def _largest_id(connection: sqlite3.Connection) -> int:
    return connection.execute("SELECT max(id) FROM games").fetchone()[0] or 0


def _notice(key: str, **fields: str) -> Notice:
    return Notice(NoticeKey(key), fields)
