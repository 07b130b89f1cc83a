"""Controls of one's own (issue 23): every action's key and pad button changed in Settings,
Controls, by keyboard, pad and mouse; a key another action has refused with a word; Escape and
Start never lost; kept across a restart; Restore defaults; a damaged entry falls back. Real
events into the real app."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from helpers.devices import button, plug_pad
from helpers.keys import STEP, key
from helpers.loop import ScriptedClock
from helpers.paths import ROOT
from helpers.view import use_look

import game.view.overlays
from game.app import App, Options
from game.core.controls import ACTIONS, DEFAULT_BUTTONS, DEFAULT_KEYS, ESCAPE, Controls, Refused
from game.core.engine import Direction, Game
from game.core.settings import Settings
from game.input.gamepad import XBOX_LABELS
from game.input.keys_and_pointer import key_name
from game.input.names import control_words
from game.play.session import Session
from game.screens.menus import ControlItem
from game.screens.screen import Item, ScreenKind
from game.storage.envelope import SETTINGS_FORMAT, encode_document
from game.text import LANGUAGES, tr
from game.text.help_pages import CONTROL_WORDS

README = ROOT / "README.md"
GRID = [[2, 2, 0, 0], [0, 4, 0, 4], [0, 0, 0, 0], [8, 0, 0, 8]]  # every direction moves


APP_SEED = 5


def set_up(app: App, lang: str = "en") -> App:
    app.use_session(Session(Game.from_grid(GRID, seed=5)))
    use_look(app, lang=lang)
    app.show()
    return app


def open_app(folder: Path, lang: str = "en") -> App:
    return set_up(App(Options(seed=APP_SEED, data_dir=str(folder), sound=False)), lang)


@pytest.fixture
def app(app):
    return set_up(app)


def run(app: App, *events: pygame.event.Event) -> None:
    app.frame(STEP, list(events))
    for _ in range(30):  # fades and slides run out
        app.frame(STEP, [])


def press(app: App, *codes: int) -> None:
    for code in codes:
        run(app, key(code))


def to_page_of(app: App, item) -> None:
    """On to the next page while `item` is not on this one."""
    menu = app.screens.top
    for _ in range(menu.pages):
        if item in menu.items:
            return
        press(app, pygame.K_RIGHT)
    assert item in menu.items


def walk_to(app: App, item, step_key: int = pygame.K_DOWN) -> None:
    """The open menu's focus to `item`, a key at a time, on its page."""
    menu = app.screens.top
    to_page_of(app, item)
    for _ in range(len(menu.items)):
        if menu.focused_item == item:
            return
        press(app, step_key)
    raise AssertionError(f"{item} never focused")


def click(app: App, index: int) -> None:
    app.frame(1.0, [])  # drawn, faded in
    centre = app.view.menu_rects[index].center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        run(app, pygame.event.Event(kind, pos=centre, button=1, touch=False))


def open_controls(app: App) -> None:
    """Esc, Settings, Controls: by keyboard, as a player does."""
    press(app, pygame.K_ESCAPE)
    walk_to(app, Item.SETTINGS)
    press(app, pygame.K_RETURN)
    walk_to(app, Item.CONTROLS)
    press(app, pygame.K_RETURN)
    assert app.screens.top.kind is ScreenKind.CONTROLS


def leave_menus(app: App) -> None:
    while app.screens.top is not None:
        press(app, pygame.K_ESCAPE)


def drawn_words(app: App, size: tuple[int, int] = (540, 720)) -> list[str]:
    """Every text of one frame, as the player reads it."""
    words: list[str] = []
    render = app.view.text.render

    def noted(text, px, colour, weight="Bold"):
        words.append(text)
        return render(text, px, colour, weight)

    app.view.text.render = noted
    try:
        app.view.dirty = True
        app.view.draw(pygame.Surface(size), app.snapshot())
    finally:
        app.view.text.render = render
    return words


def help_controls_page(app: App) -> str:
    leave_menus(app)
    press(app, pygame.K_F1)
    while app.screens.top.page != 1:  # the controls page, after the rules
        press(app, pygame.K_RIGHT)
    words = " ".join(drawn_words(app, (1920, 1080)))
    leave_menus(app)
    return words


# -- a key of one's own ------------------------------------------------------------------------


