"""One kept game in one small file, to send to a friend who can replay and review it (R22).

    export_game(record, path)                  # writes the file atomically; ShareError
    result = import_game(archive, path)        # ImportResult(game_id, already_kept); ShareError
    tr(error.key, lang)                        # what to tell the player (game/text/)

The file is JSON, one line, UTF-8:

    {"format": "2048-shared-game", "version": 1, "game": {
        "uid": "...", "size": 4, "started_at": "2024-05-01T12:34:56Z", "outcome": "lost",
        "won": false, "score": 1234, "biggest_tile": 256, "moves": 300, "seconds": 512.5,
        "assisted_from": null,
        "origin": {"uid": "...", "step": 34},   only a game played on from a kept one's position
        "start": {...Game.to_dict() of the first position...},
        "steps": "lldrz...",        one letter a step: u d l r, z for an undo
        "times": [0.0, 1.25, ...]}} the game clock at each step

A 1,000-move game takes about 30 KB. An import is refused, with a key naming the reason, when
the path is not a regular file (a link, a FIFO, a folder), the file is too big or its game too
long (MAX_SHARE_BYTES, MAX_STEPS), not JSON, not a shared game, of a newer version, holds a
value no game can have, is of a board size this game does not offer (rules.BOARD_SIZES), is
dated before 2048 existed or in the future (EARLIEST_START, CLOCK_SKEW), or does not replay to
its own summary (a doctored file). It is kept in one transaction, or not at all, so nothing
already kept is ever lost; a game already kept (the same uid) is not kept twice. A game longer
than MAX_STEPS is not exported: no file the game writes is one it refuses.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from game.core import checks
from game.core.engine import BOARD_SIZES, Game
from game.core.record import Action, GameRecord, GameSummary, Origin, Outcome, Step, Steps
from game.core.replay import ReplayError, replay
from game.kept_games.archive.changes import utc_text
from game.kept_games.archive.games_archive import Archive, ArchiveError
from game.kept_games.archive.rows import parse_utc
from game.platform.files import atomic_write

SHARE_FORMAT = "2048-shared-game"
SHARE_VERSION = 1
SHARE_SUFFIX = ".2048.json"
# The longest game a file may hold. Importing it, and opening it among the player's games,
# replays every step (40 microseconds a step on 6x6 on a two-core machine, the engine's moves;
# on threads of their own, the frames going on): 100,000 steps take about 4 s to import, with
# 16 MB at the peak, and 4 s to open (bench/share.py). That is 28 hours of play at a move a
# second, three times the moves a 65536 takes on 4x4: longer games are autoplay's marathons,
# which the game keeps but does not share.
MAX_STEPS = 100_000
# A step takes 24 bytes at most (its letter, and a clock time of up to 22 characters and a
# comma: 20 is usual), and the start 64 KB (six random states, the game's and its undos').
MAX_SHARE_BYTES = MAX_STEPS * 24 + (64 << 10)
MAX_SECONDS = 10 * 366 * 24 * 3600.0  # ten years of play on the clock
_clock = partial(checks.seconds, limit=MAX_SECONDS)
# When a game may have begun: not before 2048 itself was first published (9 March 2014), and
# not later than now, give or take a sender's clock a little ahead (or set to local time as if
# it were UTC: up to 14 hours). Anything else is a clock gone wrong or a doctored file (such
# as 9999-12-31, past the last day a date can have once in local time ahead of UTC).
EARLIEST_START = datetime(2014, 3, 9, tzinfo=UTC)
CLOCK_SKEW = timedelta(days=1)
# version -> the step that turns that version's "game" into the next version's
SHARE_UPGRADES: Mapping[int, Callable[[Any], Any]] = {}

_LETTERS = {Action.UP: "u", Action.DOWN: "d", Action.LEFT: "l", Action.RIGHT: "r", Action.UNDO: "z"}
_ACTIONS = {letter: action for action, letter in _LETTERS.items()}
_UID = re.compile(r"[0-9A-Za-z_-]{1,64}")
_SUMMARY_KEYS = ("uid", "size", "started_at", "outcome", "won", "score", "biggest_tile")
_KEYS = frozenset((*_SUMMARY_KEYS, "moves", "seconds", "assisted_from", "start", "steps", "times"))
_OPTIONAL_KEYS = frozenset(("origin",))


class ShareError(Exception):
    """A game could not be exported or imported. `key` names the player's sentence in
    game/text/messages.py: an "import_..." or "export_..." key; the message says
    more, for the log; `fields`, the sentence's."""

    def __init__(self, key: str, detail: str = "", **fields: object) -> None:
        super().__init__(f"{key}: {detail}" if detail else key)
        self.key = key
        self.fields = fields


