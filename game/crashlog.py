"""Crash logs: what went wrong, written where the player (and a bug report) can find it.

The app catches an unexpected exception at the top of its loop, saves the game in progress,
then calls

    path = write_crash_log(storage.data_dir, error)

and tells the player, in plain words, where the log is (None: it could not be written; the
game goes on all the same). A log holds the time, the traceback, the versions of the game,
Python and the libraries, and the operating system. Logs live in logs/ inside the data folder;
only the newest few are kept.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import platform
import sys
import traceback
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path

from game import __version__
from game.storage import atomic_write

LOGS_FOLDER = "logs"
KEEP_LOGS = 5
_LIBRARIES = ("pygame-ce", "platformdirs", "filelock")


def write_crash_log(
    data_dir: str | os.PathLike[str],
    exc: BaseException,
    *,
    keep: int = KEEP_LOGS,
    details: Mapping[str, object] | None = None,
) -> Path | None:
    """Write a crash log for `exc` in DATA_DIR/logs and keep only the newest `keep` logs.
    `details` adds lines such as the board size or the session's phase. Returns the log's
    path, or None if it could not be written. Never raises for a disk problem."""
    logs = Path(data_dir) / LOGS_FOLDER
    now = datetime.datetime.now().astimezone()
    stamp = f"crash-{now:%Y%m%d-%H%M%S-%f}"
    try:
        logs.mkdir(mode=0o700, parents=True, exist_ok=True)
        path, number = logs / f"{stamp}.txt", 1
        while path.exists():  # a coarse clock: two crashes in one tick
            number += 1
            path = logs / f"{stamp}-{number}.txt"
        atomic_write(path, crash_report(exc, now, details).encode("utf-8", "replace"))
    except OSError:
        return None
    for old in sorted(logs.glob("crash-*.txt"))[: -max(keep, 1)]:
        with contextlib.suppress(OSError):
            old.unlink()
    return path


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
