"""The game's log: its warnings and errors, kept where a player (and a bug report) can find them.

Warnings go to stderr, which nobody sees from a menu, the Windows executable or the macOS app,
so they also go to 2048.log in the logs folder, beside the crash logs (game/launch/crashlog.py).
It is rotated at `MAX_BYTES` with `BACKUPS` older files kept (2048.log.1, 2048.log.2), so it never
takes more than about three quarters of a megabyte. Never through a link: a logs folder that
is not a folder of the game's own, or a 2048.log not a file of the player's, gets no log. A
folder that cannot be written costs only the file: stderr still has every line (and says once
that the file could not be written, `LogFile`).
"""

from __future__ import annotations

import logging
import os
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from game.launch.crashlog import logs_folder
from game.platform.files import is_own_file

LOG_NAME = "2048.log"
MAX_BYTES = 256 * 1024
BACKUPS = 2
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class LogFile(RotatingFileHandler):
    """2048.log. A line that cannot be written (a full disk) is said once on stderr, and the file
    is left for the run, where logging would print a traceback for every line: stderr still
    has each of them."""

    failed = False

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        if self.failed:
            return
        self.failed = True
        error = sys.exc_info()[1]
        sys.stderr.write(
            f"2048: its log {self.baseFilename} cannot be written ({error}); "
            "its warnings are only here from now on.\n"
        )


def start_log(logs_dir: str | os.PathLike[str]) -> Path | None:
    """Send the game's warnings to 2048.log in the logs folder too; its path, or None where no
    log can be kept."""
    try:
        logs = logs_folder(logs_dir)
        if logs is None:
            return None
        path = logs / LOG_NAME
        if os.path.lexists(path) and not is_own_file(os.lstat(path)):
            return None
        handler = LogFile(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", errors="replace"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    logging.getLogger().addHandler(handler)
    return path
