"""How strong and how fast the solver is: seeded games played to the end, on all cores.

    python bench/solver.py --size 4 --games 30 --budget-ms 100
    python bench/solver.py --size 4 --games 50 --depth 3          # a fixed-depth search
    python bench/solver.py --summarize results.jsonl               # figures from saved games
    python bench/solver.py --per-node                              # ns a node against C++
    python bench/solver.py --busy                                  # depth on a busy machine
    python bench/solver.py --hint-sizes                            # a hint's time, each size
    python bench/solver.py --strength --out games.jsonl            # the long run, its goals

`--strength` is long: 20 games of about 7,500 moves at 100 ms, some 90 minutes on two cores
(`--jobs` games at a time; `--summarize FILE --strength` gives the goals of games saved so far).

A time-bound move gets `think_time` of `--budget-ms`, as in the game: less on an easy board,
more on a hard one (game/solver/search.py); `--even-time` gives every move the same.

Game i uses seed `--seed + i`, so a run can be repeated. Each finished game is printed as it
ends and, with `--out`, appended to a JSON-lines file; Ctrl+C stops a long run and still
summarises the games that finished. A game stops at game over, or once it reaches `--stop-at`
(16384 on 4x4 by default: counted as reaching it, and every smaller goal).

The summary gives the share of games reaching 2048, 4096, 8192 and 16384 with 95% Wilson
intervals, the mean score with a 95% interval (normal approximation), the median score, the
time per move (p50, p95, max) and how deep the searches went.

`--per-node` measures the tree's speed instead: nanoseconds a node of the Python tree, of the
compiled kernel when there is one, and of `bench/reference_tree.cpp`, a straight C++ expectimax
of the same tree (built with the first C++ compiler found; without one, nothing counts nodes
and the Python tree and the kernel give their time a position). The positions come from a few
seeded games of the depth-2 solver; every score must equal the C++ reference's, bit for bit.

`--busy` measures what a busy machine does to the depth the time budget reaches (the hint's and
autoplay's budget is wall time): the solver at `--budget-ms` (100 by default) on 100 positions
of the same kind, first as the machine is, then with one and with two CPU-bound programs
(`python -c "while True: pass"`) running beside it, started and ended by the bench. Printed
for each: the depth reached (median, the share at each depth), the time a move (p50, p95) and
the CPU time the search got.

`--hint-sizes` measures a hint on every board size the player is offered: the real solver at the
app's hint budget (game/play/autoplay.py) on middle-game positions of seeded games of the
depth-1 solver, each size's time (median, p99, max) and depth. The solver's process takes the
same time: it searches in one process on up to three cores.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GOALS = (2048, 4096, 8192, 16384)


def play_game(job: dict) -> dict:
    """One seeded game; returns its record (score, biggest tile, move times, depths)."""
    from game.core.engine import Game
    from game.solver.search import Solver, Weights, think_time

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
            think = budget if job.get("even_time") else think_time(game.grid, budget)
            result = solver.search(game.grid, budget_s=think, depth=job["depth"])
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
        "even_time": bool(job.get("even_time")),
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
        f"  ms a move: mean {statistics.fmean(times):.1f}, p50 {percentile(times, 0.5):.1f},"
        f" p95 {percentile(times, 0.95):.1f},"
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


# -- ns a node: the Python tree, the kernel and a straight C++ expectimax of the same tree ----

PER_NODE_GAMES = 4
PER_NODE_BOARDS = 40
PER_NODE_DEEP = 6  # the C++ reference and the kernel
PER_NODE_SHALLOW = 4  # every search (the Python tree takes seconds a position at depth 6)
REFERENCE = Path(__file__).resolve().parent / "reference_tree.cpp"


def per_node_positions(seed: int, games: int, count: int) -> list[int]:
    """`count` boards (fast 4x4 layout) spread evenly through `games` seeded games of the
    depth-2 solver: openings, middle games and full boards near the end."""
    from game.core.engine import Game
    from game.solver.search import Solver

    solver = Solver(4)
    layout = solver.fast.layout
    boards: list[int] = []
    for i in range(games):
        game = Game.new(4, seed=seed + i)
        seen = []
        while not game.over:
            seen.append(layout.from_grid(game.grid))
            game.move(solver.search(game.grid, depth=2).direction)
        # The middle of each of `share` equal stretches: not the empty opening nor the last
        # move, whose few nodes measure a search's fixed cost, not its nodes'.
        share = count // games + (i < count % games)
        boards.extend(seen[(2 * k + 1) * len(seen) // (2 * share)] for k in range(share))
    return boards


def build_reference(folder: str) -> tuple[Path | None, str]:
    """The C++ reference compiled into `folder`, or None and why not. No fused multiply-add:
    its scores must round as the Python tree's do."""
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None:
        return None, "no C++ compiler: no C++ column, no node count (ms a position instead)"
    exe = Path(folder) / "reference_tree"
    command = [compiler, "-std=c++17", "-O2", "-ffp-contract=off", str(REFERENCE), "-o", str(exe)]
    built = subprocess.run(command, capture_output=True, text=True)
    if built.returncode != 0:
        return None, f"the C++ reference did not build (ms a position instead):\n{built.stderr}"
    return exe, f"C++ reference built with {Path(compiler).name} -O2 -ffp-contract=off"


