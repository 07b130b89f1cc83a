"""A kept game's review under way (R23), and the moves a player steps through in it.

    job = ReviewJob(record, positions, archive, analyse=make_analysis, play_on=make_rollouts,
                    depth=4)
    job.start()                      # the scores kept from an earlier look, the rest to the solver
                                     # (on a thread of its own: see `start`)
    events = job.poll()              # every frame, the screens open or not; never blocks
    job.fraction, job.running, job.result   # progress; the Review so far (None at first)
    job.estimate_at(index)           # where the games played on after a flagged move stand
    job.close()                      # stops the solver; the scores so far are kept

The solver's process scores the positions (game/solver/analysis.py); this side reads the boards
for the four mistakes a slice per frame (game/review.ReviewWork) and grades what has arrived,
at most every REFRESH_SECONDS while scores come in (grading a 3,000-move game takes a few
milliseconds: not every frame). The scores are kept in the archive when the solver is done or
stopped, so a second look at a game is instant and a stopped review goes on where it was.

Once every move is graded, each move the first look graded a mistake or a blunder, or near the
mistake's bound (a loss of `CHECK_FROM` or more), is searched again `DEEPER` plies deeper
(`check`, a `DeeperLook`, in processes like the first look's) and graded by that search; its
scores are kept too. A move that search grades a mistake below twice its bound is searched again
`DEEPER` plies deeper still where that is cheap (`third_look`, another `DeeperLook`:
game/solver/analysis.third_look_depth) and graded by it. Until both are done the counts are
provisional, and the screen says how many of the moves each has searched. Then the player's own
moves graded a mistake or a blunder, at most `ESTIMATED_MOVES` of them, worst first, are played
on in a second process of the same kind (game/solver/analysis.Task.ROLLOUTS): the move played
and the better move, each by the board's plan (game/solver/rollout.plan_for). Each move's
figure arrives on its own and goes with its grade, which it never changes
(game/kept_games/review/costs.py). The games played on are kept like the scores, move by move:
they take about two seconds a move on 4x4 and minutes for a game of 6x6, and a second look, or
the practice after a restart, shows them at once. Twenty moves: twice the worst moves a player
steps through (`WORST_MOVES`), so that each of those has its figure, the rest for the moves
just after them. Not all of them: a careless player's game can flag a hundred moves or more,
and a move costs about 5 s on 5x5 and 14 s on 6x6 (their games are played on by a Python loop)
and 10 s on 4x4 with the Python tree, so twenty take a few minutes at most there, the worst
moves' figures first."""

from __future__ import annotations

import bisect
import logging
import math
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from game.core.engine import Direction, Grid
from game.core.record import GameRecord
from game.core.replay import Positions, move_positions
from game.kept_games.archive.games_archive import ArchiveError
from game.kept_games.review.batches import Analyse, Batches, Scorer
from game.kept_games.review.costs import ESTIMATED_MOVES, Estimate, MoveCost
from game.kept_games.review.grades import BAD_GRADES
from game.kept_games.review.grading import (
    CHECK_FROM,
    DEEPER,
    MoveGrade,
    Review,
    ReviewWork,
    Scores,
    grade_move,
)
from game.kept_games.review.mistakes import Finding, Mistake
from game.play import events as ev
from game.solver.analysis import AnalysisState, Progress, third_look_depth
from game.solver.rollout import PlayedOn

REFRESH_SECONDS = 0.5  # the grades are made again at most this often while scores arrive
WORST_MOVES = 10  # the moves that cost most, worst first, that a player steps through
log = logging.getLogger("game.kept_games.review.grading")


class ScoreKeeper(Protocol):
    """Where scores and games played on are kept between looks (game/archive.Archive)."""

    def save_scores(
        self, game_id: int, depth: int, scores: Mapping[int, Sequence[float | None]]
    ) -> None: ...

    def load_scores(self, game_id: int, depth: int) -> dict[int, tuple[float | None, ...]]: ...

    def save_played_on(
        self, game_id: int, outcomes: Mapping[tuple[int, Direction], PlayedOn]
    ) -> None: ...

    def load_played_on(self, game_id: int) -> dict[tuple[int, Direction], PlayedOn]: ...


