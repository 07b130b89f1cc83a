"""A kept game's replay (R22): every position of a record (game/core/record.py), exactly as it
was played. A record whose steps do not replay (a move that changes nothing, an undo with none
left, a summary the replay does not reach) is refused with `ReplayError`: its file was damaged
or doctored.

A replay keeps its positions compact (`Positions`): a byte a cell, the counts in arrays, about
35 bytes a position on 4x4 and 55 on 6x6, where a list of `Position` objects took some 3 KB
each. A `Position` is made when it is asked for. A long game replays in seconds (40
microseconds a step on 6x6, the engine's moves), so `Replayer` plays it a slice at a time, for a
caller that must not wait for all of it.

Pure: no files, no pygame.
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import overload

from game.core.engine import MAX_SIZE, Game, Grid, MoveOutcome, Spawn, shift
from game.core.record import GameRecord, GameSummary, Outcome, Step, Steps


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


def replay(record: GameRecord) -> Positions:
    """Every position of the game, the start first; ReplayError if the record does not replay.

    A 1,000-step game replays in a few hundredths of a second (the engine's moves).
    """
    replayer = Replayer(record)
    replayer.advance(len(record.steps))
    return replayer.positions


class Replayer:
    """A record replayed a slice at a time:

    replayer = Replayer(record)          # ReplayError if its start is not a game
    while not replayer.advance(2_000):   # ReplayError if a step does not replay
        ...                              # replayer.fraction: how far it is
    positions = replayer.positions       # every position, the summary checked
    """

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self._game = start_game(record)
        self.positions = Positions(record, self._game)
        self.done = False

    @property
    def fraction(self) -> float:
        return (len(self.positions) - 1) / len(self.record.steps) if self.record.steps else 1.0

    def advance(self, most: int) -> bool:
        """Play `most` more steps at most; whether every step is played and the summary was
        found to be what the replay reached."""
        steps, positions = self.record.steps, self.positions
        first = len(positions) - 1
        for index in range(first, min(first + most, len(steps))):
            step, clock = steps[index], positions.seconds(index)
            if not (math.isfinite(step.seconds) and step.seconds >= clock):
                raise ReplayError("the clock goes back", index)
            play_step(self._game, step, index)
            positions.add(self._game)
        if not self.done and len(positions) > len(steps):
            check_summary(self.record.summary, positions[-1], len(steps))
            self.done = True
        return self.done


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


_TILES = (0, *(1 << power for power in range(1, MAX_SIZE * MAX_SIZE + 2)))  # by power of two
_POWERS = {tile: power for power, tile in enumerate(_TILES)}
_WON, _OVER = 1, 2  # a position's flags


class Positions(Sequence[Position]):
    """Every position of a replay, kept compact (see the module's docstring); `positions[i]`
    makes the `Position`, its move's slides and spawn read again from the boards either side.
    Filled by `Replayer`."""

    def __init__(self, record: GameRecord, start: Game) -> None:
        self.record = record
        self._cells = bytearray()  # each board, row by row: a cell's power of two, 0 empty
        self._scores = array("q")
        self._moves = array("q")
        self._undos = bytearray()
        self._flags = bytearray()
        self._start_seconds = start.seconds
        self.add(start)

    def add(self, game: Game) -> None:
        """The position `game` is in, after the last one."""
        self._cells += bytes(map(_POWERS.__getitem__, itertools.chain.from_iterable(game.grid)))
        self._scores.append(game.score)
        self._moves.append(game.moves)
        self._undos.append(game.undos_left)
        self._flags.append((_WON if game.won else 0) | (_OVER if game.over else 0))

    @property
    def scores(self) -> Sequence[int]:
        """The score at each position, read without making the positions (the review's plot)."""
        return self._scores

    def grid(self, index: int) -> Grid:
        size = self.record.size
        cells = size * size
        board = self._cells[index * cells : (index + 1) * cells]
        return tuple(
            tuple(map(_TILES.__getitem__, board[start : start + size]))
            for start in range(0, cells, size)
        )

    def seconds(self, index: int) -> float:
        """The game clock at position `index`."""
        return self.record.steps[index - 1].seconds if index else self._start_seconds

    def __len__(self) -> int:
        return len(self._scores)

    @overload
    def __getitem__(self, index: int) -> Position: ...

    @overload
    def __getitem__(self, index: slice) -> list[Position]: ...

    def __getitem__(self, index: int | slice) -> Position | list[Position]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"position {index} of {len(self)}")
        step = self.record.steps[index - 1] if index else None
        seconds = self.seconds(index)
        grid = self.grid(index)
        won, over = bool(self._flags[index] & _WON), bool(self._flags[index] & _OVER)
        return Position(
            index=index,
            step=step,
            grid=grid,
            score=self._scores[index],
            moves=self._moves[index],
            seconds=seconds,
            thinking_s=seconds - self.seconds(index - 1) if index else 0.0,
            won=won,
            over=over,
            undos_left=self._undos[index],
            outcome=None if step is None or step.is_undo else self._outcome(index, grid),
        )

    def _outcome(self, index: int, grid: Grid) -> MoveOutcome:
        """The move that led to position `index` (on `grid`): its slides again from the board
        before, and the spawn where the two boards differ after them."""
        step = self.record.steps[index - 1]
        result = shift(self.grid(index - 1), step.action.direction)  # type: ignore[arg-type]
        spawned = next(
            Spawn((r, c), grid[r][c])
            for r, row in enumerate(result.grid)
            for c, value in enumerate(row)
            if value != grid[r][c]
        )
        won_now = bool(self._flags[index] & _WON) and not self._flags[index - 1] & _WON
        return MoveOutcome(result, spawned, won_now, bool(self._flags[index] & _OVER))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Positions):
            return NotImplemented
        mine = (self._cells, self._scores, self._moves, self._undos, self._flags)
        theirs = (other._cells, other._scores, other._moves, other._undos, other._flags)
        steps = self.record.steps[: len(self) - 1] == other.record.steps[: len(other) - 1]
        return mine == theirs and steps and self._start_seconds == other._start_seconds

    __hash__ = None  # type: ignore[assignment]


def scores_of(positions: Sequence[Position]) -> Sequence[int]:
    """The score at each position: a replay's own column, read without making its positions."""
    if isinstance(positions, Positions):
        return positions.scores
    return [position.score for position in positions]


def move_positions(positions: Sequence[Position]) -> list[int]:
    """The indexes of the positions a move was played from (not the last, not before an
    undo): what the review analyses and grades."""
    if isinstance(positions, Positions):  # read from the record: no position made
        steps: Sequence[Step | None] = positions.record.steps
        if isinstance(steps, Steps) and len(positions) > len(steps):
            return steps.moves()
        steps = steps[: len(positions) - 1]
    else:
        steps = [position.step for position in positions[1:]]
    return [index for index, step in enumerate(steps) if not step.is_undo]  # type: ignore[union-attr]
