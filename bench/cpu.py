"""CPU use of the running game in a real window: idle (nothing moves, the clock ticks after
a first move) and with moves animating back to back on 6x6 (a key every 100 ms). Goals: idle at
most 1% of one core; animating at most 25%. Needs a display (a desktop, or a virtual one such
as Xvfb). Each figure is the median of --runs runs, with the highest.
Run: python bench/cpu.py [--seconds N] [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
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
            time.sleep(1.0)  # start-up and the first frames are not idling
            pygame.event.post(  # a first move: from now the clock runs (R17)
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")
            )
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
            )
            time.sleep(1.0)
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
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for label, size, every, goal in (
        ("idle, 4x4, clock ticking", 4, None, 1),
        ("6x6, a move every 100 ms", 6, 0.1, 25),
    ):
        shares = sorted(share_of_a_core(size, args.seconds, every) for _ in range(args.runs))
        median = statistics.median(shares)
        print(
            f"{label}: median {median:5.2f}% of a core, highest {shares[-1]:5.2f}% "
            f"over {args.runs} runs of {args.seconds:g} s (goal <= {goal}%)"
        )


if __name__ == "__main__":
    main()
