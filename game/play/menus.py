"""The menus and panels a player moves through: which there are, their items in order, which
item each opens on, and which items cannot act now. Pure values; the session decides what
choosing an item does.

An item is an action (`Item`, whose value is its text key), a board size to play on
(`SizeItem`), or a setting of game/core/settings.py (`SettingItem`), which steps both ways.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.engine import BOARD_SIZES
from game.core.settings import SETTINGS
from game.play.focus import settled


class MenuKind(enum.Enum):
    PAUSE = "pause"
    HELP = "help"
    CONFIRM_NEW = "confirm_new"
    CONFIRM_QUIT = "confirm_quit"  # Quit in the pause menu asks first
    STATS = "stats"
    SETTINGS = "settings"
    WON = "won"  # the win banner's two buttons
    OVER = "over"  # the game-over panel's buttons
    GAMES = "games"  # the kept games' screens: they answer for themselves (session.py)


class Item(enum.StrEnum):
    """An item that does one thing; its value is the text key of its words."""

    RESUME = "resume"
    NEW_GAME = "new_game"
    AUTOPLAY = "autoplay"
    GAMES = "games"
    SETTINGS = "settings"
    STATS = "stats"
    HELP = "help"
    QUIT = "quit"
    KEEP_GOING = "keep_going"
    UNDO = "undo"
    CONFIRM_NEW = "confirm_new"
    CANCEL = "cancel"
    PREV_PAGE = "prev_page"
    NEXT_PAGE = "next_page"
    BACK = "back"


@dataclass(frozen=True)
class SizeItem:
    """Play on this board size: its saved game, or a new one (R1, R18)."""

    size: int

    @property
    def key(self) -> str:
        return f"size_{self.size}"


@dataclass(frozen=True)
class SettingItem:
    """One setting, shown with its value; choosing it steps it (game/core/settings.py)."""

    name: str


MenuItem = Item | SizeItem | SettingItem

# The help pages, in order: how to play first, for a newcomer pressing F1.
HELP_PAGES = ("rules", "controls", "strategy", "solver", "review", "costs")
PAGE_ITEMS = (Item.PREV_PAGE, Item.NEXT_PAGE, Item.BACK)  # clickable, so a mouse can read
# The settings menu: every setting a player steps, then Back.
SETTINGS_ITEMS = (
    *(SettingItem(name) for name in SETTINGS if name not in ("size", "window_size")),
    Item.BACK,
)


@dataclass
class Menu:
    """An open menu or panel: its items, the focused one, and for paged menus (help, the
    statistics of each size) the page shown."""

    kind: MenuKind
    items: list[MenuItem]
    focus: int = 0
    page: int = 0
    pages: int = 1
    size: int | None = None  # confirm_new only: the board size the new game will have
    wraps: bool = True  # Up on the first item comes round to the last, Down on the last back

    @property
    def focused_item(self) -> MenuItem | None:
        return self.items[self.focus] if self.items else None

    def active(self, item: MenuItem) -> bool:
        """Whether choosing `item` does anything now: no page before the first, none after
        the last. An item that cannot act is drawn so."""
        if item is Item.PREV_PAGE:
            return self.page > 0
        if item is Item.NEXT_PAGE:
            return self.page < self.pages - 1
        return True

    def can_focus(self, index: int) -> bool:
        return self.active(self.items[index])

    def settle_focus(self, step: int = 1) -> None:
        """Keep the focus off an item that cannot act: on to the next one that can."""
        self.focus = settled(self.focus, len(self.items), self.can_focus, step)


def _paged(kind: MenuKind, pages: int, page: int = 0) -> Menu:
    menu = Menu(kind, list(PAGE_ITEMS), focus=PAGE_ITEMS.index(Item.NEXT_PAGE), pages=pages)
    menu.page = page
    menu.settle_focus()
    return menu


def help_menu() -> Menu:
    return _paged(MenuKind.HELP, len(HELP_PAGES))


def stats_menu(size: int) -> Menu:
    """The statistics, a page a board size, opening on the size played now."""
    page = BOARD_SIZES.index(size) if size in BOARD_SIZES else 0
    return _paged(MenuKind.STATS, len(BOARD_SIZES), page)


def stats_size(menu: Menu) -> int:
    """The board size a statistics page is about."""
    return BOARD_SIZES[menu.page]


def confirm_menu(size: int) -> Menu:
    """R15: the safe answer is focused, so a reflex Enter keeps the game."""
    items: list[MenuItem] = [Item.CONFIRM_NEW, Item.CANCEL]
    return Menu(MenuKind.CONFIRM_NEW, items, focus=items.index(Item.CANCEL), size=size)


def quit_confirm() -> Menu:
    """Quit from the pause menu asks first, the safe answer focused: a reflex Enter on the
    wrong item never ends the session (Ctrl+Q and the window's close button quit at once)."""
    items: list[MenuItem] = [Item.QUIT, Item.CANCEL]
    return Menu(MenuKind.CONFIRM_QUIT, items, focus=items.index(Item.CANCEL))


def settings_menu() -> Menu:
    return Menu(MenuKind.SETTINGS, list(SETTINGS_ITEMS))


def pause_items() -> list[MenuItem]:
    sizes = (SizeItem(size) for size in BOARD_SIZES)
    return [
        Item.RESUME,
        Item.NEW_GAME,
        Item.AUTOPLAY,
        *sizes,
        Item.GAMES,
        Item.SETTINGS,
        Item.STATS,
        Item.HELP,
        Item.QUIT,
    ]


def pause_menu() -> Menu:
    """Held at its ends: Up from Resume never lands on Quit."""
    return Menu(MenuKind.PAUSE, pause_items(), wraps=False)


def games_entry() -> Menu:
    """The kept games' screens' place on the stack: over the pause menu, no items of its own."""
    return Menu(MenuKind.GAMES, [])


def won_panel() -> Menu:
    return Menu(MenuKind.WON, [Item.KEEP_GOING, Item.NEW_GAME])


def over_panel(can_undo: bool) -> Menu:
    """R12: Undo while undos are left, and New game."""
    return Menu(MenuKind.OVER, [Item.UNDO, Item.NEW_GAME] if can_undo else [Item.NEW_GAME])
