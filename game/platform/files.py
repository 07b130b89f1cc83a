"""One file at a time, safely: the game writes only its own files, and reads only regular files
of a sane size, in a way that never hangs.

- `atomic_write` replaces a file so that a crash at any moment leaves the old file or the new
  one. Its temporary file is created anew (O_EXCL, and O_NOFOLLOW where the system has it), so
  a link planted in the folder is never followed, and named `.NAME.<16 hex>.tmp`, a pattern
  that is the game's own: `remove_leftovers` clears only those, only regular files, never
  through a link.
- `read_file` opens without blocking (a FIFO), checks that what it opened is a regular file no
  bigger than asked (a link to /dev/zero, a sparse 3 GB file), and only then reads.
- `make_private_folder` makes a folder only its owner may enter (0700).

Every reader and writer of the game's files uses these: saves, settings, statistics, crash
logs and the solver's table cache.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path

from filelock import FileLock

TEMP_SUFFIX = ".tmp"
MAX_FILE_BYTES = 1 << 20  # a real file is a few dozen kilobytes; anything huge is not ours
PRIVATE = 0o700

_TEMP_NAME = re.compile(r"\..+\.[0-9a-f]{16}" + re.escape(TEMP_SUFFIX))
_FLAG = {name: getattr(os, name, 0) for name in ("O_BINARY", "O_NOFOLLOW", "O_NONBLOCK")}
_NO_INHERIT = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOINHERIT", 0)
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _FLAG["O_NOFOLLOW"] | _FLAG["O_BINARY"]
_READ = os.O_RDONLY | _FLAG["O_NONBLOCK"] | getattr(os, "O_NOCTTY", 0) | _FLAG["O_BINARY"]


class DamagedFile(ValueError):
    """The bytes are not a whole, good file of the expected kind (or not a file at all)."""


# -- writing ------------------------------------------------------------------------------------


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the file at `path` by `data` so that a crash at any moment leaves either the old
    file or the new one: a new temporary file in the same folder, flushed and fsynced, renamed
    over the old one with os.replace (which replaces a link, never what it points at), then the
    folder fsynced where the system allows. On any error the temporary file is removed and the
    error raised; the old file is untouched."""
    _replace_with(Path(path), lambda fd, temp: _write_all(fd, data, temp))


def _replace_with(path: Path, fill: Callable[[int, Path], None]) -> None:
    """How atomic_write puts a file in place: `fill` writes a new
    temporary file beside `path`, which is fsynced, renamed over `path`, and its folder
    fsynced; on any error the temporary file is removed and the error raised."""
    temp, fd = _new_temporary(path)
    try:
        try:
            fill(fd, temp)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_folder(path.parent)


def _write_all(fd: int, data: bytes, temp: Path) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(temp))
        view = view[written:]


def _new_temporary(path: Path) -> tuple[Path, int]:
    """A temporary file beside `path` that did not exist before (never a planted link)."""
    for _ in range(16):
        temp = path.with_name(f".{path.name}.{secrets.token_hex(8)}{TEMP_SUFFIX}")
        try:
            return temp, os.open(temp, _CREATE | _NO_INHERIT, 0o600)
        except FileExistsError:
            continue  # someone else's file by that name: never touch it, take another
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(path))


def fsync_folder(folder: Path) -> None:
    """Make the rename itself durable. Windows cannot open a folder this way, and some file
    systems refuse: the file is in place by then, so a refusal is no error."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def make_private_folder(folder: str | os.PathLike[str]) -> None:
    """Make `folder` (and its missing parents) if it is not there; a folder made here is 0700.
    An existing folder keeps its mode: it is the player's. OSError if it cannot be made or
    something else is in its place."""
    folder = Path(folder)
    if folder.is_dir():
        return
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        folder.mkdir(mode=PRIVATE)
    except FileExistsError:
        if not folder.is_dir():
            raise
        return  # made at the same moment by someone else: theirs, as it is
    if os.name != "nt":
        os.chmod(folder, PRIVATE)  # mkdir's mode passes through the umask


def remove_leftovers(folder: str | os.PathLike[str]) -> None:
    """Remove the temporary files a write killed half way left in `folder`, named as
    atomic_write names them. Only regular files, never a link, and on POSIX only the player's
    own."""
    folder = Path(folder)
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if not _TEMP_NAME.fullmatch(entry.name):
            continue
        try:
            if is_own_file(entry.stat(follow_symlinks=False)):
                os.unlink(entry.path)
        except OSError:
            continue  # gone already, or not ours to remove


def is_own_file(info: os.stat_result) -> bool:
    """Whether an lstat() result is a regular file (not a link) of the player's own."""
    return stat.S_ISREG(info.st_mode) and (os.name == "nt" or info.st_uid == os.geteuid())


def set_aside(path: Path, tag: str) -> Path | None:
    """Rename the file at `path` to NAME.<tag>-<time>, never deleting anything. None when the
    rename fails."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{tag}-{stamp}")
    number = 1
    while os.path.lexists(target):
        number += 1
        target = path.with_name(f"{path.name}.{tag}-{stamp}-{number}")
    try:
        os.rename(path, target)
    except OSError:
        return None
    return target


# -- reading ------------------------------------------------------------------------------------


def read_start(path: str | os.PathLike[str], size: int) -> bytes:
    """The first `size` bytes (or fewer) of the regular file at `path`, never through a link and
    never blocking. DamagedFile if it is not a regular file; OSError if it cannot be opened."""
    fd = os.open(path, _READ | _FLAG["O_NOFOLLOW"] | _NO_INHERIT)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DamagedFile("not a regular file")
        return os.read(fd, size)
    finally:
        os.close(fd)


def read_file(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them. Never blocks on a FIFO
    or a device. DamagedFile if it is not a regular file or is bigger than `limit`; OSError if
    it cannot be opened (FileNotFoundError: nothing there)."""
    fd = os.open(path, _READ | _NO_INHERIT)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DamagedFile("not a regular file")
        if info.st_size > limit:
            raise DamagedFile(f"too big: {info.st_size} bytes")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, limit + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    if total > limit:
        raise DamagedFile("too big: it grew while being read")
    return b"".join(chunks)


def take_lock(path: str | os.PathLike[str], wait: float) -> FileLock:
    """The single-copy lock at `path`, waited for `wait` seconds at most (filelock's Timeout
    past it). A link at its place is never followed: it is removed first, for a lock that
    followed it would open, and truncate, whatever file it names (filelock before 3.15 does).
    Not thread-local: one thread may take it and another let it go."""
    with contextlib.suppress(FileNotFoundError):
        if stat.S_ISLNK(os.lstat(path).st_mode):
            os.unlink(path)
    lock = FileLock(os.fspath(path), timeout=wait, mode=0o600, thread_local=False)
    lock.acquire()
    return lock
