"""Try a mistake again: a reviewed game's mistakes and blunders (R23), each board shown again
for the player to move, and the practice's screen. Commands in, events out, like the
review's screen (game/screens/review.py).

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

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.engine import Direction
from game.core.replay import Position
from game.kept_games.archive.games_archive import ArchiveError
from game.kept_games.review.grades import BAD_GRADES, Grade
from game.kept_games.review.grading import MoveGrade, grade_move
from game.kept_games.review.job import ReviewJob
from game.play import commands as cmd
from game.play import events as ev
from game.screens.browsing import BrowsingScreen
from game.screens.items import PRACTICE_ITEMS, AnswerItem, Control
from game.screens.screen import ScreenKind

if TYPE_CHECKING:
    from game.screens.games_screens import GamesScreens
    from game.screens.navigator import Navigator

log = logging.getLogger("game.screens.practice")

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


class PracticeScreen(BrowsingScreen):
    """The practice's screen: it starts once the game's review is done (`ready`); an answer
    can be given until one is, then Next goes on. An answer is kept in the archive."""

    kind = ScreenKind.PRACTICE
    shows_review = True

    def __init__(self, shelf: GamesScreens) -> None:
        super().__init__(shelf, list(PRACTICE_ITEMS))
        self.practice: Practice | None = None

    @property
    def position(self) -> Position | None:
        at = self.practice.position if self.practice is not None else None
        positions = self.positions
        return None if at is None or positions is None else positions[at]

    def active(self, item: Any) -> bool:
        if isinstance(item, AnswerItem) or item is Control.NEXT_TRY:
            practice = self.practice
            if practice is None or practice.done:
                return False
            answered = practice.answer is not None
            return answered if item is Control.NEXT_TRY else not answered
        return super().active(item)

    def ready(self) -> list[ev.Event]:
        """The practice, once its game's review is done, with the answers kept before read
        back (none when they cannot be read: every mistake is offered)."""
        job, archive = self.job, self.shelf.archive
        if self.practice is not None or job is None or not job.finished:
            return []
        if job.result is None or not job.result.complete:
            return []
        try:
            last = archive.last_answers(job.game_id) if job.game_id is not None else {}
        except ArchiveError as error:
            log.warning("the practice's answers could not be read: %s", error)
            last = {}
        self.practice = Practice(job, last)
        self.focus = 0  # on the first answer: Back held it while the review ran
        self.settle_focus()
        return self.practice.shown()

    def own(self, command: cmd.Command, nav: Navigator) -> list[ev.Event] | None:
        if isinstance(command, cmd.Move):
            return self.answer_with(command.direction)
        return None

    def pick(self, item: Any, fraction: float, nav: Navigator) -> list[ev.Event]:
        if isinstance(item, AnswerItem):
            return self.answer_with(item.direction)
        if item is Control.NEXT_TRY and self.practice is not None:
            events = self.practice.next()
            self.settle_focus()
            return [ev.MenuConfirmed(), *events]
        return []

    def answer_with(self, direction: Direction) -> list[ev.Event]:
        """The player's move on the position shown, graded and kept; the focus on Next. A
        move that changes nothing there is blocked, as in play."""
        practice = self.practice
        if practice is None:
            return []
        given = practice.answer_with(direction)
        if given is None:
            return [ev.Blocked(direction)] if practice.answer is None else []
        if practice.job.game_id is not None:
            self.shelf.archive.keep_answer(
                practice.job.game_id, given.position, direction, given.right
            )
        self.focus = self.items.index(Control.NEXT_TRY)
        return [ev.MenuConfirmed()]

    def pass_time(self, seconds: float, nav: Navigator) -> list[ev.Event]:
        return self.ready()
