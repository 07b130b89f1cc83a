"""The longest shared file the game takes (game/kept_games/share/shared_file.py: MAX_STEPS), end to
end.

    python bench/share.py [--steps N] [--file PATH]

The game: a 6x6 board (the offered size whose games can last longest) played by a two-ply
search that sees the tiles to come, which never loses, cut at `--steps` (share.MAX_STEPS by
default) and written as a shared file (about 80 s for 100,000 steps; `--file` keeps it, and
takes it back if it is there). Then, each in a process of its own so its peak memory is its
own: the import (read, checked, replayed), and the real app, headless, importing it, keeping
it, opening it, replaying it to its end and starting its review (the real solver's process),
its frames paced at 60 Hz. Printed: the times, the peak memory (the process's highest
resident size), and per phase the longest time from a frame's start to the next one's (16.7
ms when nothing stalls the game's thread). The goals: none over 50 ms, and the memory a few
tens of MB over the app's own.

Measured on a two-core machine at 100,000 steps: the import 3.8 s, 24 MB before, 40 MB at
its peak (the longest file allowed before, 196,473 steps: 14.5 s and 650 MB, kept); in the
app, import 4.1 s, open 4.3 s, the longest frame 27 to 35 ms in every phase (0.3 to 0.7 s
with the engine's line cache at 65,536 entries); 53 MB before, 110 MB at the end with the
game open and its review running.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core.engine import Direction, Game  # noqa: E402
from game.core.record import Action, GameRecord, GameSummary, Outcome, Step  # noqa: E402
from game.kept_games.share.shared_file import MAX_STEPS, encode_record  # noqa: E402

SIZE = 6
THINK_S = 0.7  # the clock between two moves


def long_game(steps: int, size: int = SIZE, seed: int = 1) -> GameRecord:
    """A game of `steps` moves: each the move whose two plies (the real tiles to come
    included) leave most cells empty."""
    game = Game.new(size, seed=seed)
    start = game.to_dict()

    def best(depth: int) -> tuple[int, Direction | None]:
        found: tuple[int, Direction | None] = (-1, None)
        for direction in Direction:
            if game.move(direction) is None:
                continue
            if game.over:
                value = -1
            elif depth <= 1:
                value = sum(row.count(0) for row in game.grid)
            else:
                value = best(depth - 1)[0]
            game.undos_left = 1  # a look ahead, taken back: not the game's own undo
            game.undo()
            if value > found[0]:
                found = (value, direction)
        return found

    played: list[Step] = []
    while len(played) < steps and not game.over:
        direction = best(2)[1]
        assert direction is not None
        game.move(direction)
        played.append(Step(Action.move(direction), 1.0 + len(played) * THINK_S))
    summary = GameSummary(
        game_id=None,
        uid=uuid.uuid4().hex,
        size=size,
        started_at=datetime(2024, 5, 1, tzinfo=UTC),
        outcome=Outcome.LEFT,
        won=game.won,
        score=game.score,
        biggest_tile=game.biggest_tile(),
        moves=game.moves,
        seconds=played[-1].seconds if played else 0.0,
        steps=len(played),
        assisted_from=None,
    )
    return GameRecord(summary, start, tuple(played))


def write_long_file(path: Path, steps: int) -> None:
    if path.exists() and len(json.loads(path.read_bytes())["game"]["steps"]) == steps:
        return
    began = time.perf_counter()
    path.write_bytes(encode_record(long_game(steps)))
    print(f"made {path.name}: {steps:,} steps in {time.perf_counter() - began:.0f} s")


def resident_mb() -> float:
    """The process's resident memory now (Linux), else its peak."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError):
        return peak_mb()


def peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes there, KB here


def child_import(path: Path) -> dict:
    """The import's read and check alone: its time and memory."""
    from game.kept_games.share.shared_file import read_shared

    before = resident_mb()
    began = time.perf_counter()
    record = read_shared(path)
    return {
        "steps": len(record.steps),
        "seconds": time.perf_counter() - began,
        "before_mb": before,
        "peak_mb": peak_mb(),
        "after_mb": resident_mb(),
    }


