"""Statistics per board size (R19), the player's own games and assisted games apart (R20).

Pure values: no files, no clock. `Stats` is immutable; each `record_*` method returns a new one.
Storage keeps it in stats.json (see game/storage.py).

    stats = stats.game_started(4, assisted=False)          # at a game's first valid move
    stats = stats.score_reached(4, assisted=False, score=g.score, biggest_tile=g.biggest_tile())
    stats = stats.game_won(4, assisted=False, seconds=g.seconds, moves=g.moves)   # R10
    stats = stats.time_played(4, assisted=False, seconds=dt)  # clock time, added as it runs
    stats.best_score(4)                                     # the player's own best (R9)
    stats.for_size(4, assisted=True)                        # a SizeStats

Which column a figure lands in is decided when it happens: a game counts as played where it
started (own, unless hint or autoplay was used before its first move); a win, a score or a
tile counts as assisted once the game is marked assisted. So a best earned before the first hint
stays the player's own.

Every figure only ever improves: counts and totals rise, best score and biggest tile rise, the
fastest win and the fewest moves to a win fall. `merged` keeps the better of two copies of each
figure, so merging a file with its older backup can never lower a record (promise 4). Counts
and clocks share the engine's bounds (MAX_COUNT, MAX_SECONDS) and stop there, so whatever the
engine lets a game reach, the statistics can hold and load again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from game.engine import (
    MAX_COUNT,
    MAX_SECONDS,
    MAX_SIZE,
    MIN_SIZE,
    capped_count,
    capped_seconds,
    is_cell_value,
)


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
            fastest_win_seconds=_lowest(self.fastest_win_seconds, other.fastest_win_seconds),
            fewest_moves_to_win=_lowest(self.fewest_moves_to_win, other.fewest_moves_to_win),
            total_seconds=max(self.total_seconds, other.total_seconds),
        )

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any, size: int, name: str = "stats") -> SizeStats:
        """The figures `to_dict` wrote; ValueError naming the field if anything is off."""
        if type(data) is not dict:
            raise ValueError(f"{name}: not a mapping")
        expected = {f.name for f in fields(cls)}
        if set(data) != expected:
            odd = sorted(set(data) ^ expected)
            raise ValueError(f"{name}: unexpected or missing fields {odd}")
        counts = {
            key: _count(data[key], f"{name}.{key}")
            for key in ("games_played", "games_won", "best_score")
        }
        tile = data["biggest_tile"]
        if not is_cell_value(tile, size):
            raise ValueError(f"{name}.biggest_tile: {tile!r} is not a tile value")
        fastest = data["fastest_win_seconds"]
        if fastest is not None:
            fastest = _seconds(fastest, f"{name}.fastest_win_seconds")
        fewest = data["fewest_moves_to_win"]
        if fewest is not None and (type(fewest) is not int or not 1 <= fewest <= MAX_COUNT):
            raise ValueError(
                f"{name}.fewest_moves_to_win: must be a whole number, 1 to {MAX_COUNT}"
            )
        return cls(
            biggest_tile=tile,
            fastest_win_seconds=fastest,
            fewest_moves_to_win=fewest,
            total_seconds=_seconds(data["total_seconds"], f"{name}.total_seconds"),
            **counts,
        )


@dataclass(frozen=True)
class Stats:
    """Figures for every board size played, own and assisted apart. Immutable."""

    _records: Mapping[tuple[int, bool], SizeStats] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_records", MappingProxyType(dict(self._records)))

    def for_size(self, size: int, *, assisted: bool = False) -> SizeStats:
        return self._records.get((size, assisted), SizeStats())

    def best_score(self, size: int) -> int:
        """The best score of the player's own games on this size (R9, R20)."""
        return self.for_size(size).best_score

    def sizes(self) -> list[int]:
        """The board sizes with any figure, smallest first."""
        return sorted({size for size, _ in self._records})

    # -- recording --------------------------------------------------------------------------

    def game_started(self, size: int, *, assisted: bool) -> Stats:
        """A game got its first valid move: one more game played."""
        old = self.for_size(size, assisted=assisted)
        return self._with(
            size, assisted, replace(old, games_played=capped_count(old.games_played + 1))
        )

    def score_reached(self, size: int, *, assisted: bool, score: int, biggest_tile: int) -> Stats:
        """After a move: the best score and biggest tile rise if this game passed them."""
        old = self.for_size(size, assisted=assisted)
        new = replace(
            old,
            best_score=max(old.best_score, score),
            biggest_tile=max(old.biggest_tile, biggest_tile),
        )
        return self if new == old else self._with(size, assisted, new)

    def game_won(self, size: int, *, assisted: bool, seconds: float, moves: int) -> Stats:
        """A game's first 2048 (R10): one more win, and perhaps a faster or shorter one."""
        old = self.for_size(size, assisted=assisted)
        return self._with(
            size,
            assisted,
            replace(
                old,
                games_won=capped_count(old.games_won + 1),
                fastest_win_seconds=_lowest(old.fastest_win_seconds, capped_seconds(seconds)),
                fewest_moves_to_win=_lowest(old.fewest_moves_to_win, moves),
            ),
        )

    def time_played(self, size: int, *, assisted: bool, seconds: float) -> Stats:
        """Clock time played (R17) added to the total."""
        if not seconds > 0:
            return self
        old = self.for_size(size, assisted=assisted)
        total = capped_seconds(old.total_seconds + seconds)
        return self._with(size, assisted, replace(old, total_seconds=total))

    def merged(self, other: Stats) -> Stats:
        """The better of each figure of the two (a file and its backup, say)."""
        records = dict(self._records)
        for key, theirs in other._records.items():
            records[key] = records[key].merged(theirs) if key in records else theirs
        return Stats(records)

    # -- saving -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            column: {
                str(size): record.to_dict()
                for (size, assisted), record in sorted(self._records.items())
                if assisted == (column == "assisted")
            }
            for column in ("own", "assisted")
        }

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        """The figures `to_dict` wrote; ValueError naming the field if anything is off."""
        if type(data) is not dict or set(data) != {"own", "assisted"}:
            raise ValueError("stats: expected the two columns own and assisted")
        records: dict[tuple[int, bool], SizeStats] = {}
        for column in ("own", "assisted"):
            by_size = data[column]
            if type(by_size) is not dict:
                raise ValueError(f"{column}: not a mapping")
            for key, value in by_size.items():
                size = int(key) if key.isascii() and key.isdigit() else -1
                if str(size) != key or not MIN_SIZE <= size <= MAX_SIZE:
                    raise ValueError(f"{column}: {key!r} is not a board size")
                records[(size, column == "assisted")] = SizeStats.from_dict(
                    value, size, f"{column}.{key}"
                )
        return cls(records)

    def _with(self, size: int, assisted: bool, record: SizeStats) -> Stats:
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"size: {size!r} is not a board size")
        return Stats({**self._records, (size, assisted): record})


def _lowest(a: Any, b: Any) -> Any:
    """The lower of two figures where None means "none yet"."""
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b)


def _count(value: Any, name: str) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"{name}: must be a whole number from 0 to {MAX_COUNT}")
    return value


def _seconds(value: Any, name: str) -> float:
    # The bound is checked first: it also refuses NaN, and an int too big to be a float.
    if type(value) not in (int, float) or not 0 <= value <= MAX_SECONDS:
        raise ValueError(f"{name}: must be a number of seconds from 0 to {MAX_SECONDS:.0f}")
    return float(value)
