"""The archive's rows written: the changes a transaction is made of (`AddGame`, `AddSteps`,
`UpdateSummary`, `KeepInPlay`, `KeepStats`, `SaveScores`, `SavePlayedOn`, `AddAnswer`),
`apply`, their SQL, and `write_changes`, a batch of them in one transaction (their tables:
game/kept_games/archive/tables.py; reading them back: rows.py). A moment is written as
`utc_text` makes it, which the shared file's dates use too.
"""

from __future__ import annotations

import json
import logging
import math
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import astuple, dataclass
from datetime import UTC, datetime
from typing import Any

from game.core.engine import Direction
from game.core.record import GameSummary, Step
from game.kept_games.archive.tables import in_transaction
from game.solver.rollout import PlayedOn

log = logging.getLogger("game.kept_games.archive.games_archive")


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
class UpdateSummary:
    summary: GameSummary
    ended_at: datetime | None


@dataclass(frozen=True)
class SaveScores:
    """The review's solver scores per position, kept so that a second look is instant."""

    game_id: int
    depth: int
    scores: Mapping[int, Sequence[float | None]]  # None: that move changes nothing


@dataclass(frozen=True)
class SavePlayedOn:
    """The games played on after moves of a reviewed game, kept so that a second look is
    instant."""

    game_id: int
    outcomes: Mapping[tuple[int, Direction], PlayedOn]  # by (position, the move made)


@dataclass(frozen=True)
class AddAnswer:
    """A move tried again on a position of a reviewed game, and whether it was right."""

    game_id: int
    position: int
    answer: Direction
    right: bool
    answered_at: datetime


@dataclass(frozen=True)
class KeepInPlay:
    """The game on the board of its size (R18), with the session's state beside it."""

    game: Mapping[str, Any]  # Game.to_dict()
    session: Mapping[str, Any]  # Session.state_dict()


@dataclass(frozen=True)
class KeepStats:
    """The statistics, best scores and goals met (R9, R19, R20, R21)."""

    figures: Mapping[str, Any]  # Stats.to_dict()


Change = (
    AddGame
    | AddSteps
    | UpdateSummary
    | SaveScores
    | SavePlayedOn
    | AddAnswer
    | KeepInPlay
    | KeepStats
)

SUMMARY_COLUMNS = (
    "id, uid, size, started_at, outcome, won, score, biggest_tile, moves, seconds, steps, "
    "assisted_from, imported, origin_uid, origin_step"
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
        start = _json(change.start)
        connection.execute(
            "INSERT INTO games (id, uid, size, started_at, imported, origin_uid, origin_step, "
            f"start, {_PROGRESS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                s.game_id,
                s.uid,
                s.size,
                utc_text(s.started_at),
                int(s.imported),
                s.origin.uid if s.origin else None,
                s.origin.step if s.origin else None,
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
    elif isinstance(change, KeepInPlay):
        connection.execute(
            "INSERT OR REPLACE INTO in_play (size, game, session) VALUES (?, ?, ?)",
            (change.game["size"], _json(change.game), _json(change.session)),
        )
    elif isinstance(change, KeepStats):
        connection.execute(
            "INSERT OR REPLACE INTO statistics (one, figures) VALUES (1, ?)",
            (_json(change.figures),),
        )
    elif isinstance(change, UpdateSummary):
        s = change.summary
        columns = ", ".join(f"{name} = ?" for name in _PROGRESS.split(", "))
        connection.execute(
            f"UPDATE games SET {columns}, ended_at = ? WHERE id = ?",
            (*_progress(s), utc_text(change.ended_at), s.game_id),
        )
    elif isinstance(change, AddAnswer):
        connection.execute(
            "INSERT INTO practice (game_id, position, answered_at, answer, right) "
            "SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE id = ?)",
            (
                change.game_id,
                change.position,
                utc_text(change.answered_at),
                change.answer.value,
                int(change.right),
                change.game_id,
            ),
        )
    elif isinstance(change, SavePlayedOn):
        connection.executemany(
            # PlayedOn's fields, in their order
            "INSERT OR REPLACE INTO played_on (game_id, position, move, games, reached, "
            "survived, target, moves) SELECT ?, ?, ?, ?, ?, ?, ?, ? "
            "WHERE EXISTS (SELECT 1 FROM games WHERE id = ?)",
            [
                (change.game_id, position, move.value, *astuple(outcome), change.game_id)
                for (position, move), outcome in change.outcomes.items()
            ],
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


def write_changes(connection: sqlite3.Connection, changes: Sequence[Change]) -> None:
    """The changes, in order, in one transaction."""
    with in_transaction(connection):
        for change in changes:
            apply(connection, change)


def _json(data: Mapping[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


def _finite(values: Sequence[float | None]) -> list[float | None]:
    return [v if v is not None and math.isfinite(v) else None for v in values]
