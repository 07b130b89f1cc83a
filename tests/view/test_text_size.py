"""The text size (issues 23, 33): Normal, Large or Largest, stepped in the settings menu like
any setting. Every screen honours it: a word grows where its place has room (the HUD's buttons,
a menu's items, a help page's buttons), and where it has none the fit keeps it inside, so at
every size, in every window from the smallest to full HD and in both languages, each label still
fits its button. A help page's prose fills the window at Normal already: at the larger sizes
each page comes in parts, so that its words grow too.
The size is kept with the settings; a value this version cannot read is Normal again."""

from __future__ import annotations

import itertools

import pygame
import pytest
from helpers.games import keep_games, screens, stand_in, stand_in_rollouts
from helpers.keys import key
from helpers.layout import EXTREMES, HEIGHTS, WIDTHS, check_layout
from helpers.loop import ScriptedClock
from helpers.view import GRID, TextLog, check_hud_labels, every_menu, label_ink, misfits, show

from game.app import App, Options
from game.core.engine import BOARD_SIZES, Game
from game.core.settings import MIN_WINDOW, TEXT_SIZE_FACTOR, Settings
from game.play.session import Session
from game.screens.menus import PAUSE_ITEMS, SETTINGS_ITEMS, SettingItem
from game.screens.screen import PAGE_ITEMS, Item, ScreenKind
from game.storage.envelope import SETTINGS_FORMAT, encode_document
from game.text import LANGUAGES, tr
from game.view.layout import compute_layout

GROWN = 1.2  # at Largest, a word with room reads at least this much taller than at Normal
WINDOWS = ((320, 400), (540, 720), (1920, 1080))  # the smallest, the first, fullscreen
LARGER = ("large", "largest")  # Normal is the other tests' own
TEXT_SIZE_ROW = SETTINGS_ITEMS.index(SettingItem("text_size"))


def save_settings(folder, **values) -> None:
    data = Settings().to_dict() | values
    (folder / "settings.json").write_bytes(encode_document(SETTINGS_FORMAT, data))


def label_height(app: App, rect: pygame.Rect) -> int:
    """How tall the words of the button at `rect` read in the window's last frame."""
    ink = label_ink(app.window.get_surface(), rect, app.view.theme)
    assert ink is not None, rect
    return ink.height


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_stepping_the_text_size_in_the_settings_menu_makes_the_words_bigger(tmp_path, lang):
    """In the real loop, by keyboard: the settings menu's Back, the HUD's Menu button and the
    help page's Back read taller at each step up, and stop growing at Largest."""
    save_settings(tmp_path, language=lang)
    clock = ScriptedClock(end=9.0)
    app = App(Options(seed=11, data_dir=str(tmp_path), sound=False), clock=clock)
    heights: dict[str, list[int]] = {"hud": [], "settings": [], "help": []}
    sizes: list[str] = []
    prose: list[int] = []  # the help page's body size

    def hud() -> None:
        assert app.screens.top is None
        heights["hud"].append(label_height(app, app.view.layout.buttons["menu"]))

    def settings() -> None:
        menu = app.screens.top
        assert menu is not None and menu.kind is ScreenKind.SETTINGS and menu.focus == TEXT_SIZE_ROW
        sizes.append(app.settings.text_size)
        back = app.view.menu_rects[SETTINGS_ITEMS.index(Item.BACK)]
        heights["settings"].append(label_height(app, back))

    def help_page() -> None:
        assert app.screens.top is not None and app.screens.top.kind is ScreenKind.HELP
        heights["help"].append(label_height(app, app.view.menu_rects[PAGE_ITEMS.index(Item.BACK)]))
        log = TextLog(app)
        try:
            texts = log.texts(app.window.size, app.session, "menu")
        finally:
            log.close()
        prose.append(min(text.px for text in texts if text.weight == "Regular"))

    def keys(start: float, *codes: int) -> float:
        for code in codes:
            clock.at(start, key(code))
            start += 0.15
        return start

    clock.at(0.5, hud)
    keys(0.6, pygame.K_F1)
    clock.at(1.2, help_page)
    to_settings = [pygame.K_DOWN] * list(PAUSE_ITEMS).index(Item.SETTINGS) + [pygame.K_RETURN]
    t = keys(1.3, pygame.K_ESCAPE, pygame.K_ESCAPE, *to_settings, *[pygame.K_DOWN] * TEXT_SIZE_ROW)
    for step in range(4):  # Normal, Large, Largest, and Right once more: it stays Largest
        clock.at(t + 0.5, settings)
        t = keys(t + 0.6, pygame.K_RIGHT) if step < 3 else t + 0.6
    t = keys(t, pygame.K_ESCAPE, pygame.K_ESCAPE)
    clock.at(t + 0.5, hud)
    keys(t + 0.6, pygame.K_F1)
    clock.at(t + 1.2, help_page)
    try:
        assert app.run() == 0
    finally:
        app.close()
    assert sizes == ["normal", "large", "largest", "largest"]
    normal, large, largest, again = heights["settings"]
    assert normal < large < largest == again, heights
    assert largest >= GROWN * normal, heights
    before, after = heights["hud"]
    assert after >= GROWN * before, heights["hud"]
    before, after = heights["help"]
    assert after > before, heights["help"]  # a row's labels: as wide as the window lets them
    assert prose[1] >= GROWN * prose[0], prose  # each page in parts: its words grow (issue 33)


