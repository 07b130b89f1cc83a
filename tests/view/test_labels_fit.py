"""Every button's label fits its button (issue 24): on every menu and every kept games' screen,
in the smallest window, a common one and full HD, in both languages, each label is drawn at a
readable size and ends clear of the button's edges and its focus ring (fullscreen, Greek
"Χειρότερες" touched both edges of its button)."""

from __future__ import annotations

import pytest
from helpers.games import keep_games, screens, stand_in, stand_in_rollouts
from helpers.view import every_menu, misfits, show, use_look

from game.app import App, Options
from game.core.engine import Game
from game.play.session import Session
from game.text import LANGUAGES

WINDOWS = ((320, 400), (540, 720), (1900, 400), (1920, 1080))  # 1900x400: short buttons


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_menu_s_labels_fit_their_buttons(tmp_path, drawn_buttons, lang):
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    grid = [[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 2048, 4096], [0, 2, 0, 4]]
    game = Game.from_grid(grid, seed=1, score=123456, moves=1234, seconds=3599.0)
    session = Session.restore(game, {})
    app.use_session(session)
    use_look(app, lang=lang)
    app.show()  # the settings' values in that language
    try:
        for name, menu in every_menu():
            show(app, session, menu)
            for window in WINDOWS:
                assert not misfits(app, drawn_buttons, window), (name, window)
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_games_screen_s_labels_fit_their_buttons(tmp_path, drawn_buttons, lang):
    keep_games(tmp_path, 8, moves=60)
    app = App(Options(seed=5, leave_files=True, data_dir=str(tmp_path), sound=False))
    app.games_screens.analyse = stand_in(per_poll=20, scale=100)
    app.games_screens.play_on = stand_in_rollouts(per_poll=1)
    use_look(app, lang=lang)
    try:
        for name in screens(app):
            for window in WINDOWS:
                assert not misfits(app, drawn_buttons, window), (name, window)
    finally:
        app.close()
