"""Helpers for the kept games' screens' tests: games kept in a data folder before the app
starts, the real app's games list opened from its pause menu, stand-ins for the review's
solver processes (the scores, the games played on after the flagged moves), and the words the
screens drew."""

from __future__ import annotations

import time
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime

import pygame

from game.app import App, Options
from game.core import record as replay
from game.core.engine import Direction, Game, Grid, shift
from game.core.record import Action, GameRecord, GameSummary, Step
from game.kept_games.archive.games_archive import Archive
from game.kept_games.review.costs import Estimate
from game.play import commands as cmd
from game.screens.items import GAME_ITEMS, PRACTICE_ITEMS, REVIEW_ITEMS, Control
from game.screens.review import every_move
from game.screens.screen import Item, ScreenKind
from game.solver.analysis import AnalysisState, Progress
from game.solver.bitboard import DIRECTIONS
from game.solver.rollout import PlayedOn
from helpers.archive import Keeping, play, random_actions, seeded_session
from helpers.keys import STEP, key
from helpers.view import TextLog


def reading_app(folder, clock=None) -> App:
    """A seeded run over the games kept in `folder`: it reads them and writes nothing."""
    return App(Options(seed=5, leave_files=True, data_dir=str(folder), sound=False), clock=clock)


def keep_games(folder, count: int, moves: int = 40, size: int = 4) -> list[GameRecord]:
    """`count` games of about `moves` steps (undos among them), each played through the
    session with the archive's keeper listening: their records, newest first."""
    archive = Archive.open(folder, background=False, durable=False)
    keeper = Keeping(archive)
    for seed in range(1, count + 1):
        session = seeded_session(size, seed)
        keeper.new_game(session)  # the game before is left for this one
        think = [0.2 + (i % 5) * 0.4 for i in range(moves)]
        play(session, keeper, random_actions(seed, moves), think=think)
    records = [archive.load(s.game_id) for s in archive.list_games(limit=count)]
    archive.close()
    return records


def corner_game(size: int = 6, seed: int = 3) -> GameRecord:
    """A long game (4,053 moves on 6x6, seed 3), made at once: the first of left, down, right
    and up that moves, to the end; a move every 0.7 s on its clock."""
    game = Game.new(size, seed=seed)
    start, steps = game.to_dict(), []
    while not game.over:
        direction = next(
            d
            for d in (Direction.LEFT, Direction.DOWN, Direction.RIGHT, Direction.UP)
            if game.move(d)
        )
        steps.append(Step(Action.move(direction), round(0.7 * (len(steps) + 1), 1)))
    summary = GameSummary(
        game_id=None,
        uid=uuid.uuid4().hex,
        size=size,
        started_at=datetime(2024, 5, 1, tzinfo=UTC),
        outcome=replay.Outcome.WON if game.won else replay.Outcome.LOST,
        won=game.won,
        score=game.score,
        biggest_tile=game.biggest_tile(),
        moves=game.moves,
        seconds=steps[-1].seconds,
        steps=len(steps),
        assisted_from=None,
    )
    return GameRecord(summary, start, tuple(steps))


def frame(app, events) -> None:
    """One frame with `events`; if they chose a game, the frames until it is open (loaded and
    replayed on a thread of its own: see until_opened)."""
    app.frame(STEP, events)
    until_opened(app)


def until_opened(app, limit_s: float = 30.0) -> None:
    """Frames until the game being opened is (its Replay, Review and Export act then)."""
    opening = app.games_screens.opening
    if opening is not None:
        assert opening.wait(limit_s), "the game did not open"
        app.frame(STEP, [])
        assert app.games_screens.opening is None


def press(app, *codes: int) -> None:
    for code in codes:
        frame(app, [key(code)])


def click(app, pos) -> None:
    pos = (round(pos[0]), round(pos[1]))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        frame(app, [pygame.event.Event(kind, pos=pos, button=1, touch=False)])


def wheel(app, pos, y: int) -> None:
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    frame(app, [motion, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)])


def settle(app, frames: int = 40) -> None:
    """Let the animations run out, drawn."""
    for _ in range(frames):
        app.frame(STEP, [])


