"""Crash logs: what went wrong, written where the player (and a bug report) can find it.

The app catches an unexpected exception at the top of its loop, saves the game in progress,
then calls

    path = write_crash_log(folders.logs, error)

and tells the player, in plain words, where the log is (None: it could not be written; the
game goes on all the same). A log holds the time, the traceback, the versions of the game,
Python and the libraries, and the operating system. Logs live in the logs folder
(game/storage/folders.py: where the system keeps logs, or logs/ in a folder the player
named), beside the game's log; only the newest few are kept, and the one just written always
is.

Only the game's own logs are ever removed: files named as it names them
(crash-YYYYmmdd-HHMMSS-ffffff[-N].txt), regular files of the player's, never through a link.
A logs folder that is a link or a file is not the game's: no log is written there.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import platform
import re
import stat
import sys
import traceback
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path

from game import __version__
from game.platform.files import atomic_write, is_own_file, make_private_folder, remove_leftovers

KEEP_LOGS = 5
_LIBRARIES = ("pygame-ce", "platformdirs", "filelock")
_LOG_NAME = re.compile(r"crash-(\d{8}-\d{6})-(\d{6})(?:-(\d+))?\.txt")
_CLOCK_SLACK = datetime.timedelta(days=1)  # a log named later: by a clock set ahead


def logs_folder(logs: str | os.PathLike[str]) -> Path | None:
    """The logs folder, made if missing (and the folder it is in, both private); None when it is
    not a folder of the game's own (a link to some other folder, or a file). Raises OSError."""
    logs = Path(logs)
    make_private_folder(logs.parent)
    make_private_folder(logs)
    return logs if stat.S_ISDIR(os.lstat(logs).st_mode) else None


def write_crash_log(
    logs_dir: str | os.PathLike[str],
    exc: BaseException,
    *,
    keep: int = KEEP_LOGS,
    details: Mapping[str, object] | None = None,
) -> Path | None:
    """Write a crash log for `exc` in the logs folder and keep only the newest `keep` logs.
    `details` adds lines such as the board size or the session's phase. Returns the log's
    path, or None if it could not be written. Never raises for a disk problem."""
    now = datetime.datetime.now().astimezone()
    stamp = f"crash-{now:%Y%m%d-%H%M%S-%f}"
    try:
        logs = logs_folder(logs_dir)
        if logs is None:
            return None
        path, number = logs / f"{stamp}.txt", 1
        while os.path.lexists(path):  # a coarse clock: two crashes in one tick
            number += 1
            path = logs / f"{stamp}-{number}.txt"
        atomic_write(path, crash_report(exc, now, details).encode("utf-8", "replace"))
    except OSError:
        return None
    _prune(logs, path, max(keep, 1))
    return path


def _prune(logs: Path, newest: Path, keep: int) -> None:
    """Remove all but the `keep` newest of the game's logs, `newest` always among them: newest
    by the time in their names, a log named in the future (by a clock set forward) counting as
    the oldest."""
    latest_believable = (datetime.datetime.now() + _CLOCK_SLACK).strftime("%Y%m%d-%H%M%S")
    others = []
    with contextlib.suppress(OSError), os.scandir(logs) as entries:
        for entry in entries:
            name = _LOG_NAME.fullmatch(entry.name)
            if name is None or entry.name == newest.name:
                continue
            with contextlib.suppress(OSError):
                if is_own_file(entry.stat(follow_symlinks=False)):
                    stamp, micro, number = name.group(1), name.group(2), int(name.group(3) or 1)
                    others.append((stamp <= latest_believable, stamp, micro, number, entry.name))
    others.sort(reverse=True)
    for *_, name in others[keep - 1 :]:
        with contextlib.suppress(OSError):
            os.unlink(logs / name)
    remove_leftovers(logs)


def crash_report(
    exc: BaseException,
    when: datetime.datetime | None = None,
    details: Mapping[str, object] | None = None,
) -> str:
    """The text of a crash log."""
    when = when or datetime.datetime.now().astimezone()
    lines = [
        f"2048 {__version__} crashed at {when.isoformat(timespec='seconds')}",
        "",
        f"Python: {sys.version.split()[0]} ({platform.python_implementation()})",
        *(f"{name}: {_version_of(name)}" for name in _LIBRARIES),
        f"System: {platform.platform()} ({platform.machine() or 'unknown machine'})",
        f"Frozen executable: {'yes' if getattr(sys, 'frozen', False) else 'no'}",
    ]
    lines += [f"{key}: {value}" for key, value in (details or {}).items()]
    lines += ["", "".join(traceback.format_exception(exc)).rstrip(), ""]
    return "\n".join(lines)


def _version_of(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "not installed"
