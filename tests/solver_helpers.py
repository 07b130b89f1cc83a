"""Shared by the tests that drive the app with the real solver process."""

from __future__ import annotations

import time

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
