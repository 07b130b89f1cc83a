"""The fixed-timestep clock ("Fix Your Timestep!"): real frame time in, fixed steps out.

No pygame here: the caller measures the frame time, so tests can feed any clock they like.
"""

from __future__ import annotations

from dataclasses import dataclass

STEP_SECONDS = 1 / 120
MAX_FRAME_SECONDS = 0.25  # a longer frame (a stall, a dragged window) is clamped to this
MAX_STEPS_PER_FRAME = 8  # beyond this the game slows down rather than spiralling


@dataclass
class FixedStep:
    step: float = STEP_SECONDS
    max_frame: float = MAX_FRAME_SECONDS
    max_steps: int = MAX_STEPS_PER_FRAME
    accumulator: float = 0.0

    def advance(self, frame_seconds: float) -> int:
        """Add one frame's real time; return how many fixed steps to run now."""
        self.accumulator += min(max(frame_seconds, 0.0), self.max_frame)
        steps = int(self.accumulator / self.step)
        if steps > self.max_steps:
            steps = self.max_steps
            self.accumulator = 0.0  # drop the time we cannot catch up on
        else:
            self.accumulator -= steps * self.step
        return steps

    @property
    def alpha(self) -> float:
        """How far between the last step and the next the frame to draw lies (0..1)."""
        return min(self.accumulator / self.step, 1.0)
