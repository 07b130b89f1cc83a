"""The menus and panels a player moves through: which there are, their items in order, and
which item each opens on. Pure values; the session decides what choosing an item does."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.engine import BOARD_SIZES
from game.settings import SETTINGS


class MenuKind(enum.Enum):
    PAUSE = "pause"
    HELP = "help"
    CONFIRM_NEW = "confirm_new"
    STATS = "stats"
    SETTINGS = "settings"
    WON = "won"  # the win banner's two buttons
    OVER = "over"  # the game-over panel's buttons


HELP_PAGES = ("controls", "rules", "strategy", "solver")
HELP_ITEMS = ["prev_page", "next_page", "back"]  # clickable, so the mouse can read and leave


@dataclass
class Menu:
    """An open menu or panel: its items (text keys), the focused one, and what it is about."""

    kind: MenuKind
    items: list[str]
    focus: int = 0
    page: int = 0  # help only
    size: int | None = None  # confirm_new only: the board size the new game will have

    @property
    def focused_item(self) -> str | None:
        return self.items[self.focus] if self.items else None


def help_menu() -> Menu:
    return Menu(MenuKind.HELP, list(HELP_ITEMS), focus=HELP_ITEMS.index("next_page"))


def stats_menu() -> Menu:
    return Menu(MenuKind.STATS, ["back"])


def confirm_menu(size: int) -> Menu:
    """R15: the safe answer is focused, so a reflex Enter keeps the game."""
    items = ["confirm_new", "cancel"]
    return Menu(MenuKind.CONFIRM_NEW, items, focus=items.index("cancel"), size=size)


# The settings menu: every setting a player steps (game/settings.py), then Back.
SETTINGS_ITEMS = (*(name for name in SETTINGS if name not in ("size", "window_size")), "back")


def pause_items() -> list[str]:
    sizes = (f"size_{s}" for s in BOARD_SIZES)
    return ["resume", "new_game", "autoplay", *sizes, "settings", "stats", "help", "quit"]
