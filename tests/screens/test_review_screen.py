"""R23: a kept game reviewed as a player works it: the review starts, shows its progress and
finishes while every frame is drawn; each move is shown with its grade and the arrow of the
solver's better move; the worst moves, the plot and the four mistakes jump to their moves; the
review goes on while the player goes back to play (the game clock runs); and the real solver's
process reviews a short game, whose scores are kept so that a second look is instant.

A stand-in scores the positions here (tests/helpers/games.py), but for the one real process."""

from __future__ import annotations

import time

import pygame
import pytest
from helpers.archive import kept_game
from helpers.games import (
    click,
    finish,
    grades_of,
    keep_games,
    open_review,
    press,
    rect_of,
    settle,
    stand_in,
    stand_in_rollouts,
    words_drawn,
)
from helpers.keys import STEP
from helpers.view import TextLog

import game.view.replay_view as replay_view
from game.app import App, Options
from game.core.engine import Direction
from game.play import commands as cmd
from game.screens.items import REVIEW_ITEMS, Control, MistakeItem
from game.screens.review import TrackKind
from game.screens.screen import Item, ScreenKind
from game.solver.analysis import Analysis, AnalysisState
from game.solver.bitboard import DIRECTIONS
from game.text import tr
from game.view.review_words import decimal, grade_name

U, D, L, R = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT
# The biggest tile in the top-left corner: right pulls it out (the first of the four mistakes).
CORNER = ((128, 0, 2, 0), (0, 0, 0, 0), (4, 0, 0, 0), (0, 0, 0, 0))
# The same, with two pairs up would merge: right pulls the 64 away and merges nothing, which
# the stand-in grades an inaccuracy (a mistake counts only when the review finds it costly).
PULL = ((64, 0, 0, 2), (0, 0, 0, 2), (0, 0, 4, 0), (0, 0, 4, 0))


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    """Two played games, then (the newest) one made to show a mistake."""
    folder = tmp_path_factory.mktemp("kept")
    keep_games(folder, 2, moves=80)
    kept_game(folder, PULL, [R, L, U, R, D, L, U, L])
    return folder


@pytest.fixture
def app(kept_app):
    kept_app.games_screens.analyse = stand_in(per_poll=7)
    kept_app.games_screens.play_on = stand_in_rollouts()
    return kept_app


@pytest.fixture
def arrows(monkeypatch):
    """The directions of the better moves' arrows the review draws over its board."""
    drawn = []
    draw = replay_view.draw_move_arrows

    def spy(surface, board, layout, theme, played, best):
        drawn.append(best)
        draw(surface, board, layout, theme, played, best)

    monkeypatch.setattr(replay_view, "draw_move_arrows", spy)
    return drawn


def shown_move(app):
    """The position shown and the grade of the move played from it."""
    index = app.games_screens.stepping.position
    return index, app.games_screens.job.grade_at(index)


def move_words(app, grade) -> list[str]:
    """The words of a move: on a tie with the solver's choice (the stand-in's scores equal),
    that the two score the same, never a better move."""
    n = app.games_screens.positions[grade.position + 1].moves
    played, best = tr(grade.played.value), tr(grade.best.value)
    if grade.played == grade.best:
        words = [tr("review_move_best", n=n, played=played)]
    elif tied(app, grade):
        words = [tr("review_move_tied", n=n, played=played, other=best)]
    else:
        words = [tr("review_move", n=n, played=played, best=best)]
    if not grade.forced:
        words.append(tr("review_grade", grade=grade_name(grade.grade), loss=decimal(grade.loss)))
    return words


def tied(app, grade) -> bool:
    """The stand-in scored the move played the same as the solver's choice."""
    scores = grades_of(app.games_screens.positions[grade.position].grid)
    return scores[DIRECTIONS.index(grade.played)] == scores[DIRECTIONS.index(grade.best)]


def test_the_review_starts_shows_its_progress_and_finishes_every_frame_drawn_R23(app):
    open_review(app, 1)
    job = app.games_screens.job
    assert job.running and job.fraction == 0
    fractions = []
    while not job.finished:
        drawn = app.frames_drawn
        app.frame(STEP, [])
        assert app.frames_drawn == drawn + 1  # no frame skipped while it runs
        fractions.append(job.fraction)
        if job.running:
            percent = round(job.fraction * 100)
            assert tr("review_progress", percent=percent) in words_drawn(app)
    assert fractions == sorted(fractions) and len(set(fractions)) > 5  # step by step
    assert job.result.complete and len(job.result.grades) == len(job.moves)
    counts = {grade.value: job.result.count(grade) for grade in type(job.result.grades[0].grade)}
    assert tr("review_summary", **counts) in words_drawn(app)


