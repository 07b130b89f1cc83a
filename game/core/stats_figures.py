"""The figures of the statistics (game/core/stats.py), one board size's column at a time: the
figures a player reads (`SizeStats`), the note of the game in play (`GameInPlay`) and a goal met
(`MetGoal`), each read back from its stored form field by field (ValueError naming the field).

Pure values: no files, no clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from datetime import date
from typing import Any

from game.core import checks
from game.core.engine import (
    MAX_COUNT,
    MAX_SIZE,
    MIN_SIZE,
    is_cell_value,
    is_game_id,
    is_moves_to_win,
)

_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class SizeStats:
    """The figures of one board size, for own play or for assisted play."""

    games_played: int = 0
    games_won: int = 0
    best_score: int = 0
    biggest_tile: int = 0
    fastest_win_seconds: float | None = None  # None: no win yet
    fewest_moves_to_win: int | None = None  # None: no win yet
    total_seconds: float = 0.0

    def merged(self, other: SizeStats) -> SizeStats:
        """The better of each figure of the two."""
        return SizeStats(
            games_played=max(self.games_played, other.games_played),
            games_won=max(self.games_won, other.games_won),
            best_score=max(self.best_score, other.best_score),
            biggest_tile=max(self.biggest_tile, other.biggest_tile),
            fastest_win_seconds=lowest(self.fastest_win_seconds, other.fastest_win_seconds),
            fewest_moves_to_win=lowest(self.fewest_moves_to_win, other.fewest_moves_to_win),
            total_seconds=max(self.total_seconds, other.total_seconds),
        )

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any, size: int, name: str = "stats") -> SizeStats:
        """The figures `to_dict` wrote; ValueError naming the field if anything is off."""
        checks.fields(data, name, {f.name for f in fields(cls)})
        counts = {
            key: checks.count(data[key], f"{name}.{key}")
            for key in ("games_played", "games_won", "best_score")
        }
        tile = data["biggest_tile"]
        if not is_cell_value(tile, size):
            raise ValueError(f"{name}.biggest_tile: {tile!r} is not a tile value")
        fastest = data["fastest_win_seconds"]
        if fastest is not None:
            fastest = checks.seconds(fastest, f"{name}.fastest_win_seconds")
        fewest = data["fewest_moves_to_win"]
        if fewest is not None and not is_moves_to_win(fewest):
            raise ValueError(
                f"{name}.fewest_moves_to_win: must be a whole number, 1 to {MAX_COUNT}"
            )
        return cls(
            biggest_tile=tile,
            fastest_win_seconds=fastest,
            fewest_moves_to_win=fewest,
            total_seconds=checks.seconds(data["total_seconds"], f"{name}.total_seconds"),
            **counts,
        )


@dataclass(frozen=True)
class GameInPlay:
    """The statistics' note of the game in play on one size (see the module's docstring)."""

    game_id: str
    assisted: bool = False
    won: bool = False
    credited_seconds: float = 0.0  # this game's clock time already in the column's total

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "assisted": self.assisted,
            "won": self.won,
            "credited_seconds": self.credited_seconds,
        }

    @classmethod
    def from_dict(cls, data: Any, name: str) -> GameInPlay:
        checks.fields(data, name, {"game", "assisted", "won", "credited_seconds"})
        game_id = data["game"]
        if not is_game_id(game_id):
            raise ValueError(f"{name}.game: not a game id")
        for key in ("assisted", "won"):
            checks.flag(data[key], f"{name}.{key}")
        credited = checks.seconds(data["credited_seconds"], f"{name}.credited_seconds")
        return cls(game_id, data["assisted"], data["won"], credited)


@dataclass(frozen=True)
class MetGoal:
    """When a goal was first met, and by which game."""

    day: date
    game_id: str

    def to_dict(self) -> dict[str, Any]:
        return {"date": self.day.isoformat(), "game": self.game_id}

    @classmethod
    def from_dict(cls, data: Any, name: str) -> MetGoal:
        checks.fields(data, name, {"date", "game"})
        text, game_id = data["date"], data["game"]
        if type(text) is not str or not _ISO_DATE.fullmatch(text):
            raise ValueError(f"{name}.date: not a date (YYYY-MM-DD)")
        if not is_game_id(game_id):
            raise ValueError(f"{name}.game: not a game id")
        return cls(date.fromisoformat(text), game_id)


def check_size(size: int) -> None:
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size: {size!r} is not a board size")


def lowest(a: Any, b: Any) -> Any:
    """The lower of two figures where None means "none yet"."""
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b)
