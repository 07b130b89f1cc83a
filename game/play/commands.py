"""The vocabulary of intents: what a player asks for, whatever device they used.

Input turns key presses, pad buttons and clicks into these; only the session decides what one
means in the current state.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.engine import Direction


@dataclass(frozen=True)
class Target:
    """What is under the pointer, as the view sees it: a HUD button by name, or an item of the
    open menu by its index and the half of it (-1 left, +1 right). Input makes it a command."""

    button: str | None = None
    item: int | None = None
    side: int = 1
    fraction: float = 0.5  # where across the item, 0 at its left edge to 1 at its right


@dataclass(frozen=True)
class Move:
    direction: Direction


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class NewGame:
    """Asks for a new game; the session confirms first while a game is in progress (R15)."""

    size: int | None = None  # None: the current size


@dataclass(frozen=True)
class KeepGoing:
    pass


@dataclass(frozen=True)
class Confirm:
    """A / Enter: the focused item of a menu or banner."""


@dataclass(frozen=True)
class Back:
    """Escape, or a plain joystick's second button: one level back (closes a menu, declines
    a confirmation)."""


@dataclass(frozen=True)
class BackOrUndo:
    """A pad's B button: one level back in a menu, an undo in play and on the game-over
    panel. Input cannot tell which the player means; the session can."""


@dataclass(frozen=True)
class MenuFocus:
    """Moves the focus highlight in a menu: -1 up, +1 down."""

    step: int


@dataclass(frozen=True)
class Select:
    """A click on a menu item, by its index in the open menu. `side` is the half clicked,
    -1 left and +1 right: a setting steps down or up by it."""

    index: int
    side: int = 1
    fraction: float = 0.5  # where across the item it was clicked (a seek bar, a plot)


@dataclass(frozen=True)
class Adjust:
    """The wheel or the right button over a menu item: a setting steps by `step`, a paged
    menu turns its page."""

    index: int
    step: int


@dataclass(frozen=True)
class Point:
    """The pointer rests on a menu item: the focus follows it."""

    index: int


@dataclass(frozen=True)
class Seek:
    """Home / End, a pad's shoulder buttons: to the start (-1) or the end (+1) of what is
    shown (a replay, a review's moves, the games list)."""

    step: int


@dataclass(frozen=True)
class Speed:
    """+ / -: a replay plays faster (+1) or slower (-1)."""

    step: int


@dataclass(frozen=True)
class Pause:
    pass


@dataclass(frozen=True)
class Help:
    pass


@dataclass(frozen=True)
class Hint:
    pass


@dataclass(frozen=True)
class ToggleAutoplay:
    pass


@dataclass(frozen=True)
class SolverMove:
    """Autoplay's own move: played only while autoplay is on (R20)."""

    direction: Direction


@dataclass(frozen=True)
class Interrupt:
    """A key, click or pad button of the player's that means nothing here: it stops autoplay
    and does nothing else."""


@dataclass(frozen=True)
class ToggleFullscreen:
    pass


@dataclass(frozen=True)
class ToggleMute:
    pass


@dataclass(frozen=True)
class Quit:
    pass


@dataclass(frozen=True)
class Pressed:
    """A key (an SDL keycode) or a pad button (SDL's name for it) as itself, while the Controls
    screen waits for one to bind (game/core/controls.py)."""

    key: int | None = None
    button: str | None = None


Command = (
    Move
    | Undo
    | NewGame
    | KeepGoing
    | Confirm
    | Back
    | BackOrUndo
    | MenuFocus
    | Select
    | Adjust
    | Point
    | Seek
    | Speed
    | Pause
    | Help
    | Hint
    | ToggleAutoplay
    | SolverMove
    | Interrupt
    | ToggleFullscreen
    | ToggleMute
    | Quit
    | Pressed
)
