"""The small goals (game/core/goals.py): each goal's check, and how the statistics keep them.
A goal met through the real app: tests/play/test_goals_met.py."""

from __future__ import annotations

from datetime import date

import pytest

from game.core.goals import GOAL_IDS, GOALS, WIN_UNDER_MOVES, Moment, goals_met
from game.core.stats import Stats

BY_ID = {goal.id: goal for goal in GOALS}
REACH_512, REACH_1024, REACH_2048 = (f"reach_{t}_no_undo" for t in (512, 1024, 2048))
WIN_FAST, WIN_5 = f"win_under_{WIN_UNDER_MOVES}_moves", "win_on_5x5"


# -- each goal's check ----------------------------------------------------------------------------


def moment(size=4, tile=2, undo=False, assisted=False, won_in=None) -> Moment:
    return Moment(size, tile, undo_used=undo, assisted=assisted, won_in_moves=won_in)


# Per goal: a moment that meets it, and near misses that do not.
CHECKS = {
    REACH_512: (
        moment(tile=512),
        [moment(tile=256), moment(tile=512, undo=True), moment(tile=512, assisted=True),
         moment(size=5, tile=512)],
    ),
    REACH_1024: (
        moment(tile=1024),
        [moment(tile=512), moment(tile=1024, undo=True), moment(tile=4096, assisted=True),
         moment(size=3, tile=1024)],
    ),
    REACH_2048: (
        moment(tile=2048),
        [moment(tile=1024), moment(tile=2048, undo=True), moment(tile=2048, assisted=True),
         moment(size=6, tile=2048)],
    ),
    WIN_FAST: (
        moment(tile=2048, undo=True, won_in=WIN_UNDER_MOVES - 1),  # an undo is allowed here
        [moment(tile=2048, won_in=WIN_UNDER_MOVES), moment(tile=2048),
         moment(tile=2048, assisted=True, won_in=940), moment(size=5, tile=2048, won_in=940)],
    ),
    WIN_5: (
        moment(size=5, tile=2048, undo=True, won_in=5000),
        [moment(size=5, tile=4096), moment(size=5, tile=2048, assisted=True, won_in=900),
         moment(size=4, tile=2048, won_in=900), moment(size=6, tile=2048, won_in=900)],
    ),
}  # fmt: skip


def test_the_list_is_short_and_every_goal_is_checked_here():
    assert set(CHECKS) == GOAL_IDS and 5 <= len(GOALS) <= 6
    assert len(GOAL_IDS) == len(GOALS)  # no two goals kept under one id


@pytest.mark.parametrize("goal_id", sorted(CHECKS))
def test_each_goal_is_met_by_its_moment_and_by_none_of_its_near_misses(goal_id):
    goal = BY_ID[goal_id]
    meets, misses = CHECKS[goal_id]
    assert goal in goals_met(meets)
    for miss in misses:
        assert goal not in goals_met(miss), miss


# -- kept in the statistics ---------------------------------------------------------------------


def test_a_goal_keeps_the_day_and_game_it_was_first_met_by():
    stats = Stats().goal_met(REACH_512, "a1", date(2025, 6, 1))
    again = stats.goal_met(REACH_512, "b2", date(2025, 7, 9))
    assert again.goal(REACH_512) == stats.goal(REACH_512)
    assert (again.goal(REACH_512).day, again.goal(REACH_512).game_id) == (date(2025, 6, 1), "a1")
    assert again.goal(REACH_1024) is None


def test_goals_go_through_the_file_and_merge_with_a_backup_on_the_earlier_day():
    stats = (
        Stats()
        .game_counted(4, "a1", assisted=False)
        .goal_met(REACH_512, "a1", date(2025, 6, 1))
        .goal_met(WIN_5, "c3", date(2025, 8, 2))
    )
    assert Stats.from_dict(stats.to_dict()) == stats
    backup = (
        Stats()
        .goal_met(REACH_512, "b2", date(2025, 5, 30))
        .goal_met(REACH_1024, "b2", date(2025, 5, 30))
    )
    merged = stats.merged(backup)
    assert merged.goal(REACH_512).game_id == "b2"  # met earlier, in the backup
    assert merged.goal(REACH_1024) is not None and merged.goal(WIN_5).game_id == "c3"
    assert merged.for_size(4).games_played == 1


def test_a_goal_kept_wrong_costs_only_itself_and_a_missing_field_loads():
    stats = (
        Stats()
        .game_counted(4, "a1", assisted=False)
        .score_reached(4, assisted=False, score=3000, biggest_tile=256)
    )
    data = stats.goal_met(REACH_512, "a1", date(2025, 6, 1)).goal_met(WIN_5, "a1", date(2025, 6, 1))
    data = data.to_dict()
    data["goals"][REACH_512]["date"] = "yesterday"
    data["goals"]["a_goal_no_longer_offered"] = {"date": "2025-06-01", "game": "a1"}
    loaded = Stats.from_dict(data)
    assert loaded.goal(REACH_512) is None and loaded.goal(WIN_5) is not None
    assert set(loaded.to_dict()["goals"]) == {WIN_5}  # the one no longer offered is let go
    assert loaded.for_size(4).best_score == 3000
    for broken in ({"goals": "everything"}, {}):
        data = stats.to_dict()
        data.pop("goals")
        loaded = Stats.from_dict({**data, **broken})
        assert loaded == stats and loaded.goal(REACH_512) is None
