"""Makes the README's pictures of three menus from the real game: docs/board-sizes.png (the
Board size menu), docs/goals.png (the statistics' Goals page, one goal met) and
docs/controls.png (Settings, Controls, waiting for Undo's new key).

It runs the app headless in a fresh data folder, in English and the default look, and reaches
each menu by the player's own commands: the same pictures every time until the look changes.

Run from the repository root: python build/make_menu_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile

import pygame
from make_screenshot import ROOT, english_settings, keep_picture

from game.app import App, Options
from game.core.engine import Game
from game.play import commands
from game.play.session import Session
from game.screens.menus import ControlItem
from game.screens.screen import Item
from game.view.notice_board import NOTICE_SECONDS

WINDOW = (540, 720)
DOCS = ROOT / "docs"
# A board one move from a 512: Left merges the two 256s (the goal "512 without undo").
NEAR_512 = ((256, 256, 8, 2), (4, 16, 2, 0), (2, 0, 0, 0), (0, 0, 0, 0))


def shot(app: App) -> pygame.Surface:
    for _ in range(60):  # half a second: the menu has faded in
        app.frame(app.loop.step, [])
    app.draw()
    return app.window.get_surface().copy()


def choose(app: App, item) -> None:
    app.command(commands.Select(app.screens.top.items.index(item)))


def render(data_dir: str) -> dict[str, pygame.Surface]:
    english_settings(data_dir, WINDOW)
    app = App(Options(data_dir=data_dir, seed=1, size=4, fullscreen=False, sound=False))
    pictures = {}
    try:
        app.use_session(Session(Game.from_grid(NEAR_512, seed=1)))
        app.command(commands.Move("left"))
        for _ in range(round((NOTICE_SECONDS + 1) / app.loop.step)):  # its notice has gone
            app.frame(app.loop.step, [])
        app.command(commands.Pause())
        choose(app, Item.SIZES)
        pictures["board-sizes"] = shot(app)
        app.command(commands.Back())
        choose(app, Item.STATS)
        while app.screens.top.page < app.screens.top.pages - 1:  # the goals, last
            choose(app, Item.NEXT_PAGE)
        pictures["goals"] = shot(app)
        app.command(commands.Back())
        choose(app, Item.SETTINGS)
        choose(app, Item.CONTROLS)
        choose(app, ControlItem("undo"))
        pictures["controls"] = shot(app)
        return pictures
    finally:
        app.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        pictures = render(data_dir)
    for name, picture in pictures.items():
        keep_picture(picture, DOCS / f"{name}.png")


if __name__ == "__main__":
    sys.exit(main())
