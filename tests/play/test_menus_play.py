"""Menus as a player works them (issue 14): every setting both ways by every device, help and
statistics pages that never dead-end, the focus following the mouse, and every action saying
what it did; the first start tells a newcomer how to play."""

from __future__ import annotations

import pygame
import pytest
from helpers.devices import button, plug_pad
from helpers.keys import STEP, key, press
from helpers.screens import stacked
from helpers.view import use_look

import game.view.overlays
from game.app import App, Options
from game.core.engine import BOARD_SIZES, Game
from game.play import commands as cmd
from game.play import events as ev
from game.play.session import Session
from game.screens.menus import HELP_PAGES, HelpPages, SettingItem, StatsPages
from game.screens.screen import Item, ScreenKind
from game.text import first_tip, tr


def open_settings(app: App) -> None:
    app.command(cmd.Pause())
    app.command(cmd.Select(app.screens.top.items.index(Item.SETTINGS)))
    assert app.screens.top.kind is ScreenKind.SETTINGS


def focus_on(app: App, name: str) -> int:
    index = app.screens.top.items.index(SettingItem(name))
    app.command(cmd.Point(index))
    return index


# -- settings both ways --------------------------------------------------------------------


def test_volume_steps_down_and_up_by_keyboard_and_stops_at_its_ends(app):
    open_settings(app)
    focus_on(app, "volume")
    start = app.settings.volume
    press(app, pygame.K_LEFT)
    assert app.settings.volume == start - 10
    press(app, pygame.K_RIGHT, pygame.K_RIGHT)
    assert app.settings.volume == start + 10
    for _ in range(15):
        press(app, pygame.K_RIGHT)
    assert app.settings.volume == 100  # stops, never wraps to 0
    for _ in range(15):
        press(app, pygame.K_LEFT)
    assert app.settings.volume == 0


def test_a_click_on_either_half_a_right_click_and_the_wheel_step_a_setting(app):
    open_settings(app)
    index = focus_on(app, "volume")
    start = app.settings.volume
    app.command(cmd.Select(index, side=-1))  # the left half
    assert app.settings.volume == start - 10
    app.command(cmd.Select(index, side=1))
    app.command(cmd.Select(index, side=1))
    assert app.settings.volume == start + 10
    app.command(cmd.Adjust(index, -1))  # the wheel down, or the right button
    assert app.settings.volume == start


def test_the_mouse_really_finds_the_halves_of_a_drawn_item(app):
    open_settings(app)
    app.frame(1.0, [])  # drawn, faded in
    index = app.screens.top.items.index(SettingItem("animation"))
    rect = app.view.menu_rects[index]
    start = app.settings.animation
    for x in (rect.left + 4, rect.right - 4):
        app.frame(
            STEP, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, rect.centery), button=1)]
        )
        app.frame(STEP, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, rect.centery), button=1)])
        if x < rect.centerx:
            assert app.settings.animation == "slow" and start == "normal"  # down a step
    assert app.settings.animation == "normal"  # and up again


def test_the_dpad_steps_settings_both_ways(app):
    plug_pad(app)
    open_settings(app)
    focus_on(app, "theme")
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_DPAD_LEFT)])
    assert app.settings.theme == "high_contrast"  # themes go round
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)])
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)])
    assert app.settings.theme == "dark"


def test_setting_values_read_as_words_with_a_capital(app):
    open_settings(app)
    for lang in ("en", "el"):
        use_look(app, lang=lang)
        for value in app.view.model.setting_values.values():
            assert value[:1] == value[:1].upper(), value


def test_the_animation_setting_goes_in_order():
    from game.core.settings import ANIMATIONS, step

    assert ANIMATIONS == ("slow", "normal", "fast", "off")
    assert step("animation", "off", 1) == "off" and step("animation", "slow", -1) == "slow"


# -- pages ---------------------------------------------------------------------------------


def test_a_page_button_that_cannot_act_is_drawn_so_and_comes_alive_with_the_next_page(
    app, monkeypatch
):
    """On help's first page Previous is an outline (nothing before it), Next a button; a page
    on, both act. What the player sees is what the menu can do now."""
    drawn: dict[str, bool] = {}
    draw = game.view.overlays.draw_button

    def spy(surface, text, theme, rect, words, px, focused, active=True):
        drawn[words] = active
        draw(surface, text, theme, rect, words, px, focused, active)

    monkeypatch.setattr(game.view.overlays, "draw_button", spy)
    previous, following = tr(Item.PREV_PAGE.value), tr(Item.NEXT_PAGE.value)
    app.command(cmd.Help())
    for _ in range(3):  # past its fade
        app.frame(0.1, [])
    assert drawn[previous] is False and drawn[following] is True
    app.command(cmd.Confirm())  # Enter on Next
    app.frame(STEP, [])
    assert drawn[previous] is True and drawn[following] is True


def test_help_never_dead_ends_and_enter_closes_it_on_the_last_page():
    session = stacked(Session.start(4, seed=1))
    session.handle(cmd.Help())
    menu = session.menu
    assert not menu.active(Item.PREV_PAGE) and menu.focused_item is Item.NEXT_PAGE
    assert session.handle(cmd.Select(menu.items.index(Item.PREV_PAGE))) == []  # inactive
    for _ in range(len(HELP_PAGES) - 1):
        session.handle(cmd.Confirm())  # Enter, Enter, Enter: the pages go by
    assert menu.page == len(HELP_PAGES) - 1
    assert not menu.active(Item.NEXT_PAGE) and menu.focused_item is Item.BACK
    session.handle(cmd.Confirm())
    assert session.menu is None  # Enter on the last page leaves


