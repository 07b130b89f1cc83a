"""What keeping every game costs the frame: one move's write to the archive, median and p99.

    python bench/archive.py [--moves N] [--data-dir PATH]

Real games through the session, the statistics and the autosave, a move every frame-and-a-bit
(8 ms apart, faster than any player), timing only their part of the frame (the move's step, the
game in play and the statistics, made into one transaction and handed over or written):
  - synchronous=FULL written on the frame: a commit and its fsync before the frame goes on;
  - synchronous=NORMAL written on the frame: no fsync at commit, but the WAL's checkpoints
    (every 1,000 pages) fsync, and a write() can wait on a busy disk;
  - the app's way: the commits on the archive's writer thread (synchronous=FULL there); the
    frame pays the hand-over, and waits only once MAX_UNCOMMITTED_BATCHES moves are unwritten
    (none here);
  - the app's way on a slow disk: each commit takes --slow-commit-ms more (a busy or network
    disk: the fsyncs measured elsewhere reach 63 ms), to show the frame does not pay it.
The folder defaults to a temporary one; pass --data-dir to measure the disk the game uses.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.engine import Game  # noqa: E402
from game.core.stats import Stats  # noqa: E402
from game.kept_games.archive.autosave import Autosave  # noqa: E402
from game.kept_games.archive.game_keeper import GameKeeper  # noqa: E402
from game.kept_games.archive.games_archive import Archive  # noqa: E402
from game.play import commands as cmd  # noqa: E402
from game.play.session import Session  # noqa: E402
from game.play.stats_keeper import StatsKeeper  # noqa: E402

GAP_S = 0.008


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def measure(archive: Archive, moves: int) -> list[float]:
    keeper = GameKeeper(archive)
    stats = StatsKeeper(Stats())
    autosave = Autosave(archive, keeper, stats)

    def keep(events: list) -> None:  # the app's listeners that keep a move, in its order
        stats.handle(events, session)
        autosave.handle(events, session)

    seeds = random.Random(1)
    session = Session.start(
        4, seed=1, new_game_factory=lambda n: Game.new(n, seeds.getrandbits(64))
    )
    keeper.attach(session)
    chooser = random.Random(2)
    times: list[float] = []
    while len(times) < moves:
        if session.game.over:  # a new game, as the game over's button starts it
            keep(session.new_game(4))
        events = session.handle(cmd.Move(chooser.choice(session.game.valid_directions())))
        started = time.perf_counter()
        keep(events)
        times.append((time.perf_counter() - started) * 1000)
        time.sleep(GAP_S)
    archive.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1500)
    parser.add_argument("--data-dir", type=Path, help="where to write (default: a temp folder)")
    parser.add_argument("--slow-commit-ms", type=float, default=20.0)
    args = parser.parse_args()
    print(f"{args.moves} moves per case, {GAP_S * 1000:.0f} ms apart; the keeping's time a move")
    with tempfile.TemporaryDirectory(dir=args.data_dir) as folder:
        cases = {
            "on the frame, synchronous=FULL": lambda p: Archive.open(p, background=False),
            "on the frame, synchronous=NORMAL": lambda p: _normal(
                Archive.open(p, background=False)
            ),
            "writer thread (the app's way)": lambda p: Archive.open(p),
            f"... commits {args.slow_commit_ms:g} ms slower": lambda p: _slow(
                Archive.open(p), args.slow_commit_ms / 1000
            ),
        }
        for index, (label, make) in enumerate(cases.items()):
            times = measure(make(Path(folder) / str(index)), args.moves)
            print(
                f"{label:<34} median {statistics.median(times):6.3f} ms   "
                f"p99 {p99(times):6.3f} ms   max {max(times):7.3f} ms"
            )
    return 0


def _slow(archive: Archive, seconds: float) -> Archive:
    """Each commit of this archive takes `seconds` more, on its writer thread."""
    drain = archive._drain

    def slow_drain() -> bool:
        time.sleep(seconds)
        return drain()

    archive._drain = slow_drain  # the writer's job, looked up at each hand-over
    return archive


def _normal(archive: Archive) -> Archive:
    archive._connection.execute("PRAGMA synchronous = NORMAL")  # the alternative, measured
    return archive


if __name__ == "__main__":
    sys.exit(main())
