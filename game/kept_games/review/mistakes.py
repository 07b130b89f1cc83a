"""The four mistakes that end games early (the strategy advice, R21, R23), found in a game. Pure.

Each detector says how often the mistake happened and where: the positions the guilty moves
were played from, so a click can jump to each. Only the player's own moves count (before any
hint or autoplay, R20), never a forced move (the only one there was), and only moves the review
found costly (their grades, game/kept_games/review/grades.py): a move as good as the solver's is no
mistake, whatever it did to the board. The boards say which mistake a costly move was. Each
detector is defined exactly in its docstring; game/text/messages.py says it in a
player's words.

The boards are read once, a move at a time (`move_facts`, what the detectors need of each
move: about 0.15 ms a move, so a long game is best read a slice per frame, see
game/review.ReviewWork); the detectors then only count (`find_mistakes`), with the grades the
review has so far.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping, Sequence, Set
from dataclasses import dataclass

from game.core.engine import Direction, Grid, ShiftResult, biggest_tile, shift
from game.core.record import GameRecord
from game.core.replay import Position, move_positions
from game.kept_games.review.grades import BAD_GRADES, COSTLY_GRADES, Grade

STRUCTURE_MIN_TILE = 64  # below this the opening is still taking shape: no structure to keep yet
TRAP_RATIO = 8  # "much bigger": every neighbour at least this many times the small tile
NEARLY_FULL = 3  # empty cells or fewer: "two or three cells left", and the full board
# A move's haste falls evenly with its thinking time: whole under HASTY_S, half at one second,
# none from UNHURRIED_S on, so that no one instant of thought decides a move's fate.
HASTY_S = 0.5
UNHURRIED_S = 1.5

Cell = tuple[int, int]
Grades = Mapping[int, Grade]  # the review's grade of each move graded so far, by its position

_OPPOSITE = {
    Direction.UP: Direction.DOWN,
    Direction.DOWN: Direction.UP,
    Direction.LEFT: Direction.RIGHT,
    Direction.RIGHT: Direction.LEFT,
}


class Mistake(enum.StrEnum):
    ALL_DIRECTIONS = "all_directions"
    CHASED_MERGE = "chased_merge"
    TRAPPED_TILE = "trapped_tile"
    FAST_WHEN_FULL = "fast_when_full"


@dataclass(frozen=True)
class Finding:
    mistake: Mistake
    where: tuple[int, ...]  # the positions the moves were played from, in order
    chances: int  # the moves where it could have happened (how often = len(where) / chances)
    # ALL_DIRECTIONS: the player's own moves per direction (up, down, left, right)
    directions: tuple[int, int, int, int] = (0, 0, 0, 0)
    # FAST_WHEN_FULL: the graded moves played from nearly full boards, and those of them
    # graded a mistake or a blunder, each counted by its haste (fast) and by the rest (slow)
    fast_graded: float = 0.0
    fast_bad: float = 0.0
    slow_graded: float = 0.0
    slow_bad: float = 0.0

    @property
    def count(self) -> int:
        return len(self.where)

    @property
    def rate(self) -> float:
        return self.count / self.chances if self.chances else 0.0


# -- the board's shape ---------------------------------------------------------------------------


def side_weights(grid: Grid) -> dict[Direction, int]:
    """Per edge, the sum of the tiles in the half of the board toward it (an odd board's middle
    line is in neither half)."""
    size = len(grid)
    half = size // 2
    rows = [sum(row) for row in grid]
    columns = [sum(column) for column in zip(*grid, strict=True)]
    return {
        Direction.UP: sum(rows[:half]),
        Direction.DOWN: sum(rows[size - half :]),
        Direction.LEFT: sum(columns[:half]),
        Direction.RIGHT: sum(columns[size - half :]),
    }


def leaning(grid: Grid) -> set[Direction]:
    """The edges the board leans to: on each axis, the side whose half holds more (none where
    both hold the same). The big tiles decide it, wherever they stand."""
    weights = side_weights(grid)
    return {edge for edge in Direction if weights[edge] > weights[_OPPOSITE[edge]]}


def pulls_away(grid: Grid, slides: Mapping[Direction, Grid]) -> dict[Direction, bool]:
    """Per slide from `grid`, whether it took weight from a half the board leans to."""
    before, lean = side_weights(grid), leaning(grid)
    pulls = {}
    for direction, slid in slides.items():
        after = side_weights(slid)
        pulls[direction] = any(after[edge] < before[edge] for edge in lean)
    return pulls


def edge_chain(grid: Grid, cell: Cell) -> int:
    """The structure held from a tile on an edge: along the edge, each way from it, the sum of
    the tiles counted from it while no cell is empty and no tile is bigger than the one before
    it; the better way. A corner's tile is on two edges."""
    size, last = len(grid), len(grid) - 1
    r, c = cell
    ways = []
    if r in (0, last):
        ways += [(0, 1), (0, -1)]
    if c in (0, last):
        ways += [(1, 0), (-1, 0)]
    best = 0
    for dr, dc in ways:
        total, previous = 0, None
        for k in range(size):
            row, column = r + k * dr, c + k * dc
            if not (0 <= row < size and 0 <= column < size):
                break
            value = grid[row][column]
            if value == 0 or (previous is not None and value > previous):
                break
            total += value
            previous = value
        best = max(best, total)
    return best


