"""What the archive's SQLite file holds, and how an older version becomes this one.

- The tables: `games` (one row a game: its summary and its start, `Game.to_dict()` as JSON),
  `steps` (one row a move or undo: the action and the game clock), `in_play` (the game on the
  board of each size and its session's state), `statistics` (one row: the statistics, best
  scores and goals met), `analyses` (the review's solver scores, kept so that a second look is
  instant), `played_on` (the games played on after its flagged moves, likewise), `practice`
  (a player's answers to a game's mistakes tried again). Their rows, written and read back:
  game/kept_games/archive/changes.py and rows.py.
- Versions: `UPGRADES[n]` turns version n into n + 1, in one transaction with the new
  `PRAGMA user_version`; version 0 is a new, empty file, made version 1 (the first release's:
  no player has a file of an earlier layout).
- `check_and_upgrade` tells a file that is ours (its application_id, exactly our tables) from
  any other (`Damaged`) and one a newer version of the game wrote (`Newer`), and upgrades an
  older one. Opening the file safely, and setting aside what is damaged:
  game/kept_games/archive/database_file.py.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Mapping

from game.storage.schema import ARCHIVE_APPLICATION_ID

SCHEMA_VERSION = 1

_SCHEMA = (
    """CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    size INTEGER NOT NULL CHECK (size BETWEEN 3 AND 8),
    started_at TEXT NOT NULL,
    ended_at TEXT,
    outcome TEXT NOT NULL CHECK (outcome IN ('in_play', 'won', 'lost', 'left')),
    won INTEGER NOT NULL CHECK (won IN (0, 1)),
    score INTEGER NOT NULL CHECK (score >= 0),
    biggest_tile INTEGER NOT NULL CHECK (biggest_tile >= 0),
    moves INTEGER NOT NULL CHECK (moves >= 0),
    seconds REAL NOT NULL CHECK (seconds >= 0),
    steps INTEGER NOT NULL CHECK (steps >= 0),
    assisted_from INTEGER CHECK (assisted_from >= 0),
    imported INTEGER NOT NULL CHECK (imported IN (0, 1)),
    start TEXT NOT NULL,
    origin_uid TEXT,
    origin_step INTEGER CHECK (origin_step >= 0)
)""",
    """CREATE TABLE steps (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (number >= 0),
    action TEXT NOT NULL CHECK (action IN ('up', 'down', 'left', 'right', 'undo')),
    seconds REAL NOT NULL,
    PRIMARY KEY (game_id, number)
) WITHOUT ROWID""",
    """CREATE TABLE analyses (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    depth INTEGER NOT NULL,
    position INTEGER NOT NULL,
    scores TEXT NOT NULL,
    PRIMARY KEY (game_id, depth, position)
) WITHOUT ROWID""",
    # The games played on after a flagged move and after its better move (rollout.PlayedOn),
    # by move: a second look shows the figures without playing them again.
    """CREATE TABLE played_on (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    move TEXT NOT NULL CHECK (move IN ('up', 'down', 'left', 'right')),
    games INTEGER NOT NULL CHECK (games > 0),
    reached INTEGER NOT NULL CHECK (reached BETWEEN 0 AND games),
    survived INTEGER NOT NULL CHECK (survived BETWEEN 0 AND games),
    target INTEGER NOT NULL CHECK (target > 0),
    moves INTEGER NOT NULL CHECK (moves >= 0),
    PRIMARY KEY (game_id, position, move)
) WITHOUT ROWID""",
    """CREATE TABLE practice (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    answered_at TEXT NOT NULL,
    answer TEXT NOT NULL CHECK (answer IN ('up', 'down', 'left', 'right')),
    right INTEGER NOT NULL CHECK (right IN (0, 1))
)""",
    # The game on the board of each size (R18), undo history and all, with the session's
    # state beside it: `Game.to_dict()` and `Session.state_dict()` as JSON.
    """CREATE TABLE in_play (
    size INTEGER PRIMARY KEY CHECK (size BETWEEN 3 AND 8),
    game TEXT NOT NULL,
    session TEXT NOT NULL
) WITHOUT ROWID""",
    # The statistics, best scores and goals met (R9, R19, R20, R21): `Stats.to_dict()` as
    # JSON in one row, written in the same transaction as the move that changed them.
    """CREATE TABLE statistics (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    figures TEXT NOT NULL
)""",
    "CREATE INDEX games_in_play ON games (size, outcome)",
)


def _create(connection: sqlite3.Connection) -> None:
    for statement in _SCHEMA:
        connection.execute(statement)


# version n -> the step that makes it version n + 1 (run inside the upgrade's transaction)
UPGRADES: Mapping[int, Callable[[sqlite3.Connection], None]] = {0: _create}
# What the current version's sqlite_master holds (anything else is not our database).
SCHEMA_OBJECTS = frozenset(
    {
        ("table", "games"),
        ("table", "steps"),
        ("table", "analyses"),
        ("table", "played_on"),
        ("table", "practice"),
        ("table", "in_play"),
        ("table", "statistics"),
        ("index", "games_in_play"),
        ("index", "sqlite_autoindex_games_1"),  # uid's UNIQUE
    }
)


class Damaged(Exception):
    """The database file is not a whole, good archive of ours."""


class Newer(Exception):
    """The database was written by a newer version of the game."""


@contextlib.contextmanager
def in_transaction(connection: sqlite3.Connection):
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def check_and_upgrade(
    connection: sqlite3.Connection, read_only: bool, before: Callable[[], None] | None = None
) -> None:
    """Check that the file is ours, and upgrade an older one (only a copy that may write),
    calling `before` first (the backup of what it was). Damaged, Newer, or a sqlite3.Error if
    it cannot be read."""
    connection.execute("PRAGMA trusted_schema = OFF")
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    objects = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    fresh = version == 0 and application == 0 and objects == 0
    if not fresh and application != ARCHIVE_APPLICATION_ID:
        raise Damaged("not an archive of 2048 games")
    if version > SCHEMA_VERSION:
        raise Newer(f"version {version}")
    if read_only:
        if version != SCHEMA_VERSION:
            raise Damaged("an older version, and this copy may not upgrade it")
    else:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("PRAGMA foreign_keys = ON")
        if version < SCHEMA_VERSION:
            if version > 0 and before is not None:
                before()
            with in_transaction(connection):
                for step in range(version, SCHEMA_VERSION):
                    UPGRADES[step](connection)
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                connection.execute(f"PRAGMA application_id = {ARCHIVE_APPLICATION_ID}")
    found = set(connection.execute("SELECT type, name FROM sqlite_master").fetchall())
    if found != SCHEMA_OBJECTS:
        missing, unexpected = sorted(SCHEMA_OBJECTS - found), sorted(found - SCHEMA_OBJECTS)
        raise Damaged(f"not our tables: missing {missing}, unexpected {unexpected}")
