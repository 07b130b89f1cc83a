"""What each file of the data folder holds, and how its data is checked when read.

    game-3.json ... game-8.json             the game in progress per board size (R18)
    settings.json, stats.json               settings; statistics and best scores (R9, R19, R20)

Each parser takes a file's data (already past the envelope's checks) and returns the value, or
raises ValueError naming what is wrong.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from game.core import checks
from game.core.engine import MAX_SIZE, MIN_SIZE, Game
from game.core.settings import Settings
from game.core.stats import Stats

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
BACKUP_SUFFIX = ".bak"


def game_file(size: int) -> str:
    if type(size) is not int or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size: {size!r} is not a board size")
    return f"game-{size}.json"


GAME_FILES = tuple(game_file(size) for size in range(MIN_SIZE, MAX_SIZE + 1))
# The kept games' database beside them (game/kept_games/archive/), named here with the data
# folder's other files.
ARCHIVE_FILE = "games.sqlite3"
ARCHIVE_SIDE_FILES = ("-wal", "-shm")  # SQLite's journal and its shared memory, beside it
ARCHIVE_APPLICATION_ID = 0x32303438  # "2048" in ASCII: our database, not any other SQLite file


def file_fields(name: str) -> dict[str, str]:
    """A notice's particulars for the file `name`: its name, and a game file's board size."""
    if name in GAME_FILES:
        return {"file": name, "size": name.removeprefix("game-").removesuffix(".json")}
    return {"file": name}


class SavedGame(NamedTuple):
    """A game in progress and the session's state beside it (phase, assisted, ...)."""

    game: Game
    session: dict[str, Any]


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


def parse_game(size: int, data: Any) -> SavedGame:
    checks.fields(data, "save", {"game", "session"})
    game = Game.from_dict(data["game"])
    if game.size != size:
        raise ValueError(f"size: a {game.size}x{game.size} game in the {size}x{size} file")
    return SavedGame(game, check_session_state(data["session"]))


def parse_settings(data: Any) -> tuple[Settings, list[str]]:
    return Settings.from_dict(checks.mapping(data, "settings"))


def parse_stats(data: Any) -> Stats:
    return Stats.from_dict(data)
