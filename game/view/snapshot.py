"""What is on screen, frozen: made in one place (game/app/frames.py, `snapshot`) for each
frame drawn, and what the view draws and points at. The view never reads the live session or
a menu's state: only this, so the same snapshot and the same `ahead` draw the same frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.screens.screen import ScreenKind


@dataclass(frozen=True)
class PlayShot:
    """The game under the screens: the HUD's figures and what its buttons can do."""

    size: int
    score: int
    moves: int
    seconds: float
    undos_left: int
    undo_enabled: bool
    biggest_tile: int
    assisted: bool
    autoplaying: bool
    inactive: frozenset[str]  # the HUD buttons that cannot act now (R14, R20)
    clock_running: bool  # R17
    clock_paused: bool  # held while it would run: the window lost focus or a menu is open


@dataclass(frozen=True)
class MenuShot:
    """A menu or the game's panel as it shows: its items in order, which can act, the focus
    and the page."""

    kind: ScreenKind
    items: tuple[Any, ...]
    actives: tuple[bool, ...]
    focus: int
    page: int
    pages: int
    waiting_for: str | None  # the Controls screen: the action it waits for a key for
    size: int | None  # the board size it is about (the charts, a confirmation)
    opened: int  # which opening of a menu it is: a new one fades in

    def active(self, item: Any) -> bool:
        return self.actives[self.items.index(item)]

    @property
    def focused_item(self) -> Any:
        return self.items[self.focus] if self.items else None


@dataclass(frozen=True)
class Snapshot:
    play: PlayShot
    menu: MenuShot | None = None  # a menu or panel over the board
    games: Any = None  # the Games screen showing, drawn as it is (game/screens/browsing.py)
    games_busy: bool = False  # the Games screens' work goes on: their frames keep coming