@pytest.mark.slow
def test_each_move_shows_its_grade_and_the_arrow_of_the_better_move_R23(app, arrows):
    open_review(app, 1)
    finish(app)
    for _ in range(4):
        press(app, pygame.K_RIGHT)
        settle(app)  # the move played slides in, then the next one's arrow shows
        index, grade = shown_move(app)
        assert app.view.games_view.board.grid == app.games_screens.positions[index].grid
        assert arrows[-1] == (grade.played if tied(app, grade) else grade.best)
        drawn = words_drawn(app)
        assert all(words in drawn for words in move_words(app, grade))


@pytest.mark.slow
def test_a_move_as_good_as_the_solvers_names_no_better_move_R23(app, arrows):
    """Down scores the same as up: the review says so, and draws the move played as the best
    (one arrow), rather than "played down, best up" over "Best · loss 0"."""
    open_review(app, 1)
    finish(app)
    seen = {"tied": 0, "best": 0, "worse": 0}
    for _ in range(40):
        press(app, pygame.K_RIGHT)
        settle(app)
        _, grade = shown_move(app)
        drawn = words_drawn(app)
        assert all(words in drawn for words in move_words(app, grade))
        if grade.played != grade.best and tied(app, grade):
            seen["tied"] += 1
            assert arrows[-1] == grade.played  # the better arrow is the move played
            n = app.games_screens.positions[grade.position + 1].moves
            played, best = tr(grade.played.value), tr(grade.best.value)
            assert tr("review_move", n=n, played=played, best=best) not in drawn
        else:
            seen["best" if grade.played == grade.best else "worse"] += 1
            assert arrows[-1] == grade.best
    assert all(seen.values()), seen  # each kind of move was met and read


def test_the_worst_moves_are_stepped_through_worst_first_and_back_leaves_them_R23(app, arrows):
    open_review(app, 2)
    finish(app)
    worst = app.games_screens.job.worst
    assert worst and [g.loss for g in worst] == sorted((g.loss for g in worst), reverse=True)
    click(app, rect_of(app, REVIEW_ITEMS.index(Control.WORST)).center)
    settle(app)
    assert shown_move(app)[1] == worst[0] and arrows[-1] == worst[0].best
    drawn = words_drawn(app)
    assert tr("track_worst_moves", at=1, count=len(worst)) in drawn
    press(app, pygame.K_RIGHT)
    settle(app)
    assert shown_move(app)[1] == worst[1] and arrows[-1] == worst[1].best
    press(app, pygame.K_ESCAPE)  # back to every move, on the same one
    stepping = app.games_screens.stepping
    assert stepping.track.kind is TrackKind.EVERY and stepping.position == worst[1].position
    press(app, pygame.K_ESCAPE)
    assert app.screens.top.kind is ScreenKind.GAME


