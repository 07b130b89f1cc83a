"""Promise 4: best scores never go down. A stateful test plays, saves, has saves cut off, breaks
files on disk and crashes, in any order; after every restart the best score is at least the
last one saved, and never one that was not earned."""

from __future__ import annotations

import errno
import shutil
import tempfile
from pathlib import Path

import pytest
from helpers.storage import disk_error, failing
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from game.core.engine import Direction, Game
from game.storage.store import Storage


class BestScoreOnDisk(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="best-"))
        self.storage = Storage(self.folder, lock_wait=0).open()
        self.stats = self.storage.load_stats()
        self.game = Game.new(4, seed=1)
        self.games = 1
        self.saved_best = 0  # the best in the last save that fully succeeded
        self.earned_best = 0  # the best any game really reached
        self.damaged = False  # one copy damaged since both were last written

    def _save(self) -> None:
        self.storage.save_game(self.game, {"phase": "playing"})
        if self.storage.save_stats(self.stats):
            self.saved_best = self.stats.best_score(4)
            self.damaged = False

    @rule(direction=st.sampled_from(list(Direction)))
    def move(self, direction: Direction) -> None:
        """A move, and the save after it, as the app does."""
        if self.game.over:
            self.games += 1
            self.game = Game.new(4, seed=self.games)
        elif self.game.move(direction):
            self.stats = self.stats.score_reached(
                4, assisted=False, score=self.game.score, biggest_tile=self.game.biggest_tile()
            )
            self.earned_best = max(self.earned_best, self.game.score)
        self._save()

    @rule(function=st.sampled_from(["write", "fsync", "replace", "open"]), at=st.integers(1, 6))
    def save_cut_off(self, function: str, at: int) -> None:
        with failing(function, at, disk_error(errno.EIO)):
            self._save()

    @precondition(lambda self: not self.damaged)  # one copy at a time: two are what we keep
    @rule(
        name=st.sampled_from(["stats.json", "stats.json.bak"]),
        how=st.sampled_from(["truncate", "flip", "zeros", "garbage", "delete"]),
        where=st.floats(0, 1, exclude_max=True),
    )
    def damage(self, name: str, how: str, where: float) -> None:
        path = self.folder / name
        if not path.exists():
            return
        raw = path.read_bytes()
        spot = int(where * len(raw))
        if how == "truncate":
            path.write_bytes(raw[:spot])
        elif how == "flip":
            path.write_bytes(raw[:spot] + bytes([raw[spot] ^ 0x04]) + raw[spot + 1 :])
        elif how == "zeros":
            path.write_bytes(raw[:spot] + bytes(len(raw) - spot))
        elif how == "garbage":
            path.write_bytes(b'{"best_score": 999999999}')
        else:
            path.unlink()
        self.damaged = True

    @rule()
    def crash_and_restart(self) -> None:
        """The process dies (nothing more is saved) and the game starts again."""
        self.storage.close()
        self.storage = Storage(self.folder, lock_wait=0).open()
        self.stats = self.storage.load_stats()
        self.storage.pop_notices()
        loaded = self.storage.load_game(4)
        self.game = loaded.game if loaded else Game.new(4, seed=self.games)
        self.damaged = False  # loading mended the damaged copy from the good one

    @invariant()
    def best_never_falls_and_is_never_made_up(self) -> None:
        assert self.saved_best <= self.stats.best_score(4) <= self.earned_best

    def teardown(self) -> None:
        self.storage.close()
        shutil.rmtree(self.folder, ignore_errors=True)


BestScoreOnDisk.TestCase.settings = settings(max_examples=30, stateful_step_count=40, deadline=None)
test_best_scores_never_go_down = BestScoreOnDisk.TestCase
test_best_scores_never_go_down.pytestmark = [pytest.mark.slow]
