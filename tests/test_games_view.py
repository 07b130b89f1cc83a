"""The kept games' screens as drawn by the real view, in every window size from the smallest
(320x400) to 4K, in both languages and every theme: every text readable, inside the window,
and every button, card and plot inside it and clear of the others (R22, R23). The review is
drawn running, with a flagged move's games played on not in yet, with its figure, and with a
figure that shows no real cost."""

from __future__ import annotations

import itertools

import pygame
import pytest
from helpers.games import keep_games, open_games, press, settle, stand_in, stand_in_rollouts
from helpers.view import READABLE_PX, SIZES, TextLog

from game.app import App, Options
from game.kept.review.job import Estimate
from game.kept.screens.items import GAME_ITEMS, PRACTICE_ITEMS, REVIEW_ITEMS, Control, Screen
from game.kept.screens.review import every_move
from game.play import commands as cmd
from game.solver.analysis import AnalysisState
from game.text import LANGUAGES
from game.view.theme import THEMES


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kept")
    keep_games(folder, 8, moves=60)
    return folder


@pytest.fixture
def app(kept):
    app = App(Options(seed=5, leave_files=True, data_dir=str(kept), sound=False))
    app.browser.analyse = stand_in(per_poll=20, scale=100)  # moves flagged, and played on
    app.browser.play_on = stand_in_rollouts(per_poll=1)
    yield app
    app.close()


def screens(app):
    """Each screen in turn, as a player reaches it: (its name, then it is shown)."""
    open_games(app)
    yield "list"
    press(app, pygame.K_RETURN)
    yield "game"
    press(app, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RIGHT)
    assert app.browser.screen is Screen.REPLAY
    yield "replay"
    press(app, pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_RETURN)
    app.frame(1 / 120, [])
    assert app.browser.job.running
    yield "review, running"
    job = app.browser.job
    while job.estimating is AnalysisState.WAITING:  # every move graded, the games begun
        app.frame(1 / 120, [])
    app.command(cmd.Select(REVIEW_ITEMS.index(Control.WORST)))
    app.frame(1 / 120, [])
    assert job.estimate_at(app.browser.stepping.position) is Estimate.WAITING
    yield "review, estimating"
    while not job.finished:
        app.frame(1 / 120, [])
    assert job.estimate_at(app.browser.stepping.position) is Estimate.DONE
    yield "review, a figure"
    costless = next(g for g in job.result.grades if g.cost is not None and not g.cost.real)
    app.browser.stepping.show(every_move(job, costless.position))
    yield "review, no real cost"
    press(app, pygame.K_RIGHT)
    settle(app)
    yield "review"
    app.command(cmd.Select(REVIEW_ITEMS.index(Control.MISTAKES)))
    assert app.browser.screen is Screen.MISTAKES
    yield "mistakes"
    press(app, pygame.K_ESCAPE, pygame.K_ESCAPE)  # to the review, to the game's card
    assert app.browser.screen is Screen.GAME
    app.command(cmd.Select(GAME_ITEMS.index(Control.PRACTISE)))
    practice = app.browser.practice
    assert app.browser.screen is Screen.PRACTICE and practice is not None and practice.todo
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


def check(app, name: str, size) -> None:
    log = TextLog(app.view)
    try:
        _, texts = log.frame(size, app.session)
    finally:
        log.close()
    assert texts, (name, size)
    small = [(t.words, t.px) for t in texts if t.px < READABLE_PX and t.words.strip()]
    assert not small, (name, size, small)
    for text in texts:
        width = app.view.text.font(text.px, text.weight).size(text.words)[0]
        assert width <= size[0] * 0.96, (name, size, text.words)
    window = pygame.Rect(0, 0, *size)
    rects = list(app.view.screens.rects.values())
    assert rects and all(window.contains(rect) for rect in rects), (name, size)
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (name, size, a, b)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_reads_at_every_window_size(app, lang):
    app.view.lang = lang
    for name in screens(app):
        for size in SIZES:
            check(app, name, size)


def test_every_screen_draws_in_every_theme(app):
    for name in screens(app):
        for theme in THEMES:
            app.view.set_theme(theme)
            check(app, name, SIZES[0])
    app.view.set_theme("classic")
