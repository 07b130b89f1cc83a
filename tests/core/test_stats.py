"""Statistics per size (R19), own and assisted play apart (R20); records only ever improve."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.engine import MAX_COUNT, MAX_SECONDS
from game.core.stats import SizeStats, Stats


def test_a_fresh_player_has_nothing_yet():
    stats = Stats()
    assert stats.for_size(4) == SizeStats()
    assert stats.best_score(4) == 0
    assert stats.for_size(4).fastest_win_seconds is None
    assert stats.sizes() == []


def test_a_won_game_is_counted_with_its_time_and_moves():
    stats = (
        Stats()
        .game_counted(4, "a1", assisted=False)
        .score_reached(4, assisted=False, score=20480, biggest_tile=2048)
        .game_won(4, "a1", assisted=False, seconds=400.0, moves=1000)
        .time_played(4, "a1", assisted=False, seconds=400.0)
        .game_counted(4, "b2", assisted=False)
        .score_reached(4, assisted=False, score=25000, biggest_tile=2048)
        .game_won(4, "b2", assisted=False, seconds=350.5, moves=1100)
        .time_played(4, "b2", assisted=False, seconds=350.5)
    )
    assert stats.for_size(4) == SizeStats(
        games_played=2,
        games_won=2,
        best_score=25000,
        biggest_tile=2048,
        fastest_win_seconds=350.5,  # the faster win
        fewest_moves_to_win=1000,  # from the other one
        total_seconds=750.5,
    )


def test_a_game_counts_once_however_often_its_first_move_comes():
    """R19: an undo of the first move and a new first move are still one game."""
    stats = Stats().game_counted(4, "a1", assisted=False)
    assert stats.game_counted(4, "a1", assisted=False) == stats
    assert stats.for_size(4).games_played == 1


def test_the_game_in_play_is_closed_when_the_next_one_counts():
    stats = (
        Stats()
        .game_counted(4, "a1", assisted=False)
        .game_won(4, "a1", assisted=False, seconds=9.0, moves=900)
    )
    assert stats.playing(4).won
    stats = stats.game_counted(4, "b2", assisted=False)
    assert stats.playing(4).game_id == "b2" and not stats.playing(4).won
    assert (stats.for_size(4).games_played, stats.for_size(4).games_won) == (2, 1)


def test_a_game_turned_assisted_moves_to_the_assisted_column():
    """R20: counted in the player's own column until the first hint, then in the assisted
    column instead (moved, not doubled); its own time and best stay the player's own."""
    stats = (
        Stats()
        .game_counted(4, "a1", assisted=False)
        .score_reached(4, assisted=False, score=500, biggest_tile=64)
        .time_played(4, "a1", assisted=False, seconds=60.0)
        .game_assisted(4, "a1")
        .score_reached(4, assisted=True, score=30000, biggest_tile=2048)
        .game_won(4, "a1", assisted=True, seconds=100.0, moves=1000)
        .time_played(4, "a1", assisted=True, seconds=40.0)
    )
    own, helped = stats.for_size(4), stats.for_size(4, assisted=True)
    assert (own.games_played, own.games_won) == (0, 0)
    assert (helped.games_played, helped.games_won) == (1, 1)
    assert own.total_seconds == 60.0 and helped.total_seconds == 40.0
    assert own.best_score == 500 and stats.best_score(4) == 500
    assert helped.best_score == 30000 and helped.fastest_win_seconds == 100.0
    assert stats.playing(4).credited_seconds == 100.0  # all its time, in one column or other
    closed = stats.game_counted(4, "b2", assisted=False)  # and it stays assisted when closed
    assert closed.for_size(4, assisted=True).games_played == 1
    assert closed.for_size(4).games_played == 1  # the new game


def test_time_is_noted_against_its_game_only():
    stats = Stats().game_counted(4, "a1", assisted=False)
    other = stats.time_played(4, "zz", assisted=False, seconds=5.0)
    assert other.playing(4).credited_seconds == 0.0  # another game's time
    assert other.for_size(4).total_seconds == 5.0  # still time played


def test_a_lower_score_does_not_lower_the_best():
    stats = Stats().score_reached(5, assisted=False, score=900, biggest_tile=128)
    assert stats.score_reached(5, assisted=False, score=200, biggest_tile=16) == stats
    assert stats.best_score(5) == 900


def test_assisted_games_are_kept_apart_from_the_players_own():
    stats = (
        Stats()
        .score_reached(4, assisted=False, score=1000, biggest_tile=128)
        .score_reached(4, assisted=True, score=50000, biggest_tile=4096)
        .game_won(4, "a1", assisted=True, seconds=60, moves=900)
    )
    assert stats.best_score(4) == 1000  # R20: the hint's score is not the player's best
    assert stats.for_size(4).games_won == 0
    assert stats.for_size(4, assisted=True).best_score == 50000
    assert stats.for_size(4, assisted=True).games_won == 1


def test_sizes_are_kept_apart():
    stats = Stats().score_reached(6, assisted=False, score=64, biggest_tile=32)
    assert stats.best_score(6) == 64 and stats.best_score(4) == 0
    assert stats.sizes() == [6]


def test_no_time_adds_nothing():
    for seconds in (0, -3, float("inf"), float("nan")):
        assert Stats().time_played(4, "a1", assisted=False, seconds=seconds) == Stats()


