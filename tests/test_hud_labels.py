"""The HUD's buttons read on one line (issue 24): in Greek at 540x720 "Νέο παιχνίδι" broke
onto two lines and the labels fell under 12 px. At every window size, in both languages, each
button's label is drawn whole, on one line, at a readable size, and its ink ends clear of the
button's edges."""

from __future__ import annotations

import pygame
import pytest
from helpers.view import READABLE_PX, SIZES, TextLog

from game.app import App, Options
from game.core.engine import Game
from game.play.session import Session
from game.text import LANGUAGES, tr

# Every size the HUD must serve (1900x400: short buttons), and narrow windows whose header
# is just wide enough for a row of five buttons.
WINDOWS = (*SIZES, (380, 420), (480, 640), (500, 700))
MARGIN = 0.18  # the least room on each side of a label, in button heights
GRID = [[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 2048, 4096], [0, 2, 0, 4]]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = App(Options(seed=1, data_dir=str(tmp_path_factory.mktemp("data")), sound=False))
    game = Game.from_grid(GRID, seed=1, score=123456, moves=1234, seconds=3599.0)
    app.use_session(Session.restore(game, {}))
    yield app
    app.close()


def label_ink(surface: pygame.Surface, rect: pygame.Rect, theme) -> pygame.Rect | None:
    """Where the words' colour lies in a button, its rounded corners' rows left out (their
    smoothing blends the face into the background, which may be as light as the words). A
    button that cannot act now (Undo with none left) is an outline with muted words."""
    face = surface.get_at((rect.left + rect.height // 8, rect.centery))[:3]
    ink = theme.panel_text if face == theme.panel else theme.muted_text
    outline = max(1, rect.height // 16) + 1  # an outline button's edge: muted as its words
    band = rect.inflate(-2 * outline, -2 * (rect.height // 8 + 1))
    mask = pygame.mask.from_threshold(surface.subsurface(band), ink, (48, 48, 48, 255))
    boxes = mask.get_bounding_rects()
    return boxes[0].unionall(boxes[1:]).move(band.topleft) if boxes else None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hud_button_label_fits_on_one_line_clear_of_its_edges(app, lang):
    app.view.lang = lang
    log = TextLog(app.view)
    try:
        for window in WINDOWS:
            for autoplaying in (False, True):
                app.session.autoplaying = autoplaying
                surface, texts = log.frame(window, app.session)
                drawn = {t.words: t.px for t in texts if t.part == "hud"}
                layout = app.view.layout
                for name, rect in layout.buttons.items():
                    key = "stop" if name == "autoplay" and autoplaying else name
                    label = tr(key, lang)
                    where = (window, label)
                    assert label in drawn, where  # whole: not broken into its words
                    px = drawn[label]
                    assert px >= READABLE_PX, (where, px)
                    font = app.view.text.font(px)
                    ink = label_ink(surface, rect, app.view.theme)
                    assert ink is not None, where
                    assert ink.height <= font.get_linesize(), where  # one line
                    room = min(ink.left - rect.left, rect.right - ink.right)
                    assert room >= MARGIN * rect.height, (where, room, rect)
    finally:
        log.close()
        app.session.autoplaying = False
