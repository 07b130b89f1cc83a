"""The archive's SQLite file, opened only when it is safe, set aside when it is damaged.

- `open_database(path)`, at the start, never raises: it gives the connection (or none) and what
  to tell the player. A file that is not a regular file (a planted link, a FIFO), not a
  database, not ours (its application_id), or does not have exactly our tables, is renamed to
  `games.sqlite3.corrupt-<time>` (its -wal and -shm beside it), never deleted, and its newest
  good backup is put in its place (game/kept_games/archive/backups.py), or a new database
  started; the player is told once. A -wal or -shm that is not a regular file (a
  folder, a link) is not the database's damage: it alone is renamed to NAME.aside-<time>, and
  the games stay as they are. A database of a newer version (`PRAGMA user_version` above ours)
  is left untouched and nothing is written to it.
- `connect(path)` opens only a regular file (never a planted link, never a FIFO that would
  hang), checks that it is ours and upgrades it (game/kept_games/archive/tables.py). It raises
  `Damaged` for a file to set aside (`set_aside`): one that is not ours or not whole, an empty
  file beside a -wal; `OddSideFile` for a -wal or
  -shm that is not a regular file (`put_aside`); and `Newer`. Whether every page is whole,
  `PRAGMA quick_check` tells, on a thread of its own (game/kept_games/archive/threads.py); a file it
  finds damaged is set aside at the next start (`damage_mark`).
- A file deleted while the game runs (its folder removed) is made again, folder and all, from
  what the open connection still reads (`Connection.backup`): filled under a temporary name
  (`filled_copy`), then renamed into place (`put_in_place`). One a kill left half made is
  removed at the next start. `identity` tells whether a path still leads to the same file.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import stat
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from game.kept_games.archive.backups import Restored, backup_paths, keep_backup, restore_backup
from game.kept_games.archive.failures import failure, notice
from game.kept_games.archive.rows import largest_id
from game.kept_games.archive.tables import Damaged, Newer, check_and_upgrade
from game.platform.files import make_private_folder
from game.storage.notices import Notice
from game.storage.schema import ARCHIVE_SIDE_FILES

REMADE_SUFFIX = ".remade"  # the new file, while it is filled from the one deleted
OPEN_WAIT_SECONDS = 1.0  # opening waits this long for another program that holds the file
PRIVATE_FILE = 0o600
log = logging.getLogger("game.kept_games.archive.games_archive")


class OddSideFile(Exception):
    """The database's -wal or -shm is not a regular file: not the database's damage (it is
    whole without them), but SQLite must not open it so."""

    def __init__(self, paths: list[Path]) -> None:
        super().__init__(", ".join(p.name for p in paths) + " not a regular file")
        self.paths = paths


class Opened(NamedTuple):
    connection: sqlite3.Connection | None  # None: no archive this run (the notices say why)
    notices: list[Notice]
    none_kept: bool  # no file, read-only: an empty list, not an unreadable one


def open_database(
    path: Path,
    *,
    read_only: bool,
    durable: bool,
    now: Callable[[], datetime],
) -> Opened:
    """The connection to the archive at `path`, a damaged file set aside and a new one started;
    never raises. See `Archive.open` for the flags."""
    notices: list[Notice] = []
    none_kept = False
    if not read_only:
        _leave_no_remade_file(path)
        notices += _odd_side_files_aside(path, now())
        if is_empty(path) and not _backed_up(path):  # all kept is gone: a new one begins
            notices.append(notice("archive_emptied"))
    try:
        connection = connect(path, read_only)
    except Newer:
        notices.append(notice("archive_newer"))
        connection = None
    except OddSideFile as odd:  # read-only, or it could not be set aside (told above)
        log.warning("%s: %s", path, odd)
        connection = None
    except Damaged as damage:
        log.warning("%s: %s", path, damage)
        connection = None
        if not read_only:
            try:
                kept = set_aside(path, now())
                restored = restore_backup(path)
                notices.append(_set_aside_notice(kept, restored))
                connection = connect(path, read_only)
            except (Damaged, Newer, OddSideFile, sqlite3.Error, OSError) as error:
                log.warning("%s: %s", path, error)
                notices.append(failure(error, path))
    except (sqlite3.Error, OSError) as error:
        connection = None
        none_kept = read_only and isinstance(error, FileNotFoundError)
        if not none_kept:
            log.warning("%s: %s", path, error)
        if not read_only:
            notices.append(failure(error, path))
    if connection is not None and not durable:
        connection.execute("PRAGMA synchronous = OFF")
    if connection is not None:
        try:
            largest_id(connection)
        except sqlite3.Error as error:  # damage deeper than the checks at opening saw
            log.warning("%s: %s", path, error)
            connection.close()
            connection = None
            notices.append(failure(error, path))
    return Opened(connection, notices, none_kept)


def _set_aside_notice(kept: Path, restored: Restored | None) -> Notice:
    """What the player is told of a database set aside: what its backup put back, if any."""
    if restored is None:
        return notice("archive_set_aside", kept=kept.name)
    made = restored.made.astimezone().strftime("%Y-%m-%d %H:%M")
    return notice("archive_restored", kept=kept.name, made=made, games=str(restored.games))


def _odd_side_files_aside(path: Path, moment: datetime) -> list[Notice]:
    """A -wal or -shm that is not a regular file is renamed aside alone: the database is
    whole without it (it is not the database's damage), and SQLite must not open it."""
    notices = []
    for side in odd_side_files(path):
        log.warning("%s is not a regular file: set aside", side)
        try:
            kept = put_aside(side, moment)
        except OSError as error:
            log.warning("could not set %s aside: %s", side, error)
            notices.append(failure(error, path))
            break
        notices.append(notice("archive_side_file_aside", kept=kept.name))
    return notices


def _leave_no_remade_file(path: Path) -> None:
    """Remove a new file a kill left half made while the database was being made again."""
    fresh = path.with_name(path.name + REMADE_SUFFIX)
    with contextlib.suppress(FileNotFoundError):
        if stat.S_ISREG(os.lstat(fresh).st_mode):
            os.unlink(fresh)


def identity(path: Path) -> tuple[int, int]:
    """Which file `path` leads to (FileNotFoundError if none)."""
    info = os.stat(path)
    return info.st_dev, info.st_ino


def remade(connection: sqlite3.Connection, path: Path, *, durable: bool) -> sqlite3.Connection:
    """A new file at `path` holding everything the open `connection` reads (the deleted file
    and its log), and a connection to it; `connection` is closed."""
    fresh = filled_copy(connection, path)
    # Closed before the new file takes the name: closing removes its -wal and -shm by name.
    connection.close()
    return put_in_place(fresh, path, durable=durable)


def filled_copy(connection: sqlite3.Connection, path: Path) -> Path:
    """A new file beside `path` (its folder made again if need be) holding everything the
    connection reads: the deleted file and its log."""
    make_private_folder(path.parent)
    fresh = path.with_name(path.name + REMADE_SUFFIX)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(fresh)
    create_private(fresh)
    copy = sqlite3.connect(fresh, isolation_level=None)
    try:
        connection.backup(copy)
    finally:
        copy.close()
    return fresh


def put_in_place(fresh: Path, path: Path, *, durable: bool) -> sqlite3.Connection:
    """The filled copy renamed to `path`, and a connection to it (once the old one is closed)."""
    os.replace(fresh, path)
    connection = connect(path, read_only=False)
    if not durable:
        connection.execute("PRAGMA synchronous = OFF")
    return connection


def connect(path: Path, read_only: bool, wait: float = OPEN_WAIT_SECONDS) -> sqlite3.Connection:
    """A checked connection to the archive at `path`, upgraded to this version; it waits at
    most `wait` seconds for another program that holds the file.

    Damaged if the file is not ours or not whole (a damaged -wal is SQLite's to recover: it
    keeps the transactions before the damage); OddSideFile if its -wal or -shm is not a
    regular file; Newer if a newer version wrote it. Other sqlite3.Error / OSError: the folder
    or the disk would not let us, or another program holds it (nothing to set aside).
    """
    if os.path.lexists(damage_mark(path)):
        raise Damaged("the last integrity check found it damaged")
    with contextlib.suppress(FileNotFoundError):
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise Damaged(f"{path.name} is not a regular file")
    odd = odd_side_files(path)
    if odd:
        raise OddSideFile(odd)
    if read_only:
        if not path.exists():
            raise FileNotFoundError(path)
        # A copy that may not write adds no file either: read-only, SQLite would leave a -wal
        # and a -shm behind. With no -wal there, no copy has the file open: read it as it is.
        fixed = "" if os.path.lexists(f"{path}{ARCHIVE_SIDE_FILES[0]}") else "&immutable=1"
        connection = sqlite3.connect(
            f"{path.as_uri()}?mode=ro{fixed}",
            uri=True,
            isolation_level=None,
            check_same_thread=False,
            timeout=wait,
        )
    else:
        if _empty_beside_its_log(path):
            raise Damaged("the database file is empty beside its log")
        if is_empty(path) and _backed_up(path):
            raise Damaged("the database file is empty, and its backup is not")
        make_private_folder(path.parent)
        create_private(path)
        connection = sqlite3.connect(
            path, isolation_level=None, check_same_thread=False, timeout=wait
        )
    try:
        check_and_upgrade(connection, read_only, before=lambda: keep_backup(connection, path))
    except sqlite3.DatabaseError as error:
        connection.close()
        if getattr(error, "sqlite_errorcode", None) in (
            sqlite3.SQLITE_CORRUPT,
            sqlite3.SQLITE_NOTADB,
        ):
            raise Damaged(str(error)) from None
        raise
    except BaseException:
        connection.close()
        raise
    return connection


def odd_side_files(path: Path) -> list[Path]:
    """The -wal and -shm beside `path` that are there but are not regular files (a folder, a
    link, a FIFO): SQLite would fail on them or follow them."""
    odd = []
    for side in ARCHIVE_SIDE_FILES:
        name = path.with_name(path.name + side)
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.lstat(name).st_mode):
                odd.append(name)
    return odd


