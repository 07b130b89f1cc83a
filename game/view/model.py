"""What the view is handed to draw besides the session: the facts the app gathers from the
records, the settings and the devices, already in the player's words (game/text). One value,
made afresh in one place (`ViewModel.of`, each batch of events), so no field is left behind
when another changes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.core.engine import BOARD_SIZES
from game.core.stats import Stats
from game.kept_games.charts.figures import ChartFigures
from game.text import first_tip
from game.text.records_words import goals_lines, stats_lines


@dataclass(frozen=True)
class ViewModel:
    best: int = 0  # the BEST box: the records' best of this size (R9)
    # The statistics pages' lines: each size's, and the goals' page's under None.
    stats_pages: Mapping[int | None, list[str]] = field(default_factory=dict)
    setting_values: Mapping[str, str] = field(default_factory=dict)  # the settings menu's values
    # The help's names for the pad's buttons ({a}: the button for confirm, as the pad prints
    # it) and for each action's keys and buttons now ({keys_undo}, {pad_undo}...).
    pad_labels: Mapping[str, str] = field(default_factory=dict)
    tip: tuple[str, ...] = ()  # a newcomer's words on how to play, until a first move
    charts: ChartFigures | None = None  # the statistics' pictures of the size they show

    @classmethod
    def of(
        cls,
        stats: Stats,
        best: int,
        lang: str,
        setting_values: Mapping[str, str],
        names: Mapping[str, str],
        newcomer: bool,
        charts: ChartFigures | None,
    ) -> ViewModel:
        """The view's facts in the player's words (some 40 microseconds: cheap enough for every
        batch of events). `names`: the pad's labels and each action's keys and buttons."""
        return cls(
            best=best,
            stats_pages={
                **{size: stats_lines(stats, size, lang) for size in BOARD_SIZES},
                None: goals_lines(stats, lang),  # the goals' page, after the sizes'
            },
            setting_values=setting_values,
            pad_labels=names,
            tip=first_tip(lang, names["keys_help"]) if newcomer else (),
            charts=charts,
        )
