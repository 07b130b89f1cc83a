"""A notice never hides a button or the score (issue 33): after "Export to a file" the card's
buttons vanished for seconds, two goals met at a win hid the final score, and notices lay over
the words of the Controls, Help and Settings screens. A notice goes where the screen leaves
room; where it leaves none, a band across the window's top holds it and the screen is drawn
under it, where a click still finds each button."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from helpers.games import keep_games, open_games, press
from helpers.view import GRID, READABLE_PX, TextLog, every_menu, show, use_look

from game.app import App, Options
from game.core.engine import Game
from game.play.session import Session
from game.text import LANGUAGES, tr
from game.view.layout import header_above

WINDOWS = ((320, 400), (540, 720), (1920, 1080))
LONG = tr("export_done", "en", file="/home/someone/Documents/2048/game-2026-12-03-19-11.2048.json")


def told(app: App, *words: str) -> None:
    app.view.notices = []
    for notice in words:
        app.view.show_notice(notice)


def clear_of_notices(app: App, size: tuple[int, int], rects) -> list[pygame.Rect]:
    """Of `rects`, each one a notice hides, or one out of the window."""
    window = pygame.Rect(0, 0, *size)
    boxes = app.view.notice_rects
    assert boxes and all(window.contains(box) for box in boxes)
    return [r for r in rects if not window.contains(r) or r.collidelist(boxes) != -1]


def frame(app: App, size: tuple[int, int]) -> None:
    app.view.dirty = True
    app.view.draw(pygame.Surface(size), app.snapshot())


@pytest.fixture
def playing(tmp_path):
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    game = Game.from_grid(GRID, seed=1, score=123456, moves=1234, seconds=3599.0)
    app.use_session(Session.restore(game, {}))
    yield app
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_notice_hides_the_score_or_a_button_of_the_game_or_its_menus(playing, lang):
    app = playing
    use_look(app, lang=lang)
    goals = (tr("goal_met", lang, goal="2048"), tr("goal_met", lang, goal="20,000"))
    for name, menu in [("game", None), *every_menu()]:
        show(app, app.session, menu)
        for size in WINDOWS:
            for words in (goals, (LONG,), (tr("sound_off", lang, keys="M"),)):
                told(app, *words)
                frame(app, size)
                layout = app.view.layout
                needed = [layout.score, layout.best, layout.board]
                if menu is None or name in ("won", "over"):
                    needed += layout.buttons.values()
                needed += app.view.menu_rects
                assert not clear_of_notices(app, size, needed), (name, size, words)
                if menu is not None and name not in ("won", "over"):  # over the menu's words
                    assert all(box.bottom <= app.view.offset for box in app.view.notice_rects)


def test_a_click_finds_a_button_under_the_notices_band(playing):
    """In the real loop: the long notice's band moves the game down; a click on the HUD's
    Menu button, where it is drawn now, opens the menu."""
    app = playing
    app.window.size = (320, 400)
    told(app, LONG)
    app.frame(1 / 60, [pygame.event.Event(pygame.WINDOWSIZECHANGED)])
    assert app.view.offset > 0
    menu = app.view.layout.buttons["menu"]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, pos=menu.center, button=1)])
    assert app.screens.top is not None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_exporting_leaves_the_card_s_buttons_in_sight_and_working(tmp_path, lang):
    keep_games(tmp_path, 1, moves=30)
    app = App(Options(seed=5, leave_files=True, data_dir=str(tmp_path), sound=False))
    try:
        use_look(app, lang=lang)
        open_games(app)
        press(app, pygame.K_RETURN)
        card = app.screens.top.kind
        for size in WINDOWS:
            told(app, tr("export_done", lang, file=str(tmp_path / "a-long-name.2048.json")))
            frame(app, size)
            assert not clear_of_notices(app, size, app.view.games_view.pieces), size
        app.window.size = (320, 400)
        app.frame(1 / 60, [pygame.event.Event(pygame.WINDOWSIZECHANGED)])
        assert app.view.offset > 0  # the export's words take a band at 320x400
        items = app.view.games_view.rects
        back = items[max(items)]  # Back, the card's last item
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.frame(1 / 60, [pygame.event.Event(kind, pos=back.center, button=1)])
        assert app.screens.top.kind is not card  # back to the list
    finally:
        app.close()


@pytest.mark.parametrize("text_size", ["normal", "largest"])
def test_under_a_band_the_game_keeps_its_arrangement_and_its_words_read(playing, text_size):
    """The band made the 540x720 window squarer: its header flipped beside the board, its
    info line some 10 px tall. Under the band the header stays above the board, readable."""
    app = playing
    app.use_settings(replace(app.settings, text_size=text_size))
    log = TextLog(app)
    try:
        for size in ((540, 720), (1920, 1080)):
            app.view.notices = []
            plain = {t.words: t.px for t in log.texts(size, app.session, "hud")}
            above = header_above(app.view.layout)
            told(app, LONG)
            texts = log.texts(size, app.session, "hud")
            assert app.view.offset > 0 or size != (540, 720), size  # a band in the first window
            assert header_above(app.view.layout) == above, size
            assert min(t.px for t in texts if t.words.strip()) >= READABLE_PX, size
            assert len(texts) == len(plain), size
    finally:
        log.close()
