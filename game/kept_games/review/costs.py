"""What a flagged move cost, in games a player can count (R23): the figure the review shows for
it and its better move, and whether the cost is real. Pure.

    cost = MoveCost(played=play_on(...), best=play_on(...))   # game/solver/rollout.py
    cost.figure                  # Figure.REACHED or Figure.SURVIVED: the one shown
    cost.played_percent, cost.best_percent   # that figure for each move, as shown
    cost.real                    # False: the games cannot tell the two moves apart

The figure is the share of the games played on that made the next tile above the board's
biggest ("62% to make 1024"). Where that tile is sure either way (both moves make it in at
least `SURE_PERCENT`% of the games), the share still playing after all the games' moves is
shown instead: the one that still tells the moves apart.

The rule: a cost is real when the better move is ahead by at least `REAL_COST_POINTS` points
on the figure shown, each rounded as the player reads it; otherwise the move says "no clear
difference" beside its grade, which the games never change. Measured on 80 moves graded mistake
or blunder in 8 games of a careless player (a depth-1 solver playing a random move one time in
four), each move and its better one played on with 8 different seeds: the difference between
the two varies by about 6 points from one set of 64 games to the next (one standard deviation;
the two moves share their tiles, but their games soon part ways). Below 5 points the games
cannot tell the moves apart; at 5 the better move is ahead by nearly one such deviation. On
those moves, about one in four showed a real cost (mean difference -1 point for mistakes, +2
for blunders up to a loss of 1, +35 above it).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from game.solver.rollout import PlayedOn


class Estimate(enum.Enum):
    """Where the games played on after a move stand, for the screen to say."""

    NONE = "none"  # not a move that is played on: graded below a mistake, or the solver's
    WAITING = "waiting"  # it will be, or is being, played on
    DONE = "done"  # its figure is in (the grade's `cost`)
    LEFT_OUT = "left_out"  # flagged, but not among the worst `ESTIMATED_MOVES`
    FAILED = "failed"  # the rollouts' process stopped before it


SURE_PERCENT = 90  # the next tile is sure when both moves make it this often or more
REAL_COST_POINTS = 5  # the better move ahead by this many points at least: a real cost
ESTIMATED_MOVES = (
    20  # the flagged moves played on at most, worst first (game/kept_games/review/job.py)
)


class Figure(enum.StrEnum):
    REACHED = "reached"  # made the next tile above the board's biggest
    SURVIVED = "survived"  # still playing after all the games' moves


def percent(count: int, games: int) -> int:
    """A share as the player reads it, rounded half up (62.5% reads 63%)."""
    return math.floor(100 * count / games + 0.5) if games else 0


@dataclass(frozen=True)
class MoveCost:
    played: PlayedOn  # the games played on after the move played
    best: PlayedOn  # and after the solver's better move, on the same tiles

    @property
    def figure(self) -> Figure:
        reached = (self._percent(outcome, Figure.REACHED) for outcome in (self.played, self.best))
        return Figure.SURVIVED if min(reached) >= SURE_PERCENT else Figure.REACHED

    @property
    def played_percent(self) -> int:
        return self._percent(self.played, self.figure)

    @property
    def best_percent(self) -> int:
        return self._percent(self.best, self.figure)

    @property
    def real(self) -> bool:
        """Whether the better move is ahead by `REAL_COST_POINTS` or more on the figure shown."""
        return self.best_percent - self.played_percent >= REAL_COST_POINTS

    @staticmethod
    def _percent(outcome: PlayedOn, figure: Figure) -> int:
        count = outcome.reached if figure is Figure.REACHED else outcome.survived
        return percent(count, outcome.games)
