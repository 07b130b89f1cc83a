"""Turns what happens in play into statistics (R19), own and assisted games apart (R20).

Pure: it reads the session beside each batch of domain events and keeps a new `Stats`; time
comes from the loop as the seconds the game clock ran, and the day a goal is met from `today`.
How a game counts once, and moves to the assisted column when it turns assisted, is told in
game/core/stats.py.

The goals (game/core/goals.py) are judged after each valid move and at the win; one met for the
first time is kept in the statistics and waits in `goals_just_met` until the app tells it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from game.core.engine import UNDO_LIMIT
from game.core.goals import Goal, Moment, goals_met
from game.core.stats import Stats
from game.play import events as ev
from game.play.session import Session


class StatsKeeper:
    def __init__(self, stats: Stats, today: Callable[[], date] = date.today) -> None:
        self.stats = stats
        self.today = today
        self.goals_just_met: list[Goal] = []  # met for the first time, not yet told

    def handle(self, events: list[ev.Event], session: Session) -> None:
        game = session.game
        size = game.size
        for event in events:
            if isinstance(event, ev.Moved):
                # A game counts from its first valid move, once (an undone first move and a
                # new one are still the same game).
                self.stats = self.stats.game_counted(
                    size, session.game_id, assisted=session.assisted
                )
                self.stats = self.stats.score_reached(
                    size,
                    assisted=session.assisted,
                    score=game.score,
                    biggest_tile=game.biggest_tile(),
                )
                self._judge_goals(session)
            elif isinstance(event, ev.Assisted):
                self.stats = self.stats.game_assisted(size, session.game_id)
            elif isinstance(event, ev.Won):
                self.stats = self.stats.game_won(
                    size,
                    session.game_id,
                    assisted=session.assisted,
                    seconds=game.seconds,
                    moves=game.moves,
                )
                self._judge_goals(session, won_in_moves=game.moves)

    def time_played(self, session: Session, seconds: float) -> None:
        """The game clock ran `seconds`: the column the game is in now gets them."""
        if seconds > 0:
            self.stats = self.stats.time_played(
                session.game.size, session.game_id, assisted=session.assisted, seconds=seconds
            )

    def pop_goals_just_met(self) -> list[Goal]:
        """The goals met for the first time since the last call, to tell the player once."""
        goals, self.goals_just_met = self.goals_just_met, []
        return goals

    def _judge_goals(self, session: Session, won_in_moves: int | None = None) -> None:
        """The goals the game meets now (at its win: `won_in_moves`) that were never met."""
        game = session.game
        moment = Moment(
            size=game.size,
            biggest_tile=game.biggest_tile(),
            undo_used=game.undos_left < UNDO_LIMIT,
            assisted=session.assisted,
            won_in_moves=won_in_moves,
        )
        for goal in goals_met(moment):
            if self.stats.goal(goal.id) is None:
                self.stats = self.stats.goal_met(goal.id, session.game_id, self.today())
                self.goals_just_met.append(goal)

    def best(self, size: int) -> int:
        """What the BEST box shows (R9): the size's best of the player's own games, which
        rises with an own game's score as it is played."""
        return self.stats.best_score(size)
