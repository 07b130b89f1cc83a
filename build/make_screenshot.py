"""Makes docs/screenshot.png, the picture at the top of the README, from the real game.

It runs the app headless with a fixed seed in a fresh data folder, plays a fixed number of
moves chosen by a fixed rule, lets the animations settle, and saves the window: the same
picture every time until the game's look changes. Run it again after changing the look.

Run from the repository root: python build/make_screenshot.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402
from game.core.engine import Direction, shift  # noqa: E402
from game.core.settings import Settings  # noqa: E402
from game.play import commands  # noqa: E402
from game.storage.store import Storage  # noqa: E402

SEED = 2048
MOVES = 250
WINDOW = (540, 720)
# The classic corner strategy: down, then left, then right; up only when nothing else moves.
PREFERENCE = (Direction.DOWN, Direction.LEFT, Direction.RIGHT, Direction.UP)
OUTPUT = ROOT / "docs" / "screenshot.png"


def next_move(grid) -> Direction | None:
    for direction in PREFERENCE:
        if shift(grid, direction).moved:
            return direction
    return None


def english_settings(data_dir: str, window: tuple[int, int]) -> None:
    """A fresh data folder's settings: English and the default look, whatever the machine, in
    a window of `window`."""
    storage = Storage(data_dir).open()
    storage.save_settings(Settings(language="en", window_size=window))
    storage.close()


def keep_picture(picture: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(exist_ok=True)
    pygame.image.save(picture, path)
    print(f"wrote {path.relative_to(ROOT)}")


def render(data_dir: str) -> pygame.Surface:
    english_settings(data_dir, WINDOW)
    app = App(Options(data_dir=data_dir, seed=SEED, size=4, fullscreen=False, sound=False))
    step = app.loop.step
    try:
        for _ in range(MOVES):
            direction = next_move(app.session.game.grid)
            if direction is None or app.session.game.over:
                break
            app.command(commands.Move(direction))
            for _ in range(12):  # a tenth of a second between moves
                app.frame(step, [])
        for _ in range(240):  # two seconds: every slide, pop and "+N" has finished
            app.frame(step, [])
        app.draw()
        return app.window.get_surface().copy()
    finally:
        app.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        picture = render(data_dir)
    if picture.get_size() != WINDOW:
        raise SystemExit(f"the window is {picture.get_size()}, not {WINDOW}")
    keep_picture(picture, OUTPUT)


if __name__ == "__main__":
    main()
