"""The player's controls: which keys and gamepad buttons ask for each action, their defaults,
and changing one. Pure: keys are SDL keycodes, buttons SDL's game-controller names; the input
modules (game/input/) turn them into pygame's and name them for the player.

    controls = Controls()                           # the defaults
    changed = controls.with_key("undo", ord("z"))   # Controls, or Refused(reason, holder)
    controls.keys_of("undo")                        # (122,): a new key replaces the old ones

A key or button already in use is refused, with the action that holds it; the player frees it
first (a swap would move a key they did not touch). Escape and the pad's Start open the menu
and go back, and are never rebound, nor are the games screens' own keys (Tab, Home/End, + and
-, the shoulder buttons): a player can always find the menu, and the review's help page stays
true. Keys held with Ctrl, Alt or Cmd (Ctrl+Z, Ctrl+Q, Alt+Enter) are fixed shortcuts, outside
this model.

Keycodes, not key names, are kept: SDL's keycodes are the same on every system, where the
names of some keys are not ("Left GUI" on Linux is "Left Windows" on Windows). Like the names,
a keycode is the key that types that character in the player's layout.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

# The actions a player rebinds, in the order the Controls screen lists them.
ACTIONS = (
    "up",
    "down",
    "left",
    "right",
    "confirm",
    "undo",
    "new_game",
    "hint",
    "autoplay",
    "help",
    "mute",
    "fullscreen",
)
MENU = "menu"  # Escape and Start: the menu, and back one level; shown, never rebound

# SDL keycodes: a character key is its character; any other key is its scancode with this bit.
SCANCODE_KEY = 1 << 30
SCANCODES = 512  # SDL's scancodes are below this
LAST_CHARACTER = 0x10FFFF
SURROGATES = (0xD800, 0xDFFF)  # code points of no character
BACKSPACE, TAB, RETURN, ESCAPE, SPACE = 8, 9, 13, 27, 32
UP, DOWN, LEFT, RIGHT = (SCANCODE_KEY | code for code in (82, 81, 80, 79))
F1, F11 = SCANCODE_KEY | 58, SCANCODE_KEY | 68
HOME, END = SCANCODE_KEY | 74, SCANCODE_KEY | 77
KEYPAD_MINUS, KEYPAD_PLUS, KEYPAD_ENTER = (SCANCODE_KEY | code for code in (86, 87, 88))

# A pad's buttons by their place on SDL's game-controller layout (an Xbox pad's): the face
# buttons, the two small ones, the shoulders, the sticks pressed in, the D-pad.
BUTTONS = (
    "a",
    "b",
    "x",
    "y",
    "back",
    "start",
    "guide",
    "lb",
    "rb",
    "ls",
    "rs",
    "dpup",
    "dpdown",
    "dpleft",
    "dpright",
)

# What never changes: the menu's way back, and the games screens' keys (their help names
# them). The input modules read their commands from here too.
FIXED_KEYS: Mapping[str, tuple[int, ...]] = MappingProxyType(
    {
        MENU: (ESCAPE,),
        "next_item": (TAB,),
        "to_start": (HOME,),
        "to_end": (END,),
        "faster": (ord("+"), ord("="), KEYPAD_PLUS),  # = is + without Shift on most keyboards
        "slower": (ord("-"), KEYPAD_MINUS),
    }
)
FIXED_BUTTONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {MENU: ("start",), "to_start": ("lb",), "to_end": ("rb",), "system": ("guide",)}
)

DEFAULT_KEYS: Mapping[str, tuple[int, ...]] = MappingProxyType(
    {
        "up": (UP, ord("w"), ord("k")),
        "down": (DOWN, ord("s"), ord("j")),
        "left": (LEFT, ord("a"), ord("h")),
        "right": (RIGHT, ord("d"), ord("l")),
        "confirm": (RETURN, KEYPAD_ENTER, SPACE),
        "undo": (ord("u"), BACKSPACE),
        "new_game": (ord("n"),),
        "hint": (ord("t"),),
        "autoplay": (ord("p"),),
        "help": (F1,),
        "mute": (ord("m"),),
        "fullscreen": (F11,),
    }
)
DEFAULT_BUTTONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "up": ("dpup",),
        "down": ("dpdown",),
        "left": ("dpleft",),
        "right": ("dpright",),
        "confirm": ("a",),
        "undo": ("b",),
        "new_game": ("y",),
        "hint": ("x",),
        "autoplay": (),
        "help": ("back",),
        "mute": (),
        "fullscreen": (),
    }
)
MOST_PER_ACTION = 4  # keys or buttons of one action a saved file may hold


def is_key(value: Any) -> bool:
    """Whether `value` is an SDL keycode: a character (never a UTF-16 surrogate, which no key
    types and SDL cannot name: pygame raised at every start), or a scancode's key."""
    if type(value) is not int:
        return False
    character = 0 < value <= LAST_CHARACTER and not SURROGATES[0] <= value <= SURROGATES[1]
    return character or SCANCODE_KEY <= value < SCANCODE_KEY | SCANCODES