def structure(grid: Grid) -> int:
    """The line of big tiles along an edge from the biggest tile (`edge_chain`; the best, when
    several tiles of its value stand on edges); 0 if none stands on an edge or it is below
    STRUCTURE_MIN_TILE."""
    biggest = biggest_tile(grid)
    if biggest < STRUCTURE_MIN_TILE:
        return 0
    last = len(grid) - 1
    on_edges = [
        (r, c)
        for r, row in enumerate(grid)
        for c, value in enumerate(row)
        if value == biggest and (r in (0, last) or c in (0, last))
    ]
    return max((edge_chain(grid, cell) for cell in on_edges), default=0)


def trapped_cells(grid: Grid) -> set[Cell]:
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


def _followed(result: ShiftResult, cells: Set[Cell]) -> set[Cell]:
    """Where the tiles standing on `cells` stand after the slide."""
    if not cells:
        return set()  # the usual case: no need to follow every tile
    return {motion.target for motion in result.motions if motion.source in cells}


def _trap_lasts(cells: Set[Cell], positions: Sequence[Position], following: int) -> bool:
    """Whether one of the tiles on `cells` of positions[following - 1] is still walled in after
    the next step: not when that step undoes the move, nor when the game ends before it."""
    if following >= len(positions):
        return False
    step = positions[following]
    if step.outcome is None:  # an undo: the move that walled it in is taken back
        return False
    return bool(_followed(step.outcome.shift, cells) & trapped_cells(step.grid))


@dataclass(frozen=True)
class MoveFacts:
    """What the detectors need of one of the player's own, unforced moves."""

    index: int  # the position it was played from
    direction: Direction
    thinking_s: float
    empty_before: int  # empty cells on the board it was played on
    pulled_away: bool  # `pulls_away`: its slide took weight from a half the board leans to
    pull_choice: bool  # the biggest tile is STRUCTURE_MIN_TILE or more, and of the valid
    # moves some take weight from such a half and some do not
    merged: bool  # its slide merged tiles
    structure_keepable: bool  # there was `structure`, and another valid move keeps it whole
    structure_broken: bool  # the slide left less `structure` than there was
    trap_made: bool  # its slide walled in a tile that was not, still so after the next step


def move_facts(record: GameRecord, positions: Sequence[Position]) -> Iterator[MoveFacts]:
    """The facts of each of the player's own, unforced moves, in order, one at a time."""
    assisted_from = record.summary.assisted_from
    for index in move_positions(positions):
        if assisted_from is not None and index >= assisted_from:
            return
        grid = positions[index].grid
        shifts = {d: result for d in Direction if (result := shift(grid, d)).moved}
        if len(shifts) < 2:
            continue  # forced: no choice, no mistake
        direction = positions[index + 1].step.action.direction  # type: ignore[union-attr]
        played = shifts[direction]  # type: ignore[index]
        others = [result.grid for d, result in shifts.items() if d is not direction]
        pulls = pulls_away(grid, {d: result.grid for d, result in shifts.items()})
        chain = structure(grid)
        walled_in = trapped_cells(played.grid) - _followed(played, trapped_cells(grid))
        yield MoveFacts(
            index=index,
            direction=direction,  # type: ignore[arg-type]
            thinking_s=positions[index + 1].thinking_s,
            empty_before=sum(row.count(0) for row in grid),
            pulled_away=pulls[direction],  # type: ignore[index]
            pull_choice=len(set(pulls.values())) == 2 and biggest_tile(grid) >= STRUCTURE_MIN_TILE,
            merged=played.points > 0,  # every merge scores (R8)
            structure_keepable=bool(chain) and any(structure(o) >= chain for o in others),
            structure_broken=structure(played.grid) < chain,
            trap_made=bool(walled_in) and _trap_lasts(walled_in, positions, index + 2),
        )


