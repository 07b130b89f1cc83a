"""The menus and panels a player moves through: which there are, their items in order, which
item each opens on, and which items cannot act now. Pure values; the session decides what
choosing an item does.

An item is an action (`Item`, whose value is its text key), a board size to play on
(`SizeItem`), a setting of game/core/settings.py (`SettingItem`), which steps both ways, or an
action of the player's controls (`ControlItem`, game/core/controls.py), which waits for a key.
The board sizes have a menu of their own, opened from one row of the pause menu: six rows of
sizes would not fit the pause menu in the smallest window.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.controls import ACTIONS, MENU
from game.core.engine import BOARD_SIZES
from game.core.settings import SETTINGS
from game.play.events import PlayOnAsked
from game.play.focus import settled


class MenuKind(enum.Enum):
    PAUSE = "pause"
    HELP = "help"
    CONFIRM_NEW = "confirm_new"
    CONFIRM_QUIT = "confirm_quit"  # Quit in the pause menu asks first
    STATS = "stats"
    SETTINGS = "settings"
    CONTROLS = "controls"  # each action's keys and buttons, from the settings menu
    SIZES = "sizes"  # the board sizes, from the pause menu
    CHARTS = "charts"  # one size's statistics as pictures, from its statistics page
    WON = "won"  # the win banner's two buttons
    OVER = "over"  # the game-over panel's buttons
    GAMES = "games"  # the kept games' screens: they answer for themselves (session.py)


class Item(enum.StrEnum):
    """An item that does one thing; its value is the text key of its words."""

    RESUME = "resume"
    NEW_GAME = "new_game"
    AUTOPLAY = "autoplay"
    SIZES = "sizes"  # opens the board sizes' menu
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
    CONTROLS = "controls"  # opens the Controls screen
    RESTORE_DEFAULTS = "restore_defaults"  # every key and button back as at first
    CHARTS = "charts"  # opens the statistics' pictures of the page's board size
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


@dataclass(frozen=True)
class ControlItem:
    """An action, shown with its keys and pad buttons; choosing it waits for a new key or
    button (game/core/controls.py). The menu's own (Escape, Start) is shown, never chosen."""

    action: str


MenuItem = Item | SizeItem | SettingItem | ControlItem

# The help pages, in order: how to play first, for a newcomer pressing F1.
HELP_PAGES = ("rules", "controls", "strategy", "solver", "review", "costs", "practice")
PAGE_ITEMS = (Item.PREV_PAGE, Item.NEXT_PAGE, Item.BACK)  # clickable, so a mouse can read
STATS_ITEMS = (Item.PREV_PAGE, Item.NEXT_PAGE, Item.CHARTS, Item.BACK)
# The statistics' pictures of one size, a chart a page: a page the smallest window can read,
# so that the page buttons mean the same in every window (as the Controls screen's).
CHART_PAGES = ("scores", "tiles", "weeks", "loss")
# The settings menu: every setting a player steps, the Controls screen, then Back.
SETTINGS_ITEMS = (
    *(SettingItem(name) for name in SETTINGS if name not in ("size", "window_size", "controls")),
    Item.CONTROLS,
    Item.BACK,
)
# The Controls screen: its actions a page at a time (a page fits the smallest window), then
# the pages' buttons, Restore defaults and Back.
CONTROL_ROWS = (*ACTIONS, MENU)
CONTROLS_PER_PAGE = 7
CONTROLS_FOOT = (Item.PREV_PAGE, Item.NEXT_PAGE, Item.RESTORE_DEFAULTS, Item.BACK)


