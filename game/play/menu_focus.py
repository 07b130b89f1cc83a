"""Moving about inside one menu: the focus, its pages, the pointer, and a setting's step.
Commands in, events out, like the session, which hands a menu these commands and keeps for
itself the ones that act on the game or open and close menus.

    events = move_in(menu, command)   # None: not a move inside the menu (the session's)
"""

from __future__ import annotations

from game.core.engine import Direction
from game.play import commands as cmd
from game.play import events as ev
from game.play.focus import moved, pointed, turned
from game.play.menus import Menu, MenuKind, SettingItem, controls_items

# A direction as a step: through pages and settings (sideways), through items (upright).
SIDEWAYS = {Direction.LEFT: -1, Direction.RIGHT: 1}
UPRIGHT = {Direction.UP: -1, Direction.DOWN: 1}


def move_in(menu: Menu, command: cmd.Command) -> list[ev.Event] | None:
    """What `command` does inside `menu`, or None when it is not a move inside it."""
    match command:
        case cmd.Move(direction):
            sideways = SIDEWAYS.get(direction, 0)
            if menu.pages > 1 and sideways:
                return turn_page(menu, sideways)
            if isinstance(menu.focused_item, SettingItem) and sideways:
                return step_setting(menu.focused_item, sideways)
            return move_focus(menu, -1 if direction in (Direction.UP, Direction.LEFT) else 1)
        case cmd.MenuFocus(step):
            return move_focus(menu, step)
        case cmd.Adjust(index, step) if 0 <= index < len(menu.items):
            item = menu.items[index]
            if isinstance(item, SettingItem):
                menu.focus = index
                return step_setting(item, step)
            return turn_page(menu, step) if menu.pages > 1 else []
        case cmd.Point(index):
            focus = pointed(menu.focus, index, len(menu.items), menu.can_focus)
            if focus is None:
                return []
            menu.focus = focus
            return [ev.MenuPointed()]
    return None


def step_setting(item: SettingItem, step: int) -> list[ev.Event]:
    """The app owns the settings' values; a menu only says which one to step, and which way."""
    return [ev.SettingChanged(item.name, step)]


def move_focus(menu: Menu, step: int) -> list[ev.Event]:
    focus = menu.focus
    if not menu.wraps and not 0 <= focus + step < len(menu.items):
        return []  # held at its end
    menu.focus = moved(focus, step, len(menu.items), menu.can_focus)
    return [ev.MenuMoved()] if menu.focus != focus else []


def turn_page(menu: Menu, step: int) -> list[ev.Event]:
    page = turned(menu.page, step, menu.pages)
    if page == menu.page:
        return []
    focused = menu.focused_item
    menu.page = page
    if menu.kind is MenuKind.CONTROLS:  # its rows are the page's: the focus stays on its button
        menu.items = controls_items(page)
        if focused in menu.items:
            menu.focus = menu.items.index(focused)
        menu.focus = min(menu.focus, len(menu.items) - 1)
    menu.settle_focus(step)  # at the last page Enter closes; at the first it turns on
    return [ev.MenuMoved()]