def until_imported(app, limit_s: float = 30.0) -> None:
    """Frames until the files given to the app are read, checked and kept (or refused), those
    waiting their turn too."""
    while app.games_screens.imports.busy:
        reading = app.games_screens.imports.reading
        if reading is not None:
            assert reading.wait(limit_s), "the import did not finish"
        app.frame(STEP, [])


def open_games(app) -> None:
    """Games, chosen in the pause menu."""
    if app.screens.top is None or app.screens.top.kind is not ScreenKind.PAUSE:
        app.command(cmd.Pause())
    app.command(cmd.Select(app.screens.top.items.index(Item.GAMES)))
    assert app.screens.games_open
    settle(app, 2)


def rect_of(app, index: int) -> pygame.Rect:
    """Where item `index` of the screen shown was drawn (drawn afresh)."""
    app.view.dirty = True
    app.frame(STEP, [])
    return app.view.games_view.rects[index]


def words_drawn(app, size=None) -> list[str]:
    """Every text the screen shown draws, at the window's size or at `size`."""
    log = TextLog(app)
    try:
        _, drawn = log.frame(size or app.window.size, app.session)
    finally:
        log.close()
    return [text.words for text in drawn]


def grades_of(grid: Grid) -> tuple[float | None, ...]:
    """A crude evaluation, the same every time: a move scores the empty cells it leaves
    (and a little for its points); one that changes nothing, None."""
    scores = []
    for direction in DIRECTIONS:
        result = shift(grid, Direction(direction))
        empty = sum(row.count(0) for row in result.grid)
        scores.append(empty * 1000.0 + result.points if result.moved else None)
    return tuple(scores)


class StandInAnalysis:
    """Stands in for the review's solver process: scores `per_poll` positions each poll, the
    crude scores times `scale` (100: a cell less left empty is a blunder)."""

    def __init__(
        self,
        grids: Mapping[int, Grid],
        size: int,
        depth: int,
        per_poll: int = 10,
        scale: float = 1.0,
    ):
        self.grids = dict(grids)
        self.depth = depth
        self.per_poll = per_poll
        self.scale = scale
        self.scores: dict[int, tuple[float | None, ...]] = {}
        self.state = AnalysisState.WAITING
        self.polls = 0

    @property
    def results(self):
        return self.scores

    def start(self) -> None:
        self.state = AnalysisState.RUNNING

    def poll(self) -> Progress:
        if self.state is AnalysisState.RUNNING:
            self.polls += 1
            todo = [i for i in sorted(self.grids) if i not in self.scores][: self.per_poll]
            for index in todo:
                crude = grades_of(self.grids[index])
                self.scores[index] = tuple(None if s is None else s * self.scale for s in crude)
            if len(self.scores) == len(self.grids):
                self.state = AnalysisState.DONE
        return Progress(self.state, len(self.scores), len(self.grids))

    def cancel(self) -> None:
        if self.state is AnalysisState.RUNNING:
            self.state = AnalysisState.CANCELLED


def stand_in(per_poll: int = 10, scale: float = 1.0):
    """A factory for the Games screens (`analyse`): the analyses it makes are kept in `.made`."""
    made: list[StandInAnalysis] = []

    def analyse(grids, size, depth):
        analysis = StandInAnalysis(grids, size, depth, per_poll, scale)
        made.append(analysis)
        return analysis

    analyse.made = made  # type: ignore[attr-defined]
    return analyse


def outcome_of(grid: Grid, direction: Direction) -> PlayedOn:
    """Crude games played on, the same every time: of 64, 8 more made the next tile for each
    cell the move leaves empty; all alive at the end, after 300 moves each."""
    result = shift(grid, direction)
    empty = sum(row.count(0) for row in result.grid)
    return PlayedOn(64, min(64, 8 * empty), 64, 2 * max(max(row) for row in grid), 64 * 300)


