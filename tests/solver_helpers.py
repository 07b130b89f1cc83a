"""Shared by the tests that drive the app with the real solver process."""

from __future__ import annotations

import time

STEP = 1 / 120


def play_until(app, done, seconds: float = 20.0) -> None:
    """Run frames in real time (the solver thinks in its own process) until done()."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        app.frame(STEP, [])
        time.sleep(0.002)
