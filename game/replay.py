"""A kept game (R22) as plain values, and its replay: every position, exactly as it was played.

A record holds the position it starts from (`Game.to_dict()`, random state and undo history
included), every step after it in order (a move or an undo, with the game clock at that
moment) and a summary (score, biggest tile, how it ended). The engine is deterministic given its
random state, and an undo restores that state (R13), so replaying the steps from the start
reproduces every position and the final score exactly. A record whose steps do not replay (a
move that changes nothing, an undo with none left, a summary the replay does not reach) is
refused with `ReplayError`: its file was damaged or doctored.

Pure: no files, no pygame. The archive (game/archive.py) stores records, the share format
(game/share.py) carries them between machines, and the review (game/review.py) grades them.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from game.engine import Direction, Game, Grid, MoveOutcome


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


@dataclass(frozen=True)
class Step:
    action: Action
    seconds: float  # the game clock (R17) when the step was made

    @property
    def is_undo(self) -> bool:
        return self.action is Action.UNDO


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

    @property
    def assisted(self) -> bool:
        return self.assisted_from is not None


@dataclass(frozen=True)
class GameRecord:
    summary: GameSummary
    start: Mapping[str, Any]  # Game.to_dict() of the position the record starts from
    steps: tuple[Step, ...]

    @property
    def size(self) -> int:
        return self.summary.size


@dataclass(frozen=True)
class Position:
    """One position of a replay: the board after `index` steps, and the step that led to it."""

    index: int  # 0 is the start
    step: Step | None  # None at the start
    grid: Grid
    score: int
    moves: int
    seconds: float  # the game clock
    thinking_s: float  # the clock time spent before this step (0 at the start)
    won: bool
    over: bool
    undos_left: int
    outcome: MoveOutcome | None  # the move's slides, merges and spawn; None at start and undo


class ReplayError(ValueError):
    """A record that does not replay: its steps or its summary were damaged or doctored."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message if step is None else f"step {step}: {message}")
        self.step = step


def start_game(record: GameRecord) -> Game:
    """The game the record starts from. ReplayError if the start is not a game."""
    try:
        game = Game.from_dict(dict(record.start))
    except ValueError as error:
        raise ReplayError(f"the starting position is not a game ({error})") from None
    if game.size != record.size:
        raise ReplayError(f"a {game.size}x{game.size} start in a {record.size}x{record.size} game")
    # An undo that worked when played works again, even if undo was switched off later.
    game.undo_enabled = True
    return game


def replay(record: GameRecord) -> list[Position]:
    """Every position of the game, the start first; ReplayError if the record does not replay.

    A 1,000-step game replays in about a tenth of a second (the engine's moves).
    """
    game = start_game(record)
    positions = [_position(game, 0, None, game.seconds, None)]
    for index, step in enumerate(record.steps):
        clock = positions[-1].seconds
        if not (math.isfinite(step.seconds) and step.seconds >= clock):
            raise ReplayError("the clock goes back", index)
        outcome = play_step(game, step, index)
        positions.append(_position(game, index + 1, step, clock, outcome))
    check_summary(record.summary, positions[-1], len(record.steps))
    return positions


def play_step(game: Game, step: Step, index: int) -> MoveOutcome | None:
    """Play one step of a record on `game`: the move's outcome (None for an undo).
    ReplayError if the step does not replay there."""
    if step.is_undo:
        if not game.undo():
            raise ReplayError("an undo with nothing to undo", index)
        return None
    outcome = game.move(step.action.direction)  # type: ignore[arg-type]
    if outcome is None:
        raise ReplayError(f"the move {step.action} changes nothing", index)
    return outcome


def check_summary(summary: GameSummary, final: Position, steps: int) -> None:
    """The summary must say what the replay reached."""
    if summary.steps != steps:
        raise ReplayError(f"{steps} steps kept, the summary says {summary.steps}")
    reached = {
        "score": final.score,
        "moves": final.moves,
        "biggest_tile": max(map(max, final.grid)),
        "won": final.won,
    }
    for name, value in reached.items():
        if getattr(summary, name) != value:
            raise ReplayError(f"the replay reaches {name} {value}, the summary says otherwise")
    if summary.outcome is Outcome.LOST and not final.over:
        raise ReplayError("the game is said lost, but a move is left")
    if summary.outcome is Outcome.WON and not final.won:
        raise ReplayError("the game is said won, but no 2048 was made")


def _position(
    game: Game, index: int, step: Step | None, clock: float, outcome: MoveOutcome | None
) -> Position:
    seconds = game.seconds if step is None else step.seconds
    return Position(
        index=index,
        step=step,
        grid=game.grid,
        score=game.score,
        moves=game.moves,
        seconds=seconds,
        thinking_s=seconds - clock,
        won=game.won,
        over=game.over,
        undos_left=game.undos_left,
        outcome=outcome,
    )


def move_positions(positions: Sequence[Position]) -> list[int]:
    """The indexes of the positions a move was played from (not the last, not before an
    undo): what the review analyses and grades."""
    return [
        index
        for index in range(len(positions) - 1)
        if not positions[index + 1].step.is_undo  # type: ignore[union-attr]
    ]
