"""The HUD's buttons read on one line (issue 24): in Greek at 540x720 "Νέο παιχνίδι" broke
onto two lines and the labels fell under 12 px. At every window size, in both languages, each
button's label is drawn whole, on one line, at a readable size, and its ink ends clear of the
button's edges."""

from __future__ import annotations

import pytest
from helpers.view import GRID, check_hud_labels

from game.core.engine import Game
from game.play.session import Session
from game.text import LANGUAGES

APP_SEED = 1


@pytest.fixture(scope="module")
def app(module_app):
    game = Game.from_grid(GRID, seed=1, score=123456, moves=1234, seconds=3599.0)
    module_app.use_session(Session.restore(game, {}))
    return module_app


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hud_button_label_fits_on_one_line_clear_of_its_edges(app, lang):
    check_hud_labels(app, lang)
