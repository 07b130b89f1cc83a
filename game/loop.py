"""The loop itself (`run_frames`), and its time: the clock it reads, and the fixed steps its
animations take.

    run_frames(app, clock, frame_seconds)   # until app.running is False

A busy game (something moves) gets a frame every `frame_seconds`, capped; an idle one sleeps
until an event comes or the screen would change by itself (the clock's next second), so a
game left open costs next to nothing.

Two kinds of time flow through a frame. What a player reads as time (the game clock, how long
a notice stays, autoplay's pace) adds the real time that passed, however the frames fall.
Animations (tweens) take fixed steps ("Fix Your Timestep!"): the frame's real time is clamped,
consumed in steps of `step` seconds, and what is left over gives the draw its `alpha`. The
clamp and the cap on steps per frame are the same length of time, so under a quarter second a
frame the animations keep real time, and past it they slow down rather than jump.

No pygame here: the app is given a clock, so a test can drive the real loop with a fake one,
and the app reads the window's events for the loop.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

STEP_SECONDS = 1 / 120
MAX_FRAME_SECONDS = 0.25  # a longer frame (a stall, a dragged window) is clamped to this
MAX_STEPS_PER_FRAME = math.ceil(MAX_FRAME_SECONDS / STEP_SECONDS)  # the same quarter second
# One gap between two frames longer than this is not play: the machine slept or the process
# was stopped. The game clock counts this much of it at most.
MAX_REAL_GAP_SECONDS = 5.0
_EPSILON = 1e-9  # float sums of steps fall a hair short of whole steps
IDLE_WAKE_SECONDS = 1.0  # idle with nothing due, the loop still looks round this often


class Clock(Protocol):
    """Where the loop reads the time and how it waits: real in the game, fake in tests."""

    def now(self) -> float:
        """Seconds on a clock that never goes back."""
        ...

    def sleep(self, seconds: float) -> None:
        """Wait this long (or return early: the loop checks for events again)."""
        ...


class MonotonicClock:
    """The real clock."""

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


def real_seconds(elapsed: float) -> float:
    """The real time between two frames as the game clock counts it (see MAX_REAL_GAP)."""
    return min(max(elapsed, 0.0), MAX_REAL_GAP_SECONDS)


@dataclass
class FixedStep:
    step: float = STEP_SECONDS
    max_frame: float = MAX_FRAME_SECONDS
    max_steps: int = MAX_STEPS_PER_FRAME
    accumulator: float = 0.0

    def advance(self, frame_seconds: float) -> int:
        """Add one frame's real time; return how many fixed steps to run now."""
        self.accumulator += min(max(frame_seconds, 0.0), self.max_frame)
        steps = int(self.accumulator / self.step + _EPSILON)
        if steps > self.max_steps:
            steps = self.max_steps
            self.accumulator = 0.0  # drop the time we cannot catch up on
        else:
            self.accumulator = max(self.accumulator - steps * self.step, 0.0)
        return steps

    @property
    def alpha(self) -> float:
        """How far between the last step and the next the frame to draw lies (0..1)."""
        return min(self.accumulator / self.step, 1.0)


class Looped(Protocol):
    """The game as its loop drives it (game/app/frames.py)."""

    running: bool

    @property
    def busy(self) -> bool:
        """Whether the next frame must come soon (something moves), or the loop may sleep."""
        ...

    def seconds_until_change(self) -> float | None:
        """How long until the screen would change with nothing happening; None: never."""
        ...

    def events(self, wait: float, slice_seconds: float) -> Sequence[Any]:
        """The window's events: those waiting, or the first within `wait` seconds."""
        ...

    def frame(self, seconds: float, events: Sequence[Any]) -> None:
        """One frame: `seconds` of real time passed, then these events came."""
        ...

    def after_frame(self) -> None:
        """What waits for a frame to be up (warming the solver, a test's count of frames)."""
        ...


def run_frames(game: Looped, clock: Clock, frame_seconds: float) -> None:
    """Frames until the game stops running, each given the real time since the last."""
    last = clock.now()
    while game.running:
        if game.busy:
            clock.sleep(last + frame_seconds - clock.now())  # the frame cap
            events = game.events(0.0, frame_seconds)
        else:  # idle: until the screen would change by itself (the clock's next second)
            due = game.seconds_until_change()
            wait = IDLE_WAKE_SECONDS if due is None else min(due + 0.001, IDLE_WAKE_SECONDS)
            events = game.events(wait, frame_seconds)
        now = clock.now()
        game.frame(now - last, events)
        last = now
        game.after_frame()