def test_a_click_on_the_plot_jumps_to_the_move_there_R23(app):
    open_review(app, 1)
    finish(app)
    plot = rect_of(app, REVIEW_ITEMS.index(Control.SEEK))
    click(app, (plot.x + plot.width // 2, plot.centery))
    middle = (len(app.games_screens.positions) - 1) / 2
    assert abs(app.games_screens.stepping.position - middle) <= 2


def test_the_mistakes_list_says_how_often_and_jumps_to_where_each_happened_R23(app):
    open_review(app, 0)
    finish(app)
    findings = {f.mistake: f for f in app.games_screens.job.result.findings}
    assert findings["all_directions"].count >= 1  # the game was made to show it
    press(app, pygame.K_DOWN, pygame.K_DOWN)  # from Next to Worst moves, to Mistakes
    press(app, pygame.K_RETURN)
    assert app.screens.top.kind is ScreenKind.MISTAKES
    chosen = 0
    for index, item in enumerate(app.screens.top.items):
        if not isinstance(item, MistakeItem):
            continue
        finding = findings[item.mistake]
        app.command(cmd.Point(index))
        if not finding.count:  # its words read, but there is nothing to jump to
            press(app, pygame.K_RETURN)
            assert app.screens.top.kind is ScreenKind.MISTAKES and app.screens.top.focus == index
            continue
        drawn = words_drawn(app)
        assert any(tr(f"mistake_{item.mistake.value}") in words for words in drawn)
        press(app, pygame.K_RETURN)
        stepping = app.games_screens.stepping
        assert app.screens.top.kind is ScreenKind.REVIEW and stepping.track.where == finding.where
        review = app.screens.top  # Enter goes on through its moves, never back to the list
        on = review.items[review.focus]
        assert on is Control.NEXT_MOVE if review.active(Control.NEXT_MOVE) else on is Control.WORST
        for where in finding.where:
            assert stepping.position == where
            assert app.view.games_view.board.grid == app.games_screens.positions[where].grid
            press(app, pygame.K_RIGHT)
        chosen += 1
        press(app, pygame.K_ESCAPE)  # to every move
        app.command(cmd.Select(REVIEW_ITEMS.index(Control.MISTAKES)))
    assert chosen >= 1


def test_the_review_goes_on_while_the_player_plays_and_the_clock_runs_R23(app):
    app.games_screens.analyse = stand_in(per_poll=1)
    open_review(app, 1)
    job = app.games_screens.job
    press(app, pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_ESCAPE)  # to the game, the list, out
    assert app.screens.top.kind is ScreenKind.PAUSE
    press(app, pygame.K_ESCAPE)  # and play on
    assert app.screens.top is None
    fraction, seconds, drawn = job.fraction, app.session.game.seconds, app.frames_drawn
    for index in range(20):
        direction = app.session.game.valid_directions()[index % 2 - 1]
        app.command(cmd.Move(direction))
        for _ in range(6):
            app.frame(1 / 60, [])
    assert app.frames_drawn >= drawn + 60  # the game's frames go on
    assert app.session.game.seconds > seconds  # and its clock runs
    assert job.fraction > fraction  # and so does the review
    finish(app)
    assert app.view.notices[-1] == tr("review_ready")
    open_review(app, 1)
    made = app.games_screens.analyse.made  # the first look's, the check's and the third look's
    looks = [job.depth, job.deep_depth, *([job.third_depth] if job.third_look.positions else [])]
    assert app.games_screens.job is job and [a.depth for a in made] == looks


@pytest.mark.slow
def test_the_real_solver_process_reviews_a_short_game_and_its_scores_are_kept_R23(tmp_path):
    keep_games(tmp_path, 1, moves=24)

    def real(grids, size, depth):  # at normal priority: the test machine may be busy
        return Analysis(grids, size=size, depth=depth, tables_dir=tmp_path, polite=False)

    app = App(Options(data_dir=str(tmp_path), sound=False))
    app.games_screens.analyse, app.games_screens.depth_of = real, lambda size: 2
    app.games_screens.play_on = stand_in_rollouts(per_poll=100)  # the same figures on both looks
    try:
        open_review(app, 0)
        deadline = time.monotonic() + 120
        while not app.games_screens.job.finished:
            assert time.monotonic() < deadline, "the review's process did not finish"
            app.frame(1 / 60, [])
            time.sleep(1 / 60)
        job = app.games_screens.job
        assert job.state is AnalysisState.DONE and len(job.scores) == len(job.moves)
        grades = job.result.grades
        game_id = job.game_id
    finally:
        app.close()
    again = App(Options(data_dir=str(tmp_path), sound=False))
    again.games_screens.analyse, again.games_screens.depth_of = stand_in(), lambda size: 2
    again.games_screens.play_on = stand_in_rollouts(per_poll=100)
    try:
        assert len(again.archive.load_scores(game_id, 2)) == len(job.moves)
        open_review(again, 0)
        finish(again)
        assert again.games_screens.job.result.grades == grades
        assert again.games_screens.analyse.made == []  # no solver needed: the scores were kept
    finally:
        again.close()


@pytest.mark.slow
def test_the_finished_review_is_on_screen_without_a_key_pressed_R23(tmp_path):
    # The frame that finishes the review is the last one the review asks for: it must show the
    # summary, not the progress at 100% until the player presses something. The real process
    # sends its last scores, then says it is done, a frame or more later.
    keep_games(tmp_path, 1, moves=12)

    def real(grids, size, depth):
        return Analysis(grids, size=size, depth=depth, tables_dir=tmp_path, polite=False)

    app = App(Options(data_dir=str(tmp_path), sound=False))
    app.games_screens.analyse, app.games_screens.depth_of = real, lambda size: 1
    try:
        open_review(app, 0)
        deadline = time.monotonic() + 120
        while app.busy:
            assert time.monotonic() < deadline, "the review's process did not finish"
            app.frame(1 / 60, [])
            time.sleep(1 / 60)
        assert app.games_screens.job.finished
        surface = app.window.get_surface()
        shown = pygame.image.tobytes(surface, "RGB")
        app.view.dirty = True
        app.frame(1 / 60, [])
        assert pygame.image.tobytes(surface, "RGB") == shown
    finally:
        app.close()


@pytest.mark.parametrize("assisted_at", [4, 0])
def test_the_summary_counts_the_players_own_moves_and_says_the_solvers_are_left_out_R23(
    tmp_path, assisted_at
):
    # Partly assisted: the counts are the player's moves', and the summary says so; assisted
    # from the first move: no counts of nothing, but a sentence. Each solver's move says whose.
    record, _ = kept_game(tmp_path, CORNER, [U, R, L, U, R, D, L, U], assisted_at=assisted_at)
    app = App(Options(seed=5, data_dir=str(tmp_path), sound=False))
    app.games_screens.analyse = stand_in(per_poll=7)
    app.games_screens.play_on = stand_in_rollouts()
    try:
        open_review(app, 0)
        finish(app)
        result = app.games_screens.job.result
        drawn = words_drawn(app)
        counts = {grade.value: result.count(grade) for grade in type(result.grades[0].grade)}
        if assisted_at:
            assert tr("review_summary", **counts) in drawn
            assert tr("review_solver_uncounted") in drawn
        else:
            assert tr("review_all_solver") in drawn
            assert tr("review_summary", **counts) not in drawn
        press(app, pygame.K_END)  # the last move: the solver's, by then
        settle(app)
        _, grade = shown_move(app)
        assert grade.assisted and not grade.forced
        solver = tr("review_grade_solver", grade=grade_name(grade.grade), loss=decimal(grade.loss))
        assert solver in words_drawn(app)
    finally:
        app.close()


def test_the_buttons_keep_their_place_and_the_plot_takes_the_room_the_progress_leaves_R23(app):
    # A mouse player's targets do not move when the review finishes, and no band of the
    # window is left blank: the plot grows into the progress bar's room.
    open_review(app, 1)
    back = REVIEW_ITEMS.index(Item.BACK)
    plot = REVIEW_ITEMS.index(Control.SEEK)
    before = rect_of(app, back), rect_of(app, plot)
    finish(app)
    after = rect_of(app, back), rect_of(app, plot)
    assert after[0] == before[0]
    assert after[1].bottom == before[1].bottom


def focused(app):
    top = app.screens.top
    return top.kind, top.items[top.focus]


@pytest.mark.slow
def test_back_returns_to_the_screen_before_on_the_button_that_opened_it(app):
    """Every Games screen is one step of the way back: Escape returns to the screen it was
    opened from, the focus on the button that opened it, so Enter opens it again; Start
    (Pause) leaves them all for the pause menu at once."""
    open_review(app, 0)  # the newest game's review, opened from its card
    finish(app)
    press(app, pygame.K_ESCAPE)
    assert focused(app) == (ScreenKind.GAME, Control.REVIEW)
    press(app, pygame.K_UP, pygame.K_RETURN)  # Replay, just above
    assert app.screens.top.kind is ScreenKind.REPLAY
    press(app, pygame.K_ESCAPE)
    assert focused(app) == (ScreenKind.GAME, Control.REPLAY)
    press(app, pygame.K_DOWN, pygame.K_RETURN)  # the review again
    app.command(cmd.Select(REVIEW_ITEMS.index(Control.MISTAKES)))
    assert app.screens.top.kind is ScreenKind.MISTAKES
    press(app, pygame.K_ESCAPE)
    assert focused(app) == (ScreenKind.REVIEW, Control.MISTAKES)
    press(app, pygame.K_ESCAPE)
    assert focused(app) == (ScreenKind.GAME, Control.REVIEW)
    press(app, pygame.K_DOWN, pygame.K_RETURN)
    assert app.screens.top.kind is ScreenKind.PRACTICE
    press(app, pygame.K_ESCAPE)
    assert focused(app) == (ScreenKind.GAME, Control.PRACTISE)
    press(app, pygame.K_ESCAPE)
    assert app.screens.top.kind is ScreenKind.GAMES  # the list, its game still focused
    press(app, pygame.K_RETURN)
    assert app.screens.top.kind is ScreenKind.GAME
    press(app, pygame.K_UP, pygame.K_UP, pygame.K_RETURN)  # the replay
    app.command(cmd.Pause())
    assert app.screens.top.kind is ScreenKind.PAUSE and not app.screens.games_open
    assert [screen.kind for screen in app.screens.stack] == [ScreenKind.PAUSE]


def words_of(app, shot) -> list[str]:
    """Every text the view draws from `shot`, none of it kept from an earlier frame, but the
    board's numbers (its tiles are the view's own, moved by the screen's events)."""
    app.view.close()
    log = TextLog(app)
    try:
        app.view.draw(pygame.Surface(app.window.size), shot)
    finally:
        log.close()
    return [drawn.words for drawn in log.drawn if not drawn.words.isdigit()]


def test_a_frame_is_drawn_from_its_snapshot_whatever_the_review_does_after(app):
    """The view draws the review as it was when the snapshot was made: the player stepping on
    and the review's screen changing afterwards change no word of it."""
    open_review(app, 1)
    finish(app)
    shot = app.snapshot()
    before = words_of(app, shot)
    press(app, pygame.K_RIGHT, pygame.K_RIGHT)  # two moves on
    assert words_of(app, app.snapshot()) != before
    assert words_of(app, shot) == before
