"""The player's controls in words: each action's keys and pad buttons as the Controls screen and
the help's pages name them (game/text/help_pages.py's CONTROL_WORDS are the defaults' words)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from game.core.controls import ACTIONS, DEFAULT_BUTTONS, Controls
from game.input.gamepad import XBOX_LABELS
from game.input.keys_and_pointer import key_name

# The moves in the order a row of keys reads them: W A S D.
MOVES = ("up", "left", "down", "right")
# The help names each pad button by the action the default layout gives it ({a}: confirm), so
# the player's own button for that action stands in its place.
HELP_BUTTONS = {"a": "confirm", "b": "undo", "x": "hint", "y": "new_game", "back": "help"}
DPAD = "D-pad"
NONE = "—"


def control_words(controls: Controls, labels: Mapping[str, str]) -> Mapping[str, str]:
    """`keys_<action>` and `pad_<action>` (empty: no button) for every action, `keys_moves`
    and `pad_moves` (the four moves together), and the help's pad names ({a}, {b}, ...) for
    the buttons now bound; `labels`: what the player's pad prints on its buttons. Made once
    for each (the app asks at every batch of events; making them takes some 60 us)."""
    return _words(controls, tuple(sorted(labels.items())))


@functools.lru_cache(maxsize=8)
def _words(controls: Controls, labels: tuple[tuple[str, str], ...]) -> Mapping[str, str]:
    names = {**XBOX_LABELS, **dict(labels)}  # a plain joystick names only its first two
    words = {}
    for action in ACTIONS:
        words[f"keys_{action}"] = ", ".join(map(key_name, controls.keys_of(action)))
        words[f"pad_{action}"] = ", ".join(names[b] for b in controls.buttons_of(action))
    words["keys_moves"] = _moves_words([controls.keys_of(move) for move in MOVES], key_name)
    pad_moves = [controls.buttons_of(move) for move in MOVES]
    dpad = pad_moves == [DEFAULT_BUTTONS[move] for move in MOVES]
    words["pad_moves"] = DPAD if dpad else _moves_words(pad_moves, names.__getitem__) or NONE
    for placeholder, action in HELP_BUTTONS.items():
        words[placeholder] = words[f"pad_{action}"] or NONE
    return MappingProxyType(words)


def button_word(button: str, labels: Mapping[str, str]) -> str:
    """A pad button as the player's pad prints it (`labels`), else as an Xbox pad does."""
    return {**XBOX_LABELS, **labels}[button]


def _moves_words(entries: Sequence[tuple], name: Callable[[object], str]) -> str:
    """The four moves' keys (up, left, down, right). As many each: a set at a time, the first
    key of each, then the second...; a set of single letters reads as one word (WASD), else
    with slashes. Else each move's keys together, the moves apart (I · ←/A · ↓/S · →/D)."""
    if len({len(keys) for keys in entries}) != 1:
        return " · ".join("/".join(map(name, keys)) or NONE for keys in entries)
    sets = []
    for keys in zip(*entries, strict=True):
        shown = [name(key) for key in keys]
        sets.append(("" if all(len(word) == 1 for word in shown) else "/").join(shown))
    return ", ".join(sets)
