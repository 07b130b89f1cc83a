"""Small goals a player can aim at, each met once by the player's own play, and kept in the
statistics (game/core/stats.py) with the day it was met and the game that met it.

Pure: a goal judges a `Moment`, the game as a valid move or its first 2048 (R10) leaves it.

    for goal in goals_met(moment): ...     # the goals this moment meets

Only the player's own play meets a goal (R20): a game with a hint or autoplay before the moment
meets none. An undo used before the moment voids a goal "without undo"; the other goals allow
undo, as the statistics' fewest moves to a win do (R16: an undo takes a move off the count).
A goal met before a later hint or undo stays met.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.core.rules import WIN_VALUE

# A won 4x4 game has made tiles summing to 2048 and more, at about 2.2 a move (R7: a 2, or a 4
# one time in ten), so no win takes under some 930 moves. Winning in under 1,000 asks for a
# tidy board with few tiles left over: the built-in solver searching 3 moves deep does it in
# about 6 of its 10 wins (40 seeds: 936 to 1,289 moves, median 981).
WIN_UNDER_MOVES = 1000
REACH_TILES = (512, 1024, WIN_VALUE)  # each "without undo" on the classic 4x4
CLASSIC_SIZE = 4
WIN_SIZE_GOAL = 5  # a win on the big board: a goal for those who moved on from 4x4


@dataclass(frozen=True)
class Moment:
    """A game as a goal judges it, after one of its valid moves."""

    size: int
    biggest_tile: int
    undo_used: bool  # an undo was used in this game before now (R13, R14)
    assisted: bool  # a hint or autoplay was used in this game before now (R20)
    won_in_moves: int | None = None  # at the game's first 2048: the moves it took; else None


@dataclass(frozen=True)
class Goal:
    """One goal: `id` is how the statistics keep it (never renamed: a met goal would be lost);
    its name is the text key `text_key` with `text_fields`."""

    id: str
    size: int  # the board it is played on
    check: Callable[[Moment], bool]
    text_key: str
    text_fields: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text_fields", MappingProxyType(dict(self.text_fields)))

    def met_by(self, moment: Moment) -> bool:
        return moment.size == self.size and not moment.assisted and self.check(moment)


def _reach_without_undo(tile: int) -> Goal:
    return Goal(
        f"reach_{tile}_no_undo",
        CLASSIC_SIZE,
        lambda moment: moment.biggest_tile >= tile and not moment.undo_used,
        "goal_reach_no_undo",
        {"tile": tile},
    )


GOALS: tuple[Goal, ...] = (
    *(_reach_without_undo(tile) for tile in REACH_TILES),
    Goal(
        f"win_under_{WIN_UNDER_MOVES}_moves",
        CLASSIC_SIZE,
        lambda moment: moment.won_in_moves is not None and moment.won_in_moves < WIN_UNDER_MOVES,
        "goal_win_under_moves",
        {"moves": WIN_UNDER_MOVES},
    ),
    Goal(
        f"win_on_{WIN_SIZE_GOAL}x{WIN_SIZE_GOAL}",
        WIN_SIZE_GOAL,
        lambda moment: moment.won_in_moves is not None,
        "goal_win_on_size",
        {"size": WIN_SIZE_GOAL},
    ),
)
GOAL_IDS = frozenset(goal.id for goal in GOALS)


def goals_met(moment: Moment) -> list[Goal]:
    """The goals this moment meets, met before or not, in the list's order."""
    return [goal for goal in GOALS if goal.met_by(moment)]