@pytest.mark.slow
def test_undo_on_a_free_key_asks_for_it_takes_it_and_plays_with_it(app):
    open_controls(app)
    walk_to(app, ControlItem("undo"))
    press(app, pygame.K_RETURN)
    prompt = tr("controls_waiting", "en", action=tr("action_undo", "en"))
    assert prompt in drawn_words(app)
    press(app, pygame.K_F7)
    assert app.view.notices[-1] == "Undo now: F7"
    assert tr("control_row", "en", action="Undo", keys="F7", pad="B") in drawn_words(app)
    leave_menus(app)
    press(app, pygame.K_LEFT)
    assert app.session.game.moves == 1
    press(app, pygame.K_u)  # no longer undo's: nothing
    assert app.session.game.moves == 1
    press(app, pygame.K_F7)
    assert app.session.game.moves == 0 and app.session.game.undos_left == 4
    assert "F7 or Ctrl+Z: undo" in help_controls_page(app)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_key_another_action_has_is_refused_with_a_word_and_nothing_changes(tmp_path, lang):
    app = open_app(tmp_path, lang)
    try:
        open_controls(app)
        walk_to(app, ControlItem("undo"))
        press(app, pygame.K_RETURN, pygame.K_n)
        holder = tr("action_new_game", lang)
        assert app.view.notices[-1] == tr("bind_in_use", lang, pressed="N", action=holder)
        assert app.settings.controls == Controls()
        assert app.screens.waiting_for_key is None  # the next key moves about again
        leave_menus(app)
        press(app, pygame.K_LEFT, pygame.K_n)
        assert app.screens.top.kind is ScreenKind.CONFIRM_NEW  # N still asks for a new game
    finally:
        app.close()


def test_escape_and_start_are_never_lost(app):
    open_controls(app)
    walk_to(app, ControlItem("undo"))
    press(app, pygame.K_RETURN)
    press(app, pygame.K_ESCAPE)  # cancels: Escape is never an action's
    assert app.screens.waiting_for_key is None and not app.view.notices
    assert app.screens.top.kind is ScreenKind.CONTROLS
    assert app.settings.controls == Controls()
    press(app, pygame.K_RETURN, pygame.K_HOME)  # a games screen's key stays
    assert app.view.notices[-1] == "Home stays as it is: To the start"
    menu_row = ControlItem("menu")
    to_page_of(app, menu_row)
    click(app, app.screens.top.items.index(menu_row))
    assert app.screens.waiting_for_key is None  # the menu's row is shown, never chosen
    assert Controls().with_key("undo", ESCAPE) == Refused("fixed", "menu")
    assert Controls().with_button("undo", "start") == Refused("fixed", "menu")
    leave_menus(app)
    press(app, pygame.K_ESCAPE)
    assert app.screens.top.kind is ScreenKind.PAUSE


def test_by_mouse_a_click_on_a_row_waits_for_its_key_and_another_click_moves_on(app):
    open_controls(app)
    items = app.screens.top.items
    click(app, items.index(ControlItem("undo")))
    assert app.screens.waiting_for_key == "undo"
    click(app, items.index(ControlItem("new_game")))  # the other row waits instead
    assert app.screens.waiting_for_key == "new_game"
    press(app, pygame.K_F8)
    assert app.view.notices[-1] == "New game now: F8"
    assert app.settings.controls.keys_of("new_game") == (pygame.K_F8,)
    click(app, app.screens.top.items.index(Item.NEXT_PAGE))
    assert ControlItem("hint") in app.screens.top.items


# -- the pad -----------------------------------------------------------------------------------


def pad(app: App, *codes: int) -> None:
    for code in codes:
        run(app, button(code))


def pad_walk_to(app: App, item) -> None:
    menu = app.screens.top
    for _ in range(len(menu.items)):
        if menu.focused_item == item:
            return
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    raise AssertionError(f"{item} never focused")


@pytest.mark.slow
def test_a_pad_button_of_ones_own_and_one_in_use_refused(app):
    plug_pad(app)
    pad(app, pygame.CONTROLLER_BUTTON_START)
    pad_walk_to(app, Item.SETTINGS)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    pad_walk_to(app, Item.CONTROLS)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # the next page: hint and the others
    pad_walk_to(app, ControlItem("hint"))
    pad(app, pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_Y)  # new game's
    assert app.view.notices[-1] == "Y already does: New game"
    pad(app, pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_START)  # Start cancels
    assert app.screens.waiting_for_key is None and app.settings.controls == Controls()
    pad(app, pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_LEFTSTICK)
    assert app.view.notices[-1] == "Hint now: LS"
    assert app.settings.controls.buttons_of("hint") == ("ls",)
    leave_menus(app)
    pad(app, pygame.CONTROLLER_BUTTON_X)  # free now: asks for nothing
    assert not app.session.assisted
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSTICK)
    assert app.session.assisted  # a hint was asked for (R20)
    assert "LS: hint" in help_controls_page(app)


