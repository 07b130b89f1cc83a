"""What the statistics' pictures show of one board size, as plain figures. Pure.

- The scores of the player's last LAST_GAMES own games that ended, oldest first.
- How many of those games (all of them, not only the last) ended with each biggest tile, for
  every tile from the smallest such to the biggest: a tile between them no game stopped at
  shows as a bar of 0, so the bars read as a ladder.
- The time played a week, the last WEEKS_SHOWN weeks up to this one, in the player's own
  weeks (Monday to Sunday, local time): every game played here counts, assisted or not, since
  the time was the player's all the same. A game counts in the week it began.
- The average loss of the player's own moves in each of the last LAST_GAMES reviewed games,
  oldest first (game/kept_games/review/progress.py): lower is better.

The player's own games are those of R20: no hint or autoplay, not played on from a kept
position (those count apart, as assisted), not brought in from a shared file (someone else's).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta

LAST_GAMES = 50  # the scores and the losses: the last this many games
WEEKS_SHOWN = 12  # the time played: this week and the eleven before it


@dataclass(frozen=True)
class Week:
    monday: date
    seconds: float


@dataclass(frozen=True)
class ChartFigures:
    """The figures of one board size, or why there are none yet: still being read, or the
    kept games could not be read."""

    size: int
    scores: tuple[int, ...] = ()
    tiles: tuple[tuple[int, int], ...] = ()  # (tile, games ending with it as their biggest)
    weeks: tuple[Week, ...] = ()
    losses: tuple[float, ...] = ()
    reading: bool = False
    unreadable: bool = False

    @property
    def played_lately(self) -> bool:
        return any(week.seconds > 0 for week in self.weeks)


def tile_bars(counts: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    """Every tile from the smallest biggest tile to the biggest, with its count (0 if none)."""
    tiles = [tile for tile, count in counts.items() if count > 0 and _is_tile(tile)]
    if not tiles:
        return ()
    bars, tile = [], min(tiles)
    while tile <= max(tiles):
        bars.append((tile, counts.get(tile, 0)))
        tile *= 2
    return tuple(bars)


def _is_tile(value: int) -> bool:
    return value >= 2 and value & (value - 1) == 0


def monday_of(day: date) -> date:
    return day - timedelta(days=day.weekday())


def weeks_of(played: Iterable[tuple[datetime, float]], today: date) -> tuple[Week, ...]:
    """The seconds played in each of the WEEKS_SHOWN weeks up to `today`'s, oldest first, from
    (when a game began, its clock); a game from before them, or after today, left out."""
    this_monday = monday_of(today)
    mondays = [this_monday - timedelta(weeks=n) for n in range(WEEKS_SHOWN - 1, -1, -1)]
    seconds = dict.fromkeys(mondays, 0.0)
    for began, clock in played:
        try:
            monday = monday_of(began.astimezone().date())
        except (OverflowError, OSError):  # past the last day a local date can have: no week
            continue
        if monday in seconds:
            seconds[monday] += clock
    return tuple(Week(monday, seconds[monday]) for monday in mondays)


def first_monday(today: date) -> date:
    """The first day the time chart counts."""
    return monday_of(today) - timedelta(weeks=WEEKS_SHOWN - 1)