def _empty_beside_its_log(path: Path) -> bool:
    """A database file of 0 bytes with a -wal beside it: SQLite writes the file's first page
    before it ever makes a -wal, so something emptied it, and the log alone is not the games."""
    try:
        return os.lstat(path).st_size == 0 and os.path.lexists(f"{path}-wal")
    except FileNotFoundError:
        return False


def _backed_up(path: Path) -> bool:
    """Whether a backup of the database is beside it (an empty database is then put back)."""
    return any(backup.is_file() for backup in backup_paths(path))


def is_empty(path: Path) -> bool:
    """Whether the database file is there with nothing in it and no -wal beside it: a new
    list begins in it (with a -wal beside it, it is damaged: `connect`)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return False
    empty = stat.S_ISREG(info.st_mode) and info.st_size == 0
    return empty and not os.path.lexists(f"{path}-wal")


def create_private(path: Path) -> None:
    """A new database file is the player's alone (0600), as the game's other files are; SQLite
    gives its journal files the database's own mode. Never through a planted link."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    with contextlib.suppress(FileExistsError):  # there already: checked above, opened as it is
        os.close(os.open(path, flags, PRIVATE_FILE))


def set_aside(path: Path, moment: datetime) -> Path:
    """Rename the database and its side files to NAME.corrupt-<time>; OSError if it fails."""
    stamp = moment.astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    number = 1
    while any(os.path.lexists(f"{target}{side}") for side in ("", *ARCHIVE_SIDE_FILES)):
        number += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
    for side in ("", *ARCHIVE_SIDE_FILES):
        if os.path.lexists(f"{path}{side}"):
            os.replace(f"{path}{side}", f"{target}{side}")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(damage_mark(path))
    return target


def put_aside(path: Path, moment: datetime) -> Path:
    """Rename one file (a -wal or -shm that is not a regular file) to NAME.aside-<time>, as
    it is (a link stays a link, never followed); OSError if it fails."""
    stamp = moment.astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.aside-{stamp}")
    number = 1
    while os.path.lexists(target):
        number += 1
        target = path.with_name(f"{path.name}.aside-{stamp}-{number}")
    os.replace(path, target)
    return target


def damage_mark(path: Path) -> Path:
    """The file that says the integrity check found `path` damaged: set it aside next time."""
    return path.with_name(path.name + ".damaged")
