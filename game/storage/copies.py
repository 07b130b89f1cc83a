"""What is found at one file's place: read, checked and classified, touching nothing.

`read_copy` is the one way storage reads a file (through files.read_file); what Storage then
does depends only on the Status: a good copy is used, a damaged one set aside, and one left in
place (LEFT_IN_PLACE) is never saved over for the rest of the run.
"""

from __future__ import annotations

import enum
import errno
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.platform.files import MAX_FILE_BYTES, DamagedFile, read_file
from game.storage.envelope import decode_document, is_newer, upgrade
from game.storage.notices import error_name

log = logging.getLogger(__name__)


class Status(enum.Enum):
    """What was found at one file's place."""

    GOOD = "good"
    MISSING = "missing"  # nothing there (or no data folder to look in: open() tells)
    DAMAGED = "damaged"  # not a whole, good file of its kind: set aside
    NEWER = "newer"  # written by a newer version: left as it is
    UNREADABLE = "unreadable"  # may not be read (EACCES, a disk error): left as it is
    FAILED = "failed"  # the game's own fault while reading it (logged): left as it is


LEFT_IN_PLACE = (Status.UNREADABLE, Status.FAILED)


@dataclass(frozen=True)
class Copy:
    """What was found at one path: its status, its bytes, the value read from them, and the
    error that kept it from being read."""

    path: Path
    status: Status
    raw: bytes = b""
    value: Any = None
    error: str = ""


def read_copy(path: Path, kind: str, parse: Callable[[Any], Any]) -> Copy:
    """The copy of a file of this kind at `path`; `parse` turns its data into the value."""
    try:
        raw = read_file(path, MAX_FILE_BYTES)
    except DamagedFile:  # not a regular file, or far too big to be the game's
        return Copy(path, Status.DAMAGED)
    except (FileNotFoundError, NotADirectoryError):
        return Copy(path, Status.MISSING)
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:  # the data folder's problem: open() told it
            return Copy(path, Status.MISSING)
        return Copy(path, Status.UNREADABLE, error=error_name(error))
    try:
        version, data = decode_document(raw, kind)
        if is_newer(kind, version):
            return Copy(path, Status.NEWER, raw)
        return Copy(path, Status.GOOD, raw, parse(upgrade(kind, version, data)))
    except ValueError:  # what damage raises: DamagedFile, the validators, bad text
        return Copy(path, Status.DAMAGED, raw)
    except Exception:  # a fault of the game's, not of the file: logged, the file kept
        log.exception("reading %s failed", path)
        return Copy(path, Status.FAILED, raw, error="fault")
