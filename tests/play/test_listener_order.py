"""The order in which the session's events reach their listeners (game/app/root.py, App.listeners):
the statistics before the autosave that writes them, so that the records on disk are never a
move behind the game (R19). Seeded games on real storage: the same moves every run."""

from __future__ import annotations

import pygame
import pytest
from helpers.archive import kept_in

from game.app import App, Options

ARROWS = (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP)


def press(app: App, code: int) -> None:
    app.frame(app.loop.step, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_records_on_disk_keep_up_with_the_game_after_every_move_R19(tmp_path, seed):
    app = App(Options(seed=seed, data_dir=str(tmp_path), sound=False))
    try:
        scored = 0
        for index in range(24):
            press(app, ARROWS[index % 4])
            app.archive.flush()
            score = app.session.game.score
            kept = kept_in(tmp_path)
            on_disk = kept.stats.best_score(4)
            saved = kept.in_play[4][0]
            assert saved.moves == app.session.game.moves
            assert on_disk == app.view.model.best == score  # a best on screen is a best on disk
            scored += score > 0
        assert scored  # the moves merged tiles: the test saw a best rise
    finally:
        app.close()
