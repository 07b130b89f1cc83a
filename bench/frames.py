"""CPU time of update plus draw per frame while moves animate back to back.

Prints p50 and p99 per board size and window size; goals: p99 <= 4 ms at 1280x800 and
<= 8 ms at 3840x2160. Headless (SDL's dummy video driver), so it measures our work, not the
display's. Run: python bench/frames.py [--frames N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402
from game.core.engine import Direction, Game  # noqa: E402
from game.play import commands as cmd  # noqa: E402
from game.play.session import Session  # noqa: E402

FRAME = 1 / 60
MOVE_EVERY = 7  # frames: a new move lands while the last one's pop is still running


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(board: int, window: tuple[int, int], frames: int, tmp: str) -> list[float]:
    app = App(Options(seed=1, data_dir=tmp, sound=False))
    try:
        app.window.size = window
        app.use_session(Session(Game.new(board, seed=1)))
        app.frame(FRAME, [])
        cycle = [Direction.LEFT, Direction.DOWN, Direction.RIGHT, Direction.DOWN]
        times = []
        for index in range(frames):
            start = time.process_time()
            if index % MOVE_EVERY == 0:
                game = app.session.game
                if game.over or app.screens.top is not None:
                    app.use_session(Session(Game.new(board)))
                moves = game.valid_directions()
                wanted = cycle[(index // MOVE_EVERY) % len(cycle)]
                direction = wanted if wanted in moves else (moves or [wanted])[0]
                app.command(cmd.Move(direction))
            app.frame(FRAME, [])
            times.append(time.process_time() - start)
        return times
    finally:
        app.close()


def measure_autoplay(board: int, window: tuple[int, int], frames: int, tmp: str) -> list[float]:
    """Frames while the solver plays as fast as it can (it thinks in its own process)."""
    app = App(Options(seed=1, data_dir=tmp, sound=False))
    try:
        app.window.size = window
        app.use_session(Session(Game.new(board, seed=1)))
        app.autoplay.set_pace("max")
        app.command(cmd.ToggleAutoplay())
        times = []
        moves_before = app.session.game.moves
        for _ in range(frames):
            start = time.process_time()
            app.frame(FRAME, [])
            times.append(time.process_time() - start)
            time.sleep(max(0.0, FRAME - (time.process_time() - start)))  # a 60 Hz display
        print(f"  autoplay made {app.session.game.moves - moves_before} moves in {frames} frames")
        return times
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    import tempfile

    print(f"frames per case: {args.frames}; a move every {MOVE_EVERY} frames at 60 Hz")
    print(f"{'board':>5} {'window':>10} {'p50 ms':>8} {'p99 ms':>8} {'goal p99':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for window, goal in (((1280, 800), 4.0), ((3840, 2160), 8.0)):
            for board in (4, 6):
                times = measure(board, window, args.frames, tmp)[30:]  # skip the cold start
                p50 = statistics.median(times) * 1000
                p99 = percentile(times, 0.99) * 1000
                verdict = "ok" if p99 <= goal else "over"
                label = f"{window[0]}x{window[1]}"
                print(f"{board:>5} {label:>10} {p50:8.2f} {p99:8.2f} {goal:>6.0f} ms {verdict}")
        times = measure_autoplay(4, (1280, 800), args.frames, tmp)[30:]
        p50 = statistics.median(times) * 1000
        p99 = percentile(times, 0.99) * 1000
        verdict = "ok" if p99 <= 16.7 else "over"
        print(f"autoplay 4x4 1280x800 {p50:8.2f} {p99:8.2f}  16.7 ms {verdict}")
    pygame.quit()


if __name__ == "__main__":
    main()
