"""The statistics screen's words (R19, R20): the figures of one board size as lines. The
statistics themselves (game/core/stats.py) are figures only.
"""

from __future__ import annotations

from game.core.stats import Stats
from game.text import format_clock, tr


def stats_lines(stats: Stats, size: int, lang: str) -> list[str]:
    """The statistics screen's lines for one board size, the player's own games."""
    own = stats.for_size(size)
    none = tr("stats_none", lang)
    fastest = own.fastest_win_seconds
    fewest = own.fewest_moves_to_win
    lines = [
        f"{tr('stats_played', lang)}: {own.games_played}",
        f"{tr('stats_won', lang)}: {own.games_won}",
        f"{tr('stats_best', lang)}: {own.best_score}",
        f"{tr('stats_tile', lang)}: {own.biggest_tile or none}",
        f"{tr('stats_fastest', lang)}: {format_clock(fastest) if fastest is not None else none}",
        f"{tr('stats_fewest', lang)}: {fewest if fewest is not None else none}",
        f"{tr('stats_time', lang)}: {format_clock(own.total_seconds)}",
    ]
    assisted = stats.for_size(size, assisted=True)
    if assisted.games_played:
        lines.append(
            f"{tr('assisted', lang)}: {assisted.games_played} / {assisted.games_won} · "
            f"{assisted.best_score}"
        )
    return lines
