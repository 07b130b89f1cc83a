"""Each device alone can do everything: play, undo, start a game, change the board size and
every setting, read help and statistics, ask the solver, and quit. Real events into the real app."""

from __future__ import annotations

import pygame
import pytest
from helpers.devices import (
    button,
    click,
    keyboard_choose,
    mouse_choose,
    pad_choose,
    plug_pad,
    run,
)
from helpers.keys import key
from helpers.solver import play_until

from game.app import App
from game.core.engine import Game
from game.play.session import Session
from game.screens.menus import PAUSE_ITEMS, SETTINGS_ITEMS, SettingItem, SizeItem, SizesMenu
from game.screens.screen import ScreenKind

APP_SEED = 3


@pytest.fixture
def app(app):
    app.use_session(Session(Game.from_grid([[2, 2, 0, 0], [0, 4, 0, 4], [0] * 4, [8, 0, 0, 8]])))
    yield app
    app.running = True  # a test that chose Quit stopped it: it closes as any other


def drag(app: App, start, end) -> None:
    run(
        app,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False),
    )


# -- one tour, three devices -------------------------------------------------------------------


def tour(app: App, move, undo, open_menu, choose, back, open_help) -> None:
    """Everything a player does, through one device's actions."""
    moves = app.session.game.moves
    move()
    assert app.session.game.moves == moves + 1
    undo()
    assert app.session.game.moves == moves and app.session.game.undos_left == 4
    move()
    open_menu()
    assert app.screens.top.kind is ScreenKind.PAUSE
    choose("new_game")
    assert app.screens.top.kind is ScreenKind.CONFIRM_NEW
    choose("confirm_new")
    assert app.screens.top is None and app.session.game.moves == 0
    open_menu()
    choose("sizes")
    assert app.screens.top.kind is ScreenKind.SIZES
    choose(SizeItem(5))
    assert app.session.game.size == 5 and app.screens.top is None
    open_menu()
    choose("settings")
    assert app.screens.top.kind is ScreenKind.SETTINGS
    before = app.settings
    for item in SETTINGS_ITEMS:
        if isinstance(item, SettingItem):  # each setting; the Controls screen has its tests
            choose(item)
    after = app.settings
    assert after.theme != before.theme and after.animation != before.animation
    assert after.volume != before.volume and after.muted != before.muted
    assert after.undo_enabled != before.undo_enabled
    assert after.autoplay_pace != before.autoplay_pace and after.language != before.language
    assert app.game_window.fullscreen
    choose("back")
    assert app.screens.top.kind is ScreenKind.PAUSE
    choose("stats")
    assert app.screens.top.kind is ScreenKind.STATS
    back()
    choose("help")
    assert app.screens.top.kind is ScreenKind.HELP
    back()
    back()
    assert app.screens.top is None
    open_help()
    assert app.screens.top.kind is ScreenKind.HELP
    back()
    open_menu()
    choose("quit")
    assert app.running and app.screens.top.kind is ScreenKind.CONFIRM_QUIT  # it asks first
    choose("quit")
    assert not app.running


@pytest.mark.slow
def test_the_keyboard_alone_does_everything(app):
    tour(
        app,
        move=lambda: run(app, key(pygame.K_LEFT)),
        undo=lambda: run(app, key(pygame.K_u)),
        open_menu=lambda: run(app, key(pygame.K_ESCAPE)),
        choose=lambda item: keyboard_choose(app, item),
        back=lambda: run(app, key(pygame.K_ESCAPE)),
        open_help=lambda: run(app, key(pygame.K_F1)),
    )


@pytest.mark.slow
def test_the_gamepad_alone_does_everything(app):
    plug_pad(app)
    tour(
        app,
        move=lambda: run(app, button(pygame.CONTROLLER_BUTTON_DPAD_LEFT)),
        undo=lambda: run(app, button(pygame.CONTROLLER_BUTTON_B)),
        open_menu=lambda: run(app, button(pygame.CONTROLLER_BUTTON_START)),
        choose=lambda item: pad_choose(app, item),
        back=lambda: run(app, button(pygame.CONTROLLER_BUTTON_B)),
        open_help=lambda: run(app, button(pygame.CONTROLLER_BUTTON_BACK)),
    )