# -- kept, restored, damaged -------------------------------------------------------------------


@pytest.mark.slow
def test_the_mapping_holds_after_a_restart_and_restore_defaults_brings_the_first_back(tmp_path):
    app = open_app(tmp_path)
    open_controls(app)
    walk_to(app, ControlItem("undo"))
    press(app, pygame.K_RETURN, pygame.K_F7)
    app.close()

    clock = ScriptedClock(end=3.0)
    app = App(Options(seed=5, data_dir=str(tmp_path), sound=False), clock=clock)
    app.use_session(Session(Game.from_grid(GRID, seed=5)))
    moves: list[int] = []
    clock.at(0.5, key(pygame.K_LEFT))
    clock.at(1.0, lambda: moves.append(app.session.game.moves))
    clock.at(1.5, key(pygame.K_F7))
    app.run()  # the real loop
    assert moves == [1] and app.session.game.moves == 0
    assert app.settings.controls.keys_of("undo") == (pygame.K_F7,)
    app.running = True

    open_controls(app)
    click(app, app.screens.top.items.index(Item.RESTORE_DEFAULTS))  # by mouse: asked first
    assert app.screens.top.kind is ScreenKind.CONFIRM_RESTORE
    press(app, pygame.K_RETURN)  # the safe answer is focused: Cancel
    assert app.screens.top.kind is ScreenKind.CONTROLS
    assert app.settings.controls.keys_of("undo") == (pygame.K_F7,)  # nothing thrown away
    click(app, app.screens.top.items.index(Item.RESTORE_DEFAULTS))
    click(app, app.screens.top.items.index(Item.RESTORE_DEFAULTS))  # yes
    assert app.screens.top.kind is ScreenKind.CONTROLS
    assert app.view.notices[-1] == tr("controls_restored", "en")
    app.close()
    app = open_app(tmp_path)
    try:
        assert app.settings.controls == Controls()
        press(app, pygame.K_LEFT, pygame.K_u)
        assert app.session.game.moves == 0
    finally:
        app.close()


@pytest.mark.parametrize(
    "controls",
    [
        {"keys": {"undo": [117], "jump": [32]}},  # an action this game does not know
        {"keys": {"undo": [2**40]}},  # a keycode out of range
        {"keys": {"undo": [0xD800]}},  # a UTF-16 surrogate: no key types it, SDL names none
        {"keys": {"undo": [0xDFFF]}},
        {"keys": {"undo": [ESCAPE]}},  # the menu's key
        {"keys": {"undo": [ord("n")]}},  # new game's too
        {"keys": {"undo": []}},  # no key at all
        {"keys": {"undo": ["u"]}},
        {"buttons": {"hint": ["start"]}},
        {"buttons": {"hint": ["z"]}},
        "wasd",
    ],
)
def test_a_damaged_controls_entry_falls_back_to_the_defaults_alone(tmp_path, controls):
    data = Settings(theme="dark", volume=30).to_dict() | {"controls": controls}
    (tmp_path / "settings.json").write_bytes(encode_document(SETTINGS_FORMAT, data))
    app = open_app(tmp_path)
    try:
        assert app.settings.controls == Controls()
        assert (app.settings.theme, app.settings.volume) == ("dark", 30)
        named = tr("setting_controls", app.lang).lower()
        assert any(named in notice for notice in app.view.notices), app.view.notices
    finally:
        app.close()


# -- where it is read --------------------------------------------------------------------------


