"""The archive's rows read back: every query on its tables (tables.py; what writes them:
changes.py). Each runs on the archive's one connection, through `Archive`; `summary_of`,
`record_of`, `scores_of`, `played_on_of`, `in_play_of`, `stats_of` and `kept_of` (what play
goes on from, `Kept`) read their rows back, refusing values we never write; `parse_utc` reads
a moment as `utc_text` writes it (the shared file's dates use them too).
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, NamedTuple

from game.core import checks
from game.core.engine import Direction, Game
from game.core.record import Action, GameRecord, GameSummary, Origin, Outcome, Step
from game.core.rules import BOARD_SIZES
from game.core.stats import Stats
from game.kept_games.archive.changes import SUMMARY_COLUMNS, utc_text
from game.solver.rollout import ROLLOUT_MOVES, PlayedOn
from game.storage.schema import check_session_state

log = logging.getLogger("game.kept_games.archive.games_archive")


# -- rows to records --------------------------------------------------------------------------


def summary_of(row: Sequence[Any]) -> GameSummary:
    """A games row as a GameSummary; ValueError if any value is not what we write."""
    (game_id, uid, size, started, outcome, won, score, tile, moves, seconds, steps, assisted,
     imported, origin_uid, origin_step) = row  # fmt: skip
    for name, value in (("id", game_id), ("score", score), ("biggest_tile", tile),
                        ("moves", moves), ("steps", steps)):  # fmt: skip
        checks.count(value, name)
    if size not in BOARD_SIZES or type(size) is not int:
        raise ValueError("size: not a board size")
    seconds = checks.seconds(seconds, "seconds")
    if assisted is not None:
        checks.count(assisted, "assisted_from", limit=steps)
    if won not in (0, 1) or imported not in (0, 1) or type(uid) is not str:
        raise ValueError("a flag or the uid is not what we write")
    origin = None
    if origin_uid is not None or origin_step is not None:
        if type(origin_uid) is not str:
            raise ValueError("origin_uid: not an identifier")
        origin = Origin(origin_uid, checks.count(origin_step, "origin_step"))
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
        seconds=seconds,
        steps=steps,
        assisted_from=assisted,
        imported=bool(imported),
        origin=origin,
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


class Kept(NamedTuple):
    """What play goes on from (`Archive.load_kept`)."""

    in_play: dict[int, tuple[Game, dict[str, Any]]]  # each size's game and session state
    records: dict[str, GameSummary]  # the newest record of each size, by uid (Session.game_id)
    stats: Stats


def kept_of(
    in_play: Sequence[tuple], stats: tuple | None, newest: Sequence[tuple]
) -> tuple[Kept, list[dict[str, str]]]:
    """`kept_rows` read back: what play goes on from, and the particulars of each row that
    cannot be read (left out: a game or the statistics begin again)."""
    kept, unread = Kept({}, {}, Stats()), []
    for size, game_text, session_text in in_play:
        try:
            kept.in_play[size] = in_play_of((game_text, session_text), size)
        except ValueError as problem:
            log.warning("the %sx%s game in play cannot be read: %s", size, size, problem)
            unread.append({"file": "game", "size": str(size)})
    for row in newest:
        with contextlib.suppress(ValueError):  # unreadable: a new record starts
            summary = summary_of(row)
            kept.records[summary.uid] = summary
    if stats is not None:
        try:
            kept = kept._replace(stats=stats_of(stats))
        except ValueError as problem:
            log.warning("the statistics cannot be read: %s", problem)
            unread.append({"file": "statistics"})
    return kept, unread


def in_play_of(row: Sequence[Any], size: int) -> tuple[Game, dict[str, Any]]:
    """An in_play row as the game and its session's state; ValueError if it is not ours."""
    game_text, session_text = row
    game = Game.from_dict(_json_of(game_text, "game"))
    if game.size != size:
        raise ValueError(f"size: a {game.size}x{game.size} game in the {size}x{size} row")
    return game, check_session_state(_json_of(session_text, "session"))


