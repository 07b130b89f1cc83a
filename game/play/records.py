"""Turns what happens in play into statistics (R19), own and assisted games apart (R20).

Pure: it reads the session beside each batch of domain events and keeps a new `Stats`; time
comes from the loop as the seconds the game clock ran. How a game counts once, and moves to
the assisted column when it turns assisted, is told in game/core/stats.py.
"""

from __future__ import annotations

from game.core.stats import Stats
from game.play import events as ev
from game.play.session import Session


class Recorder:
    def __init__(self, stats: Stats) -> None:
        self.stats = stats

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
            elif isinstance(event, ev.GameResumed):
                self.adopt(session)

    def adopt(self, session: Session) -> None:
        """A game is back on the board (at start, or a switch of size): make the statistics
        agree with it. After a kill the saved game may be a move ahead of the saved
        statistics: then it counts now, and the clock time they missed is added."""
        if not session.started:
            return
        game = session.game
        size = game.size
        playing = self.stats.playing(size)
        if playing is None or playing.game_id != session.game_id:
            self.stats = self.stats.game_counted(size, session.game_id, assisted=session.assisted)
        if session.assisted:
            self.stats = self.stats.game_assisted(size, session.game_id)
        playing = self.stats.playing(size)
        assert playing is not None  # counted just above
        if game.won and not playing.won:
            self.stats = self.stats.game_won(
                size,
                session.game_id,
                assisted=playing.assisted,
                seconds=game.seconds,
                moves=game.moves,
            )
        self.stats = self.stats.score_reached(
            size, assisted=playing.assisted, score=game.score, biggest_tile=game.biggest_tile()
        )
        self.time_played(session, game.seconds - playing.credited_seconds)

    def time_played(self, session: Session, seconds: float) -> None:
        """The game clock ran `seconds`: the column the game is in now gets them."""
        if seconds > 0:
            self.stats = self.stats.time_played(
                session.game.size, session.game_id, assisted=session.assisted, seconds=seconds
            )

    def best(self, size: int) -> int:
        """What the BEST box shows (R9): the size's best of the player's own games, which
        rises with an own game's score as it is played."""
        return self.stats.best_score(size)