def run_reference(exe: Path, boards: list[int], depth: int) -> list[tuple[tuple, int, int]]:
    """Per board: the C++ scores (UP, DOWN, LEFT, RIGHT), its nodes and its nanoseconds."""
    lines = "".join(f"{board:#x} {depth}\n" for board in boards)
    out = subprocess.run([str(exe)], input=lines, capture_output=True, text=True, check=True)
    rows = []
    for line in out.stdout.splitlines():
        fields = line.split()
        rows.append((tuple(float(x) for x in fields[:4]), int(fields[4]), int(fields[5])))
    return rows


def time_searcher(searcher, boards: list[int], depth: int) -> list[tuple[tuple, int]]:
    """Per board: a searcher's scores at a fixed depth and the nanoseconds they took."""
    searcher.search(boards[0], depth=2)  # first calls that set anything up are not timed
    rows = []
    for board in boards:
        start = time.perf_counter_ns()
        result = searcher.search(board, depth=depth)
        rows.append((result.scores, time.perf_counter_ns() - start))
    return rows


def python_searcher():
    """The pure Python tree, forced off the kernel once `Searcher` offers one."""
    import inspect

    from game.solver import Searcher

    if "kernel" in inspect.signature(Searcher).parameters:
        return Searcher(4, kernel=False)
    return Searcher(4)


def kernel_searcher():
    """THE KERNEL'S COLUMN: the compiled kernel's searcher, or None and why there is none."""
    import inspect

    from game.solver import Searcher

    if "kernel" not in inspect.signature(Searcher).parameters:
        return None, "none (Searcher has no kernel keyword)"
    try:
        searcher = Searcher(4, kernel=True)
    except (ImportError, OSError, RuntimeError, ValueError) as error:
        return None, f"none ({error})"
    # A searcher that fell back to the Python tree says so, if it says anything.
    if getattr(searcher, "kernel", True) in (False, None):
        return None, "none (Searcher(kernel=True) runs the Python tree)"
    return searcher, "compiled kernel"


def same_scores(a: tuple, b: tuple) -> bool:
    """Bit for bit: float.hex tells 0.0 from -0.0 and compares -inf as text."""
    return [x.hex() for x in a] == [y.hex() for y in b]


def check_scores(name: str, rows: list, reference: list, boards: list[int], depth: int) -> bool:
    """Every board's scores equal the reference's; each board that differs is printed."""
    bad = [
        i
        for i, (row, ref) in enumerate(zip(rows, reference, strict=True))
        if not same_scores(row[0], ref[0])
    ]
    for i in bad:
        print(f"  MISMATCH depth {depth} board {boards[i]:#018x}:")
        print(f"    {name}: {rows[i][0]}")
        print(f"    reference: {reference[i][0]}")
    verdict = "bit for bit" if not bad else f"MISMATCH on {len(bad)}"
    print(f"  scores, depth {depth}: {name} {verdict} ({len(rows) - len(bad)}/{len(rows)} equal)")
    return not bad


