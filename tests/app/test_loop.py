"""The fixed-timestep loop: real frame time in, a whole number of fixed steps out."""

from __future__ import annotations

import pytest

from game.loop import FixedStep


class FakeClock:
    """A clock set by hand: frame(at) gives the time since the previous frame."""

    def __init__(self) -> None:
        self._last = 0.0

    def frame(self, at: float) -> float:
        elapsed, self._last = at - self._last, at
        return elapsed


def test_steps_and_alpha_follow_the_clock():
    loop = FixedStep(step=1 / 64, max_steps=100)  # a binary fraction: exact arithmetic
    clock = FakeClock()
    assert loop.advance(clock.frame(1 / 128)) == 0  # half a step: nothing to run yet
    assert loop.alpha == pytest.approx(0.5)
    assert loop.advance(clock.frame(3 / 64 + 1 / 128)) == 3  # 3.5 steps of time so far
    assert loop.alpha == pytest.approx(0.5)
    assert loop.advance(clock.frame(4 / 64 + 1 / 128)) == 1
    assert loop.alpha == pytest.approx(0.5)
    assert loop.advance(clock.frame(5 / 64)) == 1
    assert loop.alpha == pytest.approx(0.0)
    assert loop.advance(clock.frame(5 / 64)) == 0  # no time passed, no step


def test_alpha_stays_between_0_and_1():
    loop = FixedStep()
    for frame in (0.001, 0.004, 0.0167, 0.033, 0.0001, 0.02):
        loop.advance(frame)
        assert 0.0 <= loop.alpha < 1.0


def test_a_long_frame_is_clamped_to_a_quarter_second():
    """A stall (a dragged window, a debugger) counts as 0.25 s at most."""
    loop = FixedStep(step=1 / 64, max_steps=1000)
    assert loop.advance(5.0) == 16  # 0.25 s of 1/64 s steps
    assert loop.advance(0.25) == 16
    assert loop.advance(0.3) == 16


def test_steps_per_frame_are_capped_and_the_backlog_dropped():
    """No spiral of death: past the cap the game slows down instead of catching up."""
    loop = FixedStep(step=1 / 100, max_steps=8)
    assert loop.advance(0.2) == 8  # 20 steps were due
    assert loop.accumulator == 0.0
    assert loop.alpha == 0.0
    assert loop.advance(0.05) == 5  # the 12 dropped steps do not come back


def test_default_loop_caps_a_stall():
    loop = FixedStep()
    assert loop.advance(10.0) == loop.max_steps
    assert loop.advance(1 / 60) == 2


def test_negative_frame_time_is_ignored():
    loop = FixedStep(step=1 / 64)
    loop.advance(1 / 128)
    assert loop.advance(-1.0) == 0
    assert loop.alpha == pytest.approx(0.5)
    assert loop.advance(1 / 128) == 1


def test_many_tiny_frames_add_up():
    loop = FixedStep(step=1 / 120, max_steps=8)
    total = sum(loop.advance(0.001) for _ in range(1004))  # 1.004 s = 120.48 steps
    assert total == 120
    assert loop.alpha == pytest.approx(0.48, abs=1e-6)


def test_a_zero_frame_runs_no_step():
    loop = FixedStep()
    assert loop.advance(0.0) == 0
    assert loop.alpha == 0.0


@pytest.mark.parametrize("frame", [1 / 60, 1 / 15, 0.1, 0.2, 0.25])
def test_the_default_clamp_and_cap_agree(frame):
    """Up to the quarter-second clamp a frame is run in full: at 5 fps the animations still
    keep real time; only past the clamp do they slow down."""
    loop = FixedStep()
    assert loop.max_steps * loop.step == pytest.approx(loop.max_frame)
    assert loop.advance(frame) == round(frame / loop.step)
    assert loop.advance(1.0) == loop.max_steps
