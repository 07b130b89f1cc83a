"""Autosave (R18, R19, R22): after every event that changes them, the game in progress, its
kept record and the statistics are written together, in one transaction, so a crash or a power
cut costs at most the last move and never leaves the three apart.

A listener on the session's domain events, like the view and the sound. While the clock runs
with no move made, a checkpoint every half minute keeps the time played too.
"""

from __future__ import annotations

from game.core.stats import Stats
from game.kept_games.archive.changes import Change, KeepInPlay, KeepStats
from game.kept_games.archive.game_keeper import GameKeeper
from game.kept_games.archive.games_archive import Archive
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


class Autosave:
    def __init__(self, archive: Archive, keeper: GameKeeper, stats_keeper: StatsKeeper) -> None:
        self.archive = archive
        self.keeper = keeper
        self.stats_keeper = stats_keeper
        self._since_checkpoint = 0.0
        self._stats_kept: Stats | None = None  # the statistics last handed to the archive

    def handle(self, events: list[ev.Event], session: Session) -> None:
        changes = self.keeper.changes(events, session)
        if any(isinstance(event, SAVE_AFTER) for event in events):
            changes += self._game_and_stats(session)
        self.archive.write(changes)

    def clock_ran(self, seconds: float, session: Session) -> None:
        """The game clock ran `seconds`: a checkpoint now and then keeps the time played."""
        self._since_checkpoint += seconds
        if self._since_checkpoint >= CHECKPOINT_SECONDS:
            self.save(session)

    def save(self, session: Session) -> None:
        """The game in progress with its clock on its record, and the statistics."""
        self.archive.write([*self.keeper.clock(session), *self._game_and_stats(session)])

    def _game_and_stats(self, session: Session) -> list[Change]:
        self._since_checkpoint = 0.0
        changes: list[Change] = [KeepInPlay(session.game.to_dict(), session.state_dict())]
        stats = self.stats_keeper.stats
        if stats is not self._stats_kept:  # Stats is frozen: a new one is a change
            self._stats_kept = stats
            changes.append(KeepStats(stats.to_dict()))
        return changes
