"""A child process for the persistence tests: plays the real app with posted key presses,
prints the game it leaves, then quits the way it is told (close button, Ctrl+Q) or waits to
be killed. Usage: app_driver.py DATA_DIR close|ctrl_q|kill MOVES"""

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

ARROWS = {"left": pygame.K_LEFT, "down": pygame.K_DOWN, "right": pygame.K_RIGHT, "up": pygame.K_UP}


def main() -> None:
    data_dir, how, moves = sys.argv[1], sys.argv[2], int(sys.argv[3])
    app = App(Options(data_dir=data_dir, sound=False))
    step = app.loop.step
    for index in range(moves):
        valid = app.session.game.valid_directions()  # a game with no seed: every key moves
        if not valid:  # over (a small board's random game can end soon): left as it is
            break
        key = ARROWS[valid[index % len(valid)]]
        app.frame(step, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
        for _ in range(30):  # a quarter second of play: the clock runs
            app.frame(step, [])
    app.frame(step, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="")])
    app.archive.flush()  # the autosave's writer thread has put the last move on disk
    print(json.dumps(app.session.game.to_dict()), flush=True)
    if how == "kill":
        time.sleep(60)  # the test kills us here, after the last autosave
        return
    if how == "close":
        pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
    else:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="")
        )
    code = app.run()
    app.close()
    sys.exit(code)


if __name__ == "__main__":
    main()
