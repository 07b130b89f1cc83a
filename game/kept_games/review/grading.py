"""The review of a kept game (R23): each move graded against the solver's own best. Pure.

    positions = replay(record)                              # game/core/record.py
    work = ReviewWork(record, positions)                    # then work.step() every frame
    scores = {index: (up, down, left, right), ...}          # game/solver/analysis.py, per position
    result = work.review(scores, depth)                     # grades and the four mistakes
    result = review(record, positions, scores, depth)       # the same, all at once

For each move, the solver has scored the four directions from the position the move was played
from, at one fixed depth (deterministic: the same game always gets the same grades). The move's
*loss* is how far its score falls below the best direction's, divided by `loss_scale(grid)`:
what the solver's heuristic charges for a line with the board's biggest tile pulled one cell
off the edge (its monotonicity weight times the tile's exponent to the fourth power). The
heuristic's values grow with the tiles (that penalty is about 60,000 with a 64 on the board and
700,000 with a 2048), so a raw difference would make every late move look a blunder and every
early one fine; measured against the biggest tile, a loss means the same early and late. On
real games (bench/review.py --calibrate) a random move loses 0.14, 0.15 and 0.16 on average
with the biggest tile up to 64, at 128-256 and at 512-1024, where the raw differences grow
from 7,900 to 25,000 to 60,000; a depth-3 solver's moves lose under 0.01.

The grades, by loss (1.0 is a biggest tile pulled off its edge):
    best        the solver's choice, or a move it scores exactly as high
    good        under 0.02: no difference a player could see
    inaccuracy  0.02 to 0.1
    mistake     0.1 to 0.3
    blunder     0.3 or more: a third of a broken corner, or worse

Every move a first look grades a mistake or a blunder, or within a factor of two of the
mistake's bound (a loss of `CHECK_FROM` or more), is searched again `DEEPER` plies deeper
(game/kept_games/review/job.py), and graded by that deeper search: the shallow search's flags
were right three times in four for players with a plan, the deeper ones far more often. A move
that search still grades a mistake, but below twice its bound (`SETTLE_BELOW`), is searched
`DEEPER` plies deeper again where the compiled tree makes it cheap (a third look:
game/solver/analysis.third_look_depth) and graded by that: near the bound a deeper search
mostly finds a smaller loss, and nearly all the check's mistakes that a search deeper still
does not find bad lie there (docs/solver.md). Then a flagged move is played on
(game/kept_games/review/costs.py), which says what followed and never changes a grade.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from game.core.engine import Direction, Grid
from game.core.record import GameRecord
from game.core.replay import Positions, move_positions
from game.kept_games.review.costs import MoveCost
from game.kept_games.review.grades import Grade
from game.kept_games.review.mistakes import (
    Finding,
    Mistake,
    MoveFacts,
    find_mistakes,
    move_facts,
)
from game.solver.bitboard import DIRECTIONS
from game.solver.search import DEFAULT_WEIGHTS

Scores = Sequence[float | None]  # per move in DIRECTIONS order; None or -inf: it changes nothing


# The smallest loss of each grade above best, in the order of the grades (the help page's).
GRADE_FLOORS: Mapping[Grade, float] = {
    Grade.GOOD: 0.0,
    Grade.INACCURACY: 0.02,
    Grade.MISTAKE: 0.1,
    Grade.BLUNDER: 0.3,
}
MIN_SCALE_EXPONENT = 5  # the opening's scale is that of a 32: before it, nothing is at stake
DEEPER = 2  # the plies a flagged move is searched again deeper than the first look
CHECK_FROM = GRADE_FLOORS[Grade.MISTAKE] / 2  # a loss this big or more is searched again
SETTLE_BELOW = GRADE_FLOORS[Grade.MISTAKE] * 2  # a checked mistake below this: a third look
_TIE = 1e-9  # a loss this small is a tie with the best (the sums' rounding)


def loss_scale(grid: Grid) -> float:
    """The heuristic's penalty for a line with the biggest tile one cell off the edge."""
    biggest = max(max(row) for row in grid)
    exponent = max(biggest.bit_length() - 1, MIN_SCALE_EXPONENT)
    return DEFAULT_WEIGHTS.monotonicity * exponent**DEFAULT_WEIGHTS.monotonicity_power