def test_stats_round_trip_through_a_dict():
    stats = (
        Stats()
        .game_counted(4, "a1", assisted=False)
        .game_won(4, "a1", assisted=False, seconds=12.5, moves=300)
        .game_counted(4, "b2", assisted=False)
        .time_played(4, "b2", assisted=False, seconds=3.25)
        .score_reached(8, assisted=True, score=10, biggest_tile=8)
    )
    assert Stats.from_dict(stats.to_dict()) == stats
    assert Stats.from_dict(stats.to_dict()).playing(4).credited_seconds == 3.25


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"best_score": -1}, "own.4.best_score"),
        ({"best_score": True}, "own.4.best_score"),
        ({"games_played": 1.5}, "own.4.games_played"),
        ({"biggest_tile": 3}, "own.4.biggest_tile"),
        ({"biggest_tile": 2**18}, "own.4.biggest_tile"),  # beyond 131072, the largest on 4x4
        ({"fastest_win_seconds": float("inf")}, "own.4.fastest_win_seconds"),
        ({"fewest_moves_to_win": 0}, "own.4.fewest_moves_to_win"),
        ({"total_seconds": "long"}, "own.4.total_seconds"),
        ({"extra": 1}, "own.4"),
    ],
)
def test_bad_figures_are_refused_naming_the_field(change, field):
    data = Stats().game_counted(4, "a1", assisted=False).game_counted(4, "b2", assisted=False)
    data = data.to_dict()
    data["own"]["4"].update(change)
    with pytest.raises(ValueError, match=field.replace(".", r"\.")):
        Stats.from_dict(data)


@pytest.mark.parametrize("size", ["2", "9", "04", "four", "٤"])
def test_bad_sizes_are_refused(size):
    with pytest.raises(ValueError, match="board size"):
        Stats.from_dict({"own": {size: SizeStats().to_dict()}, "assisted": {}, "playing": {}})


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"game": "../x"}, "playing.4.game"),
        ({"game": 7}, "playing.4.game"),
        ({"won": 1}, "playing.4.won"),
        ({"credited_seconds": -1.0}, "playing.4.credited_seconds"),
        ({"more": 1}, "playing.4"),
    ],
)
def test_a_bad_game_in_play_is_refused_naming_the_field(change, field):
    data = Stats().game_counted(4, "a1", assisted=False).to_dict()
    data["playing"]["4"].update(change)
    with pytest.raises(ValueError, match=field.replace(".", r"\.")):
        Stats.from_dict(data)


_SIZE_STATS = st.builds(
    SizeStats,
    games_played=st.integers(0, 50),
    games_won=st.integers(0, 50),
    best_score=st.integers(0, 10**6),
    biggest_tile=st.sampled_from([0, 2, 64, 2048]),
    fastest_win_seconds=st.none() | st.floats(0, 10**4),
    fewest_moves_to_win=st.none() | st.integers(1, 10**4),
    total_seconds=st.floats(0, 10**6),
)
_STATS = st.dictionaries(
    st.tuples(st.sampled_from([4, 5, 6]), st.booleans()), _SIZE_STATS, max_size=6
).map(Stats)


@given(_STATS, _STATS)
def test_merging_never_lowers_a_record(a, b):
    merged = a.merged(b)
    assert merged == b.merged(a) and merged.merged(merged) == merged
    for size in (4, 5, 6):
        for assisted in (False, True):
            m, x, y = (s.for_size(size, assisted=assisted) for s in (merged, a, b))
            assert m.best_score == max(x.best_score, y.best_score)
            assert m.games_played == max(x.games_played, y.games_played)
            assert m.biggest_tile == max(x.biggest_tile, y.biggest_tile)
            wins = [t for t in (x.fastest_win_seconds, y.fastest_win_seconds) if t is not None]
            assert m.fastest_win_seconds == (min(wins) if wins else None)


def test_counts_and_totals_stop_at_the_bounds_the_engine_shares():
    """Issue 13: a figure that would pass what a file may hold stops at the bound instead, so
    the statistics always load again."""
    full = SizeStats(games_played=MAX_COUNT, games_won=MAX_COUNT, total_seconds=MAX_SECONDS)
    stats = Stats({(4, False): full})
    stats = stats.game_counted(4, "a1", assisted=False).game_counted(4, "b2", assisted=False)
    stats = stats.game_won(4, "b2", assisted=False, seconds=MAX_SECONDS * 2, moves=MAX_COUNT)
    stats = stats.time_played(4, "b2", assisted=False, seconds=MAX_SECONDS)
    record = stats.for_size(4)
    assert (record.games_played, record.games_won) == (MAX_COUNT, MAX_COUNT)
    assert record.total_seconds == record.fastest_win_seconds == MAX_SECONDS
    assert Stats.from_dict(stats.to_dict()) == stats


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("best_score", MAX_COUNT + 1),
        ("games_played", -1),
        ("total_seconds", float("nan")),
        ("total_seconds", 10**400),  # an int too big to be a float: refused, not a crash
        ("fastest_win_seconds", MAX_SECONDS * 2),
        ("fewest_moves_to_win", 0),
        ("biggest_tile", 2 * 2**17),
    ],
)
def test_a_figure_past_the_bounds_is_refused_as_damage(field, value):
    data = SizeStats(fastest_win_seconds=1.0, fewest_moves_to_win=1).to_dict() | {field: value}
    with pytest.raises(ValueError):
        SizeStats.from_dict(data, 4)
