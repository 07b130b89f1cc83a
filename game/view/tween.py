"""Easing functions and tweens. Pure: advanced by the loop's fixed step, never by a clock."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in_out(t: float) -> float:
    """Quadratic ease in-out, the curve of the original game's 100 ms slide."""
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 2


def pop(t: float) -> float:
    """Scale 0 -> 1.2 -> 1 over t in 0..1: a merged tile's pop (the peak at t = 0.5)."""
    if t < 0.5:
        return 1.2 * ease_out(t * 2)
    return 1.2 - 0.2 * ease_in_out((t - 0.5) * 2)


def appear(t: float) -> float:
    """Scale 0 -> 1: a new tile growing in."""
    return ease_out(t)


def nudge(t: float) -> float:
    """0 -> 1 -> 0 with a small overshoot back: the blocked-move shake."""
    return math.sin(math.pi * t) * (1 - t)


@dataclass
class Tween:
    """A value that runs from 0 to 1 over `duration` seconds, eased; `delay` first."""

    duration: float
    easing: Easing = linear
    delay: float = 0.0
    elapsed: float = 0.0

    def step(self, dt: float) -> None:
        self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    def progress(self, extra: float = 0.0) -> float:
        """Linear progress 0..1, `extra` seconds ahead (the loop's alpha times its step)."""
        if self.duration <= 0:
            return 1.0
        t = (self.elapsed + extra - self.delay) / self.duration
        return min(max(t, 0.0), 1.0)

    def value(self, extra: float = 0.0) -> float:
        return self.easing(self.progress(extra))