@pytest.fixture
def menu_buttons(monkeypatch):
    """Each button the menus draw (game/view/overlays.py): (its rect, words, size)."""
    drawn: list[tuple[pygame.Rect, str, int]] = []
    draw_button = game.view.overlays.draw_button

    def spy(surface, text, theme, rect, words, px, focused, active=True):
        drawn.append((rect.copy(), words, px))
        draw_button(surface, text, theme, rect, words, px, focused, active)

    monkeypatch.setattr(game.view.overlays, "draw_button", spy)
    return drawn


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_fits_the_smallest_window_and_fullscreen_waiting_or_not(
    tmp_path, menu_buttons, lang
):
    app = open_app(tmp_path, lang)
    try:
        open_controls(app)
        for _ in range(app.screens.top.pages):
            for waiting in (False, True):
                if waiting:
                    press(app, pygame.K_RETURN)
                for size in ((320, 400), (1920, 1080)):
                    menu_buttons.clear()
                    drawn_words(app, size)
                    assert len(menu_buttons) == len(app.screens.top.items)
                    window = pygame.Rect((0, 0), size)
                    for rect, label, px in menu_buttons:
                        room = (rect.width - app.view.text.font(px).size(label)[0]) / 2
                        assert px >= 12 and room >= 0.18 * rect.height, (size, label, px)
                        assert window.contains(rect), (size, label)
                if waiting:
                    press(app, pygame.K_ESCAPE)
            press(app, pygame.K_RIGHT)
    finally:
        app.close()


def test_the_help_and_the_readme_say_the_defaults():
    pygame.display.init()
    words = control_words(Controls(), XBOX_LABELS)
    assert {name: words[name] for name in CONTROL_WORDS if name != "pad_more"} == {
        name: word for name, word in CONTROL_WORDS.items() if name != "pad_more"
    }
    table = README.read_text(encoding="utf-8").split("## Controls")[1].split("\n\n")[1]
    rows = {}
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0].split(" (")[0]] = cells
    readme_rows = {
        "Undo": "undo",
        "New game": "new_game",
        "Hint": "hint",
        "Autoplay on / off": "autoplay",
        "Help": "help",
        "Confirm in menus": "confirm",
        "Sound on / off": "mute",
        "Fullscreen": "fullscreen",
    }
    readme_rows["Move"] = "up"
    for row, action in readme_rows.items():
        actions = ("up", "down", "left", "right") if row == "Move" else (action,)
        _, keyboard, pad_cell, _ = rows[row]
        for each in actions:
            for code in DEFAULT_KEYS[each]:
                assert _said(key_name(code), keyboard), (row, key_name(code))
            for name in DEFAULT_BUTTONS[each]:
                said = words["pad_moves"] if row == "Move" else XBOX_LABELS[name]
                assert _said(said, pad_cell), (row, said)
        if not any(DEFAULT_BUTTONS[each] for each in actions):
            assert not re.search(r"\b[ABXY]\b", pad_cell), row
    assert set(readme_rows.values()) | {"down", "left", "right"} == set(ACTIONS)


def _said(word: str, cell: str) -> bool:
    """A key's name in a cell: a letter or arrow anywhere (WASD), a longer name whole."""
    if len(word) == 1:
        return word in cell
    return re.search(rf"(?<![\w+]){re.escape(word)}(?![\w])", cell) is not None


@pytest.mark.slow
def test_what_a_key_did_names_the_player_s_own_key(tmp_path):
    """A word on the mute key's doing names the key the player gave it, and a newcomer's tip
    the help's key they gave it, not the defaults (M, F1)."""
    app = App(Options(seed=5, data_dir=str(tmp_path), sound=False))
    try:
        assert tr("first_tip_help", "en", keys="F1") in app.view.model.tip
        for action, code in (("mute", pygame.K_o), ("help", pygame.K_F2)):
            open_controls(app)
            walk_to(app, ControlItem(action))
            press(app, pygame.K_RETURN, code)
            leave_menus(app)
        assert tr("first_tip_help", "en", keys="F2") in app.view.model.tip
        press(app, pygame.K_o)
        assert app.view.notices[-1] == tr("sound_off", "en", keys="O")
    finally:
        app.close()


def test_an_arrow_the_player_gave_away_still_moves_through_the_menus(tmp_path):
    """Move up remapped to I took the Up arrow off every menu (issue 33): an arrow no action
    holds keeps its direction; one the player gives another action does that instead."""
    app = open_app(tmp_path)
    try:
        open_controls(app)
        walk_to(app, ControlItem("up"))
        press(app, pygame.K_RETURN, pygame.K_i)
        assert app.settings.controls.keys_of("up") == (pygame.K_i,)
        menu = app.screens.top
        focus = menu.focus
        press(app, pygame.K_UP)  # still up in the menu
        assert menu.focus != focus
        press(app, pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_ESCAPE)
        assert app.screens.top is None
        moves = app.session.game.moves
        moved = Direction.UP in app.session.game.valid_directions()
        press(app, pygame.K_i)  # and I moves the board up, as asked
        assert app.session.game.moves == moves + moved
    finally:
        app.close()
