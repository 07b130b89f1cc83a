"""The game's log: its warnings and errors, kept where a player (and a bug report) can find them.

Warnings go to stderr, which nobody sees from a menu, the Windows executable or the macOS app,
so they also go to 2048.log in the logs folder, beside the crash logs (game/launch/crashlog.py).
It is rotated at `MAX_BYTES` with `BACKUPS` older files kept (2048.log.1, 2048.log.2), so it never
takes more than about three quarters of a megabyte. Never through a link: a logs folder that
is not a folder of the game's own, or a 2048.log not a file of the player's, gets no log. A
folder that cannot be written costs only the file: stderr still has every line.
"""

from __future__ import annotations

import logging
import os
from logging.handlers import RotatingFileHandler
from pathlib import Path

from game.launch.crashlog import logs_folder
from game.platform.files import is_own_file

LOG_NAME = "2048.log"
MAX_BYTES = 256 * 1024
BACKUPS = 2
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


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
        handler = RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", errors="replace"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    logging.getLogger().addHandler(handler)
    return path
