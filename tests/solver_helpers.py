"""Shared by the tests that drive the app with the real solver process."""

from __future__ import annotations

import functools
import time

from game.solver.bitboard import BitLayout
from game.solver.search import Searcher

STEP = 1 / 120


def play_until(app, done, seconds: float = 20.0) -> None:
    """Run frames in real time until done(): each frame is given the real time since the one
    before, as the loop gives it, since the solver thinks in its own process, in real time."""
    end = time.monotonic() + seconds
    last = time.monotonic()
    while not done():
        now = time.monotonic()
        assert now < end, "timed out"
        app.frame(now - last, [])
        last = now
        time.sleep(0.002)


@functools.cache
def layout(size: int, exact: bool = False) -> BitLayout:
    """One layout of each kind for the tests to share: its tables take half a second."""
    return BitLayout(size, exact=exact)


def searcher(size: int, **options) -> Searcher:
    """A searcher on the shared layout (its heuristic table is its own)."""
    return Searcher(size, layout=layout(size, options.pop("exact", False)), **options)
