"""A kept game's review under way (R23), and the moves a player steps through in it.

    job = ReviewJob(record, positions, archive, analyse=make_analysis, depth=4)
    job.start()                      # the scores kept from an earlier look, the rest to the solver
    events = job.poll()              # every frame, the screens open or not; never blocks
    job.fraction, job.running, job.result   # progress; the Review so far (None at first)
    job.close()                      # stops the solver; the scores so far are kept

The solver's process scores the positions (game/solver/analysis.py); this side reads the boards
for the four mistakes a slice per frame (game/review.ReviewWork) and grades what has arrived,
at most every REFRESH_SECONDS while scores come in (grading a 3,000-move game takes a few
milliseconds: not every frame). The scores are kept in the archive when the solver is done or
stopped, so a second look at a game is instant and a stopped review goes on where it was."""

from __future__ import annotations

import bisect
import logging
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from game import events as ev
from game.archive import ArchiveError
from game.engine import Grid
from game.mistakes import Finding, Mistake
from game.replay import GameRecord, Position, move_positions
from game.review import MoveGrade, Review, ReviewWork, grade_move
from game.solver.analysis import AnalysisState, Progress

REFRESH_SECONDS = 0.5  # the grades are made again at most this often while scores arrive
WORST_MOVES = 10  # the moves that cost most, worst first, that a player steps through
log = logging.getLogger("game.review")


class Scorer(Protocol):
    """What the review needs of the solver's process (game/solver/analysis.Analysis)."""

    scores: Mapping[int, Sequence[float | None]]

    def start(self) -> None: ...

    def poll(self) -> Progress: ...

    def cancel(self) -> None: ...


class ScoreKeeper(Protocol):
    """Where scores are kept between looks (game/archive.Archive)."""

    def save_scores(
        self, game_id: int, depth: int, scores: Mapping[int, Sequence[float | None]]
    ) -> None: ...

    def load_scores(self, game_id: int, depth: int) -> dict[int, tuple[float | None, ...]]: ...


# (the grids to score by position, the board size, the depth) -> a scorer, not started
Analyse = Callable[[Mapping[int, Grid], int, int], Scorer]


class ReviewJob:
    def __init__(
        self,
        record: GameRecord,
        positions: Sequence[Position],
        keeper: ScoreKeeper,
        *,
        analyse: Analyse,
        depth: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.record = record
        self.positions = positions
        self.game_id = record.summary.game_id
        self.depth = depth
        self.moves = move_positions(positions)
        self.keeper = keeper
        self.scores: dict[int, Sequence[float | None]] = {}
        self.result: Review | None = None
        self.worst: list[MoveGrade] = []  # the moves that cost most so far, worst first
        self.state = AnalysisState.WAITING
        self._analyse = analyse
        self._scorer: Scorer | None = None
        self._work = ReviewWork(record, positions)
        self._clock = clock
        self._graded_at = -math.inf
        self._graded = -1  # how many scores the result was made from
        self._kept = 0  # how many of the scores were kept before this look

    # -- what the screens read -----------------------------------------------------------------

    @property
    def fraction(self) -> float:
        return len(self.scores) / len(self.moves) if self.moves else 1.0

    @property
    def running(self) -> bool:
        return self.state in (AnalysisState.WAITING, AnalysisState.RUNNING)

    @property
    def finished(self) -> bool:
        """Every move graded and every board read: the review is whole."""
        return self.state is AnalysisState.DONE and self.settled

    @property
    def settled(self) -> bool:
        """Nothing more will come: the solver is over and the grades are of all it sent."""
        return not self.running and self._work.done and self._graded == len(self.scores)

    # -- life -----------------------------------------------------------------------------------

    def start(self) -> None:
        """Take the scores kept from an earlier look, and give the rest to the solver."""
        self.scores = self._kept_scores()
        self._kept = len(self.scores)
        todo = {i: self.positions[i].grid for i in self.moves if i not in self.scores}
        self.state = AnalysisState.RUNNING
        if not todo:
            self.state = AnalysisState.DONE
            return
        self._scorer = self._analyse(todo, self.record.size, self.depth)
        self._scorer.start()

    def _kept_scores(self) -> dict[int, Sequence[float | None]]:
        """The scores kept for this game at this depth that fit its moves (a row that does
        not is scored again)."""
        if self.game_id is None:
            return {}
        try:
            kept = self.keeper.load_scores(self.game_id, self.depth)
        except ArchiveError as error:
            log.warning("the kept scores could not be read: %s", error)
            return {}
        fitting = {}
        for index in self.moves:
            scores = kept.get(index)
            if scores is None:
                continue
            played = self.positions[index + 1].step.action.direction  # type: ignore[union-attr]
            try:
                grade_move(self.positions[index].grid, scores, played)  # type: ignore[arg-type]
            except ValueError:
                continue
            fitting[index] = scores
        return fitting

    def poll(self, budget_s: float = 0.002) -> list[ev.Event]:
        """Take in what the solver sent, read boards for about `budget_s`, and grade again
        when it is time. Events: the review finished or stopped."""
        events: list[ev.Event] = []
        if self._scorer is not None and self.state is AnalysisState.RUNNING:
            progress = self._scorer.poll()
            self.scores.update(self._scorer.scores)
            if progress.state is not AnalysisState.RUNNING:
                events += self._ended(progress)
        if not self._work.done:
            self._work.step(budget_s)
        if self._work.done and self._due():
            self.result = self._work.review(self.scores, self.depth)
            self.worst = self.result.worst(WORST_MOVES)
            self._graded, self._graded_at = len(self.scores), self._clock()
        return events

    def _due(self) -> bool:
        if len(self.scores) == self._graded:
            return False
        return not self.running or self._clock() - self._graded_at >= REFRESH_SECONDS

    def _ended(self, progress: Progress) -> list[ev.Event]:
        self.state = progress.state
        self._keep()
        if progress.state is AnalysisState.FAILED:
            log.warning("the review stopped: %s", progress.failure)
            return [ev.Told("review_failed")]
        return []

    def _keep(self) -> None:
        """Keep the scores this look made (the archive writes them on its own thread)."""
        if self.game_id is not None and len(self.scores) > self._kept:
            self.keeper.save_scores(self.game_id, self.depth, self.scores)
            self._kept = len(self.scores)

    def close(self) -> None:
        """Stop the solver; the scores so far are kept for the next look."""
        if self._scorer is not None and self.state is AnalysisState.RUNNING:
            self._scorer.cancel()
            self.scores.update(self._scorer.scores)
            self.state = AnalysisState.CANCELLED
        self._keep()

    # -- per move ------------------------------------------------------------------------------

    def grade_at(self, index: int) -> MoveGrade | None:
        """The grade of the move played from position `index`, once graded."""
        if self.result is None:
            return None
        grades = self.result.grades
        found = bisect.bisect_left(grades, index, key=lambda g: g.position)
        return grades[found] if found < len(grades) and grades[found].position == index else None

    def finding(self, mistake: Mistake) -> Finding | None:
        if self.result is None:
            return None
        return next((f for f in self.result.findings if f.mistake is mistake), None)
