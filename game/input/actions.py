"""What each action of the player's controls (game/core/controls.py) asks for: the one table
the keyboard and the gamepad read, whichever key or button the player gave the action."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from game.core.controls import MENU
from game.core.engine import Direction
from game.play import commands as cmd

ACTION_COMMANDS: Mapping[str, cmd.Command] = MappingProxyType(
    {
        "up": cmd.Move(Direction.UP),
        "down": cmd.Move(Direction.DOWN),
        "left": cmd.Move(Direction.LEFT),
        "right": cmd.Move(Direction.RIGHT),
        "confirm": cmd.Confirm(),
        "undo": cmd.Undo(),
        "new_game": cmd.NewGame(),
        "hint": cmd.Hint(),
        "autoplay": cmd.ToggleAutoplay(),
        "help": cmd.Help(),
        "mute": cmd.ToggleMute(),
        "fullscreen": cmd.ToggleFullscreen(),
        # The fixed ones: the menu's way back, and the games screens' keys (R22, R23).
        MENU: cmd.Back(),
        "next_item": cmd.MenuFocus(1),
        "to_start": cmd.Seek(-1),
        "to_end": cmd.Seek(1),
        "faster": cmd.Speed(1),
        "slower": cmd.Speed(-1),
    }
)