def ns_per_node(rows: list, nodes: list[int]) -> list[float]:
    """ns / node per position; positions without nodes (nothing searched) left out."""
    return [row[-1] / n for row, n in zip(rows, nodes, strict=True) if n]


def per_node(seed: int) -> bool:
    """Print the ns a node of each search, median and p99 over the positions; False if any
    scores differ."""
    started = time.perf_counter()
    boards = per_node_positions(seed, PER_NODE_GAMES, PER_NODE_BOARDS)
    print(
        f"{len(boards)} positions from {PER_NODE_GAMES} seeded games of the depth-2 solver"
        f" (seeds {seed}..{seed + PER_NODE_GAMES - 1}), spread evenly through each game"
    )
    python = python_searcher()
    kernel, kernel_note = kernel_searcher()
    print(f"kernel: {kernel_note}")
    ok = True
    figures: dict[tuple[str, int], list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        exe, note = build_reference(folder)
        print(note)
        shallow_py = time_searcher(python, boards, PER_NODE_SHALLOW)
        if exe is None:
            # Nothing counts the nodes without the reference: the time a position instead.
            timings = {"Python tree": shallow_py}
            if kernel is not None:
                rows = timings["kernel"] = time_searcher(kernel, boards, PER_NODE_SHALLOW)
                ok &= check_scores("kernel", rows, shallow_py, boards, PER_NODE_SHALLOW)
            for name, rows in timings.items():
                ms = [row[1] / 1e6 for row in rows]
                print(
                    f"  depth {PER_NODE_SHALLOW}  {name:<14} ms a position median"
                    f" {percentile(ms, 0.5):.2f}, p99 {percentile(ms, 0.99):.2f}"
                )
            return ok
        for depth in (PER_NODE_SHALLOW, PER_NODE_DEEP):
            cpp = run_reference(exe, boards, depth)
            nodes = [row[1] for row in cpp]
            figures["C++ reference", depth] = ns_per_node(cpp, nodes)
            print(
                f"  nodes, depth {depth}: median {statistics.median(nodes):,.0f},"
                f" max {max(nodes):,}"
            )
            if depth == PER_NODE_SHALLOW:
                ok &= check_scores("Python tree", shallow_py, cpp, boards, depth)
                figures["Python tree", depth] = ns_per_node(shallow_py, nodes)
            if kernel is not None:
                rows = time_searcher(kernel, boards, depth)
                ok &= check_scores("kernel", rows, cpp, boards, depth)
                figures["kernel", depth] = ns_per_node(rows, nodes)
    print(
        "ns a node (nodes: every call of player and chance, cache hits included, counted by the"
        " C++ reference; the tree is the same, so is the count):"
    )
    for (name, depth), values in sorted(figures.items(), key=lambda x: (x[0][1], x[0][0])):
        print(
            f"  depth {depth}  {name:<14} median {percentile(values, 0.5):8.1f}"
            f"   p99 {percentile(values, 0.99):8.1f}"
        )
    for name in ("Python tree", "kernel"):
        for depth in (PER_NODE_SHALLOW, PER_NODE_DEEP):
            if (name, depth) in figures:
                values, cpp = figures[name, depth], figures["C++ reference", depth]
                print(
                    f"  {name} / C++ at depth {depth}: median"
                    f" {percentile(values, 0.5) / percentile(cpp, 0.5):.2f}x,"
                    f" p99 {percentile(values, 0.99) / percentile(cpp, 0.99):.2f}x"
                )
    print(f"wall time {time.perf_counter() - started:.0f} s")
    if not ok:
        print("SCORES DIFFER: the searches above are not the same tree")
    return ok


# -- a busy machine: the depth a wall-time budget reaches beside CPU-bound programs -----------

BUSY_POSITIONS = 100
BUSY_LOADS = (0, 1, 2)  # CPU-bound programs beside the search
SPIN = "while True: pass"


def busy(seed: int, budget_ms: float) -> None:
    """Per load: the depth the budget reaches on the same positions, and the time a move."""
    from game.solver import Searcher

    started = time.perf_counter()
    boards = per_node_positions(seed, PER_NODE_GAMES, BUSY_POSITIONS)
    searcher = Searcher(4)
    searcher.search(boards[0], depth=2)  # first calls that set anything up are not timed
    kind = "the Python tree" if searcher.kernel is None else "the compiled kernel"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(
        f"{len(boards)} positions from {PER_NODE_GAMES} seeded games of the depth-2 solver"
        f" (seeds {seed}..{seed + PER_NODE_GAMES - 1}), {budget_ms:g} ms a move, {kind};"
        f" {os.cpu_count()} cores, load average before {load}"
    )
    for programs in BUSY_LOADS:
        spinning = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(programs)]
        try:
            time.sleep(0.5 if programs else 0)  # let them start
            depths: dict[int, int] = {}
            wall: list[float] = []
            cpu: list[float] = []
            for board in boards:
                before, cpu_before = time.perf_counter(), time.process_time()
                result = searcher.search(board, budget_s=budget_ms / 1000)
                wall.append((time.perf_counter() - before) * 1000)
                cpu.append((time.process_time() - cpu_before) * 1000)
                depths[result.depth] = depths.get(result.depth, 0) + 1
        finally:
            for process in spinning:
                process.kill()
                process.wait()
        reached = [d for d, count in depths.items() for _ in range(count)]
        shares = ", ".join(f"{d}: {c / len(boards):.0%}" for d, c in sorted(depths.items()))
        print(
            f"  {programs} CPU-bound program(s) beside it: depth median"
            f" {statistics.median(reached):g} ({shares}); ms a move p50"
            f" {percentile(wall, 0.5):.1f}, p95 {percentile(wall, 0.95):.1f}; CPU ms p50"
            f" {percentile(cpu, 0.5):.1f}, p95 {percentile(cpu, 0.95):.1f}"
        )
    print(f"wall time {time.perf_counter() - started:.0f} s")