@dataclass
class Menu:
    """An open menu or panel: its items, the focused one, and for paged menus (help, the
    statistics of each size) the page shown."""

    kind: MenuKind
    items: list[MenuItem]
    focus: int = 0
    page: int = 0
    pages: int = 1
    size: int | None = None  # confirm_new: the new game's board size; charts: the size shown
    wraps: bool = True  # Up on the first item comes round to the last, Down on the last back
    waiting_for: str | None = None  # controls only: the action whose new key it waits for
    play_on: PlayOnAsked | None = None  # confirm_new only: the kept position it starts from

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
        if item is Item.CHARTS:
            return stats_size(self) is not None  # not on the goals' page
        return item != ControlItem(MENU)

    def can_focus(self, index: int) -> bool:
        return self.active(self.items[index])

    def settle_focus(self, step: int = 1) -> None:
        """Keep the focus off an item that cannot act: on to the next one that can."""
        self.focus = settled(self.focus, len(self.items), self.can_focus, step)


def _paged(kind: MenuKind, pages: int, page: int = 0, items: tuple[Item, ...] = PAGE_ITEMS) -> Menu:
    menu = Menu(kind, list(items), focus=items.index(Item.NEXT_PAGE), pages=pages)
    menu.page = page
    menu.settle_focus()
    return menu


def help_menu() -> Menu:
    return _paged(MenuKind.HELP, len(HELP_PAGES))


def stats_menu(size: int) -> Menu:
    """The statistics, a page a board size, opening on the size played now; the goals' page
    (game/core/goals.py) last."""
    page = BOARD_SIZES.index(size) if size in BOARD_SIZES else 0
    return _paged(MenuKind.STATS, len(BOARD_SIZES) + 1, page, STATS_ITEMS)


def stats_size(menu: Menu) -> int | None:
    """The board size a statistics page is about; None for the goals' page, the last."""
    return BOARD_SIZES[menu.page] if menu.page < len(BOARD_SIZES) else None


def charts_menu(size: int) -> Menu:
    """The statistics of board `size` as pictures, a chart a page (CHART_PAGES)."""
    menu = _paged(MenuKind.CHARTS, len(CHART_PAGES))
    menu.size = size
    return menu


def confirm_menu(size: int, play_on: PlayOnAsked | None = None) -> Menu:
    """R15: the safe answer is focused, so a reflex Enter keeps the game. `play_on`: the new
    game starts from that kept position (Play from here)."""
    items: list[MenuItem] = [Item.CONFIRM_NEW, Item.CANCEL]
    cancel = items.index(Item.CANCEL)
    return Menu(MenuKind.CONFIRM_NEW, items, focus=cancel, size=size, play_on=play_on)


def quit_confirm() -> Menu:
    """Quit from the pause menu asks first, the safe answer focused: a reflex Enter on the
    wrong item never ends the session (Ctrl+Q and the window's close button quit at once)."""
    items: list[MenuItem] = [Item.QUIT, Item.CANCEL]
    return Menu(MenuKind.CONFIRM_QUIT, items, focus=items.index(Item.CANCEL))


def settings_menu() -> Menu:
    return Menu(MenuKind.SETTINGS, list(SETTINGS_ITEMS))


def controls_menu() -> Menu:
    pages = -(-len(CONTROL_ROWS) // CONTROLS_PER_PAGE)
    return Menu(MenuKind.CONTROLS, controls_items(0), pages=pages)


def controls_items(page: int) -> list[MenuItem]:
    """A page of the Controls screen: its actions, then the buttons every page has."""
    rows = CONTROL_ROWS[page * CONTROLS_PER_PAGE : (page + 1) * CONTROLS_PER_PAGE]
    return [*(ControlItem(action) for action in rows), *CONTROLS_FOOT]


def sizes_menu(size: int) -> Menu:
    """Every board size, smallest first, then Back; it opens on the size played now."""
    items: list[MenuItem] = [*(SizeItem(size) for size in BOARD_SIZES), Item.BACK]
    return Menu(MenuKind.SIZES, items, focus=items.index(SizeItem(size)))


def pause_items() -> list[MenuItem]:
    return [
        Item.RESUME,
        Item.NEW_GAME,
        Item.AUTOPLAY,
        Item.SIZES,
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