def grade_of(loss: float) -> Grade:
    if loss <= _TIE:
        return Grade.BEST
    grade = Grade.GOOD
    for candidate, floor in GRADE_FLOORS.items():
        if loss >= floor:
            grade = candidate
    return grade


@dataclass(frozen=True)
class MoveGrade:
    position: int  # the position the move was played from (a click jumps there)
    played: Direction
    best: Direction  # the solver's choice (the first of DIRECTIONS on a tie)
    loss: float  # in biggest-tile units (see the module's docstring), 0 or more
    grade: Grade
    forced: bool  # the only move there was
    assisted: bool  # played after hint or autoplay was used (R20)
    cost: MoveCost | None = None  # the games played on after it and its better move, if any
    checked: bool = False  # graded by a deeper search (the check, or the third look)

    @property
    def near_bound(self) -> bool:
        """A mistake the check grades below twice its bound: a third look grades it, where
        there is one."""
        return self.checked and self.grade is Grade.MISTAKE and self.loss < SETTLE_BELOW

    @property
    def tied(self) -> bool:
        """Played a move that scores the same as the solver's choice, another direction: no
        better move to name (the solver's is only the first of DIRECTIONS on a tie)."""
        return self.grade is Grade.BEST and self.best != self.played

    @property
    def better(self) -> Direction:
        """The move to show as the better one: the one played when it ties the solver's."""
        return self.played if self.tied else self.best


def with_cost(grade: MoveGrade, cost: MoveCost | None) -> MoveGrade:
    """The grade with its games played on, once they are in. They never change the grade:
    the search's look at the position is the grade; the games, a few dozen of a weaker
    player, say what followed, and where the two moves are within their own noise, only
    that."""
    return grade if cost is None else replace(grade, cost=cost)


def grade_move(grid: Grid, scores: Scores, played: Direction) -> tuple[Direction, float, Grade]:
    """The best direction by `scores`, and the loss and grade of playing `played` instead.
    ValueError if `played` is not among the scored moves (the scores are not of this grid)."""
    values = [_value(score) for score in scores]
    if len(values) != 4:
        raise ValueError("four scores expected, one per direction")
    mine = values[DIRECTIONS.index(played)]
    if mine is None:
        raise ValueError(f"{played} is not a move the solver scored here")
    best = max(range(4), key=lambda m: -math.inf if values[m] is None else values[m])
    loss = max(0.0, (values[best] - mine) / loss_scale(grid))  # type: ignore[operator]
    return DIRECTIONS[best], loss, grade_of(loss)


def _value(score: float | None) -> float | None:
    if score is None or score == -math.inf:
        return None
    if not math.isfinite(score):
        raise ValueError("a score must be a finite number")
    return float(score)


def grade_game(
    record: GameRecord,
    positions: Positions,
    scores: Mapping[int, Scores],
    moves: Sequence[int] | None = None,
) -> list[MoveGrade]:
    """The grade of every move whose position has scores, in the order played (`moves`: the
    game's, `move_positions`, if the caller has them)."""
    assisted_from = record.summary.assisted_from
    grades = []
    for index in move_positions(positions) if moves is None else moves:
        if index not in scores:
            continue
        played = record.steps[index].action.direction
        best, loss, grade = grade_move(positions.grid(index), scores[index], played)  # type: ignore[arg-type]
        forced = sum(_value(s) is not None for s in scores[index]) == 1
        assisted = assisted_from is not None and index >= assisted_from
        grades.append(MoveGrade(index, played, best, loss, grade, forced, assisted))
    return grades


