"""The four mistakes that end games early (the strategy advice, R21, R23), found in a game. Pure.

Each detector says how often the mistake happened and where: the positions the guilty moves
were played from, so a click can jump to each. Only the player's own moves count (before any
hint or autoplay, R20), and never a forced move (the only one there was). Each is defined
exactly in its docstring; game/text/strings.py says it in a player's words.

The boards are read once, a move at a time (`move_facts`, what the detectors need of each
move: about 0.15 ms a move, so a long game is best read a slice per frame, see
game/review.ReviewWork); the detectors then only count (`find_mistakes`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from game.engine import Direction, Grid, ShiftResult, shift
from game.replay import GameRecord, Position, move_positions
from game.text import tr

CORNER_MIN_TILE = 64  # below this the opening is still taking shape: no corner to keep yet
TRAP_RATIO = 8  # "much bigger": every neighbour at least this many times the small tile
NEARLY_FULL = 3  # empty cells or fewer: "two or three cells left", and the full board
FAST_SECONDS = 1.0  # a move made in less thinking time than this is a fast one


class Mistake(enum.StrEnum):
    ALL_DIRECTIONS = "all_directions"
    MIDDLE_MERGE = "middle_merge"
    TRAPPED_TILE = "trapped_tile"
    FAST_WHEN_FULL = "fast_when_full"


@dataclass(frozen=True)
class Finding:
    mistake: Mistake
    where: tuple[int, ...]  # the positions the moves were played from, in order
    chances: int  # the moves where it could have happened (how often = len(where) / chances)
    # ALL_DIRECTIONS: the player's own moves per direction (up, down, left, right)
    directions: tuple[int, int, int, int] = (0, 0, 0, 0)
    # FAST_WHEN_FULL: of the fast moves and of the slow ones, how many were graded, how many
    # of those were mistakes or blunders (0 until the review has graded them)
    fast_graded: int = 0
    fast_bad: int = 0
    slow_graded: int = 0
    slow_bad: int = 0

    @property
    def count(self) -> int:
        return len(self.where)

    @property
    def rate(self) -> float:
        return self.count / self.chances if self.chances else 0.0


# -- the board's shape ---------------------------------------------------------------------------


def _corners(size: int) -> tuple[tuple[int, int], ...]:
    last = size - 1
    return ((0, 0), (0, last), (last, 0), (last, last))


def corners_holding(grid: Grid, value: int) -> set[tuple[int, int]]:
    """The corners holding a tile of `value` or more."""
    return {(r, c) for r, c in _corners(len(grid)) if grid[r][c] >= value}


def corner_chain(grid: Grid, corner: tuple[int, int]) -> int:
    """The structure held from a corner: along the better of the corner's two edge lines, the
    sum of the tiles counted from the corner while no cell is empty and no tile is bigger than
    the one before it."""
    size = len(grid)
    r, c = corner
    dr, dc = (1 if r == 0 else -1), (1 if c == 0 else -1)
    best = 0
    for step_r, step_c in ((0, dc), (dr, 0)):
        total, previous = 0, None
        for k in range(size):
            value = grid[r + k * step_r][c + k * step_c]
            if value == 0 or (previous is not None and value > previous):
                break
            total += value
            previous = value
        best = max(best, total)
    return best


def structure(grid: Grid) -> int:
    """The chain of the corner holding the biggest tile (the best such corner); 0 if the biggest
    tile stands in no corner or is still small."""
    biggest = max(max(row) for row in grid)
    if biggest < CORNER_MIN_TILE:
        return 0
    return max((corner_chain(grid, corner) for corner in corners_holding(grid, biggest)), default=0)


def trapped_cells(grid: Grid) -> set[tuple[int, int]]:
    """Tiles walled in: every orthogonal neighbour is a tile at least TRAP_RATIO times as big,
    so the small one can neither move nor merge until they do."""
    size = len(grid)
    smallest_wall = max(max(row) for row in grid) // TRAP_RATIO  # no tile above it is walled in
    trapped = set()
    for r in range(size):
        for c in range(size):
            value = grid[r][c]
            if not value or value > smallest_wall:
                continue
            neighbours = [
                grid[r + dr][c + dc]
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= r + dr < size and 0 <= c + dc < size
            ]
            if all(n >= TRAP_RATIO * value for n in neighbours):
                trapped.add((r, c))
    return trapped


def _merges_in_middle(result: ShiftResult) -> bool:
    last = len(result.grid) - 1
    return any(0 < m.target[0] < last and 0 < m.target[1] < last for m in result.merges)


@dataclass(frozen=True)
class MoveFacts:
    """What the detectors need of one of the player's own, unforced moves."""

    index: int  # the position it was played from
    direction: Direction
    thinking_s: float
    empty_before: int  # empty cells on the board it was played on
    corner_held: bool  # the biggest tile (CORNER_MIN_TILE or more) stood in a corner
    corner_kept: bool  # after the slide, a corner that held it holds a tile that big
    corner_keepable: bool  # another valid move would have kept it so
    structure_keepable: bool  # there was `structure`, and another valid move keeps it whole
    structure_broken: bool  # the slide left less `structure` than there was
    middle_merge: bool  # one of its merges landed in an inner cell (known when it broke it)
    newly_trapped: bool  # the board after it has more `trapped_cells` than before


