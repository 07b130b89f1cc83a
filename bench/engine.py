"""Engine speed: shifts per second and moves per second (with spawning).

Run from the repository root:  .venv/bin/python bench/engine.py

Each figure is measured in several rounds; the median and the slow tail (p99 of the time per
operation) of the rounds are printed. The goal for 4x4 is 200,000 shifts per second (median).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.engine import Direction, Game, shift  # noqa: E402

SHIFT_GOAL_4X4 = 200_000  # shifts per second
ROUNDS = 15
BOARDS = 2_000
MOVES_PER_ROUND = 5_000
DIRECTIONS = tuple(Direction)


def sample_boards(size: int, count: int, seed: int) -> list:
    """Positions met in random play: games played to the end and restarted."""
    chooser = random.Random(seed)
    boards = []
    game = Game.new(size, seed=seed)
    while len(boards) < count:
        if game.over:
            game = Game.new(size, seed=chooser.getrandbits(32))
        boards.append(game.grid)
        game.move(chooser.choice(DIRECTIONS))
    chooser.shuffle(boards)
    return boards


def time_shifts(boards: list) -> float:
    """Seconds for one shift of every board in every direction."""
    start = time.perf_counter()
    for grid in boards:
        for direction in DIRECTIONS:
            shift(grid, direction)
    return time.perf_counter() - start


def time_moves(size: int, moves: int, chooser: random.Random) -> tuple[float, int]:
    """Seconds for `moves` valid Game.move calls, restarting each game when it ends."""
    game = Game.new(size, seed=chooser.getrandbits(32))
    valid = 0
    start = time.perf_counter()
    while valid < moves:
        if game.over:
            game = Game.new(size, seed=chooser.getrandbits(32))
        if game.move(chooser.choice(DIRECTIONS)) is not None:
            valid += 1
    return time.perf_counter() - start, valid


def summary(label: str, unit: str, seconds_per_op: list[float]) -> float:
    """Print median and p99 (slow tail) of the rounds; return the median rate."""
    median = statistics.median(seconds_per_op)
    p99 = statistics.quantiles(seconds_per_op, n=100, method="inclusive")[98]
    print(
        f"{label:<22} median {1 / median:>11,.0f} {unit}/s ({median * 1e6:6.2f} us)   "
        f"p99 {1 / p99:>11,.0f} {unit}/s ({p99 * 1e6:6.2f} us)"
    )
    return 1 / median


def main() -> int:
    print(f"Python {sys.version.split()[0]}, {ROUNDS} rounds each")
    rates = {}
    for size in (4, 6):
        boards = sample_boards(size, BOARDS, seed=size)
        time_shifts(boards)  # warm up
        per_shift = []
        for _ in range(ROUNDS):
            per_shift.append(time_shifts(boards) / (len(boards) * len(DIRECTIONS)))
        rates[size] = summary(f"shift {size}x{size}", "shifts", per_shift)
    for size in (4, 6):
        chooser = random.Random(100 + size)
        time_moves(size, MOVES_PER_ROUND // 5, chooser)  # warm up
        per_move = []
        for _ in range(ROUNDS):
            seconds, valid = time_moves(size, MOVES_PER_ROUND, chooser)
            per_move.append(seconds / valid)
        summary(f"Game.move {size}x{size}", "moves", per_move)
    met = rates[4] >= SHIFT_GOAL_4X4
    print(
        f"goal: 4x4 shifts >= {SHIFT_GOAL_4X4:,}/s (median): "
        f"{'met' if met else 'NOT met'} ({rates[4]:,.0f}/s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
