"""Autosave (R18, R19): the game in progress and the records are kept after every event that
changes them, so a crash or a power cut costs at most the last move.

A listener on the session's domain events, like the view and the sound. The game is written
before the statistics: if the program dies between the two, the statistics are a move behind
the game, and the records catch up with it at the next start (see StatsKeeper.adopt), so nothing
is counted twice. While the clock runs with no move made, a checkpoint every half minute keeps
the time played too.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.core.engine import Game
from game.core.stats import Stats
from game.play import events as ev
from game.play.session import Session
from game.play.stats_keeper import StatsKeeper

SAVE_AFTER = (
    ev.Moved,
    ev.Undone,
    ev.GameStarted,
    ev.GameResumed,
    ev.KeptGoing,
    ev.Won,
    ev.Lost,
    ev.Assisted,
)
CHECKPOINT_SECONDS = 30.0


class Slots(Protocol):
    def save(self, game: Game, session_state: dict[str, Any]) -> None: ...


class StatsStore(Protocol):
    def save_stats(self, stats: Stats) -> bool: ...


class NotKept:
    """A seeded run's records: counted for the screen, kept nowhere. A seeded game is for
    replaying; the player's own statistics, like their saved games, stay as they were."""

    def save_stats(self, stats: Stats) -> bool:
        return False


class Autosave:
    def __init__(self, slots: Slots, store: StatsStore, stats_keeper: StatsKeeper) -> None:
        self.slots = slots
        self.store = store
        self.stats_keeper = stats_keeper
        self._since_checkpoint = 0.0

    def handle(self, events: list[ev.Event], session: Session) -> None:
        if any(isinstance(event, SAVE_AFTER) for event in events):
            self.save(session)

    def clock_ran(self, seconds: float, session: Session) -> None:
        """The game clock ran `seconds`: a checkpoint now and then keeps the time played."""
        self._since_checkpoint += seconds
        if self._since_checkpoint >= CHECKPOINT_SECONDS:
            self.save(session)

    def save(self, session: Session) -> None:
        """The game in progress, then the statistics and best scores."""
        self._since_checkpoint = 0.0
        self.slots.save(session.game, session.state_dict())
        self.store.save_stats(self.stats_keeper.stats)
