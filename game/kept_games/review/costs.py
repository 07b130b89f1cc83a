"""What a flagged move cost, in games a player can count (R23): the figure the review shows for
it and its better move, and whether the cost is real. Pure.

    cost = MoveCost(played=play_on(...), best=play_on(...))   # game/solver/rollout.py
    cost.figure                  # Figure.REACHED, SURVIVED or LASTED: the one shown
    cost.played_shown, cost.best_shown       # that figure for each move, as shown: a
                                             # share in %, or the moves lasted on average
    cost.real                    # False: the games cannot tell the two moves apart

The figure is the outcome that tells the two moves apart in that position. First the share of
the games played on that made the next tile above the board's biggest ("62% to make 1024").
Where that tile is sure either way (both moves make it in at least `SURE_PERCENT`% of the
games, or both in at most 100 - `SURE_PERCENT`%: late in a game it is out of reach), the share
still playing after all the games' moves; where that is sure either way too, the number of
moves the games lasted on average ("lasted 212 moves"), each until it could not move.

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

On the moves lasted, a cost is real when the better move's games last `REAL_COST_MOVES` more
moves on average. Measured by bench/review.py --lasted on 240 late positions of 4x4 (a 2048
or a 4096 on the board, from seeded games of the depth-3 solver), each with its worst and its
second-best move against the best, 467 pairs played on with two independent sets of 64 games:
the better move's lead in moves lasted differs between the two sets by 19.5 moves (one standard
deviation; median 11 apart), and by 13.6 on the 34 pairs whose figure is the moves lasted
(median 4.5). So one set's lead varies by about 14 moves (19.5 / sqrt 2), about what the two
sets differ by where this figure is shown: below 14 moves the games cannot tell the moves
apart.
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
REAL_COST_MOVES = 14  # on the moves lasted, the better move's games this many moves longer
ESTIMATED_MOVES = (
    20  # the flagged moves played on at most, worst first (game/kept_games/review/job.py)
)


class Figure(enum.StrEnum):
    REACHED = "reached"  # made the next tile above the board's biggest
    SURVIVED = "survived"  # still playing after all the games' moves
    LASTED = "lasted"  # the moves a game lasted on average, until it could not move


def percent(count: int, games: int) -> int:
    """A share as the player reads it, rounded half up (62.5% reads 63%)."""
    return math.floor(100 * count / games + 0.5) if games else 0


@dataclass(frozen=True)
class MoveCost:
    played: PlayedOn  # the games played on after the move played
    best: PlayedOn  # and after the solver's better move, on the same tiles

    @property
    def figure(self) -> Figure:
        for figure in (Figure.REACHED, Figure.SURVIVED):
            shares = [self._percent(outcome, figure) for outcome in (self.played, self.best)]
            if not (min(shares) >= SURE_PERCENT or max(shares) <= 100 - SURE_PERCENT):
                return figure  # the two moves are not both sure to, nor both sure not to
        return Figure.LASTED

    @property
    def played_shown(self) -> int:
        """The move played's number on the figure shown, as the player reads it."""
        return self._shown(self.played, self.figure)

    @property
    def best_shown(self) -> int:
        return self._shown(self.best, self.figure)

    @property
    def real(self) -> bool:
        """Whether the better move is ahead on the figure shown by its margin:
        `REAL_COST_POINTS` on a share, `REAL_COST_MOVES` on the moves lasted."""
        margin = REAL_COST_MOVES if self.figure is Figure.LASTED else REAL_COST_POINTS
        return self.best_shown - self.played_shown >= margin

    @classmethod
    def _shown(cls, outcome: PlayedOn, figure: Figure) -> int:
        return outcome.mean_moves if figure is Figure.LASTED else cls._percent(outcome, figure)

    @staticmethod
    def _percent(outcome: PlayedOn, figure: Figure) -> int:
        count = outcome.reached if figure is Figure.REACHED else outcome.survived
        return percent(count, outcome.games)
