"""What the player reads fits where it is drawn, in both languages, down to the smallest
window: no label is cut, none shrinks past legibility."""

from __future__ import annotations

import pygame
import pytest

from game.app import App, Options
from game.engine import Game
from game.session import SETTINGS_ITEMS, Menu, MenuKind, Session, help_menu, pause_items, stats_menu
from game.text import tr
from game.view.overlays import item_label, item_px

SMALLEST = (320, 400)
LEGIBLE_PX = 9


@pytest.fixture
def app(tmp_path):
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    app.window.size = SMALLEST
    app.frame(1 / 120, [pygame.event.Event(pygame.WINDOWSIZECHANGED)])
    yield app
    app.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_every_button_label_fits_legibly_at_the_smallest_window(app, lang):
    layout = app.view.layout
    for name, rect in layout.buttons.items():
        for key in {name, "stop"} if name == "autoplay" else {name}:
            label = tr(key, lang)
            lines = app.view.hud.button_lines(label, rect)
            px = app.view.hud.button_px(lines, rect)
            assert px >= LEGIBLE_PX, (lang, label, px)
            font = app.view.text.font(px)
            assert all(font.size(line)[0] <= rect.width for line in lines)
            assert font.get_linesize() * len(lines) <= rect.height


@pytest.mark.parametrize("lang", ["en", "el"])
def test_every_menu_item_fits_legibly_at_the_smallest_window(app, lang):
    app.view.lang = lang
    app.view.setting_values = app.setting_values()
    menus = [
        Menu(MenuKind.PAUSE, pause_items()),
        Menu(MenuKind.SETTINGS, list(SETTINGS_ITEMS)),
        help_menu(),
        stats_menu(),
        Menu(MenuKind.CONFIRM_NEW, ["confirm_new", "cancel"]),
    ]
    for menu in menus:
        app.session.overlays[:] = [menu]
        app.view.dirty = True
        app.frame(1 / 120, [])
        assert len(app.view.menu_rects) == len(menu.items)
        for item, rect in zip(menu.items, app.view.menu_rects, strict=True):
            assert pygame.Rect(0, 0, *SMALLEST).contains(rect), (menu.kind, item)
            label = item_label(item, app.session, lang, app.view.setting_values)
            px = item_px(app.view.text, label, rect)
            assert px >= LEGIBLE_PX, (lang, label, px)


def test_the_game_over_panel_fits_on_the_smallest_board(app):
    full = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]]
    app.use_session(Session.restore(Game.from_grid(full), {}))
    app.frame(1 / 120, [])
    assert app.session.menu.kind is MenuKind.OVER
    board = app.view.layout.board
    assert all(board.contains(rect) for rect in app.view.menu_rects)
