"""The archive's SQLite file: its schema and versions, its rows, and opening it safely.

- The schema: `games` (one row a game: its summary and its start, `Game.to_dict()` as JSON),
  `steps` (one row a move or undo: the action and the game clock), `analyses` (the review's
  solver scores, kept so that a second look is instant).
- The changes a transaction is made of (`AddGame`, `AddSteps`, `DropStep`, `UpdateSummary`,
  `SaveScores`) and `apply`, their SQL; `summary_of` and `record_of` read rows back, refusing
  values we never write.
- `connect(path)` opens only a regular file (never a planted link, never a FIFO that would
  hang), checks that it is ours (its header and its tables), and upgrades it to this version
  (`UPGRADES[n]` turns version n into n + 1, in one transaction with the new
  `PRAGMA user_version`; version 0 is a new, empty file). It raises `Damaged` for a file to set
  aside (`set_aside` renames it and its -wal and -shm to NAME.corrupt-<time>): one that is not
  ours or not whole, a -wal that would lose committed moves (game/kept/archive/wal.py), an empty
  file beside a -wal; `OddSideFile` for a -wal or -shm that is not a regular file (`put_aside`
  renames it alone to NAME.aside-<time>: the database is whole without it); and `Newer` for
  one a newer version of the game wrote, which is left untouched. Whether every page is whole,
  `PRAGMA quick_check` tells, on a thread of its own (game/kept/archive/threads.py); a file it
  finds damaged is set aside at the next start (`damage_mark`).

game/kept/archive/store.py builds on it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import sqlite3
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core.record import Action, GameRecord, GameSummary, Outcome, Step
from game.kept.archive.wal import wal_damage
from game.storage.files import make_private_folder

SCHEMA_VERSION = 1
OPEN_WAIT_SECONDS = 1.0  # opening waits this long for another program that holds the file
APPLICATION_ID = 0x32303438  # "2048" in ASCII: tells our database from any other SQLite file
SIDE_FILES = ("-wal", "-shm")
log = logging.getLogger("game.kept.archive.store")

_SCHEMA_V1 = (
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
    start TEXT NOT NULL
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
    "CREATE INDEX games_in_play ON games (size, outcome)",
)


def _create_v1(connection: sqlite3.Connection) -> None:
    for statement in _SCHEMA_V1:
        connection.execute(statement)


# version n -> the step that makes it version n + 1 (run inside the upgrade's transaction)
UPGRADES: Mapping[int, Callable[[sqlite3.Connection], None]] = {0: _create_v1}
# What the current version's sqlite_master holds (anything else is not our database).
SCHEMA_OBJECTS = frozenset(
    {
        ("table", "games"),
        ("table", "steps"),
        ("table", "analyses"),
        ("index", "games_in_play"),
        ("index", "sqlite_autoindex_games_1"),  # uid's UNIQUE
    }
)


class Damaged(Exception):
    """The database file is not a whole, good archive of ours."""


class Newer(Exception):
    """The database was written by a newer version of the game."""


class OddSideFile(Exception):
    """The database's -wal or -shm is not a regular file: not the database's damage (it is
    whole without them), but SQLite must not open it so."""

    def __init__(self, paths: list[Path]) -> None:
        super().__init__(", ".join(p.name for p in paths) + " not a regular file")
        self.paths = paths


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


# -- the changes a transaction is made of ---------------------------------------------------------


@dataclass(frozen=True)
class AddGame:
    summary: GameSummary  # its game_id already chosen (Archive.next_id)
    start: Mapping[str, Any]


@dataclass(frozen=True)
class AddSteps:
    game_id: int
    first: int  # the number of the first of `steps` (0 for a game's first step)
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class DropStep:
    """Take back a kept step the saved game never got (it was killed between the two)."""

    game_id: int
    number: int


@dataclass(frozen=True)
class UpdateSummary:
    summary: GameSummary
    ended_at: datetime | None


@dataclass(frozen=True)
class SaveScores:
    """The review's solver scores per position, kept so that a second look is instant."""

    game_id: int
    depth: int
    scores: Mapping[int, Sequence[float | None]]  # None: that move changes nothing


Change = AddGame | AddSteps | DropStep | UpdateSummary | SaveScores

SUMMARY_COLUMNS = (
    "id, uid, size, started_at, outcome, won, score, biggest_tile, moves, seconds, steps, "
    "assisted_from, imported"
)
_PROGRESS = "outcome, won, score, biggest_tile, moves, seconds, steps, assisted_from"


def _progress(s: GameSummary) -> tuple:
    values = (s.outcome.value, int(s.won), s.score, s.biggest_tile, s.moves, s.seconds, s.steps)
    return (*values, s.assisted_from)


def utc_text(moment: datetime | None) -> str | None:
    """A moment as we write it, "2024-05-01T12:34:56Z" (the year always four digits, which
    strftime's %Y does not promise before year 1000)."""
    if moment is None:
        return None
    return moment.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="seconds") + "Z"


def apply(connection: sqlite3.Connection, change: Change) -> None:
    """Run one change's SQL (inside the caller's transaction)."""
    if isinstance(change, AddGame):
        s = change.summary
        start = json.dumps(change.start, separators=(",", ":"), allow_nan=False)
        connection.execute(
            f"INSERT INTO games (id, uid, size, started_at, imported, start, {_PROGRESS}) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                s.game_id,
                s.uid,
                s.size,
                utc_text(s.started_at),
                int(s.imported),
                start,
                *_progress(s),
            ),  # fmt: skip
        )
    elif isinstance(change, AddSteps):
        connection.executemany(
            "INSERT INTO steps (game_id, number, action, seconds) VALUES (?, ?, ?, ?)",
            [
                (change.game_id, change.first + offset, step.action.value, step.seconds)
                for offset, step in enumerate(change.steps)
            ],
        )
    elif isinstance(change, DropStep):
        connection.execute(
            "DELETE FROM steps WHERE game_id = ? AND number = ?", (change.game_id, change.number)
        )
    elif isinstance(change, UpdateSummary):
        s = change.summary
        columns = ", ".join(f"{name} = ?" for name in _PROGRESS.split(", "))
        connection.execute(
            f"UPDATE games SET {columns}, ended_at = ? WHERE id = ?",
            (*_progress(s), utc_text(change.ended_at), s.game_id),
        )
    else:
        # Only for a game that is kept: scores for one that is gone are dropped, not an error.
        connection.executemany(
            "INSERT OR REPLACE INTO analyses (game_id, depth, position, scores) "
            "SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE id = ?)",
            [
                (change.game_id, change.depth, position, json.dumps(_finite(v)), change.game_id)
                for position, v in change.scores.items()
            ],
        )


def _finite(values: Sequence[float | None]) -> list[float | None]:
    return [v if v is not None and math.isfinite(v) else None for v in values]


# -- rows to records --------------------------------------------------------------------------


def summary_of(row: Sequence[Any]) -> GameSummary:
    """A games row as a GameSummary; ValueError if any value is not what we write."""
    (game_id, uid, size, started, outcome, won, score, tile, moves, seconds, steps, assisted,
     imported) = row  # fmt: skip
    for name, value in (("id", game_id), ("score", score), ("biggest_tile", tile),
                        ("moves", moves), ("steps", steps)):  # fmt: skip
        if type(value) is not int or value < 0:
            raise ValueError(f"{name}: not a count")
    if type(size) is not int or not 3 <= size <= 8:
        raise ValueError("size: not a board size")
    if type(seconds) not in (int, float) or not 0 <= seconds < float("inf"):
        raise ValueError("seconds: not a time")
    if assisted is not None and (type(assisted) is not int or not 0 <= assisted <= steps):
        raise ValueError("assisted_from: not a step")
    if won not in (0, 1) or imported not in (0, 1) or type(uid) is not str:
        raise ValueError("a flag or the uid is not what we write")
    return GameSummary(
        game_id=game_id,
        uid=uid,
        size=size,
        started_at=_date_or_none(started, game_id),
        outcome=Outcome(outcome),
        won=bool(won),
        score=score,
        biggest_tile=tile,
        moves=moves,
        seconds=float(seconds),
        steps=steps,
        assisted_from=assisted,
        imported=bool(imported),
    )


def _date_or_none(text: Any, game_id: int) -> datetime | None:
    """A row's date, or None (shown as unknown) if it is not one we write: the game is kept
    and listed all the same (an older version wrote year 999 as "999-...")."""
    try:
        return parse_utc(text)
    except ValueError:
        log.warning("kept game %d: its date %r cannot be read", game_id, text)
        return None


def parse_utc(text: Any) -> datetime:
    """A moment as we write it ("2024-05-01T12:34:56Z"); ValueError for anything else."""
    if type(text) is not str or len(text) != 20:
        raise ValueError("not a date")
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def record_of(row: Sequence[Any], start_text: Any, steps: Sequence[tuple]) -> GameRecord:
    summary = summary_of(row)
    if type(start_text) is not str:
        raise ValueError("start: not text")
    start = json.loads(start_text)
    if type(start) is not dict:
        raise ValueError("start: not a game")
    kept = []
    for expected, (number, action, seconds) in enumerate(steps):
        if number != expected:
            raise ValueError(f"step {expected} is missing")
        if type(seconds) not in (int, float):
            raise ValueError(f"step {number}: not a time")
        kept.append(Step(Action(action), float(seconds)))
    return GameRecord(summary, start, tuple(kept))


PRIVATE_FILE = 0o600


