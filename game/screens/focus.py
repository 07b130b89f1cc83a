"""Focus and pages, written once for every screen of the stack (game/screens/screen.py):
which item the keyboard and pad act on, and which page shows.

focus = settled(focus, count, can_focus, step)   # off an item that cannot act
focus = moved(focus, step, count, can_focus)     # Up/Down, wrapping past the ends
page = turned(page, step, pages)                 # held to the first and the last
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.engine import Direction


def settled(focus: int, count: int, can_focus: Callable[[int], bool], step: int = 1) -> int:
    """`focus`, or the next item going `step`'s way that can act (the same one if none can)."""
    if count == 0:
        return 0
    focus %= count
    for _ in range(count):
        if can_focus(focus):
            return focus
        focus = (focus + step) % count
    return focus


def moved(focus: int, step: int, count: int, can_focus: Callable[[int], bool]) -> int:
    """The focus `step` items on, wrapping, past any that cannot act now."""
    return settled(focus + step, count, can_focus, step)


def pointed(focus: int, index: int, count: int, can_focus: Callable[[int], bool]) -> int | None:
    """The focus once the pointer rests on item `index`; None when it does not move (outside
    the items, on the focused one, or on one that cannot act)."""
    if not 0 <= index < count or index == focus or not can_focus(index):
        return None
    return index


def turned(page: int, step: int, pages: int) -> int:
    """The page `step` pages on, held to the first and the last."""
    return min(max(page + step, 0), pages - 1)


# A direction as a step: through pages and settings (sideways), through items (upright).
SIDEWAYS = {Direction.LEFT: -1, Direction.RIGHT: 1}
UPRIGHT = {Direction.UP: -1, Direction.DOWN: 1}