@dataclass(frozen=True)
class Review:
    depth: int  # the solver's depth the grades are at
    grades: tuple[MoveGrade, ...]
    findings: tuple[
        Finding, ...
    ]  # the four mistakes, in game.kept_games.review.mistakes.Mistake order
    complete: bool  # every move was graded (False while the analysis is partial)

    def count(self, grade: Grade, *, own_only: bool = True) -> int:
        return sum(1 for g in self.grades if g.grade is grade and not (own_only and g.assisted))

    def worst(self, n: int = 5) -> list[MoveGrade]:
        """The moves that cost most, worst first (ties: the earlier first)."""
        ranked = sorted(self.grades, key=lambda g: (-g.loss, g.position))
        return [g for g in ranked[:n] if g.grade is not Grade.BEST]

    def finding(self, mistake: Mistake) -> Finding | None:
        return next((f for f in self.findings if f.mistake is mistake), None)


def review(
    record: GameRecord, positions: Positions, scores: Mapping[int, Scores], depth: int
) -> Review:
    """Grades and the four mistakes of a replayed game, from the solver's scores, at once."""
    return ReviewWork(record, positions).review(scores, depth)


class ReviewWork:
    """The review's own work, a slice per frame while the solver's process scores the game:

        work = ReviewWork(record, positions)
        work.step()                      # every frame, until it says it is done
        result = work.review(analysis.scores, analysis.depth)   # cheap once done

    Reading the boards for the four mistakes costs about 0.15 ms a move (half a second for a
    3,000-move game); grading, once the scores are in, about 10 microseconds a move, so each
    move is graded once: `review` grades only the positions whose scores are new since the
    last call (a position's scores at one depth are the solver's: they do not change)."""

    def __init__(self, record: GameRecord, positions: Positions) -> None:
        self.record = record
        self.positions = positions
        self.moves = move_positions(positions)
        self.facts: list[MoveFacts] = []
        self._reading = move_facts(record, positions)
        self.done = False
        self._grades: dict[int, MoveGrade] = {}  # by position, at `_depth` or checked deeper
        self._depth: int | None = None
        self._thirds: set[int] = set()  # the positions graded by the third look

    def step(self, budget_s: float = 0.002) -> bool:
        """Read boards for about `budget_s` seconds (one move at least); whether all are read."""
        deadline = time.perf_counter() + budget_s
        while not self.done:
            fact = next(self._reading, None)
            if fact is None:
                self.done = True
            else:
                self.facts.append(fact)
            if time.perf_counter() >= deadline:
                break
        return self.done

    def review(
        self,
        scores: Mapping[int, Scores],
        depth: int,
        costs: Mapping[int, MoveCost] | None = None,
        deeper: Mapping[int, Scores] | None = None,
        third: Mapping[int, Scores] | None = None,
    ) -> Review:
        """The grades of the scored moves and the four mistakes (reading what is left first);
        `deeper`, by position: scores of the moves searched again DEEPER plies deeper, which
        grade them, and `third` those of the third look, which grade them in turn; `costs`:
        the flagged moves' games played on, said with their grade."""
        if not self.done:
            self.facts.extend(self._reading)
            self.done = True
        if depth != self._depth:
            self._grades, self._depth, self._thirds = {}, depth, set()
        fresh = {index: s for index, s in scores.items() if index not in self._grades}
        for grade in grade_game(self.record, self.positions, fresh, self.moves):
            self._grades[grade.position] = grade
        checked = {
            index: s
            for index, s in (deeper or {}).items()
            if index in self._grades and not self._grades[index].checked
        }
        for grade in grade_game(self.record, self.positions, checked, self.moves):
            self._grades[grade.position] = replace(grade, checked=True)
        looked = {
            index: s
            for index, s in (third or {}).items()
            if index in self._grades and index not in self._thirds
        }
        for grade in grade_game(self.record, self.positions, looked, self.moves):
            self._grades[grade.position] = replace(grade, checked=True)
            self._thirds.add(grade.position)
        costs = costs or {}
        grades = [
            with_cost(self._grades[index], costs.get(index))
            for index in sorted(self._grades)
            if index in scores
        ]
        complete = len(grades) == len(self.moves)
        findings = find_mistakes(self.facts, {g.position: g.grade for g in grades})
        return Review(depth, tuple(grades), tuple(findings), complete)