def test_the_wheel_turns_the_help_pages_and_the_pointer_skips_a_button_that_cannot_act():
    session = stacked(Session.start(4, seed=1))
    session.handle(cmd.Help())
    menu = session.menu
    previous = menu.items.index(Item.PREV_PAGE)
    assert session.handle(cmd.Point(previous)) == [] and menu.focused_item is Item.NEXT_PAGE
    back = menu.items.index(Item.BACK)
    assert session.handle(cmd.Adjust(back, 1)) == [ev.MenuMoved()] and menu.page == 1
    assert session.handle(cmd.Adjust(back, -1)) == [ev.MenuMoved()] and menu.page == 0
    assert session.handle(cmd.Adjust(back, -1)) == []  # no page before the first


def test_help_opens_on_how_to_play():
    assert HELP_PAGES[0] == "rules" and HelpPages().page == 0


def test_statistics_show_every_size_a_page_each_opening_on_the_size_played(app):
    app.command(cmd.Pause())
    app.command(cmd.Select(app.screens.top.items.index(Item.STATS)))
    menu = app.screens.top
    assert menu.kind is ScreenKind.STATS and menu.pages == len(BOARD_SIZES) + 1  # the goals last
    assert BOARD_SIZES[menu.page] == app.session.game.size
    assert set(app.view.model.stats_pages) == {*BOARD_SIZES, None}  # None: the goals' page
    app.frame(STEP, [key(pygame.K_RIGHT)])
    assert BOARD_SIZES[menu.page] == 5
    assert StatsPages(BOARD_SIZES[-1]).focused_item is Item.NEXT_PAGE  # on to the goals' page


# -- the mouse -----------------------------------------------------------------------------


def test_the_focus_follows_the_mouse_over_menu_items(app):
    app.command(cmd.Pause())
    app.frame(1.0, [])
    rect = app.view.menu_rects[3]
    app.frame(
        STEP,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))],
    )
    assert app.screens.top.focus == 3


def test_the_pointer_passing_by_never_stops_autoplay():
    session = stacked(Session.start(4, seed=1))
    session.handle(cmd.ToggleAutoplay())
    assert session.handle(cmd.Point(2)) == [] and session.autoplaying


# -- actions say what they did -------------------------------------------------------------


def test_m_says_the_sound_is_off_and_on(app):
    press(app, pygame.K_m)
    assert app.view.notices == [tr("sound_off", app.lang, keys="M")]
    press(app, pygame.K_m)
    assert app.view.notices[-1] == tr("sound_on", app.lang, keys="M")


def test_an_undo_that_cannot_be_made_says_why_and_the_button_looks_it(app):
    app.use_session(Session(Game.from_grid([[2, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4], seed=1)))
    assert "undo" in app.snapshot().play.inactive  # nothing to take back yet
    press(app, pygame.K_u)
    assert app.view.notices == [tr("undo_refused_nothing", app.lang)]
    press(app, pygame.K_RIGHT)
    assert "undo" not in app.snapshot().play.inactive
    app.change_setting("undo_enabled", 1)  # off
    assert "undo" in app.snapshot().play.inactive
    press(app, pygame.K_u)
    assert app.view.notices[-1] == tr("undo_refused_off", app.lang)


def test_an_inactive_button_is_drawn_unlike_an_active_one(app):
    app.use_session(Session(Game.from_grid([[2, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4], seed=1)))
    app.frame(1.0, [])
    surface = app.window.get_surface()
    undo, hint = app.view.layout.buttons["undo"], app.view.layout.buttons["hint"]
    inside = (undo.centerx - undo.width // 3, undo.centery - undo.height // 4)
    assert tuple(surface.get_at(inside))[:3] != app.view.theme.panel  # an outline only
    inside = (hint.centerx - hint.width // 3, hint.centery - hint.height // 4)
    assert tuple(surface.get_at(inside))[:3] == app.view.theme.panel


@pytest.mark.slow
def test_the_key_that_stops_autoplay_plays_no_move(app):
    app.command(cmd.ToggleAutoplay())
    grid = app.session.game.grid
    moved = []
    app.dispatch = lambda events, real=app.dispatch: (moved.extend(events), real(events))
    press(app, pygame.K_LEFT)
    assert ev.AutoplayStopped() in moved and not any(isinstance(e, ev.Moved) for e in moved)
    assert app.session.game.grid == grid


# -- the first start -----------------------------------------------------------------------


def test_a_newcomers_first_game_says_how_to_play_until_the_first_move(tmp_path):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        tip = app.view.model.tip
        assert tip == first_tip(app.lang, "F1") and "F1" in " ".join(tip)
        drawn = []
        draw = app.view.hud.draw
        app.view.hud.draw = lambda *a, **k: (drawn.append(k["tip"]), draw(*a, **k))
        app.frame(STEP, [])
        assert drawn[-1] == app.view.model.tip  # in the info line's place: no tile hidden
        app.frame(STEP, [key(pygame.K_LEFT), key(pygame.K_UP), key(pygame.K_RIGHT)])
        assert app.view.model.tip == ()
    finally:
        app.close()
    again = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        assert again.view.model.tip == ()  # a returning player needs no tip
    finally:
        again.close()
