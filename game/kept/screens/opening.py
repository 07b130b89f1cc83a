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

import threading
from dataclasses import replace

from game.core.record import GameRecord, GameSummary, Positions, Replayer, Steps
from game.kept.archive.store import Archive

# Steps replayed between two looks at whether the player went elsewhere: about a tenth of a
# second on 6x6.
REPLAY_SLICE = 2_000


class Opening:
    def __init__(self, archive: Archive, summary: GameSummary) -> None:
        self.summary = summary
        self._archive = archive
        self._replayer: Replayer | None = None
        self._result: tuple[GameRecord, Positions] | BaseException | None = None
        self._cancelled = False
        # A daemon: quitting never waits for a replay, which writes nothing.
        self._thread = threading.Thread(target=self._open, name="open-game", daemon=True)
        self._thread.start()

    def _open(self) -> None:
        try:
            loaded = self._archive.load(self.summary.game_id)  # type: ignore[arg-type]
            record = replace(loaded, steps=Steps(loaded.steps))  # held while the game is open
            del loaded
            replayer = self._replayer = Replayer(record)
            while not replayer.advance(REPLAY_SLICE):
                if self._cancelled:
                    return
            self._result = record, replayer.positions
        except BaseException as error:  # raised again on the game's thread, in `result`
            self._result = error

    @property
    def fraction(self) -> float:
        replayer = self._replayer
        return 0.0 if replayer is None else replayer.fraction

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Whether the game is open (tests)."""
        self._thread.join(timeout)
        return self.done

    def result(self) -> tuple[GameRecord, Positions]:
        """The record and every position of it; the error met, raised on the caller's thread."""
        assert self.done and self._result is not None
        if isinstance(self._result, BaseException):
            raise self._result
        return self._result

    def cancel(self) -> None:
        self._cancelled = True