def _fixed_holder(fixed: Mapping[str, tuple[Any, ...]], entry: Any) -> str | None:
    return next((action for action, entries in fixed.items() if entry in entries), None)


@dataclass(frozen=True)
class Refused:
    """Why a key or button was not bound: "fixed" (it is never rebound), "in_use" (`holder`
    asks for it), or "unusable" (no key or button this model knows)."""

    reason: str
    holder: str | None = None


@dataclass(frozen=True)
class Controls:
    """Each action's keys and pad buttons, in ACTIONS' order."""

    keys: tuple[tuple[int, ...], ...] = tuple(DEFAULT_KEYS[action] for action in ACTIONS)
    buttons: tuple[tuple[str, ...], ...] = tuple(DEFAULT_BUTTONS[action] for action in ACTIONS)

    def keys_of(self, action: str) -> tuple[int, ...]:
        return self.keys[ACTIONS.index(action)]

    def buttons_of(self, action: str) -> tuple[str, ...]:
        return self.buttons[ACTIONS.index(action)]

    def key_holder(self, key: int) -> str | None:
        """The action `key` asks for, fixed ones included; None: a free key."""
        held = (a for a, keys in zip(ACTIONS, self.keys, strict=True) if key in keys)
        return next(held, None) or _fixed_holder(FIXED_KEYS, key)

    def button_holder(self, button: str) -> str | None:
        held = (a for a, buttons in zip(ACTIONS, self.buttons, strict=True) if button in buttons)
        return next(held, None) or _fixed_holder(FIXED_BUTTONS, button)

    def with_key(self, action: str, key: int) -> Controls | Refused:
        """These controls with `key` alone asking for `action`, or why not."""
        if not is_key(key):
            return Refused("unusable")
        refused = _refusal(action, self.key_holder(key), key in _all(FIXED_KEYS))
        if refused is not None:
            return refused
        return Controls(_replaced(self.keys, action, key), self.buttons)

    def with_button(self, action: str, button: str) -> Controls | Refused:
        """These controls with `button` alone asking for `action`, or why not."""
        if button not in BUTTONS:
            return Refused("unusable")
        refused = _refusal(action, self.button_holder(button), button in _all(FIXED_BUTTONS))
        if refused is not None:
            return refused
        return Controls(self.keys, _replaced(self.buttons, action, button))

    def to_dict(self) -> dict[str, Any]:
        return {
            "keys": {a: list(keys) for a, keys in zip(ACTIONS, self.keys, strict=True)},
            "buttons": {a: list(bs) for a, bs in zip(ACTIONS, self.buttons, strict=True)},
        }

    @classmethod
    def from_dict(cls, raw: Any) -> Controls | None:
        """Controls from a file's data; None when any of it is unusable (an unknown action, a
        keycode out of range, an unknown or fixed button, a key bound twice, an action with no
        key). An action the file does not name keeps its defaults (a file of an earlier
        version)."""
        if not isinstance(raw, dict) or not set(raw) <= {"keys", "buttons"}:
            return None
        keys = _loaded(raw.get("keys", {}), DEFAULT_KEYS, is_key, FIXED_KEYS, least=1)
        buttons = _loaded(
            raw.get("buttons", {}), DEFAULT_BUTTONS, BUTTONS.__contains__, FIXED_BUTTONS, least=0
        )
        if keys is None or buttons is None:
            return None
        return cls(keys, buttons)


def _refusal(action: str, holder: str | None, fixed: bool) -> Refused | None:
    if action not in ACTIONS:
        raise ValueError(f"{action!r} is no action a player rebinds")
    if fixed:
        return Refused("fixed", holder)
    if holder is not None and holder != action:
        return Refused("in_use", holder)
    return None


def _replaced(table: tuple[tuple[Any, ...], ...], action: str, entry: Any) -> tuple:
    index = ACTIONS.index(action)
    return (*table[:index], (entry,), *table[index + 1 :])


def _all(fixed: Mapping[str, tuple[Any, ...]]) -> set[Any]:
    return {entry for entries in fixed.values() for entry in entries}


def _loaded(raw, defaults, usable, fixed, least: int) -> tuple[tuple[Any, ...], ...] | None:
    """One device's table from a file, or None if any of it is unusable."""
    if not isinstance(raw, dict) or not set(raw) <= set(ACTIONS):
        return None
    table = []
    for action in ACTIONS:
        entries = raw.get(action, list(defaults[action]))
        if not isinstance(entries, list) or not least <= len(entries) <= MOST_PER_ACTION:
            return None
        if not all(usable(entry) for entry in entries):
            return None
        table.append(tuple(entries))
    every = [entry for entries in table for entry in entries]
    if len(set(every)) != len(every) or set(every) & _all(fixed):
        return None
    return tuple(table)
