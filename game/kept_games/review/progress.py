"""How well the player plays, one reviewed game at a time (R23 read across games): the average
loss of the player's own moves, from the review's kept scores. Pure.

    loss = own_average_loss(record, positions, scores)   # None: no own move was scored

Only the player's own moves count: those before the game's first hint or autoplay (R20). A
move's loss is the review's (game/kept_games/review/grading.py), in biggest-tile units, so a game of
small tiles and one of big tiles read on one scale. A forced move counts, at its loss of 0: it
was the player's move all the same, as the review counts it. A review still running is read as
far as it has scored.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.record import GameRecord
from game.core.replay import Positions
from game.kept_games.review.grading import Scores, grade_game


def own_average_loss(
    record: GameRecord, positions: Positions, scores: Mapping[int, Scores]
) -> float | None:
    """The mean loss of the player's own scored moves; None if there is none. ValueError if
    the scores are not of this game's positions."""
    losses = [grade.loss for grade in grade_game(record, positions, scores) if not grade.assisted]
    return sum(losses) / len(losses) if losses else None
