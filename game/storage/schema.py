"""What the game's files hold, and how what is read from them is checked.

    settings.json       the settings, in the configuration folder (checked by `parse_settings`)
    games.sqlite3       everything else the game keeps (game/kept_games/archive/): named here,
                        with the rest of the data folder's files, so that storage needs no archive

A check takes the data (already past the envelope's checks, or a row's JSON) and returns the
value, or raises ValueError naming what is wrong.
"""

from __future__ import annotations

import math
from typing import Any

from game.core import checks
from game.core.settings import Settings

SETTINGS_FILE = "settings.json"
BACKUP_SUFFIX = ".bak"
ARCHIVE_FILE = "games.sqlite3"
ARCHIVE_SIDE_FILES = ("-wal", "-shm")  # SQLite's journal and its shared memory, beside it
ARCHIVE_APPLICATION_ID = 0x32303438  # "2048" in ASCII: our database, not any other SQLite file


_SESSION_VALUE_TYPES = (bool, int, float, str, type(None))
_SESSION_MAX_ENTRIES = 32
_SESSION_MAX_TEXT = 200


def check_session_state(state: Any) -> dict[str, Any]:
    """The session's state must be a small mapping of names to plain values (str, int, float,
    bool or None), which the session reads back itself. ValueError otherwise."""
    checks.mapping(state, "session")
    if len(state) > _SESSION_MAX_ENTRIES:
        raise ValueError("session: too many entries")
    for key, value in state.items():
        if type(key) is not str or not 0 < len(key) <= _SESSION_MAX_TEXT:
            raise ValueError(f"session: {key!r} is not a name")
        if type(value) not in _SESSION_VALUE_TYPES:
            raise ValueError(f"session.{key}: not a plain value")
        if type(value) is float and not math.isfinite(value):
            raise ValueError(f"session.{key}: not a finite number")
        if type(value) is str and len(value) > _SESSION_MAX_TEXT:
            raise ValueError(f"session.{key}: too long")
    return dict(state)


def parse_settings(data: Any) -> tuple[Settings, list[str]]:
    return Settings.from_dict(checks.mapping(data, "settings"))