def find_mistakes(facts: Sequence[MoveFacts], grades: Grades | None = None) -> list[Finding]:
    """The four findings, in Mistake order. `grades`: the review's grade of each move graded
    so far, by its position; a move not graded yet counts for no mistake."""
    grades = grades or {}
    return [
        all_directions(facts, grades),
        chased_merge(facts, grades),
        trapped_tile(facts, grades),
        fast_when_full(facts, grades),
    ]


# -- the four detectors ---------------------------------------------------------------------------


def all_directions(moves: Sequence[MoveFacts], grades: Grades) -> Finding:
    """Using all four directions freely: a costly move that pulls the big tiles away from the
    sides of the board they gather on.

    A move counts when the review graded it an inaccuracy or worse and its slide took weight
    from a half of the board the tiles lean to (`leaning`: on each axis, the half whose tiles
    add up to more, wherever the big tiles stand: in a corner, on an edge or in the middle),
    when the biggest tile is STRUCTURE_MIN_TILE or more and another valid move would have taken
    none. Chances: the moves played with such a choice (some valid moves take weight so, some
    do not). Also gives the own moves per direction, always: strong play uses two directions
    constantly, a third rarely and the fourth almost never.
    """
    chances = [m for m in moves if m.pull_choice]
    counts = dict.fromkeys(Direction, 0)
    for move in moves:
        counts[move.direction] += 1
    return Finding(
        Mistake.ALL_DIRECTIONS,
        tuple(m.index for m in chances if m.pulled_away and grades.get(m.index) in COSTLY_GRADES),
        len(chances),
        directions=tuple(counts[d] for d in Direction),  # type: ignore[arg-type]
    )


def chased_merge(moves: Sequence[MoveFacts], grades: Grades) -> Finding:
    """Chasing a merge: a costly merge that breaks the structure, wherever it lands.

    A move counts when the review graded it an inaccuracy or worse, its slide merged tiles and
    left less `structure` than there was (the line of big tiles along the edge from the
    biggest tile lost a tile, a gap opened in it, or the biggest tile left the edge), and
    another valid move would have kept the structure whole. Chances: the moves played with a
    structure to keep and a move that keeps it.
    """
    chances = [m for m in moves if m.structure_keepable]
    where = tuple(
        m.index
        for m in chances
        if m.merged and m.structure_broken and grades.get(m.index) in COSTLY_GRADES
    )
    return Finding(Mistake.CHASED_MERGE, where, len(chances))


def trapped_tile(moves: Sequence[MoveFacts], grades: Grades) -> Finding:
    """Letting a small tile get trapped among much bigger ones, for good.

    A move counts when the review graded it an inaccuracy or worse and its own slide (not the
    new tile after it) walled in a tile that was not walled in before (`trapped_cells`: every
    neighbour at least TRAP_RATIO times its value), and that tile is still walled in after the
    next step: a trap the next move undoes, or an undo takes back, is none; neither is one the
    game's last move made. Chances: every own, unforced move.
    """
    where = tuple(m.index for m in moves if m.trap_made and grades.get(m.index) in COSTLY_GRADES)
    return Finding(Mistake.TRAPPED_TILE, where, len(moves))


def haste(thinking_s: float) -> float:
    """How hurried a move was: 1 under HASTY_S of thought, 0 from UNHURRIED_S on, falling
    evenly between (a move of one second is half hurried)."""
    return min(1.0, max(0.0, (UNHURRIED_S - thinking_s) / (UNHURRIED_S - HASTY_S)))


def fast_when_full(moves: Sequence[MoveFacts], grades: Grades) -> Finding:
    """Moving fast when the board is nearly full: the bad moves made in haste there.

    A move counts when it was played from a board with NEARLY_FULL empty cells or fewer, the
    review graded it a mistake or a blunder, and it was made in some haste: less than
    UNHURRIED_S of thinking (the game clock since the step before). Chances: the moves played
    from such boards. To show whether slowing down pays, each graded move there is counted as
    fast by its `haste` and as slow by the rest, so that no one bound of thinking time decides
    it: how many were graded, and how many of them bad, fast and slow.
    """
    chances = [m for m in moves if m.empty_before <= NEARLY_FULL]
    fast_graded = fast_bad = slow_graded = slow_bad = 0.0
    for move in chances:
        if move.index in grades:
            share, bad = haste(move.thinking_s), grades[move.index] in BAD_GRADES
            fast_graded += share
            slow_graded += 1 - share
            fast_bad += share * bad
            slow_bad += (1 - share) * bad
    where = tuple(
        m.index for m in chances if grades.get(m.index) in BAD_GRADES and haste(m.thinking_s) > 0
    )
    return Finding(
        Mistake.FAST_WHEN_FULL,
        where,
        len(chances),
        fast_graded=fast_graded,
        fast_bad=fast_bad,
        slow_graded=slow_graded,
        slow_bad=slow_bad,
    )