def move_facts(record: GameRecord, positions: Sequence[Position]) -> Iterator[MoveFacts]:
    """The facts of each of the player's own, unforced moves, in order, one at a time."""
    assisted_from = record.summary.assisted_from
    for index in move_positions(positions):
        if assisted_from is not None and index >= assisted_from:
            return
        before, following = positions[index], positions[index + 1]
        grid = before.grid
        shifts = {d: result for d in Direction if (result := shift(grid, d)).moved}
        if len(shifts) < 2:
            continue  # forced: no choice, no mistake
        direction = following.step.action.direction  # type: ignore[union-attr]
        slid = shifts[direction].grid  # type: ignore[index]
        others = [result.grid for d, result in shifts.items() if d is not direction]
        biggest = max(max(row) for row in grid)
        held = corners_holding(grid, biggest) if biggest >= CORNER_MIN_TILE else set()
        chain = structure(grid)
        broken = structure(slid) < chain
        yield MoveFacts(
            index=index,
            direction=direction,  # type: ignore[arg-type]
            thinking_s=following.thinking_s,
            empty_before=sum(row.count(0) for row in grid),
            corner_held=bool(held),
            corner_kept=bool(corners_holding(slid, biggest) & held),
            corner_keepable=any(corners_holding(other, biggest) & held for other in others),
            structure_keepable=bool(chain) and any(structure(o) >= chain for o in others),
            structure_broken=broken,
            middle_merge=broken and _merges_in_middle(shifts[direction]),  # type: ignore[index]
            newly_trapped=len(trapped_cells(following.grid)) > len(trapped_cells(grid)),
        )


def find_mistakes(
    facts: Sequence[MoveFacts], bad: Mapping[int, bool] | None = None
) -> list[Finding]:
    """The four findings, in Mistake order. `bad`: per graded move's position, whether the
    review graded it a mistake or a blunder (for FAST_WHEN_FULL)."""
    return [
        all_directions(facts),
        middle_merge(facts),
        trapped_tile(facts),
        fast_when_full(facts, bad or {}),
    ]


# -- the four detectors ---------------------------------------------------------------------------


