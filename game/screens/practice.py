"""Try a mistake again: a reviewed game's mistakes and blunders (R23), each board shown again
for the player to move (its screen: practice_screen.py). Commands in, events out, like the
review (game/screens/review.py).

    practice = Practice(job, last_answers)      # the review done; the last answer per position
    answer = practice.answer_with(direction)    # graded against the review's own scores
    practice.next()                             # the next position, until `done`

The positions offered are the player's own moves graded mistake or blunder (the solver's moves
and the only moves there were are not theirs to try again): first those answered wrong the
last time, then those never tried, the worst first within each. Those answered right before
are done with, unless every one is: then all are offered again. An answer is graded as the
review grades a move, against the same scores: right when it is the solver's best or good.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.core.engine import Direction
from game.kept_games.review.grades import BAD_GRADES, Grade
from game.kept_games.review.grading import MoveGrade, grade_move
from game.kept_games.review.job import ReviewJob
from game.play import events as ev

RIGHT_GRADES = frozenset({Grade.BEST, Grade.GOOD})  # an answer that needs no more practice


@dataclass(frozen=True)
class Attempt:
    """The player's move on a practised position, graded by the review's scores."""

    position: int
    direction: Direction
    best: Direction  # the solver's choice; the one played when the answer ties it
    grade: Grade
    loss: float

    @property
    def right(self) -> bool:
        return self.grade in RIGHT_GRADES


def to_practise(grades: Sequence[MoveGrade], last: Mapping[int, bool]) -> list[int]:
    """The positions to offer, in order (see the module's docstring)."""
    bad = sorted(
        (g for g in grades if g.grade in BAD_GRADES and not g.assisted and not g.forced),
        key=lambda g: (-g.loss, g.position),
    )
    missed = [g.position for g in bad if last.get(g.position) is False]
    untried = [g.position for g in bad if g.position not in last]
    return missed + untried if missed or untried else [g.position for g in bad]


class Practice:
    def __init__(self, job: ReviewJob, last: Mapping[int, bool]) -> None:
        assert job.result is not None
        self.job = job
        self.last = dict(last)  # the answers of earlier practices: right or not, by position
        self.todo = to_practise(job.result.grades, last)
        self.at = 0
        self.answers: dict[int, Attempt] = {}

    @property
    def done(self) -> bool:
        return self.at >= len(self.todo)

    @property
    def position(self) -> int | None:
        return None if self.done else self.todo[self.at]

    @property
    def answer(self) -> Attempt | None:
        """The answer given on the position shown."""
        position = self.position
        return None if position is None else self.answers.get(position)

    @property
    def grade(self) -> MoveGrade | None:
        """The review's grade of the move played in the game from the position shown."""
        position = self.position
        return None if position is None else self.job.grade_at(position)

    @property
    def missed_before(self) -> list[int]:
        return [p for p in self.todo if self.last.get(p) is False]

    @property
    def right_now(self) -> int:
        return sum(1 for a in self.answers.values() if a.right)

    @property
    def missed_right_now(self) -> int:
        """Of the positions missed last time, those answered right this time."""
        return sum(1 for p in self.missed_before if p in self.answers and self.answers[p].right)

    def answer_with(self, direction: Direction) -> Attempt | None:
        """The player's move on the position shown, graded; None when it was answered
        already, or when that move changes nothing there."""
        position = self.position
        if position is None or position in self.answers:
            return None
        grid = self.job.positions[position].grid
        try:
            best, loss, grade = grade_move(grid, self.job.scores[position], direction)
        except ValueError:  # not a move here: the board stays, nothing is graded
            return None
        if grade is Grade.BEST:
            best = direction  # a tie with the solver's first choice is as good
        answer = Attempt(position, direction, best, grade, loss)
        self.answers[position] = answer
        return answer

    def next(self) -> list[ev.Event]:
        """On to the next position, once the one shown is answered."""
        if self.done or self.answer is None:
            return []
        self.at += 1
        return self.shown()

    def shown(self) -> list[ev.Event]:
        position = self.position
        return [] if position is None else [ev.PositionShown(self.job.positions[position].grid)]