class Frames:
    """The real app's frames, paced at 60 Hz and each given the real time since the one
    before, as its loop does; kept by phase, the time from each frame's start to the next's,
    which counts a stall of the game's thread wherever it falls (the interpreter's lock held
    by another thread while this one slept is a late frame too)."""

    def __init__(self, app) -> None:
        self.app = app
        self.last = time.perf_counter()
        self.phases: dict[str, list[float]] = {}

    def until(self, phase: str, done, events=(), limit_s: float = 600.0) -> float:
        """Frames until `done()`, the first with `events`: the seconds it took."""
        times = self.phases.setdefault(phase, [])
        began = time.perf_counter()
        pending = list(events)
        while True:
            started = time.perf_counter()
            self.app.frame(started - self.last, pending)
            times.append((started - self.last) * 1000)
            self.last, pending = started, []
            if done() or started - began > limit_s:
                return time.perf_counter() - began
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - started)))

    def command(self, phase: str, command) -> None:
        """A command, as the input gives one, in a frame of its own."""
        started = time.perf_counter()
        self.app.command(command)
        self.app.frame(started - self.last, [])
        self.phases.setdefault(phase, []).append((started - self.last) * 1000)
        self.last = started
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - started)))


def child_app(path: Path) -> dict:
    """The real app, headless: the file dropped on it, kept, opened, replayed to its end, and
    its review started (the real solver's process): the frames of each phase."""
    import pygame

    from game.app import App, Options
    from game.play import commands as cmd
    from game.screens.items import Control
    from game.screens.screen import Item, ScreenKind

    with tempfile.TemporaryDirectory() as data:
        app = App(Options(data_dir=data, sound=False))
        try:
            frames = Frames(app)
            started = time.perf_counter() + 1.0
            frames.until("start", lambda: time.perf_counter() > started)  # a second of play
            before = resident_mb()
            drop = pygame.event.Event(pygame.DROPFILE, file=str(path))
            imported = frames.until("import", lambda: not app.games_screens.imports.busy, [drop])
            seconds = {"import": imported}
            assert app.archive.count_games() == 1, app.view.notices
            frames.command("open", cmd.Pause())
            frames.command("open", cmd.Select(app.screens.top.items.index(Item.GAMES)))
            frames.command("open", cmd.Confirm())  # the newest game: the only one
            seconds["open"] = frames.until("open", lambda: app.games_screens.opening is None)
            frames.command("replay", cmd.Select(app.screens.top.items.index(Control.REPLAY)))
            frames.command("replay", cmd.Seek(1))  # to its end
            frames.until("replay", lambda: not app.view.animating)
            assert app.games_screens.replaying.index == len(app.games_screens.positions) - 1
            frames.command("review", cmd.Back())
            frames.command("review", cmd.Select(app.screens.top.items.index(Control.REVIEW)))
            assert app.screens.top.kind is ScreenKind.REVIEW
            job = app.games_screens.job
            seconds["review"] = frames.until("review", lambda: bool(job.scores), limit_s=120)
            frames.until("review", lambda: False, limit_s=2.0)  # the scores coming in
            return {
                "seconds": seconds,
                "frames": frames.phases,
                "before_mb": before,
                "peak_mb": peak_mb(),
                "after_mb": resident_mb(),
            }
        finally:
            app.close()


def in_child(part: str, path: Path) -> dict:
    done = subprocess.run(
        [sys.executable, __file__, "--child", part, "--file", str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def worst(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"longest frame {ordered[-1]:6.1f} ms, p99 {p99:5.1f} ms ({len(times)} frames)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=MAX_STEPS)
    parser.add_argument("--file", type=Path, help="the shared file: made there if missing")
    parser.add_argument("--child", choices=("import", "app"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        part = child_import if args.child == "import" else child_app
        print(json.dumps(part(args.file)))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        path = args.file or Path(folder) / f"longest-{args.steps}.2048.json"
        write_long_file(path, args.steps)
        size = path.stat().st_size
        imported = in_child("import", path)
        print(
            f"import of {imported['steps']:,} steps ({size / 2**20:.1f} MB): "
            f"{imported['seconds']:.1f} s, memory {imported['before_mb']:.0f} MB before, "
            f"{imported['peak_mb']:.0f} MB at its peak, {imported['after_mb']:.0f} MB after"
        )
        app = in_child("app", path)
    seconds = app["seconds"]
    for phase in ("import", "open", "replay", "review"):
        took = f"{seconds[phase]:5.1f} s, " if phase in seconds else " " * 9
        print(f"app, {phase:<7}: {took}{worst(app['frames'][phase])}")
    print(
        f"app memory: {app['before_mb']:.0f} MB before, {app['peak_mb']:.0f} MB at its peak, "
        f"{app['after_mb']:.0f} MB at the end (the game open, its review running)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
