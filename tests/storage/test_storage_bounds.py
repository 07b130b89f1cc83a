"""Issue 13: every state the engine can reach from a state it accepts saves and loads again.
The engine, the statistics and storage share one set of bounds (game/core/engine.py: the largest
tile of R2, the largest count, the longest clock), and play never passes them."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.engine import (
    MAX_COUNT,
    MAX_SECONDS,
    MAX_SIZE,
    MIN_SIZE,
    UNDO_LIMIT,
    Direction,
    Game,
    max_tile_value,
)
from game.core.stats import SizeStats, Stats
from game.storage.store import Storage

STEPS = 12  # moves, undos and clock ticks played from each generated state


@st.composite
def _grids(draw, size: int):
    """Any board the engine accepts, the largest tiles included, side by side or not."""
    top = size * size + 1  # the largest tile's exponent (R2)
    cells = []
    for _ in range(size * size):
        exponent = draw(st.integers(0, top) | st.integers(top - 1, top) | st.integers(0, 4))
        cells.append(1 << exponent if exponent else 0)
    cells = draw(st.permutations(cells))
    return [cells[row * size : (row + 1) * size] for row in range(size)]


def _random_state(seed: int) -> list:
    version, internal, gauss = random.Random(seed).getstate()
    return [version, list(internal), gauss]


_counts = st.integers(0, MAX_COUNT) | st.integers(MAX_COUNT - 4096, MAX_COUNT) | st.integers(0, 9)
_seconds = st.floats(0, MAX_SECONDS) | st.floats(MAX_SECONDS - 1e6, MAX_SECONDS)


@st.composite
def accepted_games(draw) -> Game:
    """Any game Game.from_dict accepts."""
    size = draw(st.integers(MIN_SIZE, MAX_SIZE))
    history = [
        {
            "grid": draw(_grids(size)),
            "score": draw(_counts),
            "moves": draw(_counts),
            "random_state": _random_state(draw(st.integers(0, 2**32))),
        }
        for _ in range(draw(st.integers(0, UNDO_LIMIT)))
    ]
    return Game.from_dict(
        {
            "version": 1,
            "size": size,
            "grid": draw(_grids(size)),
            "score": draw(_counts),
            "moves": draw(_counts),
            "won": draw(st.booleans()),
            "undos_left": draw(st.integers(0, UNDO_LIMIT)),
            "undo_enabled": draw(st.booleans()),
            "seconds": draw(_seconds),
            "random_state": _random_state(draw(st.integers(0, 2**32))),
            "history": history,
        }
    )


@st.composite
def accepted_stats(draw, size: int) -> SizeStats:
    won = draw(st.booleans())
    return SizeStats(
        games_played=draw(_counts),
        games_won=draw(_counts),
        best_score=draw(_counts),
        biggest_tile=draw(st.sampled_from([0, *(1 << e for e in range(1, size * size + 2))])),
        fastest_win_seconds=draw(_seconds) if won else None,
        fewest_moves_to_win=draw(st.integers(1, MAX_COUNT)) if won else None,
        total_seconds=draw(_seconds),
    )


_actions = st.lists(
    st.sampled_from([*Direction, "undo"]) | _seconds.map(lambda s: ("clock", s)), max_size=STEPS
)


def _play(game: Game, stats: Stats, actions, assisted: bool) -> Stats:
    """Play the actions, the best score and tile following the game as the records do."""
    for action in actions:
        if action == "undo":
            game.undo()
        elif isinstance(action, tuple):
            game.advance_clock(action[1])
        elif game.move(action) is not None:
            stats = stats.score_reached(
                game.size, assisted=assisted, score=game.score, biggest_tile=game.biggest_tile()
            )
    return stats


def _saved_and_loaded(folder, game: Game, stats: Stats) -> tuple:
    with Storage(folder) as storage:
        assert storage.save_game(game, {"phase": "playing"})
        assert storage.save_stats(stats)
    with Storage(folder) as storage:
        saved, loaded = storage.load_game(game.size), storage.load_stats()
        assert storage.pop_notices() == []
    return saved, loaded


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@pytest.mark.slow
@given(game=accepted_games(), data=st.data())
def test_every_state_reached_from_an_accepted_one_saves_and_loads_again(
    tmp_path_factory, game, data
):
    folder = tmp_path_factory.mktemp("bounds")
    assisted = data.draw(st.booleans())
    stats = Stats({(game.size, assisted): data.draw(accepted_stats(game.size))})
    saved, loaded = _saved_and_loaded(folder, game, stats)  # as accepted
    assert saved.game.to_dict() == game.to_dict() and loaded == stats

    stats = _play(game, stats, data.draw(_actions), assisted)
    saved, loaded = _saved_and_loaded(folder, game, stats)  # and after play
    assert saved is not None and saved.game.to_dict() == game.to_dict()
    assert loaded == stats


@pytest.mark.parametrize("size", range(MIN_SIZE, MAX_SIZE + 1))
def test_the_engine_and_the_statistics_accept_the_same_bounds(size):
    top = max_tile_value(size)
    base = Game.from_grid([[2] + [0] * (size - 1)] + [[0] * size] * (size - 1), seed=1)
    cases = [(top, MAX_COUNT, True), (2 * top, 4, False), (2, MAX_COUNT + 1, False)]
    for tile, score, accepted in cases:
        grid = [[tile] + [0] * (size - 1)] + [[0] * size for _ in range(size - 1)]
        saved = base.to_dict() | {"grid": grid, "score": score}
        record = SizeStats(best_score=score, biggest_tile=tile).to_dict()
        for load, data in [
            (Game.from_dict, saved),
            (lambda d, n=size: SizeStats.from_dict(d, n), record),
        ]:
            if accepted:
                load(data)
            else:
                with pytest.raises(ValueError):
                    load(data)


def test_a_score_past_what_a_json_number_holds_exactly_loads_in_the_game_and_the_best(tmp_path):
    """2^53 is the score the old bounds disagreed on: the game took it, the statistics did not,
    so the next start threw the statistics away."""
    game = Game.from_grid([[2, 2, 0, 0], [0] * 4, [0] * 4, [0] * 4], seed=1, score=2**53 - 4)
    game.move(Direction.LEFT)
    stats = Stats().score_reached(4, assisted=False, score=game.score, biggest_tile=4)
    saved, loaded = _saved_and_loaded(tmp_path, game, stats)
    assert saved.game.score == game.score and loaded.best_score(4) == game.score


def test_the_score_moves_and_clock_stop_at_their_bounds_instead_of_passing_them():
    game = Game.from_grid(
        [[2, 2, 0, 0], [0] * 4, [0] * 4, [0] * 4], seed=1, score=MAX_COUNT - 1, moves=MAX_COUNT
    )
    game.advance_clock(MAX_SECONDS)
    game.advance_clock(MAX_SECONDS)
    game.move(Direction.LEFT)
    assert (game.score, game.moves, game.seconds) == (MAX_COUNT, MAX_COUNT, MAX_SECONDS)
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


@pytest.mark.parametrize("size", [3, 8])
def test_a_game_built_from_a_position_obeys_the_same_bounds(size):
    grid = [[0] * size for _ in range(size)]
    for state in ({"score": MAX_COUNT + 1}, {"moves": -1}, {"seconds": float("inf")}):
        with pytest.raises(ValueError):
            Game.from_grid(grid, seed=1, **state)


def test_two_largest_tiles_side_by_side_stay_and_the_game_still_saves(tmp_path):
    top = max_tile_value(4)
    game = Game.from_grid([[top, top, 0, 0], [0, 0, 0, 2], [0] * 4, [0] * 4], seed=1)
    assert game.move(Direction.LEFT) is not None  # the 2 slides; the two 131072s stay
    assert game.biggest_tile() == top
    stats = Stats().score_reached(4, assisted=False, score=game.score, biggest_tile=top)
    saved, loaded = _saved_and_loaded(tmp_path, game, stats)
    assert saved is not None and saved.game.to_dict() == game.to_dict()
    assert loaded == stats