# -- a hint on each board size: the real solver at the app's hint budget --------------------

HINT_GAMES = 3
HINT_POSITIONS = 10  # a game, spread over its middle half
HINT_GAME_MOVES = 3000  # a depth-1 game on 8x8 runs for thousands of moves: its middle is here


def middle_positions(size: int, seed: int) -> list:
    """HINT_POSITIONS grids spread over the middle half of a seeded game of the depth-1 solver
    (stopped at HINT_GAME_MOVES)."""
    from game.core.engine import Game
    from game.solver.search import Solver

    solver, game, grids = Solver(size), Game.new(size, seed=seed), []
    while not game.over and len(grids) < HINT_GAME_MOVES:
        grids.append(game.grid)
        game.move(solver.search(game.grid, depth=1).direction)
    quarter = len(grids) // 4
    step = max(1, (len(grids) - 2 * quarter) // HINT_POSITIONS)
    return grids[quarter : len(grids) - quarter : step][:HINT_POSITIONS]


def hint_sizes(seed: int) -> None:
    """Per board size: a hint's time and depth at the app's budget, on middle-game positions."""
    from game.core.engine import BOARD_SIZES
    from game.play.autoplay import HINT_BUDGET_S
    from game.solver.search import Solver, think_time

    started = time.perf_counter()
    kind = "the compiled kernel" if Solver(4).fast.kernel is not None else "the Python tree"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(
        f"hint budget {HINT_BUDGET_S * 1000:g} ms, {kind}, {os.cpu_count()} cores,"
        f" load average before {load}"
    )
    for size in BOARD_SIZES:
        grids = [g for i in range(HINT_GAMES) for g in middle_positions(size, seed + i)]
        solver = Solver(size)
        solver.search(grids[0], depth=1)  # its tables are built before the first hint (warm_up)
        wall: list[float] = []
        cpu: list[float] = []
        depths: list[int] = []
        for grid in grids:
            before, cpu_before = time.perf_counter(), time.process_time()
            result = solver.search(grid, budget_s=think_time(grid, HINT_BUDGET_S))
            wall.append((time.perf_counter() - before) * 1000)
            cpu.append((time.process_time() - cpu_before) * 1000)
            depths.append(result.depth)
        print(
            f"  {size}x{size}: {len(grids)} positions, ms a hint median"
            f" {percentile(wall, 0.5):.1f}, p99 {percentile(wall, 0.99):.1f}, max {max(wall):.1f}"
            f" (CPU ms p99 {percentile(cpu, 0.99):.1f}); depth {min(depths)} to {max(depths)}"
            f" (median {statistics.median(depths):g})"
        )
    print(f"wall time {time.perf_counter() - started:.0f} s")


# The long run's goals (the compiled search at 100 ms a move on 4x4, more on a hard board and
# less on an easy one): 16384 in 18 games of 20, as nneonneo's C++ reaches it in 94% of games;
# a mean of at most 100 ms a move; and a p95 of at most 250 ms, a quarter of a second, which a
# player asking for a hint on the hardest boards still reads as an answer to the key.
STRENGTH_GAMES = 20
STRENGTH_REACHED = 18 / 20
STRENGTH_MEAN_MS = 100.0
STRENGTH_P95_MS = 250.0


def strength_goals(records: list[dict]) -> str:
    n = len(records)
    reached = sum(record["biggest"] >= 16384 for record in records)
    times = [t for record in records for t in record["times_ms"]]
    p95 = percentile(times, 0.95)
    mean = statistics.fmean(times) if times else float("nan")
    low, high = wilson(reached, n)
    met = "met" if n and reached / n >= STRENGTH_REACHED else "not met"
    return "\n".join(
        [
            f"goal: 16384 in at least {STRENGTH_REACHED:.0%} of games: {reached} of {n}"
            f" ({low:.0%} to {high:.0%} at 95%): {met}",
            f"goal: a move's mean time at most {STRENGTH_MEAN_MS:.0f} ms: {mean:.1f} ms: "
            + ("met" if mean <= STRENGTH_MEAN_MS else "not met"),
            f"goal: a move's time p95 at most {STRENGTH_P95_MS:.0f} ms: {p95:.1f} ms: "
            + ("met" if p95 <= STRENGTH_P95_MS else "not met"),
        ]
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=4, choices=range(3, 9))
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
    parser.add_argument(
        "--even-time",
        action="store_true",
        help="every move the same --budget-ms (by default a hard board gets more: think_time)",
    )
    parser.add_argument(
        "--per-node",
        action="store_true",
        help="ns a node: the Python tree, the kernel and a C++ reference on seeded positions",
    )
    parser.add_argument(
        "--busy",
        action="store_true",
        help="the depth --budget-ms reaches with 0, 1 and 2 CPU-bound programs beside it",
    )
    parser.add_argument(
        "--hint-sizes",
        action="store_true",
        help="a hint's time on every board size, at the app's hint budget",
    )
    parser.add_argument(
        "--strength",
        action="store_true",
        help=f"the long run: {STRENGTH_GAMES} seeded 4x4 games at 100 ms a move, against the goals",
    )
    args = parser.parse_args(argv)
    if args.strength:  # the goals are for this setting: the defaults, 4x4, time-bound
        args.size, args.depth, args.budget_ms, args.stop_at = 4, None, 100.0, None
        args.games = STRENGTH_GAMES if args.games == parser.get_default("games") else args.games

    if args.busy:
        busy(args.seed, args.budget_ms or 100.0)
        return

    if args.hint_sizes:
        hint_sizes(args.seed)
        return

    if args.per_node:
        if not per_node(args.seed):
            sys.exit(1)
        return

    if args.summarize:
        records = [json.loads(line) for line in args.summarize.read_text().splitlines() if line]
        print(summarize(records))
        if args.strength:
            print(strength_goals(records))
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
            "even_time": args.even_time,
            "weights": json.loads(args.weights) if args.weights else None,
        }
        for i in range(args.games)
    ]
    setting = f"{args.budget_ms:g} ms a move" if args.budget_ms else f"depth {args.depth}"
    if args.budget_ms:
        setting += ", the same on every board" if args.even_time else ", more on a hard board"
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
    if args.strength:
        print(strength_goals(records))


if __name__ == "__main__":
    multiprocessing.freeze_support()
    main()
