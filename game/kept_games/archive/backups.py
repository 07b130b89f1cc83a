"""The database's own backups: a copy made with SQLite's online backup API at each quit and
before any change of its layout, the last two kept, and the newest good one put in place of a
damaged database.

    keep_backup(connection, path)       # games.sqlite3 -> games.backup-1.sqlite3 (the older: -2)
    restored = restore_backup(path)     # the newest good backup at `path`, or None
    whole(source)                       # what a copy holds, if it is a whole one of ours

A backup is written under a temporary name, made durable, and only then renamed in, the older
one first moved down: a kill at any moment leaves at least one whole backup. A backup is good
when it is ours (its application_id, a version this game reads) and every page is whole
(`PRAGMA quick_check`). Backups hold everything the database does (every game, the game in
play of each size, the statistics, the goals, the practice): restoring one loses only what was
played after it was made.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from game.kept_games.archive.tables import SCHEMA_VERSION
from game.storage.schema import ARCHIVE_APPLICATION_ID

BACKUP_NAMES = ("games.backup-1.sqlite3", "games.backup-2.sqlite3")  # the newest first
NEW_SUFFIX = ".new"  # a backup on its way (a leftover is written over)
PRIVATE_FILE = 0o600
log = logging.getLogger("game.kept_games.archive.games_archive")


class Restored(NamedTuple):
    """What a backup put back: when it was made, and how many games it holds."""

    made: datetime
    games: int


def backup_paths(path: Path) -> list[Path]:
    """The backups of the database at `path`, the newest first."""
    return [path.with_name(name) for name in BACKUP_NAMES]


def keep_backup(connection: sqlite3.Connection, path: Path) -> None:
    """Copy what `connection` reads into the newest backup beside `path`; the one before it
    becomes the older. OSError or sqlite3.Error if it cannot be written (the backups stay as
    they were)."""
    newest, older = backup_paths(path)
    fresh = newest.with_name(newest.name + NEW_SUFFIX)
    copy_into(connection, fresh)
    if newest.is_file():
        os.replace(newest, older)
    os.replace(fresh, newest)
    _sync_folder(path.parent)


def copy_into(connection: sqlite3.Connection, target: Path) -> None:
    """A whole copy of what `connection` reads, written to `target` (replaced if there) and on
    disk when this returns; one file, with no journal beside it."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    os.close(os.open(target, flags, PRIVATE_FILE))
    with contextlib.closing(sqlite3.connect(target, isolation_level=None)) as copy:
        connection.backup(copy)
        copy.execute("PRAGMA journal_mode = DELETE")  # one file: no -wal to lose beside it
    with open(target, "rb+") as written:
        os.fsync(written.fileno())


def whole(source: sqlite3.Connection) -> int:
    """How many games the copy holds, if it is a whole database of ours this game can read;
    ValueError (or sqlite3.Error) if not."""
    application = source.execute("PRAGMA application_id").fetchone()[0]
    version = source.execute("PRAGMA user_version").fetchone()[0]
    if application != ARCHIVE_APPLICATION_ID or not 1 <= version <= SCHEMA_VERSION:
        raise ValueError("not a copy of 2048's kept games this version reads")
    problems = source.execute("PRAGMA quick_check").fetchall()
    if problems != [("ok",)]:
        raise ValueError(f"damaged: {problems[0][0]}")
    return source.execute("SELECT count(*) FROM games").fetchone()[0]


def open_copy(path: Path) -> sqlite3.Connection:
    """A read-only connection to a copy (a backup, or a file the player gives), which SQLite
    neither changes nor adds a journal beside."""
    return sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True, isolation_level=None)


def restore_backup(path: Path) -> Restored | None:
    """Put the newest good backup at `path` (where no database is: it was set aside); what it
    put back, or None if no backup is good."""
    for backup in backup_paths(path):
        if not backup.is_file() or backup.is_symlink():
            continue
        try:
            with contextlib.closing(open_copy(backup)) as source:
                games = whole(source)
                copy_into(source, path)
            made = datetime.fromtimestamp(backup.stat().st_mtime, UTC)
        except (sqlite3.Error, ValueError, OSError) as error:
            log.warning("the backup %s cannot be used: %s", backup, error)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)  # a copy cut short is no database
            continue
        return Restored(made, games)
    return None


def _sync_folder(folder: Path) -> None:
    """The renames themselves on disk (where the system lets a folder be synced)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
