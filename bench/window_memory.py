"""The game's memory (resident set) as its window grows to SDL's largest and shrinks back.

    python bench/window_memory.py

A window 16384 px square draws gigabytes (its veil alone is 1 GB); shrunk back, the game should
hold what the small window needs, not what the big one did."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402

KEYS = (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN)


def resident_mb() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) // 1024
    return -1


def play(app: App, keys=KEYS) -> None:
    """Slides, merges and the pause menu's veil, drawn."""
    for code in (*keys, pygame.K_ESCAPE, pygame.K_ESCAPE):
        app.frame(app.loop.step, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0)])
        for _ in range(20):
            app.frame(app.loop.step, [])


def main() -> None:
    if not Path("/proc/self/status").exists():
        sys.exit("this benchmark reads /proc (Linux)")
    with tempfile.TemporaryDirectory() as data:
        app = App(Options(data_dir=data, sound=False))
        try:
            play(app)
            print(f"{'window':>13}  resident")
            print(f"{'800x600':>13}  {resident_mb():5d} MB")
            for side in (4096, 8192, 16384, 800):
                app.window.size = (side, side * 3 // 4 if side == 800 else side)
                app.frame(app.loop.step, [pygame.event.Event(pygame.WINDOWSIZECHANGED)])
                play(app)
                width, height = app.window.size
                print(f"{f'{width}x{height}':>13}  {resident_mb():5d} MB")
        finally:
            app.close()


if __name__ == "__main__":
    main()
