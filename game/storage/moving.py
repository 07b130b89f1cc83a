"""An earlier version's files, moved at the first start to where each system keeps them.

Earlier versions kept everything in one folder named 2048 (`old_folder()`); now each kind of
file has a folder of its own (game/storage/folders.py). Before anything opens a file,

    folders = folders_to_play(args.data_dir, may_move=not seeded)

moves them, and says which folders this run plays from:

- Only a folder of ours, only our files. The folder must hold a file of the game's own making
  (a save's envelope, the kept games' database): never a folder of another game called 2048.
  Only files named as the game names them move, each to the folder of its kind; anything else
  stays where it is, and so does the folder then.
- Never a second copy fighting the first. The move holds the old folder's game.lock, as a
  running earlier version does. While one runs, nothing moves, and this run plays from the old
  folder as any second copy does: it saves nothing and says so in its usual words. Played from
  the new folders instead, it would show the player an empty game and no records beside the
  game they are playing. The files move at a later start. A seeded run moves nothing either:
  it only reads, from the old folder.
- File by file: os.replace where both folders are on one file system; else a copy under a
  temporary name, fsynced, renamed into place, and only then the old file unlinked. The kept
  games' database goes first and its -wal and -shm right after it; nothing opens it before the
  move is over, so it is never used apart from them.
- A kill at any point leaves what the next start completes. A marker (MARKER), made before the
  first file moves, keeps the folder ours until the last has gone; a temporary copy left over is
  removed; a file found at both places with the same bytes is the old one, copied just before
  the kill: it moves again, over its copy.
- A file at both places that differs (an earlier version was played again after the move) is
  never dropped: the old one is renamed NAME.old-<time> (a database with its -wal and -shm, the
  journals first, so that a kill never pairs a journal with another database) and moves beside
  the one in use.
- A failure (a full disk, a file the game may not read): what moved this start goes back, this
  run plays from the old folder, the log says why, and the next start tries again.
- At the end the lock file and the marker go, and the old folder if nothing else is in it. No
  note is left: whatever stays there is not the game's.
"""

from __future__ import annotations

import contextlib
import errno
import filecmp
import logging
import os
import re
import stat
import time
from collections.abc import Mapping
from pathlib import Path

from filelock import Timeout

from game.platform.files import (
    atomic_copy,
    fsync_folder,
    is_own_file,
    make_private_folder,
    read_start,
    remove_leftovers,
    take_lock,
)
from game.storage.folders import LOGS_FOLDER, Folders, old_folder
from game.storage.schema import (
    ARCHIVE_APPLICATION_ID,
    ARCHIVE_FILE,
    ARCHIVE_SIDE_FILES,
    BACKUP_SUFFIX,
    DATA_FILES,
)
from game.storage.store import LOCK_NAME

MARKER = ".moving"  # in the old folder while its files move
LOCK_WAIT = 1.0  # seconds to wait for a copy that is just quitting, as Storage does
log = logging.getLogger("game.storage")

# What each of the old folder's files is, by its name (set-aside copies and backups included).
_DATA = re.compile(r"(?:game-\d\.json|stats\.json|games\.sqlite3)(?:[.-].*)?")
_CONFIG = re.compile(r"settings\.json(?:\..*)?")
_CACHE = re.compile(r"solver-rows-4x4-v\d+\.bin")
_LOGS = re.compile(r"crash-.*\.txt|2048\.log(?:\..*)?")
# The files that tell a folder of ours, and how each kind begins.
_SIGNED = (*DATA_FILES, *(name + BACKUP_SUFFIX for name in DATA_FILES), ARCHIVE_FILE)
_ENVELOPE = re.compile(rb'\{"crc32":"[0-9a-f]{8}","format":"2048-')
_SQLITE = b"SQLite format 3\0"


def folders_to_play(
    cli_value: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] = os.environ,
    *,
    may_move: bool = True,
) -> Folders:
    """The folders this run plays from: the player's (Folders.for_player), once an earlier
    version's files are there; the old folder itself while they cannot move."""
    folders = Folders.for_player(cli_value, environ)
    if folders != Folders.of_system():  # a folder the player named: nothing moves into it
        return folders
    return settle_old_folder(old_folder(), folders, may_move=may_move)


def settle_old_folder(old: Path, new: Folders, *, may_move: bool = True) -> Folders:
    """`new`, once the files of `old` are there (or if it has none); `old`, holding everything,
    while they cannot move."""
    if not holds_old_files(old):
        return new
    if may_move and move_old_files(old, new):
        return new
    return Folders.in_one(old)


def holds_old_files(old: Path) -> bool:
    """Whether `old` is a folder of ours with files still to move: it holds a file of the
    game's own making, or the marker of a move under way."""
    if not old.is_dir():
        return False
    return os.path.lexists(old / MARKER) or any(_made_by_us(old / name) for name in _SIGNED)


def _made_by_us(path: Path) -> bool:
    try:
        start = read_start(path, 72)
    except (OSError, ValueError):
        return False
    if start.startswith(_SQLITE):
        return start[68:72] == ARCHIVE_APPLICATION_ID.to_bytes(4, "big")
    return _ENVELOPE.match(start) is not None