def stats_of(row: Sequence[Any]) -> Stats:
    """The statistics row as Stats; ValueError if it is not ours."""
    return Stats.from_dict(_json_of(row[0], "statistics"))


def _json_of(text: Any, name: str) -> Any:
    if type(text) is not str:
        raise ValueError(f"{name}: not text")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:  # a ValueError, said with its name
        raise ValueError(f"{name}: {error}") from None


# -- the queries that read the kept games --------------------------------------------------------


def largest_id(connection: sqlite3.Connection) -> int:
    return connection.execute("SELECT max(id) FROM games").fetchone()[0] or 0


def _of_size(size: int | None) -> tuple[str, tuple]:
    return ("WHERE size = ?", (size,)) if size is not None else ("", ())


def summary_rows(
    connection: sqlite3.Connection, limit: int, offset: int, size: int | None
) -> list[tuple]:
    """The games rows, newest first, for `summaries_of`."""
    where, args = _of_size(size)
    return connection.execute(
        f"SELECT {SUMMARY_COLUMNS} FROM games {where} ORDER BY id DESC LIMIT ? OFFSET ?",
        (*args, max(0, limit), max(0, offset)),
    ).fetchall()


def summaries_of(rows: Sequence[tuple]) -> list[GameSummary]:
    """The rows as GameSummary, a row that cannot be read left out."""
    summaries = []
    for row in rows:
        try:
            summaries.append(summary_of(row))
        except ValueError as error:
            log.warning("kept game %r left out: %s", row[0], error)
    return summaries


def game_count(connection: sqlite3.Connection, size: int | None) -> int:
    where, args = _of_size(size)
    return connection.execute(f"SELECT count(*) FROM games {where}", args).fetchone()[0]


def game_rows(connection: sqlite3.Connection, game_id: int) -> tuple[tuple | None, list[tuple]]:
    """A game's row, its start last (None if there is none), and its steps, for `record_of`."""
    row = connection.execute(
        f"SELECT {SUMMARY_COLUMNS}, start FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    steps = connection.execute(
        "SELECT number, action, seconds FROM steps WHERE game_id = ? ORDER BY number",
        (game_id,),
    ).fetchall()
    return row, steps


def kept_rows(connection: sqlite3.Connection) -> tuple[list[tuple], tuple | None, list[tuple]]:
    """What play goes on from: the in_play rows (size, game, session), the statistics row, and
    the newest game played here of each size (the game on its board, if it was moved in)."""
    in_play = connection.execute("SELECT size, game, session FROM in_play").fetchall()
    stats = connection.execute("SELECT figures FROM statistics WHERE one = 1").fetchone()
    newest = connection.execute(
        f"SELECT {SUMMARY_COLUMNS} FROM games WHERE id IN "
        "(SELECT max(id) FROM games WHERE imported = 0 GROUP BY size)"
    ).fetchall()
    return in_play, stats, newest


def uid_id(connection: sqlite3.Connection, uid: str) -> int | None:
    row = connection.execute("SELECT id FROM games WHERE uid = ?", (uid,)).fetchone()
    return None if row is None else row[0]


def score_rows(connection: sqlite3.Connection, game_id: int, depth: int) -> list[tuple]:
    """A game's kept scores at this depth, for `scores_of`."""
    return connection.execute(
        "SELECT position, scores FROM analyses WHERE game_id = ? AND depth = ?",
        (game_id, depth),
    ).fetchall()


def scores_of(rows: Sequence[tuple]) -> dict[int, tuple[float | None, ...]]:
    """The scores of each position, those that can be read."""
    kept: dict[int, tuple[float | None, ...]] = {}
    for position, text in rows:
        try:
            values = json.loads(text)
        except ValueError:
            continue
        if type(values) is list and len(values) == 4 and all(_is_score(v) for v in values):
            kept[position] = tuple(values)
    return kept


def played_on_rows(connection: sqlite3.Connection, game_id: int) -> list[tuple]:
    """A game's kept games played on, for `played_on_of`."""
    return connection.execute(
        "SELECT position, move, games, reached, survived, target, moves FROM played_on "
        "WHERE game_id = ?",
        (game_id,),
    ).fetchall()


