"""Makes docs/practice.png, the README's picture of a game's mistakes tried again, from the
real game: one careless game of 4x4 kept, reviewed by the real solver and its games played on,
then Practise mistakes on its card and the worst mistake answered with the move the game made
(still costly: the verdict, the review's figures and the two arrows show).

The game is made the same way every time (make_charts_screenshot.played_game: a random move one
time in three, else the solver's choice one move deep). The review plays on after its worst
moves, which takes a minute or two. Run it again after changing the look.

Run from the repository root: python build/make_practice_screenshot.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from datetime import UTC, datetime

import pygame
from make_charts_screenshot import played_game
from make_screenshot import ROOT, english_settings, keep_picture

from game.app import App, Options
from game.kept_games.archive.games_archive import Archive
from game.play import commands
from game.screens.items import GAME_ITEMS, Control
from game.screens.screen import Item, ScreenKind
from game.solver.search import Solver

SEED = 7
SLIP = 1 / 3
WINDOW = (540, 720)
REVIEW_LIMIT_S = 600
OUTPUT = ROOT / "docs" / "practice.png"


def render(data_dir: str) -> pygame.Surface:
    english_settings(data_dir, WINDOW)
    archive = Archive.open(data_dir, background=False, durable=False)
    archive.add_record(played_game(Solver(4), SEED, SLIP, datetime.now(UTC)), imported=False)
    archive.close()
    app = App(Options(data_dir=data_dir, seed=1, size=4, fullscreen=False, sound=False))
    step = app.loop.step
    try:
        app.command(commands.Pause())
        app.command(commands.Select(app.screens.top.items.index(Item.GAMES)))
        app.command(commands.Select(0))  # the game
        deadline = time.monotonic() + 30
        while app.games_screens.record is None and time.monotonic() < deadline:
            app.frame(step, [])
        app.command(commands.Select(GAME_ITEMS.index(Control.PRACTISE)))
        deadline = time.monotonic() + REVIEW_LIMIT_S
        while app.screens.top.practice is None:
            if time.monotonic() > deadline:
                raise SystemExit("the review did not finish")
            app.frame(step, [])
            time.sleep(0.01)
        practice = app.screens.top.practice
        if app.screens.top.kind is not ScreenKind.PRACTICE or not practice.todo:
            raise SystemExit("the game made no mistake to practise")
        app.command(commands.Move(practice.grade.played))
        for _ in range(120):  # a second: the arrows and the verdict have settled
            app.frame(step, [])
        app.draw()
        return app.window.get_surface().copy()
    finally:
        app.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        picture = render(data_dir)
    keep_picture(picture, OUTPUT)


if __name__ == "__main__":
    sys.exit(main())
