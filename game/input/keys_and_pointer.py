"""Keyboard and pointer (mouse, touch) events in, commands out; gamepads are in
game/input/gamepad.py. Input never changes game state; it only says what the player asked for,
whichever key, button or gesture they used."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType

import pygame

from game.core.controls import ACTIONS, DOWN, FIXED_KEYS, LEFT, RIGHT, UP, Controls
from game.core.engine import Direction
from game.input.actions import ACTION_COMMANDS
from game.play import commands as cmd

# Keys that only go with others: pressed alone while the Controls screen waits, they are not
# the key wanted (Shift on the way to a shifted key).
MODIFIER_KEYS = frozenset(
    {
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LGUI,
        pygame.K_RGUI,
        pygame.K_CAPSLOCK,
        pygame.K_NUMLOCK,
        pygame.K_MODE,
    }
)
# SDL's names of a few keys, as the keys themselves are printed.
KEY_WORDS = {
    "Up": "↑",
    "Down": "↓",
    "Left": "←",
    "Right": "→",
    "Return": "Enter",
    "Keypad Enter": "Num Enter",
    "Escape": "Esc",
}


# The arrow keys keep their directions while the player gives them no other action: a move up
# remapped to I left every menu with no Up.
FREE_ARROWS: Mapping[int, str] = MappingProxyType(
    {UP: "up", DOWN: "down", LEFT: "left", RIGHT: "right"}
)


def key_commands(controls: Controls) -> Mapping[int, cmd.Command]:
    """Each key's command: the player's keys for their actions, the fixed ones, and the arrows
    no action took."""
    table = {key: ACTION_COMMANDS[action] for key, action in FREE_ARROWS.items()}
    table.update(
        (key, ACTION_COMMANDS[action]) for action, keys in FIXED_KEYS.items() for key in keys
    )
    for action in ACTIONS:
        table.update(dict.fromkeys(controls.keys_of(action), ACTION_COMMANDS[action]))
    return MappingProxyType(table)


DEFAULT_KEYS = key_commands(Controls())

SWIPE_FRACTION = 0.2  # of a tile: a shorter drag is a click, not a move


def keyboard_command(
    event: pygame.event.Event, keys: Mapping[int, cmd.Command] = DEFAULT_KEYS
) -> cmd.Command | None:
    """The command of one KEYDOWN event, or None, by the player's `keys` (key_commands). Keys
    held with Ctrl, Alt or Meta move nothing, except the chords listed (Ctrl+Z, Ctrl+Q,
    Alt+Enter): those are fixed, as are ? for help and Shift+Tab."""
    mods = event.mod
    ctrl = mods & pygame.KMOD_CTRL
    alt = mods & pygame.KMOD_ALT
    meta = mods & (pygame.KMOD_META | pygame.KMOD_GUI)
    key = event.key
    if ctrl and not (alt or meta):
        return {pygame.K_z: cmd.Undo(), pygame.K_q: cmd.Quit()}.get(key)
    if alt and not (ctrl or meta):
        return cmd.ToggleFullscreen() if key in (pygame.K_RETURN, pygame.K_KP_ENTER) else None
    if meta:
        return cmd.Quit() if key == pygame.K_q else None  # Cmd+Q on macOS
    if getattr(event, "unicode", "") == "?":
        return cmd.Help()
    if key == pygame.K_TAB and mods & pygame.KMOD_SHIFT:
        return cmd.MenuFocus(-1)
    return keys.get(key)


def key_to_bind(event: pygame.event.Event) -> cmd.Command | None:
    """A KEYDOWN while the Controls screen waits for a key: the key itself. Escape goes back
    (the wait ends), a key held with Ctrl, Alt or Meta does what it always does (Ctrl+Q still
    quits), and a modifier alone or a key SDL cannot name is not the one wanted (None)."""
    if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_GUI):
        return keyboard_command(event)
    if event.key == pygame.K_ESCAPE:
        return cmd.Back()
    if event.key in MODIFIER_KEYS or not pygame.key.name(event.key, use_compat=False):
        return None
    return cmd.Pressed(key=event.key)


def key_name(key: int) -> str:
    """A key as the player reads it: its letter, or its name ("F1", "Backspace", "↑")."""
    name = pygame.key.name(key, use_compat=False)
    return KEY_WORDS.get(name, name) or f"#{key}"


def swipe_direction(
    start: tuple[float, float], end: tuple[float, float], tile_px: float
) -> Direction | None:
    """The dominant direction of a drag longer than a fifth of a tile, else None."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if max(abs(dx), abs(dy)) < tile_px * SWIPE_FRACTION:
        return None
    if abs(dx) >= abs(dy):
        return Direction.RIGHT if dx > 0 else Direction.LEFT
    return Direction.DOWN if dy > 0 else Direction.UP


