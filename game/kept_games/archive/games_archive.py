"""`Archive`: the kept games in one SQLite file, written on one writer thread, read after the
writes, keeping the archive's promises as game/kept_games/archive/__init__.py tells.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from game.core.engine import Direction, Game
from game.core.record import GameRecord, GameSummary
from game.core.stats import Stats
from game.kept_games.archive import rows
from game.kept_games.archive.backups import keep_backup
from game.kept_games.archive.changes import (
    AddAnswer,
    AddGame,
    AddSteps,
    Change,
    KeepInPlay,
    SavePlayedOn,
    SaveScores,
    write_changes,
)
from game.kept_games.archive.database_file import damage_mark, identity, open_database, remade
from game.kept_games.archive.failures import failure, is_busy, is_corrupt, notice, refused
from game.kept_games.archive.rows import Kept
from game.kept_games.archive.threads import IntegrityCheck, JobWriter, Waited
from game.solver.rollout import PlayedOn
from game.storage.notices import Notice
from game.storage.schema import ARCHIVE_FILE

BUSY_WAIT_SECONDS = 0.005  # a commit waits this long for another program (writer thread)
RETRY_SECONDS = 0.25  # then it is tried again this often, the moves queued meanwhile
MAX_PENDING_BATCHES = 20_000  # queued while held: 5 hours at a move a second, some 14 MB
WRITE_WAIT_SECONDS = 1.0  # the frame waits this long at most for a stalled disk
# Unwritten batches (a move each) the frame leaves behind it before it waits for the disk: what
# a kill can lose while the disk stalls (at a player's pace, only the move in flight).
MAX_UNCOMMITTED_BATCHES = 4
READ_WAIT_SECONDS = 0.25  # a read waits this long at most for the writes before it to be done
CLOSE_WAIT_SECONDS = 3.0  # quitting waits this long at most for the database to be let go
CHECK_WAIT_SECONDS = 2.0  # and for the integrity check, before the quit's backup
log = logging.getLogger("game.kept_games.archive.games_archive")
T = TypeVar("T")


class ArchiveError(Exception):
    """The archive could not answer (it is off, or a disk error); the message says why."""


class ArchiveBusy(ArchiveError):
    """Another program holds the kept games (or moves wait to be written): ask again later."""


class Archive:
    """The kept games in one SQLite file. Build it with `Archive.open`; it never raises there."""

    def __init__(
        self,
        connection: sqlite3.Connection | None,
        *,
        path: Path | None = None,
        background: bool = True,
        read_only: bool = False,
        durable: bool = True,
        notices: Sequence[Notice] = (),
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        none_kept: bool = False,
    ) -> None:
        self.now = now
        self.none_kept = none_kept  # no file, read-only: an empty list, not an unreadable one
        self.read_only = read_only or connection is None
        self.recording = not self.read_only  # False once a write failed for good: off for the run
        # Another program holds the database, or the disk refuses a write (`_refusing`):
        # batches wait in `_pending`, tried again every RETRY_SECONDS (or at the next write).
        self.held = False
        self._refusing = False
        self._connection = connection
        self._path = path
        self._durable = durable
        self._identity = identity(path) if path is not None and not self.read_only else None
        self._notices: list[Notice] = list(notices)
        self._told: set[str] = set()  # the notices said at most once a run
        self._lock = threading.Lock()  # the notices and the queue, from the writer thread too
        self._pending: list[tuple[Change, ...]] = []  # batches asked for, not yet written
        self._drain_queued = False
        self._next_id = 1
        if connection is not None:
            self._next_id = 1 + rows.largest_id(connection)
            if not self.read_only:
                connection.execute(f"PRAGMA busy_timeout = {round(BUSY_WAIT_SECONDS * 1000)}")
        self._writer = JobWriter(RETRY_SECONDS) if background and connection is not None else None
        self._check: IntegrityCheck | None = None

    def _start_check(self, path: Path) -> None:
        """Check every page in the background; damage found stops recording for the run."""
        self._check = IntegrityCheck(path, lambda problem: self._damaged(path, problem))

    def _damaged(self, path: Path, problem: str) -> None:
        log.warning("%s: %s", path, problem)
        self.recording = False
        with contextlib.suppress(OSError):
            damage_mark(path).touch()  # set aside at the next start
        self._tell("archive_damaged")

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
        """The archive of this data folder; a damaged file is set aside and its newest good
        backup put in its place, or a new one started.
        `read_only` (another copy of the game holds the folder): read, never write.
        `durable=False` skips the fsyncs (tests and benchmarks that need no power-cut safety)."""
        path = Path(data_dir) / ARCHIVE_FILE
        opened = open_database(path, read_only=read_only, durable=durable, now=now)
        archive = cls(
            opened.connection,
            path=path,
            background=background,
            read_only=read_only,
            durable=durable,
            notices=opened.notices,
            now=now,
            none_kept=opened.none_kept,
        )
        if opened.connection is not None and not read_only:
            archive._start_check(path)
        return archive

    # -- notices and life cycle -----------------------------------------------------------------

    def pop_notices(self) -> list[Notice]:
        """The messages for the player since the last call, oldest first."""
        with self._lock:
            notices, self._notices = self._notices, []
        return notices

    def _tell(self, key: str, *, once: bool = False, **fields: str) -> None:
        with self._lock:
            if once and key in self._told:
                return
            self._told.add(key)
            self._notices.append(notice(key, **fields))

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every write asked for so far is on disk (or failed), at most `timeout`
        seconds; False if it is not. With no timeout, False at once while another program
        holds the database (it may never let go)."""
        if self._writer is None:
            if self._pending:
                self._drain()
            return not self._pending
        deadline = time.monotonic() + (float("inf") if timeout is None else timeout)
        while not self._writer.idle(min(0.05, max(deadline - time.monotonic(), 0.0))):
            if (self.held and timeout is None) or time.monotonic() >= deadline:
                return False
            if self.held:
                time.sleep(0.01)  # the writer tries again by itself
        return not self._pending

    def close(self) -> None:
        """Write what is pending (waiting CLOSE_WAIT_SECONDS at most for another program to
        let go of the database) and close the file. Safe to call twice."""
        # A backup only of pages found whole: the check is waited for a little (it takes 1.5 s
        # for a million kept moves; a quit's backup is skipped, not the quit, if it is longer).
        checked = self._check is None or self._check.wait(CHECK_WAIT_SECONDS)
        if self._check is not None:
            self._check.stop()
            self._check = None
        if self._writer is not None:
            self._writer.stop(CLOSE_WAIT_SECONDS)
            self._writer = None
        elif self._pending:
            self._drain()
        if self._pending:
            count = sum(len(batch) for batch in self._pending)
            log.warning("quitting while the kept games are held: %d changes not written", count)
        if self._connection is not None and self.recording and not self._pending:
            with contextlib.suppress(sqlite3.Error, OSError):
                self._keep_file()  # the folder deleted since the last move: made again
        if self._connection is not None:
            with contextlib.suppress(sqlite3.Error):
                if not self.read_only:
                    self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            if checked and self.recording and not self._pending and self._path is not None:
                self._back_up(self._path)
            self._connection.close()
            self._connection = None
        self.recording = False

    def _back_up(self, path: Path) -> None:
        """The quit's backup (backups.py); one that fails leaves the ones before it."""
        assert self._connection is not None
        started = time.monotonic()
        try:
            keep_backup(self._connection, path)
        except (sqlite3.Error, OSError) as error:
            log.warning("no backup of %s made at this quit: %s", path, error)
            return
        log.info("backup of %s made in %.3f s", path, time.monotonic() - started)

    # -- writing --------------------------------------------------------------------------------

    def next_id(self) -> int:
        """A number for a new game. Only this copy writes, so it counts on from the largest."""
        game_id = self._next_id
        self._next_id += 1
        return game_id

    def write(self, changes: Sequence[Change], *, wait: bool = False) -> None:
        """Apply `changes` in one transaction, on the writer thread, after the batches before
        them; `wait`: until they are written (WRITE_WAIT_SECONDS at most). Never raises: a
        failure switches recording off for the run and tells the player once; another program
        holding the database queues them until it lets go."""
        if not self.recording or not changes:
            return
        stalled = len(self._pending) >= MAX_UNCOMMITTED_BATCHES
        if self._writer is not None and not self.held and stalled:
            self._writer.idle(WRITE_WAIT_SECONDS)  # a kill may lose no more than a save makes up
        with self._lock:
            if len(self._pending) >= MAX_PENDING_BATCHES:
                self.recording = False  # the queue is full: what is in it is still written
                self._notices.append(notice("archive_held_too_long"))
                return
            self._pending.append(tuple(changes))
            queued, self._drain_queued = self._drain_queued, True
        if self._writer is None:
            self._drain()
            return
        if not queued:
            self._writer.submit(self._drain)
        if wait and not self.held:
            self._writer.idle(WRITE_WAIT_SECONDS)

    def _drain(self) -> bool:
        """Write every batch pending in one transaction; False if another program holds the
        database (they stay pending, to be tried again)."""
        with self._lock:
            self._drain_queued = False
            batches = list(self._pending)
        if not batches or self._connection is None:
            return True
        try:
            if self._keep_file():
                write_changes(self._connection, [c for batch in batches for c in batch])
        except (sqlite3.Error, OSError) as error:
            if is_busy(error):
                with self._lock:
                    self._drain_queued = True  # this job is tried again: no other needed
                    self.held = True
                self._tell("archive_busy", once=True)
                return False
            told = refused(error, self._path)
            if told is not None and not is_corrupt(error):
                with self._lock:
                    self._drain_queued = True  # as when held: the batches wait, tried again
                    self.held = True
                    first, self._refusing = not self._refusing, True
                    if first:
                        self._notices.append(told)
                if first:
                    log.warning("a write of the kept games failed, tried again: %s", error)
                return False
            log.warning("the archive stopped recording: %s", error)
            self.recording = False
            with self._lock:
                self._pending.clear()
            if is_corrupt(error) and self._path is not None:
                self._damaged(self._path, str(error))
            else:
                with self._lock:
                    self._notices.append(failure(error, self._path))
            return True
        with self._lock:
            del self._pending[: len(batches)]
            was_held, self.held = self.held, False
            was_refused, self._refusing = self._refusing, False
        if was_refused:
            self._tell("save_works")
        elif was_held:
            self._tell("archive_free", once=True)
        return True

    def _keep_file(self) -> bool:
        """Whether the path still leads to the file the connection writes. A file deleted
        under it (its folder removed) is made again from what the connection still reads;
        another file put in its place is not written to: recording stops."""
        if self._path is None or self._identity is None or self._connection is None:
            return True
        try:
            now = identity(self._path)
        except FileNotFoundError:
            self._remake(self._path)
            self._tell("archive_remade", once=True)
            return True
        if now == self._identity:
            return True
        log.warning("%s was replaced while the game ran: no more games kept", self._path)
        self.recording = False
        with self._lock:
            self._pending.clear()
        self._tell("archive_replaced", once=True)
        return False

    def _remake(self, path: Path) -> None:
        assert self._connection is not None
        log.warning("%s was deleted while the game ran: made again", path)
        connection, self._connection = self._connection, None
        self._connection = remade(connection, path, durable=self._durable)
        self._connection.execute(f"PRAGMA busy_timeout = {round(BUSY_WAIT_SECONDS * 1000)}")
        self._identity = identity(path)

    def add_record(self, record: GameRecord, *, imported: bool = True) -> int:
        """Keep a whole game at once (an import); its new number. Waits for the disk (at most
        READ_WAIT_SECONDS for the writes before it); ArchiveError if it cannot be written
        (nothing of it is kept then), ArchiveBusy if another program holds the database."""
        if not self.recording:
            raise ArchiveError("the archive is not recording")
        game_id = self.next_id()
        summary = replace(record.summary, game_id=game_id, imported=imported)
        changes = (AddGame(summary, record.start), AddSteps(game_id, 0, record.steps))

        def keep(connection: sqlite3.Connection) -> None:
            if not self._keep_file():
                raise sqlite3.OperationalError("the kept games' file was replaced")
            write_changes(self._connection or connection, changes)  # (a file made again)

        self.read(keep)
        return game_id

    # -- reading --------------------------------------------------------------------------------

    def read(self, query: Callable[[sqlite3.Connection], T]) -> T:
        """`query` on the connection, after every write asked for before it: at once without a
        writer thread, else on it, waiting READ_WAIT_SECONDS at most for those writes."""
        if self._connection is None:
            raise ArchiveError("no archive of kept games is open")
        if self.held:
            raise ArchiveBusy("another program holds the kept games; moves wait to be written")
        try:
            if self._writer is None:
                return query(self._connection)
            return self._writer.call(lambda: query(self._open()), READ_WAIT_SECONDS)
        except Waited as waited:
            raise ArchiveBusy(f"the kept games are busy: {waited}") from None
        except sqlite3.Error as error:
            if is_busy(error):
                raise ArchiveBusy("another program holds the kept games") from None
            raise ArchiveError(f"the kept games could not be read: {error}") from error

    def _open(self) -> sqlite3.Connection:
        """The connection, on the writer thread (gone if the file could not be made again)."""
        if self._connection is None:
            raise sqlite3.OperationalError("no archive of kept games is open")
        return self._connection

    def list_games(
        self, limit: int = 50, offset: int = 0, *, size: int | None = None
    ) -> list[GameSummary]:
        """Kept games, newest first (a row that cannot be read is left out)."""
        if self.none_kept:
            return []
        return rows.summaries_of(
            self.read(partial(rows.summary_rows, limit=limit, offset=offset, size=size))
        )

    def count_games(self, *, size: int | None = None) -> int:
        if self.none_kept:
            return 0
        return self.read(partial(rows.game_count, size=size))

    def load(self, game_id: int) -> GameRecord:
        """The whole record of a kept game. KeyError if there is none; ArchiveError if it
        cannot be read. (Whether it replays is `game.core.record.replay`'s to say.)"""
        row, steps = self.read(partial(rows.game_rows, game_id=game_id))
        if row is None:
            raise KeyError(game_id)
        try:
            return rows.record_of(row[:-1], row[-1], steps)
        except ValueError as error:
            raise ArchiveError(f"kept game {game_id} is damaged: {error}") from None

    def load_kept(self) -> Kept:
        """What play goes on from, read once at the start: each size's game in play, their
        records and the statistics. A row that cannot be read is left out (the player is told;
        what is played instead is kept over it). A read that fails stops the keeping for the
        run, so that nothing is written over what could not be read."""
        kept = Kept({}, {}, Stats())
        if self.none_kept or self._connection is None:
            return kept
        try:
            in_play, stats, newest = self.read(rows.kept_rows)
        except ArchiveError as error:
            log.warning("what was kept cannot be read: %s", error)
            self.recording = False
            cause = error.__cause__
            busy = isinstance(error, ArchiveBusy) or cause is None
            with self._lock:
                self._notices.append(
                    notice("archive_busy_at_start") if busy else failure(cause, self._path)
                )
            return kept
        kept, unread = rows.kept_of(in_play, stats, newest)
        for fields in unread:  # a row that cannot be read: what is played instead is kept
            self._tell("damaged", **fields)
        return kept

    def find_uid(self, uid: str) -> int | None:
        return self.read(partial(rows.uid_id, uid=uid))

    def keep_in_play(self, game: Game, session: Mapping[str, Any]) -> None:
        """Keep a game as its size's game in play (left on its board for another size)."""
        self.write([KeepInPlay(game.to_dict(), dict(session))])

    # -- the review's scores and games played on, kept so that a second look is instant ---------

    def save_scores(
        self, game_id: int, depth: int, scores: Mapping[int, Sequence[float | None]]
    ) -> None:
        """Keep the solver's scores per position (None or -inf: that move changes nothing)."""
        if scores:
            self.write([SaveScores(game_id, depth, dict(scores))])

    def load_scores(self, game_id: int, depth: int) -> dict[int, tuple[float | None, ...]]:
        """The kept scores of a game's positions at this depth (those that can be read)."""
        return rows.scores_of(self.read(partial(rows.score_rows, game_id=game_id, depth=depth)))

    def save_played_on(
        self, game_id: int, outcomes: Mapping[tuple[int, Direction], PlayedOn]
    ) -> None:
        """Keep the games played on after moves of a reviewed game, by (position, move)."""
        if outcomes:
            self.write([SavePlayedOn(game_id, dict(outcomes))])

    def load_played_on(self, game_id: int) -> dict[tuple[int, Direction], PlayedOn]:
        """The kept games played on after moves of a game (those that can be read)."""
        return rows.played_on_of(self.read(partial(rows.played_on_rows, game_id=game_id)))

    # -- the practice of a game's mistakes -------------------------------------------------------

    def keep_answer(self, game_id: int, position: int, answer: Direction, right: bool) -> None:
        """Keep a move tried again on a position of a reviewed game."""
        self.write([AddAnswer(game_id, position, answer, right, self.now())])

    def last_answers(self, game_id: int) -> dict[int, bool]:
        """Whether the last move tried on each position of the game was right."""
        return rows.last_answers(self.read(partial(rows.answer_rows, game_id=game_id)))