def all_directions(moves: Sequence[MoveFacts]) -> Finding:
    """Using all four directions freely: a move that pulls the biggest tile out of its corner.

    A move counts when, before it, the board's biggest tile (CORNER_MIN_TILE or more) stands in
    a corner, after its slide no corner that held it holds a tile that big, and another valid
    move would have kept one. Chances: the moves played with the biggest tile in a corner and a
    move that keeps it there. Also gives the own moves per direction: strong play uses two
    directions constantly, a third rarely and the fourth almost never.
    """
    chances = [m for m in moves if m.corner_held and m.corner_keepable]
    counts = dict.fromkeys(Direction, 0)
    for move in moves:
        counts[move.direction] += 1
    return Finding(
        Mistake.ALL_DIRECTIONS,
        tuple(m.index for m in chances if not m.corner_kept),
        len(chances),
        directions=tuple(counts[d] for d in Direction),  # type: ignore[arg-type]
    )


def middle_merge(moves: Sequence[MoveFacts]) -> Finding:
    """Chasing a merge in the middle: a merge that breaks the structure for one tile.

    A move counts when its slide leaves less `structure` than there was (the chain from the
    biggest tile's corner lost a tile, a gap opened in it, or the biggest tile left the
    corner), one of its merges lands in an inner cell (on no edge of the board), and another
    valid move would have kept the structure whole. Chances: the moves played with a structure
    to keep and a move that keeps it.
    """
    chances = [m for m in moves if m.structure_keepable]
    where = tuple(m.index for m in chances if m.structure_broken and m.middle_merge)
    return Finding(Mistake.MIDDLE_MERGE, where, len(chances))


def trapped_tile(moves: Sequence[MoveFacts]) -> Finding:
    """Letting a small tile get trapped among much bigger ones.

    A move counts when the board after it (its new tile included) has more `trapped_cells`
    than the board before it: a tile walled in by neighbours each at least TRAP_RATIO times
    its value. Chances: every own, unforced move.
    """
    return Finding(
        Mistake.TRAPPED_TILE, tuple(m.index for m in moves if m.newly_trapped), len(moves)
    )


def fast_when_full(moves: Sequence[MoveFacts], bad: Mapping[int, bool]) -> Finding:
    """Moving fast when the board is nearly full.

    A move counts when it was played from a board with NEARLY_FULL empty cells or fewer, after
    less than FAST_SECONDS of thinking (the game clock since the step before). Chances: the
    moves played from such boards. With the review's grades (`bad`: position -> graded a
    mistake or blunder), it also counts how many of the fast moves and of the slow ones were
    mistakes, so the player sees whether slowing down pays.
    """
    chances = [m for m in moves if m.empty_before <= NEARLY_FULL]
    tally = {True: [0, 0], False: [0, 0]}  # fast or slow -> [graded, bad]
    for move in chances:
        if move.index in bad:
            fast = move.thinking_s < FAST_SECONDS
            tally[fast][0] += 1
            tally[fast][1] += int(bad[move.index])
    return Finding(
        Mistake.FAST_WHEN_FULL,
        tuple(m.index for m in chances if m.thinking_s < FAST_SECONDS),
        len(chances),
        fast_graded=tally[True][0],
        fast_bad=tally[True][1],
        slow_graded=tally[False][0],
        slow_bad=tally[False][1],
    )


def describe(finding: Finding, lang: str = "en") -> tuple[str, str]:
    """The finding in the player's words: its name, and how often it happened."""
    name = finding.mistake.value
    fields = {
        "count": finding.count,
        "chances": finding.chances,
        "ratio": TRAP_RATIO,
        "cells": NEARLY_FULL,
        "seconds": f"{FAST_SECONDS:g}",
    }
    detail = tr(f"mistake_{name}_detail", lang, **fields)
    if finding.mistake is Mistake.FAST_WHEN_FULL and finding.fast_graded + finding.slow_graded:
        graded = tr(
            "mistake_fast_when_full_graded",
            lang,
            fast_bad=finding.fast_bad,
            fast_graded=finding.fast_graded,
            slow_bad=finding.slow_bad,
            slow_graded=finding.slow_graded,
        )
        detail = f"{detail} {graded}"
    return tr(f"mistake_{name}", lang), detail
