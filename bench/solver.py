"""How strong and how fast the solver is: seeded games played to the end, on all cores.

    python bench/solver.py --size 4 --games 30 --budget-ms 100
    python bench/solver.py --size 4 --games 50 --depth 3          # a fixed-depth search
    python bench/solver.py --summarize results.jsonl               # figures from saved games

Game i uses seed `--seed + i`, so a run can be repeated. Each finished game is printed as it
ends and, with `--out`, appended to a JSON-lines file; Ctrl+C stops a long run and still
summarises the games that finished. A game stops at game over, or once it reaches `--stop-at`
(16384 on 4x4 by default: counted as reaching it, and every smaller goal).

The summary gives the share of games reaching 2048, 4096, 8192 and 16384 with 95% Wilson
intervals, the mean score with a 95% interval (normal approximation), the median score, the
time per move (p50, p95, max) and how deep the searches went.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GOALS = (2048, 4096, 8192, 16384)


def play_game(job: dict) -> dict:
    """One seeded game; returns its record (score, biggest tile, move times, depths)."""
    from game.engine import Game
    from game.solver.search import Solver, Weights

    weights = Weights(**job["weights"]) if job.get("weights") else Weights()
    solver = Solver(job["size"], weights)
    game = Game.new(job["size"], seed=job["seed"])
    budget = job["budget_ms"] / 1000 if job["budget_ms"] else None
    times: list[float] = []
    cpu_times: list[float] = []
    depths: dict[int, int] = {}
    started = time.perf_counter()
    while not game.over and game.biggest_tile() < job["stop_at"]:
        before = time.perf_counter()
        cpu_before = time.process_time()
        if budget is None:
            result = solver.search(game.grid, depth=job["depth"])
        else:
            result = solver.search(game.grid, budget_s=budget, depth=job["depth"])
        times.append(time.perf_counter() - before)
        cpu_times.append(time.process_time() - cpu_before)
        if result is None or game.move(result.direction) is None:
            raise RuntimeError(f"seed {job['seed']}: the solver gave no valid move")
        depths[result.depth] = depths.get(result.depth, 0) + 1
    return {
        "seed": job["seed"],
        "size": job["size"],
        "budget_ms": job["budget_ms"],
        "depth": job["depth"],
        "score": game.score,
        "biggest": game.biggest_tile(),
        "moves": game.moves,
        "over": game.over,
        "seconds": round(time.perf_counter() - started, 1),
        "times_ms": [round(t * 1000, 2) for t in times],
        "cpu_ms": [round(t * 1000, 2) for t in cpu_times],
        "depths": depths,
    }


def ignore_interrupts() -> None:
    """In the pool's processes: Ctrl+C is the parent's to handle, not each game's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def summarize(records: list[dict]) -> str:
    n = len(records)
    if n == 0:
        return "no games"
    lines = [f"games: {n}"]
    stop = max(r["biggest"] for r in records)
    for goal in GOALS:
        reached = sum(r["biggest"] >= goal for r in records)
        low, high = wilson(reached, n)
        lines.append(
            f"  reached {goal:>5}: {reached:>3}/{n} = {reached / n:6.1%}"
            f"   (95% CI {low:6.1%} .. {high:6.1%})"
        )
    scores = [r["score"] for r in records]
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(n) if n > 1 else float("nan")
    median = statistics.median(scores)
    lines.append(f"  score: mean {mean:,.0f} (95% CI +/- {half:,.0f}), median {median:,.0f}")
    times = [t for r in records for t in r["times_ms"]]
    lines.append(
        f"  ms a move: p50 {percentile(times, 0.5):.1f}, p95 {percentile(times, 0.95):.1f},"
        f" p99 {percentile(times, 0.99):.1f}, max {max(times):.1f}  ({len(times):,} moves)"
    )
    cpu = [t for r in records for t in r.get("cpu_ms", ())]
    if cpu:
        lines.append(
            f"  cpu ms a move: p50 {percentile(cpu, 0.5):.1f}, p95 {percentile(cpu, 0.95):.1f},"
            f" max {max(cpu):.1f}  (the search's own work, without waiting for a busy machine)"
        )
    depths: dict[str, int] = {}
    for r in records:
        for d, count in r["depths"].items():
            depths[str(d)] = depths.get(str(d), 0) + count
    total = sum(depths.values())
    shares = ", ".join(
        f"{d}: {c / total:.1%}" for d, c in sorted(depths.items(), key=lambda x: int(x[0]))
    )
    lines.append(f"  search depth (player moves): {shares}")
    stopped = sum(not r["over"] for r in records)
    if stopped:
        lines.append(f"  {stopped} game(s) stopped on reaching {stop} (not played to the end)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=4, choices=(4, 5, 6))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument(
        "--budget-ms", type=float, default=None, help="time a move (default 100; none with --depth)"
    )
    parser.add_argument(
        "--depth", type=int, default=None, help="fixed depth, or with --budget-ms a cap"
    )
    parser.add_argument("--seed", type=int, default=1000, help="game i uses seed + i")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--stop-at", type=int, default=None, help="default 16384 on 4x4")
    parser.add_argument("--weights", type=str, default=None, help="JSON of Weights fields")
    parser.add_argument("--out", type=Path, default=None, help="append game records here")
    parser.add_argument("--summarize", type=Path, default=None, help="only summarise a file")
    args = parser.parse_args(argv)

    if args.summarize:
        records = [json.loads(line) for line in args.summarize.read_text().splitlines() if line]
        print(summarize(records))
        return
    if args.budget_ms is None:
        args.budget_ms = 0.0 if args.depth is not None else 100.0
    stop_at = args.stop_at or (16384 if args.size == 4 else 1 << 62)
    jobs = [
        {
            "size": args.size,
            "seed": args.seed + i,
            "budget_ms": args.budget_ms,
            "depth": args.depth,
            "stop_at": stop_at,
            "weights": json.loads(args.weights) if args.weights else None,
        }
        for i in range(args.games)
    ]
    setting = f"{args.budget_ms:g} ms a move" if args.budget_ms else f"depth {args.depth}"
    print(f"{args.games} games of {args.size}x{args.size}, {setting}, {args.jobs} process(es)")
    records = []
    started = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    processes = max(1, min(args.jobs, args.games))
    with context.Pool(processes, initializer=ignore_interrupts) as pool:
        try:
            for record in pool.imap_unordered(play_game, jobs):
                records.append(record)
                times = record["times_ms"]
                print(
                    f"  seed {record['seed']}: score {record['score']:,},"
                    f" biggest {record['biggest']}, {record['moves']} moves,"
                    f" p95 {percentile(times, 0.95):.1f} ms, {record['seconds']:.0f} s",
                    flush=True,
                )
                if args.out:
                    with args.out.open("a") as handle:
                        handle.write(json.dumps(record) + "\n")
        except KeyboardInterrupt:
            # Ctrl+C ends a long run early: the games that finished are still summarised.
            pool.terminate()
            print(f"stopped after {len(records)} of {args.games} games")
    print(f"wall time {time.perf_counter() - started:.0f} s")
    print(summarize(records))


if __name__ == "__main__":
    multiprocessing.freeze_support()
    main()