@pytest.mark.slow
@pytest.mark.parametrize("text_size", LARGER)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hud_button_label_still_fits(tmp_path, lang, text_size):
    """The HUD's check (tests/view/test_hud_labels.py), at the larger sizes, in every window size:
    on one line, readable, clear of its button's edges."""
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    grid = GRID
    game = Game.from_grid(grid, seed=1, score=123456, moves=1234, seconds=3599.0)
    app.use_session(Session.restore(game, {}))
    try:
        for _ in range(1 + LARGER.index(text_size)):  # up from Normal
            app.change_setting("text_size", 1)  # as the settings menu steps it
        assert drawn_scale(app) == TEXT_SIZE_FACTOR[text_size]
        check_hud_labels(app, lang)
        for window in WINDOWS:
            assert not spilled(app, window), window
    finally:
        app.close()


def drawn_scale(app: App) -> float:
    """The text's scale of a frame drawn now (the look comes with the snapshot drawn)."""
    app.view.draw(pygame.Surface(app.window.size), app.snapshot())
    return app.view.text.scale


def spilled(app: App, window: tuple[int, int]) -> int:
    """How many pixels of a frame at `window` are drawn outside the HUD's and the board's
    places: a word that spilled out of its box, over a neighbour or the margin."""
    surface = pygame.Surface(window)
    app.view.draw(surface, app.snapshot())
    layout = app.view.layout
    background = app.view.theme.background
    mask = pygame.mask.from_threshold(surface, background, (1, 1, 1, 255))
    mask.invert()
    for rect in (*layout.rects(), layout.rise):
        mask.erase(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    return mask.count()


@pytest.mark.slow
@pytest.mark.parametrize("text_size", LARGER)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_menu_s_labels_still_fit(tmp_path, drawn_buttons, lang, text_size):
    """The menus' check (tests/view/test_labels_fit.py), at the larger sizes."""
    save_settings(tmp_path, language=lang, text_size=text_size)
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    grid = GRID
    session = Session.restore(Game.from_grid(grid, seed=1, score=123456, moves=1234), {})
    app.use_session(session)
    try:
        assert drawn_scale(app) == TEXT_SIZE_FACTOR[text_size]
        for name, menu in every_menu():
            show(app, session, menu)
            for window in WINDOWS:
                assert not misfits(app, drawn_buttons, window), (name, window)
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_games_screen_s_labels_still_fit(tmp_path, drawn_buttons, lang):
    """The kept games' screens' check (tests/view/test_labels_fit.py), at Largest."""
    keep_games(tmp_path, 8, moves=60)
    save_settings(tmp_path, language=lang, text_size="largest")
    app = App(Options(seed=5, leave_files=True, data_dir=str(tmp_path), sound=False))
    app.games_screens.analyse = stand_in(per_poll=20, scale=100)
    app.games_screens.play_on = stand_in_rollouts(per_poll=1)
    try:
        assert drawn_scale(app) == TEXT_SIZE_FACTOR["largest"]
        for name in screens(app):
            for window in WINDOWS:
                assert not misfits(app, drawn_buttons, window), (name, window)
    finally:
        app.close()


def test_a_larger_text_size_s_layout_still_lies_apart_in_the_window():
    """The header takes its roomier arrangement at a larger size: the layout's own check
    (tests/view/test_layout.py) holds for it, in every common window and the odd shapes."""

    def larger(width, height, size):
        return compute_layout(width, height, size, large_text=True)

    common = itertools.product(WIDTHS, HEIGHTS)
    for width, height in (*common, *EXTREMES, MIN_WINDOW):
        for size in BOARD_SIZES:
            check_layout(width, height, size, large_text=True)
            assert larger(width, height, size).board.width >= min(width, height) / 3


def test_the_text_size_is_kept_across_a_restart(tmp_path):
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    try:
        app.change_setting("text_size", 1)
    finally:
        app.close()
    again = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    try:
        assert again.settings.text_size == "large"
        assert drawn_scale(again) == TEXT_SIZE_FACTOR["large"]
        shown = again.view.model.setting_values["text_size"]
        assert shown == tr("value_text_large", again.lang)
    finally:
        again.close()


@pytest.mark.parametrize("bad", ["huge", "Largest", 2, None, ["large"]])
def test_a_text_size_this_version_cannot_read_is_normal_and_said(tmp_path, bad):
    save_settings(tmp_path, theme="dark", language="en", text_size=bad)
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    try:
        assert app.settings.text_size == "normal"
        assert drawn_scale(app) == TEXT_SIZE_FACTOR["normal"]
        assert app.settings.theme == "dark"  # the others are kept
        named = tr("setting_text_size", "en").lower()
        assert any(named in notice.lower() for notice in app.view.notices), app.view.notices
    finally:
        app.close()