@dataclass(frozen=True)
class ImportResult:
    game_id: int
    already_kept: bool  # the same game was kept before: nothing was written


# -- the format ---------------------------------------------------------------------------------


def encode_record(record: GameRecord) -> bytes:
    s = record.summary
    game = {
        "uid": s.uid,
        "size": s.size,
        "started_at": utc_text(s.started_at),
        "outcome": s.outcome.value,
        "won": s.won,
        "score": s.score,
        "biggest_tile": s.biggest_tile,
        "moves": s.moves,
        "seconds": s.seconds,
        "assisted_from": s.assisted_from,
        "start": dict(record.start),
        "steps": "".join(_LETTERS[step.action] for step in record.steps),
        "times": [step.seconds for step in record.steps],
    }
    if s.origin is not None:
        game["origin"] = {"uid": s.origin.uid, "step": s.origin.step}
    document = {"format": SHARE_FORMAT, "version": SHARE_VERSION, "game": game}
    return json.dumps(document, separators=(",", ":"), allow_nan=False).encode("utf-8")


def decode_record(raw: bytes) -> GameRecord:
    """The game a shared file holds, replayed and checked; ShareError if it is not one."""
    if len(raw) > MAX_SHARE_BYTES:
        raise ShareError("import_too_big", f"{len(raw)} bytes")
    try:
        document = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise ShareError("import_not_json", str(error)[:200]) from None
    if type(document) is not dict or document.get("format") != SHARE_FORMAT:
        raise ShareError("import_not_a_game", "no 2048 game format")
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise ShareError("import_damaged", "version: not a version number")
    if version > SHARE_VERSION:
        raise ShareError("import_newer", f"version {version}")
    data = document.get("game")
    while version < SHARE_VERSION:
        data = SHARE_UPGRADES[version](data)
        version += 1
    try:
        record = _record(data)
    except (ValueError, KeyError, TypeError) as error:
        raise ShareError("import_damaged", str(error)[:200]) from None
    try:
        replay(record)
    except ReplayError as error:
        raise ShareError("import_diverges", str(error)) from None
    return record


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a game holds")


def _started_at(value: Any) -> datetime:
    moment = parse_utc(value)  # ValueError: not a date at all (a damaged file)
    latest = datetime.now(UTC) + CLOCK_SKEW
    if not EARLIEST_START <= moment <= latest:
        raise ShareError("import_bad_date", f"started_at: {value}")
    return moment


