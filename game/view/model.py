"""What the view is handed to draw besides the session: the facts the app gathers from the
records, the settings and the devices, already in the player's words (game/text). One value,
made afresh in one place (`App.show`), so no field is left behind when another changes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.kept_games.charts.figures import ChartFigures


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