@pytest.mark.slow
def test_the_mouse_alone_does_everything(app):
    run(app)

    def swipe_left():
        board = app.view.layout.board
        drag(app, (board.right - 10, board.centery), (board.x + 10, board.centery))

    def back():
        # The mouse's way back: the menu's own Back (or Resume) item.
        menu = app.screens.top
        mouse_choose(app, "resume" if menu.kind is ScreenKind.PAUSE else "back")

    tour(
        app,
        move=swipe_left,
        undo=lambda: click(app, app.view.layout.buttons["undo"].center),
        open_menu=lambda: click(app, app.view.layout.buttons["menu"].center),
        choose=lambda item: mouse_choose(app, item),
        back=back,
        open_help=lambda: (
            click(app, app.view.layout.buttons["menu"].center),
            mouse_choose(app, "help"),
        ),
    )


def test_a_short_drag_is_a_click_not_a_move(app):
    run(app)
    moves = app.session.game.moves
    centre = app.view.layout.board.center
    tile = app.view.layout.cell
    drag(app, centre, (centre[0] - round(tile * 0.15), centre[1]))
    assert app.session.game.moves == moves
    drag(app, centre, (centre[0] - round(tile * 0.3), centre[1]))
    assert app.session.game.moves == moves + 1


def test_the_help_page_names_the_pads_buttons(app):
    plug_pad(app, "PS5 Controller")
    run(app, button(pygame.CONTROLLER_BUTTON_BACK))
    assert app.screens.top.kind is ScreenKind.HELP
    assert app.view.model.pad_labels["a"] == "Cross"


def test_pause_menu_lists_every_size_and_screen():
    assert {"sizes", "settings", "stats", "help", "quit"} <= set(list(PAUSE_ITEMS))
    assert {SizeItem(size) for size in range(3, 9)} <= set(SizesMenu(4).items)


def test_the_mouse_turns_help_pages(app):
    run(app)
    click(app, app.view.layout.buttons["menu"].center)
    mouse_choose(app, "help")
    assert app.screens.top.page == 0
    mouse_choose(app, "next_page")
    mouse_choose(app, "next_page")
    assert app.screens.top.page == 2
    mouse_choose(app, "prev_page")
    assert app.screens.top.page == 1


# -- the solver, from each device --------------------------------------------------------------


def solver_tour(app: App, hint, start_autoplay, stop_autoplay) -> None:
    """R20 from one device: a hint's arrow, autoplay started, then stopped by the player."""
    assert app.view.hint is None
    hint()
    play_until(app, lambda: app.view.hint is not None)
    assert app.view.hint in app.session.game.valid_directions()
    assert app.session.assisted
    start_autoplay()
    assert app.autoplay.playing and app.screens.top is None
    moves = app.session.game.moves
    play_until(app, lambda: app.session.game.moves >= moves + 2)
    stop_autoplay()
    assert not app.autoplay.playing


@pytest.mark.slow
def test_each_device_asks_the_solver_and_stops_it(app):
    app.autoplay.set_pace("max")
    solver_tour(
        app,
        hint=lambda: run(app, key(pygame.K_t)),
        start_autoplay=lambda: run(app, key(pygame.K_p)),
        stop_autoplay=lambda: run(app, key(pygame.K_SPACE)),
    )
    plug_pad(app)

    def pad_autoplay() -> None:
        run(app, button(pygame.CONTROLLER_BUTTON_START))
        pad_choose(app, "autoplay")

    solver_tour(
        app,
        hint=lambda: run(app, button(pygame.CONTROLLER_BUTTON_X)),
        start_autoplay=pad_autoplay,
        stop_autoplay=lambda: run(app, button(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)),
    )
    solver_tour(
        app,
        hint=lambda: click(app, app.view.layout.buttons["hint"].center),
        start_autoplay=lambda: click(app, app.view.layout.buttons["autoplay"].center),
        stop_autoplay=lambda: click(app, app.view.layout.buttons["autoplay"].center),
    )
