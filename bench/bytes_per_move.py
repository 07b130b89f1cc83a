"""What a move costs the disk: the bytes the whole game writes for one move, through the real
app (the save, the statistics, the kept games), and what the data folder holds after.

    python bench/bytes_per_move.py [--moves N] [--pace SECONDS] [--data-dir PATH]

Moves come at a player's pace (--pace, 0.2 s: a fast player), so that each save is written: the
writer thread keeps only the newest save of a file still waiting, and moves faster than the disk
would show fewer bytes than a player's game writes.

Linux only: the figures are the process's own counters in /proc/self/io, its writer threads
included: `wchar` (bytes handed to write(), whatever the disk makes of them) and `write_bytes`
(bytes this process sent to the disk itself). The folder defaults to a temporary one on the
system's temp disk; pass --data-dir to measure the disk the game uses.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402

FRAME = 1 / 60
KEYS = (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN)  # a corner player's


def counters() -> dict[str, int]:
    fields = dict(line.split(": ") for line in Path("/proc/self/io").read_text().splitlines())
    return {name: int(fields[name]) for name in ("wchar", "write_bytes", "syscw")}


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def measure(folder: Path, moves: int, pace: float) -> tuple[int, dict[str, int]]:
    """Moves played (a key, the frames its slide takes, then `pace` seconds), and the counters
    they cost."""
    app = App(Options(data_dir=str(folder), sound=False))
    try:
        app.frame(FRAME, [])  # the first frame, and the files a first start makes
        app.storage.flush(timeout=30)
        app.archive.flush(timeout=30)
        before, played = counters(), app.session.game.moves
        for number in range(moves * 4):
            if app.session.game.over or app.session.game.moves - played >= moves:
                break
            app.frame(FRAME, [key(KEYS[number % len(KEYS)])])
            for _ in range(12):  # the slide and the pop, as a player waits for them
                app.frame(FRAME, [])
            time.sleep(pace)
        app.storage.flush(timeout=30)
        app.archive.flush(timeout=30)
        after = counters()
        return app.session.game.moves - played, {k: after[k] - before[k] for k in after}
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--pace", type=float, default=0.2)
    parser.add_argument("--data-dir", type=Path, default=None)
    args = parser.parse_args()
    if not Path("/proc/self/io").exists():
        print("/proc/self/io is not here: this benchmark counts bytes on Linux only")
        return
    folder = args.data_dir or Path(tempfile.mkdtemp(prefix="bytes-per-move-"))
    moves, cost = measure(folder, args.moves, args.pace)
    print(f"{moves} moves on 4x4, one each {args.pace:g} s")
    for name, total in cost.items():
        print(f"  {name:12} {total:>12,}  {total / max(moves, 1):>10,.0f} a move")
    print("the data folder after:")
    for path in sorted(folder.iterdir()):
        if path.is_file():
            print(f"  {path.name:32} {path.stat().st_size:>10,} bytes")


if __name__ == "__main__":
    main()