# (the moves to play on after, {(position, direction): (grid, direction)}, the board size)
# -> a scorer of the rollouts task, not started; its results are rollout.PlayedOn
PlayOn = Callable[[Mapping[tuple[int, Direction], tuple[Grid, Direction]], int], Scorer]


class DeeperLook:
    """A search of chosen moves deeper than the first look, which grades them: their scores
    (those kept from an earlier look first, the rest from the solver's process), and where it
    stands. The review's check and its third look are each one."""

    def __init__(self, depth: int | None) -> None:
        self.depth = depth  # None: no such look here
        self.positions: list[int] = []  # the moves it searches, once chosen
        self.scores: dict[int, Scores] = {}
        self.state = AnalysisState.WAITING
        self.graded = 0  # how many of its scores the review's grades were made from
        self._scorer: Scorer | None = None
        self._kept = 0  # how many of its scores are kept

    @property
    def progress(self) -> tuple[int, int] | None:
        """(searched, to search) while it runs; else None."""
        if self.state is not AnalysisState.RUNNING:
            return None
        return sum(p in self.scores for p in self.positions), len(self.positions)

    @property
    def news(self) -> bool:
        """Scores the review's grades were not made from yet."""
        return self.graded != len(self.scores)

    @property
    def over(self) -> bool:
        """Over, and the grades are of all it sent."""
        return not self.state.going and not self.news

    def start(
        self,
        positions: list[int],
        kept: dict[int, Scores],
        scorer: Callable[[list[int]], Scorer],
    ) -> None:
        """Search `positions`, but those `kept` (their scores from an earlier look), by a
        `scorer` of the rest."""
        self.positions, self.scores, self._kept = positions, kept, len(kept)
        todo = [index for index in positions if index not in kept]
        if not todo:
            self.state = AnalysisState.DONE
            return
        self._scorer = scorer(todo)
        self._scorer.start()
        self.state = AnalysisState.RUNNING

    def take(self) -> Progress:
        """Take in what the solver sent: where it stands."""
        assert self._scorer is not None
        progress = self._scorer.poll()
        self.scores.update(self._scorer.results)
        if progress.state is not AnalysisState.RUNNING:
            self.state = progress.state
        return progress

    def keep(self, save: Callable[[int, dict[int, Scores]], None]) -> None:
        """`save(depth, scores)` when there are scores not kept yet."""
        if self.depth is not None and len(self.scores) > self._kept:
            save(self.depth, self.scores)
            self._kept = len(self.scores)

    def cancel(self) -> None:
        if self._scorer is not None and self.state is AnalysisState.RUNNING:
            self._scorer.cancel()
            self.scores.update(self._scorer.results)
            self.state = AnalysisState.CANCELLED