def _record(data: Any) -> GameRecord:
    checks.fields(data, "game", _KEYS, _OPTIONAL_KEYS)
    if type(data["uid"]) is not str or not _UID.fullmatch(data["uid"]):
        raise ValueError("uid: not an identifier")
    size = checks.field(data, "size", checks.count)
    if size not in BOARD_SIZES:  # another game's board (a 10x10), or a doctored file
        raise ShareError("import_size_not_offered", f"size {size}")
    letters, times = data["steps"], data["times"]
    if type(letters) is not str or type(times) is not list or len(letters) != len(times):
        raise ValueError("steps: not one time per step")
    if len(letters) > MAX_STEPS:
        raise ShareError("import_too_long", f"{len(letters)} steps", most=MAX_STEPS)
    if not set(letters) <= set(_ACTIONS):
        raise ValueError("steps: not moves or undos")
    steps = Steps(
        Step(_ACTIONS[letter], _clock(moment, f"times[{index}]"))
        for index, (letter, moment) in enumerate(zip(letters, times, strict=True))
    )
    assisted = data["assisted_from"]
    if assisted is not None:
        checks.count(assisted, "assisted_from", limit=len(steps))
    Game.from_dict(data["start"])  # ValueError naming the field, if it is not a game
    summary = GameSummary(
        game_id=None,
        uid=data["uid"],
        size=size,
        started_at=_started_at(data["started_at"]),
        outcome=Outcome(data["outcome"]),
        won=checks.field(data, "won", checks.flag),
        score=checks.field(data, "score", checks.count),
        biggest_tile=checks.field(data, "biggest_tile", checks.count),
        moves=checks.field(data, "moves", checks.count),
        seconds=checks.field(data, "seconds", _clock),
        steps=len(steps),
        assisted_from=assisted,
        imported=True,
        origin=_origin(data.get("origin")),
    )
    return GameRecord(summary, data["start"], steps)


def _origin(value: Any) -> Origin | None:
    if value is None:
        return None
    checks.fields(value, "origin", {"uid", "step"})
    uid, step = value["uid"], checks.field(value, "step", checks.count, "origin")
    if type(uid) is not str or not _UID.fullmatch(uid):
        raise ValueError("origin.uid: not an identifier")
    return Origin(uid, step)


# -- files --------------------------------------------------------------------------------------


def export_name(summary: GameSummary) -> str:
    """A file name for sharing this game: size, date and score, e.g.
    2048-4x4-20240501-123456-score-1234.2048.json."""
    moment = summary.started_at
    stamp = moment.strftime("%Y%m%d-%H%M%S") if moment is not None else "undated"
    return f"2048-{summary.size}x{summary.size}-{stamp}-score-{summary.score}{SHARE_SUFFIX}"


def export_game(record: GameRecord, path: str | os.PathLike[str]) -> Path:
    """Write the game to `path` (replacing a file there, never writing through a link); never
    a game longer than an import takes."""
    path = Path(path)
    if len(record.steps) > MAX_STEPS:
        raise ShareError("export_too_long", f"{len(record.steps)} steps", most=MAX_STEPS)
    try:
        atomic_write(path, encode_record(record))
    except OSError as error:
        raise ShareError("export_failed", str(error)) from None
    return path


def read_shared(path: str | os.PathLike[str]) -> GameRecord:
    """The game in a shared file; ShareError if it cannot be read or is not a good one."""
    return decode_record(read_regular_file(Path(path)))


def read_regular_file(path: Path) -> bytes:
    """The bytes of a regular file, at most MAX_SHARE_BYTES + 1 of them: never through a link,
    and never blocking on a FIFO or a device."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise ShareError("import_not_a_file", str(path))
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except ShareError:
        raise
    except OSError as error:
        raise ShareError("import_unreadable", str(error)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else meanwhile
            raise ShareError("import_not_a_file", str(path))
        chunks, size = [], 0
        while size <= MAX_SHARE_BYTES:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise ShareError("import_unreadable", str(error)) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def import_game(archive: Archive, path: str | os.PathLike[str]) -> ImportResult:
    """Keep the game of a shared file among the player's games (marked imported)."""
    return keep_shared(archive, read_shared(path))


def keep_shared(archive: Archive, record: GameRecord) -> ImportResult:
    """Keep a game `read_shared` has checked, once (marked imported)."""
    try:
        kept = archive.find_uid(record.summary.uid)
        if kept is not None:
            return ImportResult(kept, already_kept=True)
        return ImportResult(archive.add_record(record, imported=True), already_kept=False)
    except ArchiveError as error:
        raise ShareError("import_cannot_keep", str(error)) from None
