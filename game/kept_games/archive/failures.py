"""What the archive tells the player, and what its errors mean.

`notice` makes one of the archive's notices (their words are in game/text/); `failure` says
why the kept games cannot be kept, as the player can act on it. `is_busy` tells an error that
passes (another program holds the database: the moves wait), `refused` one of a disk that
refuses a write for now (full, read-only, not allowed: the moves wait, tried again), from one
that stops the recording for the run; `is_corrupt` tells one that is the file's damage.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from pathlib import Path

from game.storage.notices import Notice, NoticeKey


def notice(key: str, **fields: str) -> Notice:
    return Notice(NoticeKey(key), fields)


def _primary(error: BaseException) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def is_busy(error: BaseException) -> bool:
    """Another program holds the database: expected, and over when it lets go."""
    return _primary(error) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def is_corrupt(error: BaseException) -> bool:
    return _primary(error) in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


# A write the disk refuses for now, by SQLite's code, as the errno name the player's sentence is
# chosen by. A read-only file is not among them: it stays so (another user's, a read-only
# mount), and is said once as such (`failure`).
_REFUSED = {sqlite3.SQLITE_FULL: "ENOSPC", sqlite3.SQLITE_IOERR: "EIO"}


def refused(error: BaseException, path: Path | None = None) -> Notice | None:
    """The notice for a write the disk refused for now (the next one tries again), or None
    for an error that is not one."""
    if isinstance(error, OSError):
        name = errno.errorcode.get(error.errno or 0, "") if error.errno in _PASSING else ""
    else:
        name = _REFUSED.get(_primary(error) or 0, "")
    if name == "EIO" and _disk_full(path):
        name = "ENOSPC"  # SQLite says an I/O error of its shared memory, where the disk is full
    return notice("save_failed", error=name) if name else None


_PASSING = (errno.ENOSPC, errno.EDQUOT, errno.EIO)


def _disk_full(path: Path | None) -> bool:
    """Whether the disk of `path` has no room left (SQLite names some of it as I/O errors)."""
    if path is None:
        return False
    try:
        return shutil.disk_usage(path.parent).free < FULL_BELOW_BYTES
    except OSError:
        return False


FULL_BELOW_BYTES = 64 * 1024  # less than this free: a write of a move's pages cannot fit


def failure(error: BaseException, path: Path | None) -> Notice:
    """Why the kept games cannot be kept, as the player can act on it: another program holds
    them (at the start), the disk is full, the file is read-only, the game may not use it, or
    which disk error it was."""
    code = _primary(error)
    number = error.errno if isinstance(error, OSError) else None
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return notice("archive_busy_at_start")
    if (
        code == sqlite3.SQLITE_FULL
        or number in (errno.ENOSPC, errno.EDQUOT)
        or (code == sqlite3.SQLITE_IOERR and _disk_full(path))
    ):
        return notice("archive_full")
    if code == sqlite3.SQLITE_READONLY or number == errno.EROFS:
        return notice("archive_read_only")
    refused = code in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH)
    if number in (errno.EACCES, errno.EPERM) or (refused and not _may_use(path)):
        return notice("archive_not_allowed")
    name = getattr(error, "sqlite_errorname", None) or errno.errorcode.get(number or 0)
    return notice("archive_failed", error=name or type(error).__name__)


def _may_use(path: Path | None) -> bool:
    """Whether the game may read and write the file (if it is there) and its folder."""
    if path is None:
        return True
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        return False
    return not os.path.isdir(path.parent) or os.access(path.parent, os.W_OK | os.X_OK)
