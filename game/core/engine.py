"""A game of 2048 (R3, R7, R10 to R18), pure: no pygame, no clock, no files. The rules of one
move are in game/core/rules.py; this module re-exports them, so `from game.core.engine import
Direction, shift, Game` stays the one surface the tests, the solver and the app use.

A game is deterministic given its random generator, which it owns and saves, so any game can be
replayed and an undo restores the exact future (R13).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core import checks
from game.core.rules import (
    BOARD_SIZES,
    FOUR_PROBABILITY,
    MAX_COUNT,
    MAX_SECONDS,
    MAX_SIZE,
    MIN_SIZE,
    UNDO_LIMIT,
    WIN_VALUE,
    Cell,
    Direction,
    Grid,
    LineSteps,
    Merge,
    Motion,
    ShiftResult,
    biggest_tile,
    capped_count,
    capped_seconds,
    empty_cells,
    is_cell_value,
    is_game_id,
    is_moves_to_win,
    is_over,
    is_tile,
    max_tile_value,
    shift,
    valid_directions,
)

__all__ = [
    "BOARD_SIZES",
    "FOUR_PROBABILITY",
    "MAX_COUNT",
    "MAX_SECONDS",
    "MAX_SIZE",
    "MIN_SIZE",
    "SAVE_VERSION",
    "UNDO_LIMIT",
    "WIN_VALUE",
    "Cell",
    "Direction",
    "Game",
    "Grid",
    "LineSteps",
    "Merge",
    "Motion",
    "MoveOutcome",
    "ShiftResult",
    "Spawn",
    "biggest_tile",
    "capped_count",
    "capped_seconds",
    "empty_cells",
    "is_cell_value",
    "is_game_id",
    "is_moves_to_win",
    "is_over",
    "max_tile_value",
    "shift",
    "valid_directions",
]

SAVE_VERSION = 1  # the layout of to_dict()


@dataclass(frozen=True)
class Spawn:
    cell: Cell
    value: int


@dataclass(frozen=True)
class MoveOutcome:
    shift: ShiftResult
    spawned: Spawn
    won_now: bool  # this move made the game's first 2048 (R10)
    over_now: bool  # no move is left after it (R11); may be true together with won_now (R10a)

    @property
    def points(self) -> int:
        return self.shift.points


@dataclass(frozen=True)
class _Snapshot:
    """What an undo restores (R13): everything but the win record and the clock."""

    grid: Grid
    score: int
    moves: int
    random_state: tuple


class Game:
    """One game of 2048 on a square board. Build it with `Game.new` or `Game.from_grid`."""

    def __init__(
        self,
        grid: Grid,
        *,
        rng: random.Random,
        score: int = 0,
        moves: int = 0,
        won: bool = False,
        undos_left: int = UNDO_LIMIT,
        undo_enabled: bool = True,
        seconds: float = 0.0,
        history: Iterable[_Snapshot] = (),
    ) -> None:
        self.grid: Grid = grid
        self.size = len(grid)
        self.score = score
        self.moves = moves
        self.won = won
        self.undos_left = undos_left
        self.undo_enabled = undo_enabled
        self.seconds = seconds
        self._rng = rng
        self._history: deque[_Snapshot] = deque(history, maxlen=UNDO_LIMIT)
        self.over = is_over(grid)

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def new(cls, size: int = 4, seed: int | None = None, *, undo_enabled: bool = True) -> Game:
        """A fresh game: two start tiles in two different random cells (R3)."""
        _check_size(size)
        game = cls(_empty_grid(size), rng=_make_rng(seed), undo_enabled=undo_enabled)
        game._spawn()
        game._spawn()
        game.over = is_over(game.grid)
        return game

    @classmethod
    def from_grid(
        cls, rows: Sequence[Sequence[int]], seed: int | None = None, **state: Any
    ) -> Game:
        """A game from a given position (tests, puzzles, the solver's benchmarks)."""
        grid = tuple(tuple(row) for row in rows)
        _check_grid(grid)
        for key in ("score", "moves", "undos_left"):
            if key in state:
                checks.field(state, key, checks.count)
        if "seconds" in state:
            checks.field(state, "seconds", checks.seconds)
        state.setdefault("won", biggest_tile(grid) >= WIN_VALUE)
        return cls(grid, rng=_make_rng(seed), **state)

    # -- playing ----------------------------------------------------------------------------

    def move(self, direction: Direction) -> MoveOutcome | None:
        """Play one move (R4 to R11). None, and nothing changes, when the move is invalid."""
        result = shift(self.grid, direction)
        if not result.moved:
            return None
        self._history.append(_Snapshot(self.grid, self.score, self.moves, self._rng.getstate()))
        self.grid = result.grid
        self.score = capped_count(self.score + result.points)
        self.moves = capped_count(self.moves + 1)
        spawned = self._spawn()
        won_now = not self.won and any(value >= WIN_VALUE for value in result.made_values)
        self.won = self.won or won_now
        self.over = is_over(self.grid)
        return MoveOutcome(result, spawned, won_now, self.over)

    def can_undo(self) -> bool:
        return self.undo_enabled and self.undos_left > 0 and bool(self._history)

    def undo(self) -> bool:
        """Take back one move (R13, R14). The win record and the clock stay as they are."""
        if not self.can_undo():
            return False
        snapshot = self._history.pop()
        self.grid = snapshot.grid
        self.score = snapshot.score
        self.moves = snapshot.moves
        self._rng.setstate(snapshot.random_state)
        self.undos_left -= 1
        self.over = is_over(self.grid)
        return True

    def advance_clock(self, seconds: float) -> None:
        """The caller decides when the clock runs (R17); the engine only adds up."""
        if 0 < seconds < float("inf"):
            self.seconds = capped_seconds(self.seconds + seconds)

    def valid_directions(self) -> list[Direction]:
        return valid_directions(self.grid)

    def empty_cells(self) -> list[Cell]:
        return empty_cells(self.grid)

    def biggest_tile(self) -> int:
        return biggest_tile(self.grid)

    def _spawn(self) -> Spawn:
        """R7: one tile in a uniformly chosen empty cell, 2 with p=0.9, 4 with p=0.1."""
        cells = empty_cells(self.grid)
        cell = cells[self._rng.randrange(len(cells))]
        value = 4 if self._rng.random() < FOUR_PROBABILITY else 2
        rows = [list(row) for row in self.grid]
        rows[cell[0]][cell[1]] = value
        self.grid = tuple(tuple(row) for row in rows)
        return Spawn(cell, value)

    # -- saving -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to carry on exactly, as plain JSON-ready data (R18)."""
        return {
            "version": SAVE_VERSION,
            "size": self.size,
            "grid": [list(row) for row in self.grid],
            "score": self.score,
            "moves": self.moves,
            "won": self.won,
            "undos_left": self.undos_left,
            "undo_enabled": self.undo_enabled,
            "seconds": self.seconds,
            "random_state": _state_to_json(self._rng.getstate()),
            "history": [
                {
                    "grid": [list(row) for row in snap.grid],
                    "score": snap.score,
                    "moves": snap.moves,
                    "random_state": _state_to_json(snap.random_state),
                }
                for snap in self._history
            ],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """The exact game `to_dict` described; ValueError naming the field if anything is off."""
        checks.mapping(data, "save")
        version = checks.field(data, "version", int)
        if version != SAVE_VERSION:
            raise ValueError(f"version: unsupported save version {version!r}")
        size = checks.field(data, "size", int)
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"size: {size} is outside {MIN_SIZE}..{MAX_SIZE}")
        grid = _grid_field(data, "grid", size)
        score = checks.field(data, "score", checks.count)
        moves = checks.field(data, "moves", checks.count)
        won = checks.field(data, "won", bool)
        undos_left = checks.field(data, "undos_left", checks.count)
        if undos_left > UNDO_LIMIT:
            raise ValueError(f"undos_left: {undos_left} is more than {UNDO_LIMIT}")
        undo_enabled = checks.field(data, "undo_enabled", bool)
        seconds = checks.field(data, "seconds", checks.seconds)
        rng = random.Random()
        rng.setstate(_state_from_json(data.get("random_state"), "random_state"))
        raw_history = checks.field(data, "history", list)
        if len(raw_history) > UNDO_LIMIT:
            raise ValueError(f"history: more than {UNDO_LIMIT} moves")
        history = []
        for index, entry in enumerate(raw_history):
            name = f"history[{index}]"
            checks.mapping(entry, name)
            history.append(
                _Snapshot(
                    _grid_field(entry, "grid", size, name),
                    checks.field(entry, "score", checks.count, name),
                    checks.field(entry, "moves", checks.count, name),
                    _state_from_json(entry.get("random_state"), f"{name}.random_state"),
                )
            )
        return cls(
            grid,
            rng=rng,
            score=score,
            moves=moves,
            won=won,
            undos_left=undos_left,
            undo_enabled=undo_enabled,
            seconds=float(seconds),
            history=history,
        )

    def __repr__(self) -> str:
        return f"Game(size={self.size}, score={self.score}, moves={self.moves}, grid={self.grid})"


# -- helpers -----------------------------------------------------------------------------------


def _make_rng(seed: int | None) -> random.Random:
    if seed is None:
        seed = random.SystemRandom().getrandbits(64)
    return random.Random(seed)


def _empty_grid(size: int) -> Grid:
    return tuple((0,) * size for _ in range(size))


def _check_size(size: int) -> None:
    if type(size) is not int or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size: board size must be {MIN_SIZE}..{MAX_SIZE}, not {size!r}")


def _check_grid(grid: Grid, name: str = "grid") -> None:
    _check_size(len(grid))
    size = len(grid)
    limit = max_tile_value(size)
    for row in grid:
        if len(row) != size:
            raise ValueError(f"{name}: the board is not square")
        for value in row:
            if not is_tile(value, limit):
                raise ValueError(f"{name}: {value!r} is not a tile value")


def _grid_field(data: dict, key: str, size: int, prefix: str = "") -> Grid:
    name = f"{prefix}.{key}" if prefix else key
    rows = checks.field(data, key, list, prefix)
    if len(rows) != size or any(type(row) is not list or len(row) != size for row in rows):
        raise ValueError(f"{name}: must be {size} rows of {size} cells")
    grid = tuple(tuple(row) for row in rows)
    _check_grid(grid, name)
    return grid


def _state_to_json(state: tuple) -> list:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _state_from_json(value: Any, name: str) -> tuple:
    """Check a saved Mersenne Twister state before random.setstate sees it."""
    if type(value) is not list or len(value) != 3:
        raise ValueError(f"{name}: malformed random state")
    version, internal, gauss = value
    if version != 3 or type(version) is not int:
        raise ValueError(f"{name}: unknown random state version")
    if type(internal) is not list or len(internal) != 625:
        raise ValueError(f"{name}: malformed random state")
    if any(type(word) is not int or not 0 <= word < 2**32 for word in internal[:624]):
        raise ValueError(f"{name}: malformed random state")
    if type(internal[624]) is not int or not 0 <= internal[624] <= 624:
        raise ValueError(f"{name}: malformed random state")
    if gauss is not None and type(gauss) is not float:
        raise ValueError(f"{name}: malformed random state")
    if not any(internal[:624]):
        raise ValueError(f"{name}: degenerate random state")
    return (version, tuple(internal), gauss)
