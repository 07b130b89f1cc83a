"""A kept game (R22) as plain values: the position it starts from (`Game.to_dict()`, random
state and undo history included), every step after it in order (a move or an undo, with the
game clock at that moment) and a summary (score, biggest tile, how it ended). The engine is
deterministic given its random state, and an undo restores that state (R13), so replaying the
steps from the start (game/core/replay.py) reproduces every position and the final score.

Pure: no files, no pygame. The archive (game/kept_games/archive/games_archive.py) stores records,
the share format (game/kept_games/share/shared_file.py) carries them between machines, and the
review (game/kept_games/review/grading.py) grades them.
"""

from __future__ import annotations

import enum
import operator
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, overload

from game.core.engine import Direction


class Action(enum.StrEnum):
    """What one step of a game did: a move in a direction, or an undo (R13)."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    UNDO = "undo"

    @property
    def direction(self) -> Direction | None:
        return None if self is Action.UNDO else Direction(self.value)

    @classmethod
    def move(cls, direction: Direction) -> Action:
        return cls(Direction(direction).value)


class Outcome(enum.StrEnum):
    """How a kept game ended, or that it has not."""

    IN_PLAY = "in_play"  # still the game in progress of its size (it can be resumed)
    WON = "won"  # won (R10), then ended: New game, or no move left after keep going
    LOST = "lost"  # no move left (R11), never won
    LEFT = "left"  # given up for a New game before its end, never won


@dataclass(frozen=True, slots=True)  # slots: a long record holds hundreds of thousands
class Step:
    action: Action
    seconds: float  # the game clock (R17) when the step was made

    @property
    def is_undo(self) -> bool:
        return self.action is Action.UNDO


@dataclass(frozen=True)
class Origin:
    """Where a game played on from a kept game's position began: that game (its `uid`) and
    the position, counted in its steps."""

    uid: str
    step: int


@dataclass(frozen=True)
class GameSummary:
    """What the games list shows of a kept game, and what its replay must reach."""

    game_id: int | None  # the archive's number for it; None before it is stored
    uid: str  # the same in every copy of this game (an import of it again is recognised)
    size: int
    started_at: datetime | None  # when its record began, in UTC (None: unreadable)
    outcome: Outcome
    won: bool
    score: int
    biggest_tile: int
    moves: int  # the move counter at the end (R16): valid moves less undone ones
    seconds: float  # the game clock at the end
    steps: int  # moves and undos recorded
    assisted_from: int | None  # the first step made with hint or autoplay used (R20); None: own
    imported: bool = False  # someone else's game, brought in from a shared file
    origin: Origin | None = None  # played on from a kept game's position; None: a new game

    @property
    def assisted(self) -> bool:
        return self.assisted_from is not None


class Steps(Sequence[Step]):
    """A long record's steps kept compact: a byte an action and the clocks in an array, where
    a tuple of `Step` objects holds one object a step for the interpreter's collector to walk
    (100,000 of them: 0.1 s a full collection, a stall of every thread). A `Step` is made when
    it is asked for; equal to any sequence of the same steps."""

    def __init__(self, steps: Iterable[Step]) -> None:
        self._actions = bytearray()
        self._seconds = array("d")
        for step in steps:
            self._actions.append(_ACTION_CODES[step.action])
            self._seconds.append(step.seconds)

    def __len__(self) -> int:
        return len(self._seconds)

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Step, ...]: ...

    def __getitem__(self, index: int | slice) -> Step | tuple[Step, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        return Step(_ACTIONS[self._actions[index]], self._seconds[index])

    def moves(self) -> list[int]:
        """The indexes of the steps that are moves (not undos), read without making them."""
        undo = _ACTION_CODES[Action.UNDO]
        return [index for index, code in enumerate(self._actions) if code != undo]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Steps):
            return self._actions == other._actions and self._seconds == other._seconds
        if isinstance(other, Sequence):
            return len(self) == len(other) and all(map(operator.eq, self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


_ACTIONS = tuple(Action)
_ACTION_CODES = {action: code for code, action in enumerate(_ACTIONS)}


@dataclass(frozen=True)
class GameRecord:
    summary: GameSummary
    start: Mapping[str, Any]  # Game.to_dict() of the position the record starts from
    steps: Sequence[Step]  # a tuple, or for a long one held a while, `Steps`

    @property
    def size(self) -> int:
        return self.summary.size
