"""The real app, headless, played on command from its standard input: the player that
bench/storage_attacks.py attacks the kept games of.

    archive_player.py DATA_DIR

Each line read is a command; each answers with one line of JSON:
    play N    N moves, each a key then eight frames of animation: {"steps", "worst_ms"}
    idle S    frames for S seconds of real time (the writer catches up): {"worst_ms"}
    quit      close the app: {"steps", "notices"} (every notice shown in the run)
"worst_ms" is the longest frame of the command, measured with the real clock.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402

KEYS = {"left": pygame.K_LEFT, "down": pygame.K_DOWN, "right": pygame.K_RIGHT, "up": pygame.K_UP}


def main() -> None:
    app = App(Options(data_dir=sys.argv[1], sound=False))
    shown: list[str] = []
    show = app.view.show_notice
    app.view.show_notice = lambda text, *rest: (shown.append(text), show(text, *rest))
    step = app.loop.step
    steps = 0

    def frame(events) -> float:
        started = time.perf_counter()
        app.frame(step, events)
        return time.perf_counter() - started

    for line in sys.stdin:
        command, *rest = line.split()
        worst = 0.0
        if command == "play":
            for index in range(int(rest[0])):
                game = app.session.game
                valid = game.valid_directions()
                if not valid:
                    break
                before = game.moves
                key = KEYS[valid[index % len(valid)]]
                down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")
                worst = max(worst, frame([down]))
                steps += app.session.game.moves != before
                for _ in range(8):
                    worst = max(worst, frame([]))
            answer = {"steps": steps, "worst_ms": worst * 1000}
        elif command == "idle":
            until = time.monotonic() + float(rest[0])
            while time.monotonic() < until:
                worst = max(worst, frame([]))
                time.sleep(step)
            answer = {"worst_ms": worst * 1000}
        else:
            app.close()
            answer = {"steps": steps, "notices": shown}
        print(json.dumps(answer), flush=True)
        if command == "quit":
            return


if __name__ == "__main__":
    main()
