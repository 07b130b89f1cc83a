"""The engine's randomness (R3, R7, R13): fair spawns and exact replays, on fixed seeds."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations
from statistics import NormalDist

import pytest

from game.core.engine import Direction, Game

ALL_SIZES = range(3, 9)
FALSE_ALARM = 1e-6  # chance that a fair engine fails a chi-square test below (seeds are fixed)


def chi_square(counts: Counter, categories: list, total: int) -> float:
    """Pearson's statistic for `counts` against a uniform spread over `categories`."""
    expected = total / len(categories)
    return sum((counts[category] - expected) ** 2 / expected for category in categories)


def chi_square_limit(categories: int) -> float:
    """The chi-square value a fair sample exceeds with probability FALSE_ALARM
    (Wilson-Hilferty approximation; close enough from 7 degrees of freedom up)."""
    freedom = categories - 1
    z = NormalDist().inv_cdf(1 - FALSE_ALARM)
    h = 2 / (9 * freedom)
    return freedom * (1 - h + z * math.sqrt(h)) ** 3


def tiles(game: Game) -> list[tuple[tuple[int, int], int]]:
    return [
        ((r, c), value) for r, row in enumerate(game.grid) for c, value in enumerate(row) if value
    ]


def random_play(game: Game, chooser: random.Random, moves: int) -> list:
    """Up to `moves` moves in random directions (invalid ones included); the outcomes."""
    outcomes = []
    for _ in range(moves):
        if game.over:
            break
        outcomes.append(game.move(chooser.choice(list(Direction))))
    return outcomes


@pytest.mark.slow
def test_r7_one_spawn_in_ten_is_a_4():
    """R7: over 25,000 spawns in play, the share of 4s is 0.1 +- 0.01."""
    chooser = random.Random(2048)
    values = []
    seed = 0
    while len(values) < 25_000:
        game = Game.new(4, seed=seed)
        seed += 1
        while not game.over:
            outcome = game.move(chooser.choice(list(Direction)))
            if outcome is not None:
                values.append(outcome.spawned.value)
    assert set(values) == {2, 4}
    assert abs(values.count(4) / len(values) - 0.1) <= 0.01


def test_r3_one_start_tile_in_ten_is_a_4():
    """R3: each start tile is drawn on its own: 2 with p=0.9, 4 with p=0.1."""
    values = [value for seed in range(12_000) for _, value in tiles(Game.new(4, seed=seed))]
    assert len(values) == 24_000
    assert set(values) == {2, 4}
    assert abs(values.count(4) / len(values) - 0.1) <= 0.01


@pytest.mark.parametrize("size", ALL_SIZES)
def test_r7_spawn_cell_is_uniform(size):
    """R7: the new tile's cell is uniform over the empty cells (chi-square, fixed seeds)."""
    rows = [[0] * size for _ in range(size)]
    rows[0][0] = rows[0][1] = 2  # moved left: one 4 in the corner, every other cell empty
    empty = [(r, c) for r in range(size) for c in range(size) if (r, c) != (0, 0)]
    total = 100 * len(empty)
    counts = Counter(
        Game.from_grid(rows, seed=seed).move(Direction.LEFT).spawned.cell for seed in range(total)
    )
    assert set(counts) == set(empty)
    assert chi_square(counts, empty, total) < chi_square_limit(len(empty))


@pytest.mark.parametrize("size", [3, 4])
def test_r3_start_cells_are_uniform_and_distinct(size):
    """R3: the two start tiles are in two different cells, every pair of cells alike."""
    pairs = list(combinations([(r, c) for r in range(size) for c in range(size)], 2))
    total = 80 * len(pairs)
    counts = Counter()
    for seed in range(total):
        cells = [cell for cell, _ in tiles(Game.new(size, seed=seed))]
        assert len(cells) == 2
        counts[tuple(sorted(cells))] += 1
    assert set(counts) == set(pairs)
    assert chi_square(counts, pairs, total) < chi_square_limit(len(pairs))


@pytest.mark.parametrize("size", ALL_SIZES)
def test_r3_start_tiles_are_in_two_different_cells(size):
    """R3: two tiles, never stacked in one cell, on every board size."""
    for seed in range(500):
        assert len(tiles(Game.new(size, seed=seed))) == 2


@pytest.mark.parametrize("size", ALL_SIZES)
def test_same_seed_and_moves_give_the_same_game(size):
    """Determinism (R13, R18): the same seed and the same moves replay the same game."""
    chooser = random.Random(size)
    directions = [chooser.choice(list(Direction)) for _ in range(150)]
    first, second = Game.new(size, seed=99), Game.new(size, seed=99)
    assert first.to_dict() == second.to_dict()
    for direction in directions:
        assert first.move(direction) == second.move(direction)
        assert first.to_dict() == second.to_dict()
    assert first.moves > 0


@pytest.mark.parametrize("size", ALL_SIZES)
def test_different_seeds_give_different_games(size):
    """Seeds matter: ten seeds and the same moves give ten different games."""
    chooser = random.Random(size)
    directions = [chooser.choice(list(Direction)) for _ in range(40)]
    spawns = set()
    for seed in range(10):
        game = Game.new(size, seed=seed)
        outcomes = [game.move(direction) for direction in directions]
        spawns.add((game.grid, tuple(o.spawned for o in outcomes if o is not None)))
    assert len(spawns) == 10


def test_no_seed_gives_a_different_game_each_time():
    """seed=None draws a fresh seed: games differ in random state and in what they spawn."""
    games = [Game.new(4) for _ in range(20)]
    assert len({str(game.to_dict()["random_state"]) for game in games}) == 20
    histories = set()
    for game in games:
        outcomes = random_play(game, random.Random(7), 30)
        histories.add(tuple(o.spawned for o in outcomes if o is not None))
    assert len(histories) == 20
