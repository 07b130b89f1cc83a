"""How long saving takes: after every move the game in play and the statistics are written to
the kept games' database (game/kept_games/archive/), between two frames, so what a save costs
the frame must stay within 5 ms at p99.

    python bench/storage.py [--saves N] [--data-dir PATH]

Per board size (4, 6, 8, each a played game with a full undo history) it prints the median
and p99 of
  - a save of the game in play and the statistics, written in one transaction before it
    returns (`Archive.open(background=False)`, `write([KeepInPlay, KeepStats])`, their JSON
    made in the timed part): durable (synchronous=FULL, a commit and its fsync, as the game's
    writer thread writes) and not durable (no fsync: the JSON and SQLite alone);
  - a load of everything kept (`load_kept`, what a start reads);
then the settings, which Storage keeps in settings.json (JSON, checksum, the file and its
backup each written, fsynced and renamed): a save and a load; and the solver's 4x4 table
cache: a load with its whole-file check, against building the tables.
The game writes on the archive's writer thread: what the frame pays there, the hand-over, is
bench/archive.py's. The folder defaults to a temporary one under the system's temp folder; pass
--data-dir to measure the disk the game really uses. Disk figures swing with what else writes.

The crash soak (thousands of SIGKILLs mid-save of the settings) lives with the tests:
    GAME2048_SOAK_KILLS=5000 python -m pytest tests/storage/test_storage_atomic.py -k killed
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.engine import Game  # noqa: E402
from game.core.rules import UNDO_LIMIT  # noqa: E402
from game.core.settings import Settings  # noqa: E402
from game.core.stats import Stats  # noqa: E402
from game.kept_games.archive.changes import KeepInPlay, KeepStats  # noqa: E402
from game.kept_games.archive.games_archive import Archive  # noqa: E402
from game.play.session import new_game_id  # noqa: E402
from game.solver.bitboard import BitLayout  # noqa: E402
from game.solver.table_cache import load_tables, save_tables  # noqa: E402
from game.storage.store import Storage  # noqa: E402

BUDGET_MS = 5.0
SIZES = (4, 6, 8)
MODES = {"durable": True, "not durable": False}


def played(size: int, moves: int = 200) -> Game:
    """A game with a full undo history: the largest game in play of its size."""
    game = Game.new(size, seed=size)
    for index in range(moves):
        directions = game.valid_directions()
        if not directions:
            break
        game.move(directions[index % len(directions)])
    assert len(game.to_dict()["history"]) == UNDO_LIMIT, "not a full undo history"
    return game


def figures(size: int) -> Stats:
    """Statistics with a little in them: a game counted on each size, a score reached."""
    stats = Stats()
    for other in SIZES:
        stats = stats.game_counted(other, new_game_id(), assisted=False)
    return stats.score_reached(size, assisted=False, score=2048, biggest_tile=256)


def timed(action, count: int) -> list[float]:
    times = []
    for _ in range(count):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return times


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def summary(label: str, times: list[float]) -> str:
    return (
        f"{label:<34} median {statistics.median(times):6.3f} ms   p99 {p99(times):6.3f} ms   "
        f"max {max(times):6.3f} ms"
    )


def save_in_play(archive: Archive, game: Game, state: dict, stats: Stats) -> None:
    """One move's save of the game in play and the statistics, as the autosave makes it."""
    archive.write([KeepInPlay(game.to_dict(), state), KeepStats(stats.to_dict())])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=500, help="saves per measurement")
    parser.add_argument("--data-dir", type=Path, help="where to write (default: a temp folder)")
    args = parser.parse_args()

    worst = dict.fromkeys(MODES, 0.0)
    with tempfile.TemporaryDirectory(dir=args.data_dir) as folder:
        for size in SIZES:
            game, stats = played(size), figures(size)
            state = {"phase": "playing", "assisted": False, "game_id": new_game_id()}
            row = len(json.dumps(game.to_dict(), separators=(",", ":")))
            print(f"{size}x{size} game in play: {row / 1024:.1f} KiB, {UNDO_LIMIT} moves of undo")
            for label, durable in MODES.items():
                archive = Archive.open(
                    Path(folder) / f"{size}-{label}", background=False, durable=durable
                )
                if not archive.recording:
                    raise SystemExit(f"the archive cannot be written: {archive.pop_notices()}")
                archive.wait_for_check(30)  # its integrity check's thread: done first
                save_in_play(archive, game, state, stats)  # warm up
                saves = timed(partial(save_in_play, archive, game, state, stats), args.saves)
                worst[label] = max(worst[label], p99(saves))
                print(summary(f"  save, {label}", saves))
                if durable:
                    loads = timed(archive.load_kept, 50)
                    kept = archive.load_kept()
                    if kept.in_play[size][0].to_dict() != game.to_dict() or kept.stats != stats:
                        raise SystemExit(f"{size}x{size}: what was saved did not load back")
                    print(summary("  load_kept", loads))
                archive.close()
        with Storage(Path(folder) / "settings") as storage:
            # Two settings in turn: the same bytes again would not be written.
            turns = [Settings(), replace(Settings(), volume=10)]
            saved: list[Settings] = []

            def save_the_other() -> None:
                saved.append(turns[len(saved) % 2])
                storage.save_settings(saved[-1])

            saves = timed(save_the_other, args.saves // 5)
            if not storage.flush() or storage.load_settings() != saved[-1]:
                raise SystemExit(f"the settings were not saved: {storage.pop_notices()}")
            print(summary("settings: save", saves))
            print(summary("settings: load", timed(storage.load_settings, 50)))
        built = []
        print(summary("solver tables: build", timed(lambda: built.append(BitLayout(4)), 3)))
        tables = {"left": built[0].left, "right": built[0].right, "spread": built[0].spread}
        compute = {"left": built[0]._left, "right": built[0]._right, "spread": built[0]._spread}
        save_tables(folder, tables)
        load = timed(lambda: load_tables(folder, compute, 1 << 16), 20)
        print(summary("solver tables: load and check", load))
    print(
        json.dumps(
            {"worst_p99_ms": {k: round(v, 3) for k, v in worst.items()}, "budget_ms": BUDGET_MS}
        )
    )
    for label, value in worst.items():
        verdict = "within" if value <= BUDGET_MS else "OVER"
        print(f"A save on the spot, {label}: {value:.2f} ms p99, {verdict} {BUDGET_MS:g} ms.")
    print("(The game saves on a writer thread: the frame's share is bench/archive.py's.)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