def move_old_files(old: Path, new: Folders, lock_wait: float = LOCK_WAIT) -> bool:
    """Move the game's files from `old` into `new`. True when they are there, so this run plays
    from `new`; False when it must play from `old`: an earlier version holds it, or the move
    failed (and what it moved went back)."""
    try:
        lock = take_lock(old / LOCK_NAME, lock_wait)
    except Timeout:
        return False
    except OSError as error:
        log.warning("the files in %s cannot be moved this time: %s", old, error)
        return False
    moved: list[tuple[Path, Path]] = []
    try:
        _mark(old)
        for folder in (new.data, new.config, new.logs.parent, new.logs, new.cache):
            make_private_folder(folder)
            remove_leftovers(folder)  # a copy a kill cut short
        routes = (
            (old, _DATA, new.data),
            (old, _CONFIG, new.config),
            (old, _CACHE, new.cache),
            (old / LOGS_FOLDER, _LOGS, new.logs),
        )
        for source, names, target in routes:
            remove_leftovers(source)
            for group in _groups(source, names):
                _move_group(source, target, group, moved)
    except OSError as error:
        log.warning(
            "the files in %s could not all be moved (%s): this run plays from there, and the "
            "next start tries again",
            old,
            error,
        )
        return not _move_back(moved)
    finally:
        lock.release()
    _tidy(old)
    return True


def _mark(old: Path) -> None:
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    os.close(os.open(old / MARKER, flags, 0o600))
    fsync_folder(old)


def _groups(folder: Path, names: re.Pattern[str]) -> list[list[str]]:
    """The player's own files in `folder` named as `names` says, in groups that move together:
    a database, then its -wal and -shm; every other file alone."""
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return []  # a link to another folder: nothing in it is the game's
        with os.scandir(folder) as entries:
            found = sorted(
                entry.name
                for entry in entries
                if names.fullmatch(entry.name) and is_own_file(entry.stat(follow_symlinks=False))
            )
    except FileNotFoundError:
        return []
    groups: dict[str, list[str]] = {}
    for name in found:
        groups.setdefault(_root(name), []).append(name)
    return [sorted(group, key=lambda name: name != root) for root, group in groups.items()]


def _root(name: str) -> str:
    """The database a -wal or -shm belongs to; any other file is its own."""
    return next(
        (name.removesuffix(side) for side in ARCHIVE_SIDE_FILES if name.endswith(side)), name
    )


def _move_group(
    source: Path, target: Path, group: list[str], moved: list[tuple[Path, Path]]
) -> None:
    if any(_differs(source / name, target / name) for name in group):
        group = _rename_aside(source, target, group)
    for name in group:  # a file still there has the same bytes: copied just before a kill
        _relocate(source / name, target / name)
        moved.append((source / name, target / name))


def _differs(old: Path, new: Path) -> bool:
    """Whether a file is at both places with different bytes (or something else is there)."""
    try:
        if not is_own_file(os.lstat(new)):
            return True
    except FileNotFoundError:
        return False
    return not filecmp.cmp(old, new, shallow=False)


def _rename_aside(source: Path, target: Path, group: list[str]) -> list[str]:
    """Rename the group in the old folder to NAME.old-<time> (with -wal and -shm after it), a
    name free at both places, the journals first; its new names, database first."""
    root = _root(group[0])
    stamp, number = f"{root}.old-{time.strftime('%Y%m%d-%H%M%S')}", 1
    renamed = [stamp + name.removeprefix(root) for name in group]
    while any(os.path.lexists(f / name) for f in (source, target) for name in renamed):
        number += 1
        renamed = [f"{stamp}-{number}{name.removeprefix(root)}" for name in group]
    for name, new_name in reversed(list(zip(group, renamed, strict=True))):
        os.rename(source / name, source / new_name)
    fsync_folder(source)
    return renamed


def _relocate(source: Path, target: Path) -> None:
    """One file to its new place: renamed, or, to another file system, copied in under a
    temporary name and then unlinked."""
    try:
        os.replace(source, target)
        fsync_folder(target.parent)
    except OSError as error:
        if error.errno != errno.EXDEV:
            raise
        atomic_copy(source, target)
        os.unlink(source)
    fsync_folder(source.parent)


def _move_back(moved: list[tuple[Path, Path]]) -> bool:
    """Put back what moved this start; False if that fails too: then this run plays from the
    new folders, and the next start moves the rest."""
    try:
        for source, target in reversed(moved):
            _relocate(target, source)
    except OSError as error:
        log.warning("the files moved could not go back (%s): playing from where they are", error)
        return False
    return True


def _tidy(old: Path) -> None:
    """The lock file, the logs folder, the marker and the old folder, each only if it is ours
    and nothing else is left in it."""
    with contextlib.suppress(OSError):
        if is_own_file(os.lstat(old / LOCK_NAME)):
            os.unlink(old / LOCK_NAME)
    with contextlib.suppress(OSError):
        (old / LOGS_FOLDER).rmdir()
    with contextlib.suppress(OSError):
        os.unlink(old / MARKER)
    with contextlib.suppress(OSError):
        old.rmdir()
