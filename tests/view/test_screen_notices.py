"""Notices over the replay and the review never hide words or buttons (issues 24, 33): beside
the board, in room nothing uses when there is any (under the replay's key hints in a wide
window), else in a band of their own across the window's top, the screen drawn under it.
Their boxes' corners are smooth, as are the seek bar's."""

from __future__ import annotations

import pygame
import pytest
from helpers.games import keep_games, open_games, press, settle, stand_in, stand_in_rollouts
from helpers.view import use_look

from game.app import App
from game.screens.items import REPLAY_ITEMS, Control
from game.screens.screen import ScreenKind
from game.text import tr
from game.view.notice_board import BRIEF_NOTICE_SECONDS


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kept")
    keep_games(folder, 1, moves=40)
    return folder


@pytest.fixture
def app(kept_app):
    kept_app.games_screens.analyse = stand_in(per_poll=20, scale=100)
    kept_app.games_screens.play_on = stand_in_rollouts(per_poll=4)
    return kept_app


def open_screen(app: App, screen: ScreenKind) -> None:
    open_games(app)
    if screen is ScreenKind.REPLAY:
        press(app, pygame.K_RETURN, pygame.K_RETURN)
    else:
        press(app, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN)
        while not app.games_screens.job.finished:
            app.frame(1 / 120, [])
    settle(app)
    assert app.screens.top.kind is screen


def notices(app: App) -> None:
    """News that stays, and a word on a key just pressed, stacked."""
    app.view.notices = []
    app.view.show_notice(tr("review_ready", app.lang) * 2)
    app.view.show_notice(tr("sound_off", app.lang, keys="M"), BRIEF_NOTICE_SECONDS)


def frame(app: App, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    app.view.draw(surface, app.snapshot())
    return surface


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def gone(surface: pygame.Surface, rect: pygame.Rect, boxes, background) -> bool:
    """Nothing of what was at `rect` shows: under a notice, or the background."""
    return all(
        any(box.collidepoint(x, y) for box in boxes) or surface.get_at((x, y))[:3] == background
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("screen", [ScreenKind.REPLAY, ScreenKind.REVIEW])
@pytest.mark.parametrize("size", [(1920, 1080), (540, 720), (320, 400)])
def test_a_notice_never_hides_a_button_and_hides_words_whole(app, lang, screen, size):
    """Issue 33: a notice hid the screen's buttons. In room the screen leaves clear, else over
    the words above the first button, each word it reaches hidden whole."""
    use_look(app, lang=lang)
    open_screen(app, screen)
    app.view.notices = []
    plain = frame(app, size)
    pieces = list(app.view.games_view.pieces)
    notices(app)
    told = frame(app, size)
    boxes = app.view.notice_rects
    window = pygame.Rect(0, 0, *size)
    assert boxes and all(window.contains(box) for box in boxes)
    items = app.view.games_view.rects.values()
    assert items and not any(box.colliderect(item) for box in boxes for item in items), size
    assert app.view.offset == 0  # nothing moved
    for rect in pieces:
        whole = pixels(told, rect) == pixels(plain, rect)
        assert whole or gone(told, rect, boxes, app.view.theme.background), (size, rect)
    if screen is ScreenKind.REPLAY and size == (1920, 1080):  # room under the key hints
        assert not any(box.colliderect(rect) for box in boxes for rect in pieces)


def test_notice_boxes_and_the_seek_bar_have_smooth_corners(app):
    open_screen(app, ScreenKind.REPLAY)
    notices(app)
    surface = frame(app, (1920, 1080))
    theme = app.view.theme
    box = app.view.notice_rects[0]
    corner = pygame.Rect(box.topleft, (box.height // 3, box.height // 3))
    flat = {theme.background, theme.panel, theme.accent}
    assert blended(surface, corner, flat) > 0
    seek = app.view.games_view.rects[REPLAY_ITEMS.index(Control.SEEK)]
    end = pygame.Rect(seek.right - seek.height // 2, seek.top, seek.height // 2, seek.height)
    assert blended(surface, end, {theme.background, theme.empty_cell}) > 0


def blended(surface: pygame.Surface, rect: pygame.Rect, flat) -> int:
    """How many pixels of `rect` are of none of the `flat` colours: a corner's smoothing."""
    return sum(
        surface.get_at((x, y))[:3] not in flat
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )
