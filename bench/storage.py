"""How long saving takes: the game in progress is saved after every move, between two frames, so
its p99 must stay within 5 ms.

    python bench/storage.py [--saves N] [--data-dir PATH]

Prints the median and p99 of a whole save (game to JSON, checksum, the file and its backup
each written, fsynced and renamed, the folder fsynced) per board size, of its JSON part alone,
and of loading. The folder defaults to a temporary one on the same disk as the system's temp
folder; pass --data-dir to measure the disk the game really uses.

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

from game.engine import Game  # noqa: E402
from game.stats import Stats  # noqa: E402
from game.storage import GAME_FORMAT, Settings, Storage, encode_document  # noqa: E402

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=500, help="saves per measurement")
    parser.add_argument("--data-dir", type=Path, help="where to write (default: a temp folder)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(dir=args.data_dir) as folder:
        storage = Storage(Path(folder) / "data").open()
        worst_p99 = 0.0
        for size in (4, 5, 6):
            game = played(size)
            session = {"phase": "playing", "assisted": False}
            raw = encode_document(GAME_FORMAT, {"game": game.to_dict(), "session": session})
            history = len(game.to_dict()["history"])
            print(f"{size}x{size} save: {len(raw) / 1024:.1f} KiB, {history} moves of undo history")
            storage.save_game(game, session)  # warm up
            saves = timed(lambda g=game, s=session: storage.save_game(g, s), args.saves)
            worst_p99 = max(worst_p99, sorted(saves)[int(len(saves) * 0.99)])
            print(summary("  save_game (whole, fsynced)", saves))
            print(
                summary(
                    "  of which JSON and checksum",
                    timed(
                        lambda g=game, s=session: encode_document(
                            GAME_FORMAT, {"game": g.to_dict(), "session": s}
                        ),
                        args.saves,
                    ),
                )
            )
            print(summary("  load_game", timed(lambda n=size: storage.load_game(n), 50)))
        stats = Stats().game_started(4, assisted=False)
        print(summary("save_stats", timed(lambda: storage.save_stats(stats), args.saves // 5)))
        print(
            summary(
                "save_settings", timed(lambda: storage.save_settings(Settings()), args.saves // 5)
            )
        )
        storage.close()
    verdict = "within" if worst_p99 <= BUDGET_MS else "OVER"
    print(json.dumps({"worst_save_p99_ms": round(worst_p99, 3), "budget_ms": BUDGET_MS}))
    print(f"Saving the game in progress is {verdict} the {BUDGET_MS:g} ms budget at p99.")
    return 0 if worst_p99 <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
