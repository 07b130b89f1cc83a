"""Moving about the kept games' screens (R22, R23), as game/play/menu_focus.py does inside a
menu: the focus through a screen's items, past any that cannot act now, the pointer resting on
one, and the list's pages. The navigator (game/screens/games_screens.py) owns the focus
and the screen showing, and hands these moves here; what choosing an item does stays its own.

    events = move_in(games_screens, command)   # None: not a move on the screen showing
    events = point(games_screens, index)       # the pointer rests on item `index`
    events = turn_page(games_screens, step)    # another page of the list
    settle(games_screens)                      # the focus off an item that cannot act
"""

from __future__ import annotations

from typing import Protocol

from game.play import commands as cmd
from game.play import events as ev
from game.screens.focus import SIDEWAYS, UPRIGHT, moved, pointed, settled
from game.screens.games_list import ROWS_PER_PAGE, GamesList
from game.screens.items import GameRow, GamesItem, Screen


class FocusHolder(Protocol):
    """What moving about needs of the navigator (games_screens.py's GamesScreens): named here
    rather than imported, as the navigator imports these moves."""

    screen: Screen | None
    focus: int
    games: GamesList

    @property
    def items(self) -> list[GamesItem]: ...

    def can_focus(self, index: int) -> bool: ...


def move_in(games_screens: FocusHolder, command: cmd.Command) -> list[ev.Event] | None:
    """Up and Down through a screen's items; in the list, through its games and pages."""
    if games_screens.screen is Screen.LIST:
        return _move_in_list(games_screens, command)
    match command:
        case cmd.Move(direction) if direction in UPRIGHT:
            return _move_focus(games_screens, UPRIGHT[direction])
        case cmd.MenuFocus(step):
            return _move_focus(games_screens, step)
    return None


def point(games_screens: FocusHolder, index: int) -> list[ev.Event]:
    focus = pointed(games_screens.focus, index, len(games_screens.items), games_screens.can_focus)
    if focus is None:
        return []
    games_screens.focus = focus
    return [ev.MenuPointed()]


def settle(games_screens: FocusHolder, step: int = 1) -> None:
    """Keep the focus on an item that can act (the pointer's seek bar is never focused)."""
    games_screens.focus = settled(
        games_screens.focus, len(games_screens.items), games_screens.can_focus, step
    )


def _move_focus(games_screens: FocusHolder, step: int) -> list[ev.Event]:
    before = games_screens.focus
    games_screens.focus = moved(before, step, len(games_screens.items), games_screens.can_focus)
    return [ev.MenuMoved()] if games_screens.focus != before else []


def _move_in_list(games_screens: FocusHolder, command: cmd.Command) -> list[ev.Event] | None:
    games = games_screens.games
    match command:
        case cmd.Move(direction) if direction in SIDEWAYS:
            return turn_page(games_screens, SIDEWAYS[direction])
        case cmd.Move(direction):
            return _list_step(games_screens, UPRIGHT[direction])
        case cmd.MenuFocus(step):
            return _list_step(games_screens, step)
        case cmd.Adjust(_, step):
            return turn_page(games_screens, -step)  # the wheel up: toward the newest
        case cmd.Seek(where):
            last = max(len(games.rows) - 1, 0)
            return turn_page(games_screens, where * games.pages, row=0 if where < 0 else last)
    return None


def _list_step(games_screens: FocusHolder, step: int) -> list[ev.Event]:
    """Up and Down through the games: past a page's last game, the next page's first."""
    rows, games = len(games_screens.games.rows), games_screens.games
    if games_screens.focus < rows:
        target = games_screens.focus + step
        if target >= rows and games.page < games.pages - 1:
            return turn_page(games_screens, 1, row=0)
        if target < 0 and games.page > 0:
            return turn_page(games_screens, -1, row=ROWS_PER_PAGE - 1)
    return _move_focus(games_screens, step)


def turn_page(games_screens: FocusHolder, step: int, row: int | None = None) -> list[ev.Event]:
    """Another page; the focus stays on its button, or on a game (`row`, or the same)."""
    before = games_screens.items[games_screens.focus]
    turned = games_screens.games.turn(step)
    if isinstance(before, GameRow) or row is not None:
        focus = min(
            games_screens.focus if row is None else row, max(len(games_screens.games.rows) - 1, 0)
        )
    else:
        focus = games_screens.items.index(before)  # the same button, after the page's games
    if not turned and focus == games_screens.focus:
        return []
    games_screens.focus = focus
    settle(games_screens, step)
    return [ev.MenuMoved()]