class ReviewJob:
    def __init__(
        self,
        record: GameRecord,
        positions: Positions,
        keeper: ScoreKeeper,
        *,
        analyse: Analyse,
        depth: int,
        play_on: PlayOn | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`play_on` makes the rollouts' process for the flagged moves (None: no figures)."""
        self.record = record
        self.positions = positions
        self.game_id = record.summary.game_id
        self.depth = depth
        self.moves = move_positions(positions)
        self.keeper = keeper
        self.scores: dict[int, Sequence[float | None]] = {}
        # the moves near a bound, DEEPER plies deeper, once every move is graded
        self.check = DeeperLook(depth + DEEPER)
        # the checked mistakes near their bound, DEEPER plies deeper again where there is a
        # third look on this board here
        third_depth = third_look_depth(record.size)
        self.third_look = DeeperLook(
            third_depth if third_depth and third_depth > depth + DEEPER else None
        )
        self.result: Review | None = None
        self.worst: list[MoveGrade] = []  # the moves that cost most so far, worst first
        self.state = AnalysisState.WAITING
        self._analyse = analyse
        self._scorer: Scorer | None = None
        self.costs: dict[int, MoveCost] = {}  # by position: the flagged moves' figures so far
        # the positions played on, worst first: their move played and its better move
        self.estimated: dict[int, tuple[Direction, Direction]] = {}
        # the games played on after each (position, move) so far, those kept first
        self.outcomes: dict[tuple[int, Direction], PlayedOn] = {}
        self._kept_outcomes = 0  # how many of them were kept before this look
        self.estimating = AnalysisState.WAITING  # the rollouts' process, once scores are in
        self._play_on = play_on
        self._rollouts: Scorer | None = None
        self._work = ReviewWork(record, positions)
        self._clock = clock
        self._graded_at = -math.inf
        self._graded = -1  # how many scores the result was made from
        self._costed = 0  # how many figures the result was made with
        self._kept = 0  # how many of the scores were kept before this look
        self._starting: threading.Thread | None = None
        # what the start found: the kept scores and the solver for the rest, or its error
        self._started: tuple[dict[int, Scores], Batches | None] | BaseException | None = None

    # -- what the screens read -----------------------------------------------------------------

    @property
    def fraction(self) -> float:
        return len(self.scores) / len(self.moves) if self.moves else 1.0

    @property
    def running(self) -> bool:
        return self.state.going

    @property
    def finished(self) -> bool:
        """Every move graded and every board read: the review is whole."""
        return self.state is AnalysisState.DONE and self.settled

    @property
    def deep_depth(self) -> int:
        return self.depth + DEEPER

    @property
    def third_depth(self) -> int | None:
        return self.third_look.depth

    @property
    def check_progress(self) -> tuple[int, int] | None:
        """(searched, to search) while the flagged moves are searched again deeper, by the
        check and then by the third look; else None."""
        return self.check.progress or self.third_look.progress

    @property
    def graded(self) -> bool:
        """Every move graded, for good, the flagged ones by the deeper search: the games
        played on after them may still come, and change no grade."""
        return self.state is AnalysisState.DONE and self._scored

    @property
    def settled(self) -> bool:
        """Nothing more will come: the solver, the deeper search and the rollouts are over,
        and the grades are of all they sent."""
        played_on = not self.estimating.going
        return self._scored and played_on and self._costed == len(self.costs)

    @property
    def _scored(self) -> bool:
        """The first look and the deeper ones are over, and the grades are of all they sent."""
        first = not self.running and self._work.done and self._graded == len(self.scores)
        return first and self.check.over and self.third_look.over

    # -- life -----------------------------------------------------------------------------------

    def start(self) -> None:
        """Take the scores kept from an earlier look, and give the rest to the solver. Reading
        the kept scores and the boards takes seconds for a long game (2.3 s, with the solver's
        start, for 196,473 moves): a thread of its own does it, and `poll` starts the solver
        once it is done, its boards a batch at a time (game/kept_games/review/batches.py)."""
        self.state = AnalysisState.RUNNING
        self._starting = threading.Thread(target=self._start, name="review-start", daemon=True)
        self._starting.start()

    def _start(self) -> None:
        try:
            kept = self._kept_scores(self.depth, self.moves)
            todo = [index for index in self.moves if index not in kept]
            size, grid = self.record.size, self.positions.grid
            scorer = Batches(self._analyse, todo, grid, size, self.depth) if todo else None
            self._started = kept, scorer
        except BaseException as error:  # raised again on the game's thread, in `poll`
            self._started = error

    def _take_start(self) -> bool:
        """Whether the start is over: what it found taken in, the solver started (a fault of
        the game's own met on its thread raised here, on the game's)."""
        started = self._started
        if self._starting is None or started is None:
            return self._starting is None
        self._starting = None
        if isinstance(started, BaseException):
            raise started
        kept, scorer = started
        self.scores, self._kept = dict(kept), len(kept)
        if scorer is None:
            self.state = AnalysisState.DONE
        else:
            self._scorer = scorer
            scorer.start()
        return True

    def _kept_scores(self, depth: int, positions: Sequence[int]) -> dict[int, Scores]:
        """The scores kept for this game at `depth` that fit the moves from `positions` (a
        row that does not is scored again)."""
        if self.game_id is None:
            return {}
        try:
            kept = self.keeper.load_scores(self.game_id, depth)
        except ArchiveError as error:
            log.warning("the kept scores could not be read: %s", error)
            return {}
        fitting = {}
        for index in positions:
            scores = kept.get(index)
            if scores is None:
                continue
            played = self.record.steps[index].action.direction
            try:
                grade_move(self.positions.grid(index), scores, played)  # type: ignore[arg-type]
            except ValueError:
                continue
            fitting[index] = scores
        return fitting

    def poll(self, budget_s: float = 0.002) -> list[ev.Event]:
        """Take in what the solver sent, read boards for about `budget_s`, and grade again
        when it is time. Events: the review finished or stopped."""
        events: list[ev.Event] = []
        started = self._take_start()
        if started and self._scorer is not None and self.state is AnalysisState.RUNNING:
            progress = self._scorer.poll()
            self.scores.update(self._scorer.results)
            if progress.state is not AnalysisState.RUNNING:
                events += self._ended(progress)
        for look in (self.check, self.third_look):
            if look.state is AnalysisState.RUNNING:
                self._take_look(look)
        if self.estimating is AnalysisState.RUNNING:
            self._take_figures()
        if not self._work.done:
            self._work.step(budget_s)
        if self._work.done and self._due():
            self.result = self._work.review(
                self.scores, self.depth, self.costs, self.check.scores, self.third_look.scores
            )
            self.worst = self.result.worst(WORST_MOVES)
            self._graded, self._graded_at = len(self.scores), self._clock()
            self._costed = len(self.costs)
            self.check.graded = len(self.check.scores)
            self.third_look.graded = len(self.third_look.scores)
        if self.check.state is AnalysisState.WAITING and not self.running:
            self._check_flagged()
        if self.third_look.state is AnalysisState.WAITING and self.check.over:
            self._look_again()
        checked = self.check.over and self.third_look.over
        if self.estimating is AnalysisState.WAITING and not self.running and checked:
            self._play_on_flagged()
        return events

    def _due(self) -> bool:
        if len(self.costs) != self._costed:
            return True
        looks = (self.check, self.third_look)
        if len(self.scores) == self._graded and not any(look.news for look in looks):
            return False
        busy = self.running or any(look.state is AnalysisState.RUNNING for look in looks)
        return not busy or self._clock() - self._graded_at >= REFRESH_SECONDS

    # -- the deeper search of the flagged moves --------------------------------------------------

    def _check_flagged(self) -> None:
        """Once every move is graded: search again, DEEPER plies deeper, every move graded at
        CHECK_FROM or more (the scores kept from an earlier look first). A review that stopped
        short checks none."""
        if self.state is not AnalysisState.DONE:
            self.check.state = self.state
            return
        if self.result is None or self._graded != len(self.scores):
            return  # graded on a later frame
        grades = self.result.grades
        self._look(
            self.check, [g.position for g in grades if g.loss >= CHECK_FROM and not g.forced]
        )

    def _look_again(self) -> None:
        """Once the check's grades are in: search the checked mistakes near their bound again,
        DEEPER plies deeper (the scores kept from an earlier look first). None where there is
        no third look, or the check stopped short."""
        if self.check.state is not AnalysisState.DONE:
            self.third_look.state = self.check.state  # stopped short: the check's grades stay
            return
        if self.third_look.depth is None:
            self.third_look.state = AnalysisState.DONE
            return
        assert self.result is not None
        self._look(self.third_look, [g.position for g in self.result.grades if g.near_bound])

    def _look(self, look: DeeperLook, positions: list[int]) -> None:
        """Start `look` on `positions`, those kept from an earlier look first."""
        assert look.depth is not None
        depth, size, grid = look.depth, self.record.size, self.positions.grid
        look.start(
            positions,
            self._kept_scores(depth, positions),
            lambda todo: Batches(self._analyse, todo, grid, size, depth),
        )

    def _take_look(self, look: DeeperLook) -> None:
        progress = look.take()
        if progress.state is not AnalysisState.RUNNING:
            self._keep()
            if progress.state is AnalysisState.FAILED:  # the grades before it stay
                log.warning("the search at depth %s stopped: %s", look.depth, progress.failure)

    # -- the games played on after the flagged moves ----------------------------------------------

    def _play_on_flagged(self) -> None:
        """Once every move is graded: play on after the worst flagged moves and their better
        moves. A review that stopped short plays on after none (its grades are not all in)."""
        if self.state is not AnalysisState.DONE:
            self.estimating = self.state
            return
        if self.result is None or self._graded != len(self.scores):
            return  # graded on a later frame
        flagged = [g for g in self.result.grades if g.grade in BAD_GRADES and not g.assisted]
        flagged.sort(key=lambda g: (-g.loss, g.position))
        self.estimated = {g.position: (g.played, g.best) for g in flagged[:ESTIMATED_MOVES]}
        if self._play_on is None:
            self.estimating = AnalysisState.DONE
            return
        self.outcomes = self._kept_played_on()
        self._kept_outcomes = len(self.outcomes)
        self._take_costs()
        moves = {}
        for position, directions in self.estimated.items():
            for direction in directions:
                if (position, direction) not in self.outcomes:
                    moves[position, direction] = (self.positions[position].grid, direction)
        if not moves:
            self.estimating = AnalysisState.DONE
            return
        self.estimating = AnalysisState.RUNNING
        self._rollouts = self._play_on(moves, self.record.size)
        self._rollouts.start()

    def _take_figures(self) -> None:
        """Take in the games played on so far: a move's figure once both its moves are in."""
        assert self._rollouts is not None
        progress = self._rollouts.poll()
        self.outcomes.update(self._rollouts.results)
        self._take_costs()
        if progress.state is not AnalysisState.RUNNING:
            self.estimating = progress.state
            self._keep()
            if progress.state is AnalysisState.FAILED:
                log.warning("the games played on stopped: %s", progress.failure)

    def _take_costs(self) -> None:
        """A move's figure once the games after both its moves are in."""
        for position, moves in self.estimated.items():
            after = [self.outcomes.get((position, direction)) for direction in moves]
            if None not in after:
                self.costs[position] = MoveCost(*after)

    def _kept_played_on(self) -> dict[tuple[int, Direction], PlayedOn]:
        """The games played on kept for this game (those after moves not played on now, as
        the better move a newer version finds, are never used)."""
        if self.game_id is None:
            return {}
        try:
            return self.keeper.load_played_on(self.game_id)
        except ArchiveError as error:
            log.warning("the kept games played on could not be read: %s", error)
            return {}

    def estimate_at(self, index: int) -> Estimate:
        """Where the games played on after the move played from position `index` stand."""
        grade = self.grade_at(index)
        if grade is not None and grade.cost is not None:
            return Estimate.DONE
        flagged = grade is not None and grade.grade in BAD_GRADES and not grade.assisted
        if not flagged or self._play_on is None:
            return Estimate.NONE
        if self.estimating is AnalysisState.WAITING:
            return Estimate.WAITING  # the moves to play on are chosen once all are graded
        if index not in self.estimated:
            return Estimate.LEFT_OUT if self.state is AnalysisState.DONE else Estimate.FAILED
        if self.estimating is AnalysisState.RUNNING:
            return Estimate.WAITING
        return Estimate.FAILED

    def _ended(self, progress: Progress) -> list[ev.Event]:
        self.state = progress.state
        self._keep()
        if progress.state is AnalysisState.FAILED:
            log.warning("the review stopped: %s", progress.failure)
            return [ev.Told("review_failed")]
        return []

    def _keep(self) -> None:
        """Keep the scores and games played on this look made (the archive writes them on its
        own thread)."""
        if self.game_id is not None and len(self.scores) > self._kept:
            self.keeper.save_scores(self.game_id, self.depth, self.scores)
            self._kept = len(self.scores)
        if self.game_id is not None:
            game_id = self.game_id
            for look in (self.check, self.third_look):
                look.keep(lambda depth, scores: self.keeper.save_scores(game_id, depth, scores))
        if self.game_id is not None and len(self.outcomes) > self._kept_outcomes:
            self.keeper.save_played_on(self.game_id, self.outcomes)
            self._kept_outcomes = len(self.outcomes)

    def close(self) -> None:
        """Stop the solver and the rollouts; the scores and games played on so far are kept for
        the next look."""
        if self.state is AnalysisState.RUNNING:
            if self._scorer is not None:
                self._scorer.cancel()
                self.scores.update(self._scorer.results)
            self.state = AnalysisState.CANCELLED
        self._starting = None  # a start still under way is never taken in: no solver starts
        self.check.cancel()
        self.third_look.cancel()
        if self._rollouts is not None and self.estimating is AnalysisState.RUNNING:
            self._rollouts.cancel()
            self.estimating = AnalysisState.CANCELLED
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
        return self.result.finding(mistake) if self.result is not None else None
