"""How long saving takes: the game in progress is saved after every move, between two frames, so
what a save costs the frame must stay within 5 ms at p99.

    python bench/storage.py [--saves N] [--data-dir PATH]

Per board size it prints the median and p99 of
  - a save written before it returns (JSON, checksum, the file and its backup each written,
    fsynced and renamed, the folder fsynced): what the frame pays without a writer thread;
  - a save with Storage(background=True): what the frame pays when a writer thread does the
    disk work (JSON and checksum, then a hand-over);
  - the JSON part alone, and a load;
and the solver's 4x4 table cache: a load with its whole-file check, against building the tables.
The folder defaults to a temporary one under the system's temp folder; pass --data-dir to
measure the disk the game really uses. Disk figures swing with what else writes to the disk.

The crash soak (thousands of SIGKILLs mid-save) lives with the tests:
    GAME2048_SOAK_KILLS=5000 python -m pytest tests/test_storage_atomic.py -k killed
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.engine import Game  # noqa: E402
from game.core.settings import Settings  # noqa: E402
from game.core.stats import Stats  # noqa: E402
from game.solver.bitboard import BitLayout  # noqa: E402
from game.solver.table_cache import load_tables, save_tables  # noqa: E402
from game.storage.envelope import GAME_FORMAT, encode_document  # noqa: E402
from game.storage.store import Storage  # noqa: E402

BUDGET_MS = 5.0


def played(size: int, moves: int = 200) -> Game:
    """A game with a full undo history: the largest save of its size."""
    game = Game.new(size, seed=size)
    for index in range(moves):
        directions = game.valid_directions()
        if not directions:
            break
        game.move(directions[index % len(directions)])
    return game


def timed(action, count: int) -> list[float]:
    times = []
    for _ in range(count):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return times


def summary(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"{label:<34} median {statistics.median(ordered):6.3f} ms   p99 {p99:6.3f} ms   "
        f"max {ordered[-1]:6.3f} ms"
    )


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=500, help="saves per measurement")
    parser.add_argument("--data-dir", type=Path, help="where to write (default: a temp folder)")
    args = parser.parse_args()

    worst = {"on the spot": 0.0, "in the background": 0.0}
    with tempfile.TemporaryDirectory(dir=args.data_dir) as folder:
        for size in (4, 5, 6):
            game = played(size)
            session = {"phase": "playing", "assisted": False}
            raw = encode_document(GAME_FORMAT, {"game": game.to_dict(), "session": session})
            history = len(game.to_dict()["history"])
            print(f"{size}x{size} save: {len(raw) / 1024:.1f} KiB, {history} moves of undo history")
            for label, background in (
                ("on the spot", False),
                ("in the background", True),
            ):
                with Storage(Path(folder) / label, background=background) as storage:
                    storage.save_game(game, session)  # warm up
                    saves = timed(
                        lambda st=storage, g=game, ss=session: st.save_game(g, ss), args.saves
                    )
                    storage.flush()
                    worst[label] = max(worst[label], p99(saves))
                    print(summary(f"  save_game, {label}", saves))
            encode = timed(
                lambda g=game, ss=session: encode_document(
                    GAME_FORMAT, {"game": g.to_dict(), "session": ss}
                ),
                args.saves,
            )
            print(summary("  of which JSON and checksum", encode))
            with Storage(Path(folder) / "on the spot") as storage:
                print(summary("  load_game", timed(lambda n=size, st=storage: st.load_game(n), 50)))
        with Storage(Path(folder) / "other") as storage:
            stats = Stats().game_counted(4, "a1", assisted=False)
            print(summary("save_stats", timed(lambda: storage.save_stats(stats), args.saves // 5)))
            settings = Settings()
            print(
                summary(
                    "save_settings", timed(lambda: storage.save_settings(settings), args.saves // 5)
                )
            )
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
        print(f"Saving {label}: {value:.2f} ms p99 on the frame, {verdict} {BUDGET_MS:g} ms.")
    return 0 if worst["in the background"] <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
