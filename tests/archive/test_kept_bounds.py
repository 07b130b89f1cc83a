"""Issue 13: every state the engine can reach from a state it accepts is kept and loads again.
The engine, the statistics and the kept games share one set of bounds (game/core/engine.py: the
largest tile of R2, the largest count, the longest clock), and play never passes them. And a
database doctored by hand: whatever loads from it loads the same after it is kept again."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from helpers.archive import kept_in
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
from game.kept_games.archive.changes import KeepInPlay, KeepStats
from game.kept_games.archive.games_archive import Archive
from game.storage.schema import ARCHIVE_FILE

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


def _saved_and_loaded(folder, game: Game, stats: Stats) -> tuple[Game, Stats]:
    """`game` and `stats` kept as the autosave keeps them, then read as the next start does."""
    archive = Archive.open(folder, background=False, durable=False)
    archive.write([KeepInPlay(game.to_dict(), {"phase": "playing"}), KeepStats(stats.to_dict())])
    archive.close()
    archive = Archive.open(folder, background=False, durable=False)
    try:
        kept = archive.load_kept()
        assert archive.pop_notices() == []
    finally:
        archive.close()
    return kept.in_play[game.size][0], kept.stats


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
    assert saved.to_dict() == game.to_dict() and loaded == stats

    stats = _play(game, stats, data.draw(_actions), assisted)
    saved, loaded = _saved_and_loaded(folder, game, stats)  # and after play
    assert saved is not None and saved.to_dict() == game.to_dict()
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
    assert saved.score == game.score and loaded.best_score(4) == game.score


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
    assert saved is not None and saved.to_dict() == game.to_dict()
    assert loaded == stats


# -- a database doctored by hand ------------------------------------------------------------------

_json_values = st.recursive(
    st.none() | st.booleans() | _counts | st.integers() | _seconds | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@st.composite
def _doctored(draw, value):
    """`value` (JSON data) with one part of it replaced by any JSON value, as a hand would."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: draw(_doctored(value[key]))}
    if isinstance(value, list) and value and draw(st.booleans()):
        index = draw(st.integers(0, len(value) - 1))
        return [*value[:index], draw(_doctored(value[index])), *value[index + 1 :]]
    return draw(_json_values)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@pytest.mark.slow
@given(game=accepted_games(), data=st.data())
def test_whatever_a_doctored_database_loads_loads_the_same_after_it_is_kept_again(
    tmp_path_factory, game, data
):
    folder = tmp_path_factory.mktemp("doctored")
    stats = _play(game, Stats(), data.draw(_actions), assisted=False)
    _saved_and_loaded(folder, game, stats)
    column = data.draw(st.sampled_from(["game", "session", "figures"]))
    table = "statistics" if column == "figures" else "in_play"
    with sqlite3.connect(folder / ARCHIVE_FILE) as doctor:
        [(text,)] = doctor.execute(f"SELECT {column} FROM {table}").fetchall()
        changed = data.draw(_doctored(json.loads(text)))
        doctor.execute(f"UPDATE {table} SET {column} = ?", (json.dumps(changed),))
    doctor.close()
    first = kept_in(folder)  # never raises: what cannot be read is left out, and said
    archive = Archive.open(folder, background=False, durable=False)
    archive.write(
        [KeepInPlay(g.to_dict(), state) for g, state in first.in_play.values()]
        + [KeepStats(first.stats.to_dict())]
    )
    archive.close()
    second = kept_in(folder)
    assert second.stats == first.stats
    assert {size: (g.to_dict(), state) for size, (g, state) in second.in_play.items()} == {
        size: (g.to_dict(), state) for size, (g, state) in first.in_play.items()
    }