class StandInRollouts:
    """Stands in for the rollouts' process: plays on after `per_poll` moves each poll, by
    `outcome` (grid, direction) -> PlayedOn."""

    def __init__(self, moves, outcome=outcome_of, per_poll: int = 4):
        self.moves = dict(moves)
        self.outcome = outcome
        self.per_poll = per_poll
        self.results: dict = {}
        self.state = AnalysisState.WAITING

    def start(self) -> None:
        self.state = AnalysisState.RUNNING

    def poll(self) -> Progress:
        if self.state is AnalysisState.RUNNING:
            todo = [key for key in self.moves if key not in self.results][: self.per_poll]
            for key in todo:
                self.results[key] = self.outcome(*self.moves[key])
            if len(self.results) == len(self.moves):
                self.state = AnalysisState.DONE
        return Progress(self.state, len(self.results), len(self.moves))

    def cancel(self) -> None:
        if self.state is AnalysisState.RUNNING:
            self.state = AnalysisState.CANCELLED


def stand_in_rollouts(outcome=outcome_of, per_poll: int = 4):
    """A factory for the Games screens (`play_on`): the stand-ins it makes are kept in `.made`."""
    made: list[StandInRollouts] = []

    def play_on(moves, size):
        rollouts = StandInRollouts(moves, outcome, per_poll)
        made.append(rollouts)
        return rollouts

    play_on.made = made  # type: ignore[attr-defined]
    return play_on


def screens(app):
    """Each screen in turn, as a player reaches it: (its name, then it is shown)."""
    open_games(app)
    yield "list"
    press(app, pygame.K_RETURN)
    yield "game"
    press(app, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RIGHT)
    assert app.screens.top.kind is ScreenKind.REPLAY
    yield "replay"
    press(app, pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_RETURN)
    app.frame(1 / 120, [])
    assert app.games_screens.job.running
    yield "review, running"
    job = app.games_screens.job
    while job.estimating is AnalysisState.WAITING:  # every move graded, the games begun
        app.frame(1 / 120, [])
    app.command(cmd.Select(REVIEW_ITEMS.index(Control.WORST)))
    app.frame(1 / 120, [])
    assert job.estimate_at(app.games_screens.stepping.position) is Estimate.WAITING
    yield "review, estimating"
    while not job.finished:
        app.frame(1 / 120, [])
    assert job.estimate_at(app.games_screens.stepping.position) is Estimate.DONE
    yield "review, a figure"
    costless = next(g for g in job.result.grades if g.cost is not None and not g.cost.real)
    app.games_screens.stepping.show(every_move(job, costless.position))
    yield "review, no real cost"
    press(app, pygame.K_RIGHT)
    settle(app)
    yield "review"
    app.command(cmd.Select(REVIEW_ITEMS.index(Control.MISTAKES)))
    assert app.screens.top.kind is ScreenKind.MISTAKES
    yield "mistakes"
    press(app, pygame.K_ESCAPE, pygame.K_ESCAPE)  # to the review, to the game's card
    assert app.screens.top.kind is ScreenKind.GAME
    app.command(cmd.Select(GAME_ITEMS.index(Control.PRACTISE)))
    practice = app.screens.top.practice
    assert app.screens.top.kind is ScreenKind.PRACTICE and practice is not None and practice.todo
    yield "practice"
    app.command(cmd.Move(practice.grade.played))  # the game's move again: costly, said so
    assert practice.answer is not None and not practice.answer.right
    yield "practice, answered"
    while not practice.done:
        if practice.answer is None:
            app.command(cmd.Move(practice.grade.best))
        app.command(cmd.Select(PRACTICE_ITEMS.index(Control.NEXT_TRY)))
    yield "practice, done"
    app.command(cmd.Pause())  # back to the pause menu


def open_replay(app) -> None:
    """The newest game's replay, by the keyboard: Enter on the game, Enter on Replay."""
    open_games(app)
    press(app, pygame.K_RETURN, pygame.K_RETURN)
    assert app.screens.top.kind is ScreenKind.REPLAY


def open_review(app, row: int) -> None:
    open_games(app)
    press(app, *[pygame.K_DOWN] * row, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN)
    assert app.screens.top.kind is ScreenKind.REVIEW


def finish(app, limit_s: float = 60.0) -> None:
    """Frames until the review is finished: its boards are gathered, and its kept scores read,
    on threads, which a busy machine may keep waiting for a while."""
    deadline = time.monotonic() + limit_s
    while not app.games_screens.job.finished:
        assert time.monotonic() < deadline, "the review did not finish"
        app.frame(STEP, [])
        time.sleep(0.002)
