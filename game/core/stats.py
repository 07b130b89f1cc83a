"""Statistics per board size (R19), the player's own games and assisted games apart (R20).

Pure values: no files, no clock. `Stats` is immutable; each recording method returns a new one.
The archive keeps it in one row of its database, written with each move (game/kept_games/archive/).

    stats = stats.game_counted(4, game_id, assisted=False)  # at a game's first valid move
    stats = stats.score_reached(4, assisted=False, score=g.score, biggest_tile=g.biggest_tile())
    stats = stats.game_won(4, game_id, assisted=False, seconds=g.seconds, moves=g.moves)  # R10
    stats = stats.game_assisted(4, game_id)                # its first hint or autoplay (R20)
    stats = stats.time_played(4, game_id, assisted=False, seconds=dt)  # clock time as it runs
    stats.best_score(4)                                     # the player's own best (R9)
    stats.for_size(4, assisted=True)                        # a SizeStats, as the player reads it
    stats = stats.goal_met("reach_512_no_undo", game_id, date(2025, 6, 1))  # game/core/goals.py
    stats.goal("reach_512_no_undo")                         # a MetGoal (when, which game) or None

A game counts once (R19). Each size has at most one game in play (R18), and the statistics
keep a note of it (`GameInPlay`): which game it is, in which column it counts, whether it was
won, and how much of its clock is already in the total. So an undo of its first move, a quit
or a kill never count it twice, and a game that turns assisted moves to the assisted column
(moved, not doubled, R20). When another game of that size gets its first move, the one before
is closed: its count and its win join the column's closed figures.

Scores, tiles, wins' times and time played land in the column the game is in when they
happen: a best earned before the first hint stays the player's own, and an assisted score
never raises it.

Every stored figure only ever improves: closed counts and totals rise, best score and biggest
tile rise, the fastest win and the fewest moves to a win fall. `merged` keeps the better of
two copies of each figure, so merging a file with its older backup can never lower a record.
Counts and clocks share the engine's bounds (MAX_COUNT, MAX_SECONDS) and stop there, so
whatever the engine lets a game reach, the statistics can hold and load again.

The goals met (game/core/goals.py) are kept beside the figures, each with the day it was first
met and the game that met it; met again, a goal keeps its first day. They are an extra: a goal
kept wrong is dropped on loading, and costs none of the figures.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from types import MappingProxyType
from typing import Any

from game.core import checks
from game.core.engine import (
    capped_count,
    capped_seconds,
    is_moves_to_win,
)
from game.core.goals import GOAL_IDS
from game.core.stats_figures import (
    GameInPlay,
    MetGoal,
    SizeStats,
    check_size,
    lowest,
)

COLUMNS = ("own", "assisted")


@dataclass(frozen=True)
class Stats:
    """Figures for every board size played, own and assisted apart, and the game in play on
    each size. Immutable."""

    _records: Mapping[tuple[int, bool], SizeStats] = field(default_factory=dict)
    _playing: Mapping[int, GameInPlay] = field(default_factory=dict)
    _goals: Mapping[str, MetGoal] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_records", MappingProxyType(dict(self._records)))
        object.__setattr__(self, "_playing", MappingProxyType(dict(self._playing)))
        object.__setattr__(self, "_goals", MappingProxyType(dict(self._goals)))

    def for_size(self, size: int, *, assisted: bool = False) -> SizeStats:
        """The figures as the player reads them: the closed games and the one in play."""
        closed = self._closed(size, assisted)
        playing = self._playing.get(size)
        if playing is None or playing.assisted != assisted:
            return closed
        return replace(
            closed,
            games_played=capped_count(closed.games_played + 1),
            games_won=capped_count(closed.games_won + playing.won),
        )

    def best_score(self, size: int) -> int:
        """The best score of the player's own games on this size (R9, R20)."""
        return self._closed(size, False).best_score

    def playing(self, size: int) -> GameInPlay | None:
        """The game in play on this size, once it has had its first move."""
        return self._playing.get(size)

    def sizes(self) -> list[int]:
        """The board sizes with any figure, smallest first."""
        return sorted({size for size, _ in self._records} | set(self._playing))

    def goal(self, goal_id: str) -> MetGoal | None:
        """When and by which game this goal was first met; None: not yet."""
        return self._goals.get(goal_id)

    # -- recording --------------------------------------------------------------------------

    def game_counted(self, size: int, game_id: str, *, assisted: bool) -> Stats:
        """A game's first valid move: it counts, once. The game in play before it on this size
        is closed."""
        playing = self._playing.get(size)
        if playing is not None and playing.game_id == game_id:
            return self
        stats = self if playing is None else self._close(size, playing)
        return stats._with_playing(size, GameInPlay(game_id, assisted=assisted))

    def game_assisted(self, size: int, game_id: str) -> Stats:
        """The game in play got its first hint or autoplay: it counts as assisted from now."""
        playing = self._playing.get(size)
        if playing is None or playing.game_id != game_id or playing.assisted:
            return self
        return self._with_playing(size, replace(playing, assisted=True))

    def score_reached(self, size: int, *, assisted: bool, score: int, biggest_tile: int) -> Stats:
        """After a move: the best score and biggest tile rise if this game passed them."""
        old = self._closed(size, assisted)
        new = replace(
            old,
            best_score=max(old.best_score, score),
            biggest_tile=max(old.biggest_tile, biggest_tile),
        )
        return self if new == old else self._with(size, assisted, new)

    def game_won(
        self, size: int, game_id: str, *, assisted: bool, seconds: float, moves: int
    ) -> Stats:
        """A game's first 2048 (R10): one more win, and perhaps a faster or shorter one. A game
        that was won before any move (it started with a 2048) counts none."""
        if not is_moves_to_win(moves):
            return self
        old = self._closed(size, assisted)
        stats = self._with(
            size,
            assisted,
            replace(
                old,
                fastest_win_seconds=lowest(old.fastest_win_seconds, capped_seconds(seconds)),
                fewest_moves_to_win=lowest(old.fewest_moves_to_win, moves),
            ),
        )
        playing = self._playing.get(size)
        if playing is not None and playing.game_id == game_id:
            return stats._with_playing(size, replace(playing, won=True))
        # Won before its first move was counted (not in play): the win still counts.
        closed = stats._closed(size, assisted)
        games_won = capped_count(closed.games_won + 1)
        return stats._with(size, assisted, replace(closed, games_won=games_won))

    def time_played(self, size: int, game_id: str, *, assisted: bool, seconds: float) -> Stats:
        """Clock time played (R17) added to the column's total, and noted against the game in
        play so that it is never added twice."""
        if not 0 < seconds < math.inf:
            return self
        old = self._closed(size, assisted)
        total = capped_seconds(old.total_seconds + seconds)
        stats = self._with(size, assisted, replace(old, total_seconds=total))
        playing = self._playing.get(size)
        if playing is None or playing.game_id != game_id:
            return stats
        credited = capped_seconds(playing.credited_seconds + seconds)
        return stats._with_playing(size, replace(playing, credited_seconds=credited))

    def goal_met(self, goal_id: str, game_id: str, day: date) -> Stats:
        """A goal met by this game on this day; one met before keeps its first day."""
        if goal_id in self._goals:
            return self
        return replace(self, _goals={**self._goals, goal_id: MetGoal(day, game_id)})

    def merged(self, other: Stats) -> Stats:
        """The better of each figure of the two (a file and its older backup); the games in
        play are this copy's, the newer one. A goal either met is met, on the earlier day."""
        records = dict(self._records)
        for key, theirs in other._records.items():
            records[key] = records[key].merged(theirs) if key in records else theirs
        goals = dict(self._goals)
        for goal_id, theirs in other._goals.items():
            if goal_id not in goals or theirs.day < goals[goal_id].day:
                goals[goal_id] = theirs
        return Stats(records, self._playing, goals)

    # -- saving -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            column: {
                str(size): record.to_dict()
                for (size, assisted), record in sorted(self._records.items())
                if assisted == (column == "assisted")
            }
            for column in COLUMNS
        }
        data["playing"] = {
            str(size): playing.to_dict() for size, playing in sorted(self._playing.items())
        }
        data["goals"] = {goal_id: met.to_dict() for goal_id, met in sorted(self._goals.items())}
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        """The figures `to_dict` wrote; ValueError naming the field if anything is off. The
        goals are read apart (`_goals_from`): one kept wrong costs no figure."""
        if type(data) is dict and "goals" in data:
            goals = _goals_from(data["goals"])
            data = {key: value for key, value in data.items() if key != "goals"}
        else:
            goals = {}
        checks.fields(data, "stats", {*COLUMNS, "playing"})
        records: dict[tuple[int, bool], SizeStats] = {}
        for column in COLUMNS:
            for size, value in checks.by_size(data[column], column).items():
                records[(size, column == "assisted")] = SizeStats.from_dict(
                    value, size, f"{column}.{size}"
                )
        playing = {
            size: GameInPlay.from_dict(value, f"playing.{size}")
            for size, value in checks.by_size(data["playing"], "playing").items()
        }
        return cls(records, playing, goals)

    # -- inside -----------------------------------------------------------------------------

    def _closed(self, size: int, assisted: bool) -> SizeStats:
        return self._records.get((size, assisted), SizeStats())

    def _close(self, size: int, playing: GameInPlay) -> Stats:
        """The game in play leaves: its count and win join the closed figures of its column."""
        old = self._closed(size, playing.assisted)
        closed = replace(
            old,
            games_played=capped_count(old.games_played + 1),
            games_won=capped_count(old.games_won + playing.won),
        )
        playing_now = {key: value for key, value in self._playing.items() if key != size}
        return replace(
            self, _records={**self._records, (size, playing.assisted): closed}, _playing=playing_now
        )

    def _with(self, size: int, assisted: bool, record: SizeStats) -> Stats:
        check_size(size)
        return replace(self, _records={**self._records, (size, assisted): record})

    def _with_playing(self, size: int, playing: GameInPlay) -> Stats:
        check_size(size)
        return replace(self, _playing={**self._playing, size: playing})


def _goals_from(data: Any) -> dict[str, MetGoal]:
    """The goals met, each read on its own: one kept wrong, or no longer a goal, is dropped
    (met again, it is kept again) and the others stay."""
    if type(data) is not dict:
        return {}
    goals = {}
    for goal_id, value in data.items():
        if goal_id not in GOAL_IDS:
            continue
        try:
            goals[goal_id] = MetGoal.from_dict(value, f"goals.{goal_id}")
        except ValueError:
            continue
    return goals
