"""A kept game chosen in the list (R22), loaded and replayed on a thread of its own: the longest
game a shared file may hold (share.MAX_STEPS) takes seconds to load and replay, and no frame may
wait for that. The screens say how far it is.

    opening = Opening(archive, summary)
    opening.fraction                        # how far the replay is, 0 to 1
    if opening.done:
        record, positions = opening.result()   # ArchiveError, KeyError or ReplayError: damaged
    opening.cancel()                        # the player went elsewhere: the thread stops soon
"""

from __future__ import annotations

from dataclasses import replace

from game.core.record import GameRecord, GameSummary, Steps
from game.core.replay import Positions, Replayer
from game.kept_games.archive.games_archive import Archive
from game.kept_games.background import BackgroundWork

# Steps replayed between two looks at whether the player went elsewhere: about a tenth of a
# second on 6x6.
REPLAY_SLICE = 2_000


class Opening(BackgroundWork[tuple[GameRecord, Positions]]):
    def __init__(self, archive: Archive, summary: GameSummary) -> None:
        self.summary = summary
        self._archive = archive
        self._replayer: Replayer | None = None
        self._cancelled = False
        super().__init__("open-game")  # a replay writes nothing: quitting never waits for it

    def _work(self) -> tuple[GameRecord, Positions] | None:  # type: ignore[override]
        loaded = self._archive.load(self.summary.game_id)  # type: ignore[arg-type]
        record = replace(loaded, steps=Steps(loaded.steps))  # held while the game is open
        del loaded
        replayer = self._replayer = Replayer(record)
        while not replayer.advance(REPLAY_SLICE):
            if self._cancelled:
                return None
        return record, replayer.positions

    @property
    def fraction(self) -> float:
        replayer = self._replayer
        return 0.0 if replayer is None else replayer.fraction

    def result(self) -> tuple[GameRecord, Positions]:
        """The record and every position of it; the error met, raised on the caller's thread."""
        return self.answer()

    def cancel(self) -> None:
        self._cancelled = True
