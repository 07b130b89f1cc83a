"""The statistics screen's words (R19, R20): the figures of one board size as lines, and the
goals (game/core/goals.py), met or not yet, on a page of their own. The statistics themselves
(game/core/stats.py) are figures only.
"""

from __future__ import annotations

from game.core.goals import GOALS, Goal
from game.core.stats import SizeStats, Stats
from game.text import format_clock, tr


def stats_lines(stats: Stats, size: int, lang: str) -> list[str]:
    """The statistics screen's lines for one board size: the player's own games, then the
    assisted ones apart, each figure named. With assisted games comes the rule that splits
    the two (R20), as it is why own time played reads more than the own games' clocks."""
    own = stats.for_size(size)
    none = tr("stats_none", lang)
    fastest = own.fastest_win_seconds
    fewest = own.fewest_moves_to_win
    lines = [
        tr("stats_own", lang),
        *_counts(own, lang),
        f"{tr('stats_fastest', lang)}: {format_clock(fastest) if fastest is not None else none}",
        f"{tr('stats_fewest', lang)}: {fewest if fewest is not None else none}",
        _time(own, lang),
    ]
    assisted = stats.for_size(size, assisted=True)
    if assisted.games_played:
        lines += [
            tr("stats_assisted", lang),
            *_counts(assisted, lang),
            _time(assisted, lang),
            tr("stats_own_time_rule", lang),
        ]
    return lines


def goals_lines(stats: Stats, lang: str) -> list[str]:
    """The goals' page: each goal, met (on which day) or not yet, then the rule that says on
    which board and by whose play a goal is met."""
    return [*(_goal_line(stats, goal, lang) for goal in GOALS), tr("goals_rule", lang)]


def goal_name(goal: Goal, lang: str) -> str:
    return tr(goal.text_key, lang, **goal.text_fields)


def goal_met_text(goal: Goal, lang: str) -> str:
    """The notice at the moment a goal is first met."""
    return tr("goal_met", lang, goal=goal_name(goal, lang))


def _goal_line(stats: Stats, goal: Goal, lang: str) -> str:
    met = stats.goal(goal.id)
    if met is None:
        return tr("goal_not_yet", lang, goal=goal_name(goal, lang))
    return tr("goal_met_on", lang, goal=goal_name(goal, lang), date=met.day.isoformat())


def _counts(figures: SizeStats, lang: str) -> list[str]:
    """Games played and won, best score and biggest tile: the figures both columns show."""
    return [
        f"{tr('stats_played', lang)}: {figures.games_played}",
        f"{tr('stats_won', lang)}: {figures.games_won}",
        f"{tr('stats_best', lang)}: {figures.best_score}",
        f"{tr('stats_tile', lang)}: {figures.biggest_tile or tr('stats_none', lang)}",
    ]


def _time(figures: SizeStats, lang: str) -> str:
    return f"{tr('stats_time', lang)}: {format_clock(figures.total_seconds)}"
