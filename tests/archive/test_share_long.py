"""R22, R23, issue 21: a long shared game is imported, kept, opened and reviewed while the game
goes on: replaying its every move, keeping it, and starting its review run on threads of their
own, never on the game's, and the screens say how far they are; a replay's positions are kept
compact. The game here has 4,053 moves on 6x6; bench/share.py takes the longest a file may hold
(share.MAX_STEPS) and times its frames."""

from __future__ import annotations

import gc
import threading
import time
import tracemalloc

import pygame
import pytest
from helpers.games import (
    corner_game,
    open_games,
    press,
    settle,
    stand_in,
    until_imported,
    until_opened,
    words_drawn,
)
from helpers.keys import STEP, key

from game.app import App, Options
from game.core import replay as replay_module
from game.core import rules
from game.core.replay import replay
from game.kept_games.archive.games_archive import Archive
from game.kept_games.review import batches as review_batches
from game.kept_games.share.shared_file import export_game, import_game, read_shared
from game.play import commands as cmd
from game.screens.items import Control
from game.screens.opening import REPLAY_SLICE
from game.screens.screen import ScreenKind
from game.solver.analysis import AnalysisState
from game.text import tr
from game.view.plot import column_of, last_in_columns

LIMIT_S = 60  # for a thread held by a test to be let go and finish, on a busy machine


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    """The long game, its file, a data folder where it is kept already, and its last position."""
    folder = tmp_path_factory.mktemp("long")
    record = corner_game()
    path = export_game(record, folder / "long.2048.json")
    archive = Archive.open(folder / "kept", background=False)
    import_game(archive, path)
    archive.close()
    return record, path, folder / "kept", replay(record)[-1]


class Gate:
    """Spies on a function: which threads call it; the `hold_at`-th call off the game's thread
    waits until `release`."""

    def __init__(self, function, hold_at: int | None = None) -> None:
        self.function = function
        self.hold_at = hold_at
        self.calls_off_the_frame = 0
        self.calls_on_the_frame = 0
        self.held = threading.Event()
        self._go = threading.Event()

    def __call__(self, *args, **kwargs):
        if threading.current_thread() is threading.main_thread():
            self.calls_on_the_frame += 1
        else:
            self.calls_off_the_frame += 1
            if self.calls_off_the_frame == self.hold_at:
                self.held.set()
                assert self._go.wait(LIMIT_S)
        return self.function(*args, **kwargs)

    def release(self) -> None:
        self._go.set()


@pytest.fixture
def steps(monkeypatch):
    """The replay's steps, spied on; the next opening or import held at its 2,001st."""
    gate = Gate(replay_module.play_step, hold_at=REPLAY_SLICE + 1)
    monkeypatch.setattr(replay_module, "play_step", gate)
    yield gate
    gate.release()


