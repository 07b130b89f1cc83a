"""Where a player is in a review (R23): the moves stepped through (every move, the worst
ones, or where one of the four mistakes happened) and the one shown (its screens:
review_screens.py). Commands in, events out, as on the replay (game/screens/replaying.py),
whose events it shares: the next move is played with its animation, any other position shown
at once.
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from game.core.replay import Position
from game.kept_games.review.job import ReviewJob
from game.kept_games.review.mistakes import Mistake
from game.play import commands as cmd
from game.play import events as ev
from game.screens.focus import SIDEWAYS
from game.screens.items import Control
from game.screens.replaying import step_events


class TrackKind(enum.StrEnum):
    EVERY = "every_move"
    WORST = "worst_moves"
    MISTAKE = "mistake"


@dataclass(frozen=True)
class Track:
    """The moves a player steps through in a review, and the one shown."""

    kind: TrackKind
    where: tuple[int, ...]  # positions a move was played from, in the order stepped
    at: int = 0
    mistake: Mistake | None = None

    @property
    def position(self) -> int | None:
        return self.where[self.at] if self.where else None

    def step(self, by: int) -> Track:
        """`by` moves on (held to the first and the last)."""
        return replace(self, at=min(max(self.at + by, 0), max(len(self.where) - 1, 0)))

    def seek(self, where: int) -> Track:
        return self.step(-len(self.where) if where < 0 else len(self.where))


def every_move(job: ReviewJob, near: int = 0) -> Track:
    """Every move, starting at the first played from position `near` or after."""
    moves = tuple(job.moves)
    return Track(
        TrackKind.EVERY, moves, max(0, min(bisect.bisect_left(moves, near), len(moves) - 1))
    )


def worst_moves(job: ReviewJob) -> Track:
    return Track(TrackKind.WORST, tuple(g.position for g in job.worst))


def mistake_moves(job: ReviewJob, mistake: Mistake) -> Track:
    finding = job.finding(mistake)
    return Track(TrackKind.MISTAKE, finding.where if finding else (), mistake=mistake)


class Stepping:
    """A review's screen: which moves are stepped through, and where."""

    def __init__(self, job: ReviewJob, positions: Sequence[Position]) -> None:
        self.job = job
        self.positions = positions
        self.track = every_move(job)

    @property
    def position(self) -> int | None:
        """The position shown: the one the move graded there was played from."""
        return self.track.position

    def handle(self, command: cmd.Command) -> list[ev.Event] | None:
        """Left / Right (and the wheel) the previous and next move, Home / End (a pad's
        shoulders) the first and the last; None: not a command of the moves."""
        match command:
            case cmd.Move(direction) if direction in SIDEWAYS:
                return self._along(lambda track: track.step(SIDEWAYS[direction]))
            case cmd.Adjust(_, step):
                return self._along(lambda track: track.step(step))
            case cmd.Seek(where):
                return self._along(lambda track: track.seek(where))
        return None

    def can(self, control: Control) -> bool:
        track, job = self.track, self.job
        match control:
            case Control.PREVIOUS_MOVE:
                return track.at > 0
            case Control.NEXT_MOVE:
                return track.at < len(track.where) - 1
            case Control.WORST:
                return bool(job.worst)
            case Control.MISTAKES:
                return job.result is not None
        return True

    def choose(self, control: Control, fraction: float = 0.5) -> list[ev.Event]:
        """A control chosen; the plot clicked at `fraction` of its width: every move, from
        the one nearest there."""
        match control:
            case Control.SEEK:
                last = len(self.positions) - 1
                return self.show(every_move(self.job, round(min(max(fraction, 0.0), 1.0) * last)))
            case Control.PREVIOUS_MOVE | Control.NEXT_MOVE:
                by = -1 if control is Control.PREVIOUS_MOVE else 1
                return self._along(lambda track: track.step(by))
            case Control.WORST:
                return self.show(worst_moves(self.job))
        return []

    def mistake(self, mistake: Mistake) -> list[ev.Event]:
        return self.show(mistake_moves(self.job, mistake))

    def back(self) -> list[ev.Event] | None:
        """From the worst moves or a mistake's, back to every move (at the one shown); None
        from every move: the review is left."""
        if self.track.kind is TrackKind.EVERY:
            return None
        return self.show(every_move(self.job, self.position or 0))

    def show(self, track: Track) -> list[ev.Event]:
        self.track = track
        return self.shown()

    def shown(self) -> list[ev.Event]:
        position = self.position
        return [] if position is None else [ev.PositionShown(self.positions[position].grid)]

    def _along(self, move: Callable[[Track], Track]) -> list[ev.Event]:
        before, track = self.position, move(self.track)
        if track == self.track:
            return []
        self.track = track
        after = self.position
        if before is not None and after == before + 1:
            return step_events(self.positions[after])
        return self.shown()
