"""A child process for the records tests: plays the real app with posted key presses, a few
seconds of thought before each move, prints what it played, and waits to be killed.
Usage: records_driver.py DATA_DIR MOVES SECONDS_A_MOVE"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the checkout

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402

KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN}


def main() -> None:
    data_dir, moves, thought = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    app = App(Options(data_dir=data_dir, sound=False))
    for _ in range(moves):
        direction = app.session.game.valid_directions()[0]
        event = pygame.event.Event(pygame.KEYDOWN, key=KEYS[direction], mod=0, unicode="")
        app.frame(thought, [event])  # the thought passes, then the key comes
    app.archive.flush()  # the last move's saves are on disk
    print(json.dumps({"game": app.session.game.to_dict()}), flush=True)
    time.sleep(60)  # the test kills us here


if __name__ == "__main__":
    main()
