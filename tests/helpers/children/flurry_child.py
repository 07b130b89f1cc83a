"""The real app played as fast as keys come, a move (and now and then an undo) a frame, until
killed: the kill tests' player in a flurry.

flurry_child.py DATA_DIR SEED   prints "step N SCORE" once the N-th step has been handed to
the saves and the archive, then plays on; at the game's end it prints "over" and waits."""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the checkout

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402

KEYS = {"left": pygame.K_LEFT, "down": pygame.K_DOWN, "right": pygame.K_RIGHT, "up": pygame.K_UP}


def main() -> None:
    data_dir, seed = sys.argv[1], int(sys.argv[2])
    chooser = random.Random(seed)  # which keys; the game's own tiles are unseeded, as a player's
    app = App(Options(data_dir=data_dir, sound=False))
    step = app.loop.step
    steps = 0
    while True:
        game = app.session.game
        if game.over or game.won:
            os.write(1, b"over\n")
            time.sleep(60)
        before = (game.moves, game.undos_left)
        if chooser.random() < 0.1 and game.can_undo():
            key = pygame.K_u
        else:
            key = KEYS[chooser.choice(game.valid_directions()).value]
        app.frame(step, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
        game = app.session.game
        if (game.moves, game.undos_left) != before:
            steps += 1
            os.write(1, f"step {steps} {game.score}\n".encode())


if __name__ == "__main__":
    main()