@pytest.mark.slow
def test_a_long_file_is_read_replayed_and_kept_while_the_game_goes_on(
    long_game, steps, tmp_path, monkeypatch
):
    record, path, _, _ = long_game
    keeps = Gate(Archive.add_record)
    monkeypatch.setattr(Archive, "add_record", lambda archive, *a, **k: keeps(archive, *a, **k))
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        app.frame(STEP, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
        assert steps.held.wait(LIMIT_S)  # the import, half way through its replay
        moves = app.session.game.moves
        app.command(cmd.Move(app.session.game.valid_directions()[0]))
        settle(app, 5)
        assert app.session.game.moves == moves + 1  # played meanwhile
        assert app.games_screens.imports.reading and tr("import_done") not in app.view.notices
        steps.release()
        until_imported(app)
        assert app.view.notices[-1] == tr("import_done")
        kept = app.archive.list_games(limit=1)[0]
        assert app.archive.load(kept.game_id).steps == record.steps
        assert steps.calls_on_the_frame == keeps.calls_on_the_frame == 0
        assert steps.calls_off_the_frame == len(record.steps) and keeps.calls_off_the_frame == 1
    finally:
        app.close()


def test_a_long_game_opens_while_the_screen_says_how_far_it_is(long_game, steps):
    record, _, folder, last = long_game
    app = App(Options(seed=5, data_dir=str(folder), sound=False))
    try:
        open_games(app)
        app.frame(STEP, [key(pygame.K_RETURN)])
        assert app.screens.top.kind is ScreenKind.GAME  # at once, with what the list knew
        assert steps.held.wait(LIMIT_S)
        percent = round(REPLAY_SLICE / len(record.steps) * 100)
        drawn = words_drawn(app)
        assert tr("replay_preparing", percent=percent) in drawn and tr("replay") not in drawn
        assert tr("games_moves", n=record.summary.moves) in " ".join(drawn)
        for control in (Control.REPLAY, Control.REVIEW, Control.EXPORT):
            assert not app.screens.top.active(control)
            app.command(cmd.Select(app.screens.top.items.index(control)))
            # Nothing to replay, review or export yet.
            assert app.screens.top.kind is ScreenKind.GAME
        steps.release()
        until_opened(app)
        assert tr("replay") in words_drawn(app)
        press(app, pygame.K_RETURN, pygame.K_END)  # Replay is focused: to the game's end
        assert app.screens.top.kind is ScreenKind.REPLAY
        shown = app.games_screens.replaying.position
        assert shown == last and app.view.games_view.board.grid == last.grid
        assert steps.calls_on_the_frame == 0
    finally:
        app.close()


def test_a_game_opening_goes_on_in_the_list_and_stops_when_the_games_are_left(long_game, steps):
    _, _, folder, _ = long_game
    app = App(Options(seed=5, data_dir=str(folder), sound=False))
    try:
        open_games(app)
        app.frame(STEP, [key(pygame.K_RETURN)])
        assert steps.held.wait(LIMIT_S)
        opening = app.games_screens.opening
        app.frame(STEP, [key(pygame.K_ESCAPE)])  # back to the list: it may be chosen again
        assert app.screens.top.kind is ScreenKind.GAMES and app.games_screens.opening is opening
        app.frame(STEP, [key(pygame.K_RETURN)])
        assert app.screens.top.kind is ScreenKind.GAME and app.games_screens.opening is opening
        app.frame(STEP, [key(pygame.K_ESCAPE)])
        app.frame(STEP, [key(pygame.K_ESCAPE)])  # out of the games: it stops
        assert not app.screens.games_open and app.games_screens.opening is None
        steps.release()
        assert opening.wait(LIMIT_S)
        assert steps.calls_off_the_frame == 2 * REPLAY_SLICE  # at the end of the slice it was in
        assert app.games_screens.record is None
    finally:
        app.close()


def frames_until(app, done, limit_s: float = LIMIT_S) -> None:
    """Frames until `done()`: the threads the screens wait for run meanwhile."""
    deadline = time.monotonic() + limit_s
    while not done():
        assert time.monotonic() < deadline, "not done in time"
        app.frame(STEP, [])
        time.sleep(0.001)


@pytest.fixture
def kept_scores(monkeypatch):
    """The review's first look for scores kept before, spied on and held."""
    gate = Gate(Archive.load_scores, hold_at=1)
    monkeypatch.setattr(Archive, "load_scores", lambda archive, *a: gate(archive, *a))
    yield gate
    gate.release()


def review_app(folder):
    """The app on `folder`, its review's solver a stand-in, the long game chosen."""
    app = App(Options(seed=5, leave_files=True, data_dir=str(folder), sound=False))
    app.games_screens.analyse = stand_in(per_poll=1_000)
    open_games(app)
    press(app, pygame.K_RETURN, pygame.K_DOWN)  # the game, open; Review focused
    return app


def test_a_long_game_s_review_starts_while_the_game_goes_on(long_game, kept_scores):
    _, _, folder, _ = long_game
    app = review_app(folder)
    try:
        app.frame(STEP, [key(pygame.K_RETURN)])
        assert app.screens.top.kind is ScreenKind.REVIEW
        assert kept_scores.held.wait(LIMIT_S)  # the start, reading what was kept: off the frame
        settle(app, 3)
        assert tr("review_progress", percent=0) in words_drawn(app)
        assert not app.games_screens.analyse.made  # no solver until the boards are read
        kept_scores.release()
        job = app.games_screens.job
        frames_until(app, lambda: bool(job.scores))
        (solver,) = app.games_screens.analyse.made
        assert job.scores and solver.grids.keys() == set(job.moves)
        assert kept_scores.calls_on_the_frame == 0
    finally:
        app.close()


def test_a_review_stopped_while_it_starts_starts_no_solver(long_game, kept_scores):
    _, _, folder, _ = long_game
    app = review_app(folder)
    analyse = app.games_screens.analyse
    app.frame(STEP, [key(pygame.K_RETURN)])
    assert kept_scores.held.wait(LIMIT_S)
    job = app.games_screens.job
    app.close()  # the game quits while the review reads the boards
    assert not job.running
    kept_scores.release()
    for name in ("review-start", "review-solver"):
        job.poll()
        for thread in threading.enumerate():
            if thread.name == name:
                thread.join(LIMIT_S)
    assert not analyse.made  # no solver was started


@pytest.mark.slow
def test_a_long_game_s_boards_go_to_the_solver_a_batch_at_a_time(long_game, monkeypatch):
    # A solver's process is given its boards pickled, holding the interpreter's lock: a long
    # game's all at once would stall the frames (0.3 s for 100,000).
    record, _, folder, _ = long_game
    monkeypatch.setattr(review_batches, "SCORE_BATCH", 1_000)
    app = review_app(folder)
    try:
        press(app, pygame.K_RETURN)
        job = app.games_screens.job

        def over() -> bool:
            made = app.games_screens.analyse.made
            assert all(a.state is AnalysisState.DONE for a in made[:-1])  # one at a time
            return not job.running

        frames_until(app, over)
        made = app.games_screens.analyse.made
        assert [len(a.grids) for a in made] == [1_000] * 4 + [len(job.moves) - 4_000]
        assert job.state is AnalysisState.DONE and job.scores.keys() == set(job.moves)
    finally:
        app.close()


@pytest.mark.slow
def test_a_long_game_s_positions_are_kept_compact(long_game):
    record, path, _, _ = long_game
    tracemalloc.start()
    try:
        positions = replay(record)
        rules._slide_line.cache_clear()  # the replay's own memory, the engine's lines aside
        gc.collect()
        replayed = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        read_shared(path)
        imported = tracemalloc.get_traced_memory()[1] - replayed
    finally:
        tracemalloc.stop()
    # About 60 bytes a position on 6x6 (a list of Position objects took 3 KB each), and an
    # import at its peak holds the file, the record, its replay and the engine's lines (a few
    # hundred KB at most): about 800 bytes a step for this game.
    assert replayed / len(positions) < 100
    assert imported / len(record.steps) < 1500


@pytest.mark.parametrize("width", [1, 2, 399, 400, 1000])
def test_the_plot_of_a_long_game_shows_each_column_s_last_score_as_a_short_one_s(width):
    # Found from the column, not by walking 100,000 positions each time the grades change.
    for count in (0, 1, 2, 7, 399, 400, 401, 4_054, 100_001):
        last = {column_of(index, count, width): index for index in range(count)}
        assert last_in_columns(count, width) == last, count
