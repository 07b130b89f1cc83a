"""Turns what happens in play into statistics (R19), own and assisted games apart (R20).

Pure: it reads the session after each batch of events and returns nothing but a new `Stats`.
"""

from __future__ import annotations

from game import events as ev
from game.session import Session
from game.stats import Stats
from game.text import format_clock, tr


class Recorder:
    def __init__(self, stats: Stats) -> None:
        self.stats = stats
        self._counted_seconds: float | None = None  # the game clock already added to the total

    def handle(self, events: list[ev.Event], session: Session) -> None:
        game = session.game
        size = game.size
        assisted = session.assisted
        for event in events:
            if isinstance(event, ev.GameStarted):
                self._counted_seconds = game.seconds
            elif isinstance(event, ev.Moved):
                if game.moves == 1:  # a game counts as played from its first valid move
                    self.stats = self.stats.game_started(size, assisted=assisted)
                self.stats = self.stats.score_reached(
                    size, assisted=assisted, score=game.score, biggest_tile=game.biggest_tile()
                )
            elif isinstance(event, ev.Won):
                self.stats = self.stats.game_won(
                    size, assisted=assisted, seconds=game.seconds, moves=game.moves
                )

    def add_time(self, session: Session) -> None:
        """Add the clock time played since the last call to the size's total."""
        seconds = session.game.seconds
        if self._counted_seconds is None or seconds < self._counted_seconds:
            self._counted_seconds = seconds
            return
        played = seconds - self._counted_seconds
        self._counted_seconds = seconds
        self.stats = self.stats.time_played(
            session.game.size, assisted=session.assisted, seconds=played
        )

    def best(self, size: int) -> int:
        return self.stats.best_score(size)


def stats_lines(stats: Stats, size: int, lang: str) -> list[str]:
    """The statistics screen's lines for one board size, the player's own games."""
    own = stats.for_size(size)
    none = tr("stats_none", lang)
    fastest = own.fastest_win_seconds
    fewest = own.fewest_moves_to_win
    lines = [
        f"{tr('stats_played', lang)}: {own.games_played}",
        f"{tr('stats_won', lang)}: {own.games_won}",
        f"{tr('stats_best', lang)}: {own.best_score}",
        f"{tr('stats_tile', lang)}: {own.biggest_tile or none}",
        f"{tr('stats_fastest', lang)}: {format_clock(fastest) if fastest is not None else none}",
        f"{tr('stats_fewest', lang)}: {fewest if fewest is not None else none}",
        f"{tr('stats_time', lang)}: {format_clock(own.total_seconds)}",
    ]
    assisted = stats.for_size(size, assisted=True)
    if assisted.games_played:
        lines.append(
            f"{tr('assisted', lang)}: {assisted.games_played} / {assisted.games_won} · "
            f"{assisted.best_score}"
        )
    return lines