def connect(path: Path, read_only: bool, wait: float = OPEN_WAIT_SECONDS) -> sqlite3.Connection:
    """A checked connection to the archive at `path`, upgraded to this version; it waits at
    most `wait` seconds for another program that holds the file.

    Damaged if the file is not ours or not whole, or its log would lose committed moves (see
    game/kept/archive/wal.py); OddSideFile if its -wal or -shm is not a regular file; Newer if a
    newer version wrote it. Other sqlite3.Error / OSError: the folder or the disk would not
    let us, or another program holds it (nothing to set aside).
    """
    if os.path.lexists(damage_mark(path)):
        raise Damaged("the last integrity check found it damaged")
    with contextlib.suppress(FileNotFoundError):
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise Damaged(f"{path.name} is not a regular file")
    odd = odd_side_files(path)
    if odd:
        raise OddSideFile(odd)
    if read_only:
        if not path.exists():
            raise FileNotFoundError(path)
        # A copy that may not write adds no file either: read-only, SQLite would leave a -wal
        # and a -shm behind. With no -wal there, no copy has the file open: read it as it is.
        fixed = "" if os.path.lexists(f"{path}{SIDE_FILES[0]}") else "&immutable=1"
        connection = sqlite3.connect(
            f"{path.as_uri()}?mode=ro{fixed}",
            uri=True,
            isolation_level=None,
            check_same_thread=False,
            timeout=wait,
        )
    else:
        # Only the copy that writes looks at the log: SQLite would write over what it cannot
        # read. (A read-only copy never writes, and may see the log mid-commit.)
        problem = wal_damage(path)
        if problem is None and _empty_beside_its_log(path):
            problem = "the database file is empty beside its log"
        if problem is not None:
            raise Damaged(problem)
        make_private_folder(path.parent)
        create_private(path)
        connection = sqlite3.connect(
            path, isolation_level=None, check_same_thread=False, timeout=wait
        )
    try:
        _check_and_upgrade(connection, read_only)
    except sqlite3.DatabaseError as error:
        connection.close()
        if getattr(error, "sqlite_errorcode", None) in (
            sqlite3.SQLITE_CORRUPT,
            sqlite3.SQLITE_NOTADB,
        ):
            raise Damaged(str(error)) from None
        raise
    except BaseException:
        connection.close()
        raise
    return connection


def odd_side_files(path: Path) -> list[Path]:
    """The -wal and -shm beside `path` that are there but are not regular files (a folder, a
    link, a FIFO): SQLite would fail on them or follow them."""
    odd = []
    for side in SIDE_FILES:
        name = path.with_name(path.name + side)
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.lstat(name).st_mode):
                odd.append(name)
    return odd


def _empty_beside_its_log(path: Path) -> bool:
    """A database file of 0 bytes with a -wal beside it: SQLite writes the file's first page
    before it ever makes a -wal, so something emptied it, and the log alone is not the games."""
    try:
        return os.lstat(path).st_size == 0 and os.path.lexists(f"{path}-wal")
    except FileNotFoundError:
        return False


def is_empty(path: Path) -> bool:
    """Whether the database file is there with nothing in it and no -wal beside it: a new
    list begins in it (with a -wal beside it, it is damaged: `connect`)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return False
    empty = stat.S_ISREG(info.st_mode) and info.st_size == 0
    return empty and not os.path.lexists(f"{path}-wal")


def create_private(path: Path) -> None:
    """A new database file is the player's alone (0600), as the game's other files are; SQLite
    gives its journal files the database's own mode. Never through a planted link."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    with contextlib.suppress(FileExistsError):  # there already: checked above, opened as it is
        os.close(os.open(path, flags, PRIVATE_FILE))


def _check_and_upgrade(connection: sqlite3.Connection, read_only: bool) -> None:
    connection.execute("PRAGMA trusted_schema = OFF")
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    objects = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    fresh = version == 0 and application == 0 and objects == 0
    if not fresh and application != APPLICATION_ID:
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
            with in_transaction(connection):
                for step in range(version, SCHEMA_VERSION):
                    UPGRADES[step](connection)
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    found = set(connection.execute("SELECT type, name FROM sqlite_master").fetchall())
    if found != SCHEMA_OBJECTS:
        raise Damaged(f"unexpected tables: {sorted(found ^ SCHEMA_OBJECTS)}")


def set_aside(path: Path, moment: datetime) -> Path:
    """Rename the database and its side files to NAME.corrupt-<time>; OSError if it fails."""
    stamp = moment.astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    number = 1
    while any(os.path.lexists(f"{target}{side}") for side in ("", *SIDE_FILES)):
        number += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
    for side in ("", *SIDE_FILES):
        if os.path.lexists(f"{path}{side}"):
            os.replace(f"{path}{side}", f"{target}{side}")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(damage_mark(path))
    return target


def put_aside(path: Path, moment: datetime) -> Path:
    """Rename one file (a -wal or -shm that is not a regular file) to NAME.aside-<time>, as
    it is (a link stays a link, never followed); OSError if it fails."""
    stamp = moment.astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.aside-{stamp}")
    number = 1
    while os.path.lexists(target):
        number += 1
        target = path.with_name(f"{path.name}.aside-{stamp}-{number}")
    os.replace(path, target)
    return target


def damage_mark(path: Path) -> Path:
    """The file that says the integrity check found `path` damaged: set it aside next time."""
    return path.with_name(path.name + ".damaged")
