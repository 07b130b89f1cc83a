"""What the view is handed to draw besides the session: the facts the app gathers from the
records, the settings and the devices, already in the player's words (game/text). One value,
made afresh in one place (`App.show`), so no field is left behind when another changes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ViewModel:
    best: int = 0  # the BEST box: the records' best of this size (R9)
    stats_pages: Mapping[int, list[str]] = field(default_factory=dict)  # lines of each size
    setting_values: Mapping[str, str] = field(default_factory=dict)  # the settings menu's values
    pad_labels: Mapping[str, str] = field(default_factory=dict)  # the pad's names of its buttons
    tip: tuple[str, ...] = ()  # a newcomer's words on how to play, until a first move
