"""CPU use of the running game in a real window: idle (nothing moves, the clock ticks) and
with moves animating back to back on 6x6 (a key every 100 ms). Goals: idle at most 3% of one
core; animating at most 25%. Needs a display (a desktop, or a virtual one such as Xvfb).
Run: python bench/cpu.py [--seconds N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402

KEYS = (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN)


def share_of_a_core(size: int, seconds: float, keys_every: float | None) -> float:
    """Run the real loop; return the main process's CPU share over `seconds` after warm-up."""
    result: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as data:
        app = App(Options(data_dir=data, sound=False, size=size, seed=1))

        def drive() -> None:
            time.sleep(2.0)  # start-up and the first frames are not idling
            cpu, wall = time.process_time(), time.perf_counter()
            end = wall + seconds
            index = 0
            while time.perf_counter() < end:
                if keys_every is not None:
                    key = KEYS[index % len(KEYS)]
                    event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")
                    pygame.event.post(event)
                    index += 1
                time.sleep(keys_every or 0.1)
            result["share"] = (time.process_time() - cpu) / (time.perf_counter() - wall)
            pygame.event.post(pygame.event.Event(pygame.QUIT))

        threading.Thread(target=drive, daemon=True).start()
        app.run()
        app.close()
    return result["share"] * 100


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    idle = share_of_a_core(4, args.seconds, None)
    print(f"idle, 4x4, clock ticking: {idle:5.1f}% of a core (goal <= 3%)")
    busy = share_of_a_core(6, args.seconds, 0.1)
    print(f"6x6, a move every 100 ms: {busy:5.1f}% of a core (goal <= 25%)")


if __name__ == "__main__":
    main()
