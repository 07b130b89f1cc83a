"""The statistics screen's words (R19, R20): the figures of one board size as lines. The
statistics themselves (game/core/stats.py) are figures only.
"""

from __future__ import annotations

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
