"""The kept games' screens as drawn by the real view, in every window size from the smallest
(320x400) to 4K, in both languages and every theme: every text readable, inside the window,
and every button, card and plot inside it and clear of the others (R22, R23). The review is
drawn running, with a flagged move's games played on not in yet, with its figure, and with a
figure that shows no real cost."""

from __future__ import annotations

import itertools

import pygame
import pytest
from helpers.games import (
    keep_games,
    screens,
    stand_in,
    stand_in_rollouts,
)
from helpers.view import READABLE_PX, SIZES, TextLog, use_look

from game.text import LANGUAGES
from game.view.theme import THEMES


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kept")
    keep_games(folder, 8, moves=60)
    return folder


@pytest.fixture
def app(kept_app):
    kept_app.games_screens.analyse = stand_in(
        per_poll=20, scale=100
    )  # moves flagged, and played on
    kept_app.games_screens.play_on = stand_in_rollouts(per_poll=1)
    return kept_app


def check(app, name: str, size) -> None:
    log = TextLog(app)
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
    rects = list(app.view.games_view.rects.values())
    assert rects and all(window.contains(rect) for rect in rects), (name, size)
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (name, size, a, b)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_reads_at_every_window_size(app, lang):
    use_look(app, lang=lang)
    for name in screens(app):
        for size in SIZES:
            check(app, name, size)


@pytest.mark.slow
def test_every_screen_draws_in_every_theme(app):
    for name in screens(app):
        for theme in THEMES:
            use_look(app, theme=theme)
            check(app, name, SIZES[0])
    use_look(app, theme="classic")
