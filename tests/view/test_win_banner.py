"""A win reads as one (issue 24): the winning move lays a gold veil over the board, as the
original's banner, in every theme, unlike the game over's pale (or dark) one; the banner's words
keep 4.5:1 against it (7:1 in the high contrast theme), and the focused button stands out."""

from __future__ import annotations

import colorsys
import math

import pygame
import pytest
from helpers.keys import STEP
from helpers.view import use_look

from game.core.engine import Game
from game.play.session import Session
from game.screens.screen import ScreenKind
from game.text import tr
from game.view.theme import THEMES, contrast_ratio, theme_named

ONE_MOVE_FROM_2048 = [[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2], [0, 0, 0, 0]]
NO_MOVE_LEFT = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]]
WINDOWS = ((320, 400), (540, 720), (1920, 1080))


APP_SEED = 1


@pytest.fixture(scope="module")
def app(module_app):
    return module_app


def banner(app, theme: str, grid, window) -> tuple[pygame.Surface, dict[str, tuple]]:
    """The banner over `grid` (moved left once when it is one move from 2048), faded in and
    drawn at `window`: the picture, and the colour each of its words was drawn in."""
    app.use_session(Session.restore(Game.from_grid(grid, seed=1), {}))
    use_look(app, theme=theme)
    if grid is ONE_MOVE_FROM_2048:
        app.frame(STEP, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0)])
    for _ in range(2):
        app.view.step(1.0, app.snapshot())
    colours = {}
    render = app.view.text.render

    def spy(words, px, colour, weight="Bold"):
        colours[words] = colour
        return render(words, px, colour, weight)

    app.view.text.render = spy
    try:
        surface = pygame.Surface(window)
        app.view.draw(surface, app.snapshot())
    finally:
        del app.view.text.render
    return surface, colours


def veil_over_board(app, surface: pygame.Surface) -> tuple[int, int, int]:
    """The veil where it lies over the board's own colour: between the top row's first two
    cells, clear of the banner's words and buttons."""
    layout = app.view.layout
    left, right = layout.cell_rect(0, 0), layout.cell_rect(0, 1)
    point = ((left.right + right.left) // 2, left.centery)
    assert not any(rect.collidepoint(point) for rect in app.view.menu_rects)
    return tuple(surface.get_at(point))[:3]


def gold(rgb) -> bool:
    """Yellow to gold: a hue from amber to yellow, clearly saturated."""
    hue, _, saturation = colorsys.rgb_to_hls(*(c / 255 for c in rgb))
    return 35 <= hue * 360 <= 65 and saturation >= 0.5


@pytest.mark.parametrize("theme", THEMES)
def test_the_win_banner_is_gold_and_its_words_read_on_it(app, theme):
    for window in WINDOWS:
        won, words = banner(app, theme, ONE_MOVE_FROM_2048, window)
        assert app.screens.top.kind is ScreenKind.WON
        win_veil = veil_over_board(app, won)
        over, _ = banner(app, theme, NO_MOVE_LEFT, window)
        assert app.screens.top.kind is ScreenKind.OVER
        over_veil = veil_over_board(app, over)
        assert gold(win_veil), (theme, window, win_veil)
        assert not gold(over_veil) and math.dist(win_veil, over_veil) > 60, over_veil
        bound = max(4.5, theme_named(theme).min_contrast)
        title = words[tr("you_win", "en")]
        assert contrast_ratio(title, win_veil) >= bound, (theme, window, title, win_veil)
        detail = next(colour for text, colour in words.items() if text.startswith("2048 in"))
        assert contrast_ratio(detail, win_veil) >= bound, (theme, window, detail)


@pytest.mark.parametrize("theme", THEMES)
def test_the_focused_button_on_the_gold_stands_out(app, theme):
    """The focus ring, drawn on the gold, in a colour that differs from it (the high contrast
    theme's yellow ring vanished on the yellow veil)."""
    won, _ = banner(app, theme, ONE_MOVE_FROM_2048, (540, 720))
    focused = app.view.menu_rects[app.screens.top.focus]
    ring = tuple(won.get_at((focused.centerx, focused.y + 1)))[:3]
    assert contrast_ratio(ring, veil_over_board(app, won)) >= 3.0, (theme, ring)