# What a click on each HUD button asks for.
BUTTON_COMMANDS: dict[str, cmd.Command] = {
    "new_game": cmd.NewGame(),
    "undo": cmd.Undo(),
    "hint": cmd.Hint(),
    "autoplay": cmd.ToggleAutoplay(),
    "menu": cmd.Pause(),
}
RIGHT_BUTTON = 3
# The events PointerInput.translate reads (a finger's motion is not one: a swipe is read from
# where it went down and where it came up).
POINTER_EVENTS = frozenset(
    {
        pygame.MOUSEMOTION,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEWHEEL,
        pygame.FINGERDOWN,
        pygame.FINGERUP,
    }
)


class PointerInput:
    """Mouse and touch: a click on a button or menu item (on which half of it, for settings),
    a drag or swipe on the board, the wheel and the right button over a menu item, and the
    pointer resting on one. The view says what is under the pointer (`hit_test`)."""

    def __init__(
        self,
        hit_test: Callable[[tuple[int, int]], cmd.Target | None],
        tile_px: Callable[[], float],
        window_size: Callable[[], tuple[int, int]],
    ) -> None:
        self._hit_test = hit_test
        self._tile_px = tile_px
        self._window_size = window_size
        self._press: tuple[float, float] | None = None
        self._touch: dict[int, tuple[float, float]] = {}
        self._pointer: tuple[int, int] | None = None  # where the mouse is, for the wheel
        self.hovered_button: str | None = None  # the HUD button under the mouse

    def translate(self, event: pygame.event.Event) -> list[cmd.Command]:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            return self._moved(event.pos)
        if kind == pygame.MOUSEWHEEL:
            return self._wheel(event)
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(event, "touch", 0):
            return []  # SDL also sends FINGER events for touches; use those
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press = event.pos
            return []
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._press is None:
                return []
            start, self._press = self._press, None
            return self._release(start, event.pos)
        if kind == pygame.MOUSEBUTTONUP and event.button == RIGHT_BUTTON:
            target = self._hit_test(event.pos)
            return [cmd.Adjust(target.item, -1)] if target and target.item is not None else []
        if kind == pygame.FINGERDOWN:
            position = self._finger_pos(event)
            if position is not None:
                self._touch[event.finger_id] = position
            return []
        if kind == pygame.FINGERUP:
            start = self._touch.pop(event.finger_id, None)
            end = self._finger_pos(event)
            if start is None or end is None:
                return []
            return self._release(start, end)
        return []

    def _moved(self, pos: tuple[int, int]) -> list[cmd.Command]:
        self._pointer = pos
        target = self._hit_test(pos)
        self.hovered_button = target.button if target is not None else None
        return [cmd.Point(target.item)] if target is not None and target.item is not None else []

    def _wheel(self, event: pygame.event.Event) -> list[cmd.Command]:
        """Up (away from the player) steps up; the item is the one under the mouse."""
        if self._pointer is None or not event.y:
            return []
        target = self._hit_test(self._pointer)
        if target is None or target.item is None:
            return []
        return [cmd.Adjust(target.item, 1 if event.y > 0 else -1)]

    def _finger_pos(self, event: pygame.event.Event) -> tuple[float, float] | None:
        """A touch in window pixels; SDL gives fractions of the window, which a driver may
        send outside 0..1 (held to the edge) or as no number at all (the touch is dropped)."""
        if not (math.isfinite(event.x) and math.isfinite(event.y)):
            return None
        width, height = self._window_size()
        return (min(max(event.x, 0.0), 1.0) * width, min(max(event.y, 0.0), 1.0) * height)

    def _release(self, start, end) -> list[cmd.Command]:
        direction = swipe_direction(start, end, self._tile_px())
        if direction is not None:
            return [cmd.Move(direction)]
        target = self._hit_test((round(end[0]), round(end[1])))
        if target is None:
            return []
        if target.item is not None:
            return [cmd.Select(target.item, target.side, target.fraction)]
        return [BUTTON_COMMANDS[target.button]] if target.button in BUTTON_COMMANDS else []