def played_on_of(rows: Sequence[tuple]) -> dict[tuple[int, Direction], PlayedOn]:
    """The games played on after each (position, move), those that can be read."""
    kept: dict[tuple[int, Direction], PlayedOn] = {}
    for position, move, games, reached, survived, target, moves in rows:
        try:
            checks.count(position, "position")
            checks.count(games, "games")
            checks.count(reached, "reached", limit=games)
            checks.count(survived, "survived", limit=games)
            checks.count(target, "target")
            checks.count(moves, "moves", limit=games * ROLLOUT_MOVES)
            direction = Direction(move)
        except ValueError:
            continue
        if games and target:
            kept[position, direction] = PlayedOn(games, reached, survived, target, moves)
    return kept


def answer_rows(connection: sqlite3.Connection, game_id: int) -> list[tuple]:
    """A game's practice answers, oldest first, for `last_answers`."""
    return connection.execute(
        "SELECT position, right FROM practice WHERE game_id = ? ORDER BY rowid", (game_id,)
    ).fetchall()


def last_answers(rows: Sequence[tuple]) -> dict[int, bool]:
    """Whether the last answer on each position tried was right (rows we never write are
    left out)."""
    last: dict[int, bool] = {}
    for position, right in rows:
        if type(position) is int and position >= 0 and right in (0, 1):
            last[position] = bool(right)
    return last


def _is_score(value: Any) -> bool:
    return value is None or type(value) in (int, float)


# -- the statistics' pictures: the player's own games of one size ----------------------------------

# The player's own games (R20): played here, no hint or autoplay, not played on from another.
_OWN = "size = ? AND imported = 0 AND assisted_from IS NULL AND origin_uid IS NULL"


def own_score_rows(connection: sqlite3.Connection, size: int, limit: int) -> list[tuple]:
    """The scores of the player's own games of this size that ended, newest first."""
    return connection.execute(
        f"SELECT score FROM games WHERE {_OWN} AND outcome != 'in_play' ORDER BY id DESC LIMIT ?",
        (size, max(0, limit)),
    ).fetchall()


def own_tile_rows(connection: sqlite3.Connection, size: int) -> list[tuple]:
    """How many of the player's own ended games of this size had each biggest tile."""
    return connection.execute(
        f"SELECT biggest_tile, count(*) FROM games WHERE {_OWN} AND outcome != 'in_play' "
        "GROUP BY biggest_tile",
        (size,),
    ).fetchall()


def played_rows(connection: sqlite3.Connection, size: int, since: datetime) -> list[tuple]:
    """When each game of this size played here (assisted or not) began, and its clock, for
    those begun at `since` or later."""
    return connection.execute(
        "SELECT started_at, seconds FROM games WHERE size = ? AND imported = 0 AND started_at >= ?",
        (size, utc_text(since)),
    ).fetchall()


def reviewed_rows(connection: sqlite3.Connection, size: int, depth: int, limit: int) -> list[tuple]:
    """The games of this size played here with scores kept at `depth` and moves of the
    player's own (assisted from a later step, or not at all), newest first."""
    return connection.execute(
        "SELECT id FROM games WHERE size = ? AND imported = 0 "
        "AND (assisted_from IS NULL OR assisted_from > 0) "
        "AND EXISTS (SELECT 1 FROM analyses WHERE game_id = games.id AND depth = ?) "
        "ORDER BY id DESC LIMIT ?",
        (size, depth, max(0, limit)),
    ).fetchall()


def is_count(value: Any) -> bool:
    return type(value) is int and value >= 0


def played_of(rows: Sequence[tuple]) -> list[tuple[datetime, float]]:
    """The (start, clock) rows that can be read."""
    played = []
    for started, seconds in rows:
        try:
            moment = parse_utc(started)
        except ValueError:
            continue
        if type(seconds) in (int, float) and 0 <= seconds < float("inf"):
            played.append((moment, float(seconds)))
    return played
