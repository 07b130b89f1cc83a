"""The one model of the player's settings: for each, its choices in order, its default, how a
loaded value is checked, how it steps both ways, and which text key says each value.

Pure: no pygame, no files. Storage keeps `Settings` in settings.json; the menus step a setting
with `step(name, value, +1 or -1)` (Left/Right, the D-pad, a click on either side, the wheel)
and show it with `value_text(name, value)` in the words of game/text/messages.py;
the board's animation, autoplay's pace and the view's text read their figures from
`ANIMATION_FACTOR`, `MOVES_PER_SECOND` and `TEXT_SIZE_FACTOR`.

    settings = Settings()                            # every default
    settings = settings.stepped("volume", -1)        # 80 -> 70
    key, fields = value_text("autoplay_pace", "5")   # ("value_pace", {"n": "5"})
    label = SETTINGS["muted"].label                  # "setting_mute": "Sound"
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Any

from game.core.controls import Controls
from game.core.engine import BOARD_SIZES

THEMES = ("classic", "dark", "high_contrast")
ANIMATIONS = ("slow", "normal", "fast", "off")  # slowest first
AUTOPLAY_PACES = ("1", "2", "5", "10", "20", "max")  # moves a second, then as fast as it can
LANGUAGES = ("auto", "en", "el")  # auto: the system's language
TEXT_SIZES = ("normal", "large", "largest")  # smallest first

# How long the board's animations take, as a factor of the original game's timings.
ANIMATION_FACTOR: Mapping[str, float] = MappingProxyType(
    {"slow": 2.0, "normal": 1.0, "fast": 0.5, "off": 0.0}
)
# How much bigger than at "normal" any text may grow, where it still fits its place (the view
# fits every text to its room: a larger size never lets words spill out).
TEXT_SIZE_FACTOR: Mapping[str, float] = MappingProxyType(
    {"normal": 1.0, "large": 1.25, "largest": 1.5}
)
# Autoplay's moves a second per pace; "max" waits for nothing but the solver.
MOVES_PER_SECOND: Mapping[str, float] = MappingProxyType(
    {pace: math.inf if pace == "max" else float(pace) for pace in AUTOPLAY_PACES}
)
# The window's bounds, one home for the settings, the window and the layout. The smallest is
# the one the layout is made for (every label readable at 12 px). SDL cannot make a texture
# wider or taller than 16384 pixels, so no window may be bigger; a saved size is at most half
# that, so a window drawn at twice its size on a high-density display stays within it. The app
# clamps further to the display.
MIN_WINDOW = (320, 400)
MAX_WINDOW_SIDE = 16384
MAX_SAVED_SIDE = MAX_WINDOW_SIDE // 2
VOLUME_RANGE = (0, 100)
VOLUME_STEP = 10

# A sentence's key in game/text/messages.py and the fields it is filled with
Text = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Setting:
    """One setting. `load` turns a value read from a file into the value to use (None: not
    usable); `dump` makes it JSON-ready; `step` moves it one choice up (+1) or down (-1)."""

    name: str
    default: Any
    label: str  # text key of the setting's name

    def load(self, raw: Any) -> Any | None:
        raise NotImplementedError

    def dump(self, value: Any) -> Any:
        return value

    def step(self, value: Any, direction: int) -> Any:
        raise NotImplementedError

    def value_text(self, value: Any) -> Text:
        raise NotImplementedError


@dataclass(frozen=True)
class Choice(Setting):
    """One of a few values, in order. At the ends it stops (`wraps` False) or goes round."""

    choices: tuple[Any, ...] = ()
    wraps: bool = False

    def load(self, raw: Any) -> Any | None:
        kind = type(self.choices[0])
        return raw if type(raw) is kind and raw in self.choices else None

    def step(self, value: Any, direction: int) -> Any:
        index = self.choices.index(value) if value in self.choices else 0
        index += _sign(direction)
        if self.wraps:
            return self.choices[index % len(self.choices)]
        return self.choices[min(max(index, 0), len(self.choices) - 1)]

    def value_text(self, value: Any) -> Text:
        return f"value_{value}", {}


@dataclass(frozen=True)
class Toggle(Setting):
    """On or off; either step flips it. `inverted`: the value True reads "off" (muted)."""

    inverted: bool = False

    def load(self, raw: Any) -> Any | None:
        return raw if type(raw) is bool else None

    def step(self, value: Any, direction: int) -> Any:
        return not value

    def value_text(self, value: Any) -> Text:
        return ("value_on" if value != self.inverted else "value_off"), {}


@dataclass(frozen=True)
class Size(Choice):
    def value_text(self, value: Any) -> Text:
        return "board", {"n": value}


@dataclass(frozen=True)
class TextSize(Choice):
    """Its words are its own ("Normal" text is neuter in Greek, a "Normal" animation not)."""

    def value_text(self, value: Any) -> Text:
        return f"value_text_{value}", {}


@dataclass(frozen=True)
class Pace(Choice):
    def value_text(self, value: Any) -> Text:
        return ("value_max", {}) if value == "max" else ("value_pace", {"n": value})


@dataclass(frozen=True)
class Volume(Setting):
    """0 to 100 in steps of 10, stopping at both ends; a value between steps (from an older
    file) steps to the next round one."""

    def load(self, raw: Any) -> Any | None:
        low, high = VOLUME_RANGE
        return raw if type(raw) is int and low <= raw <= high else None

    def step(self, value: Any, direction: int) -> Any:
        low, high = VOLUME_RANGE
        if _sign(direction) > 0:
            stepped = (value // VOLUME_STEP + 1) * VOLUME_STEP
        else:
            stepped = (-(-value // VOLUME_STEP) - 1) * VOLUME_STEP
        return min(max(stepped, low), high)

    def value_text(self, value: Any) -> Text:
        return "value_volume", {"n": value}


@dataclass(frozen=True)
class WindowSize(Setting):
    """The window's width and height in pixels, within MIN_WINDOW and MAX_SAVED_SIDE. Set by
    resizing the window, not stepped."""

    def load(self, raw: Any) -> Any | None:
        if type(raw) not in (list, tuple) or len(raw) != 2:
            return None
        if any(type(side) is not int or side <= 0 for side in raw):
            return None
        return clamp_window(raw[0], raw[1])

    def dump(self, value: Any) -> Any:
        return list(value)

    def step(self, value: Any, direction: int) -> Any:
        return value

    def value_text(self, value: Any) -> Text:
        return "value_window", {"w": value[0], "h": value[1]}


@dataclass(frozen=True)
class ControlsSetting(Setting):
    """The player's keys and pad buttons (game/core/controls.py): changed on the Controls
    screen, not stepped; a saved entry with anything unusable in it takes the defaults whole."""

    def load(self, raw: Any) -> Any | None:
        return Controls.from_dict(raw)

    def dump(self, value: Any) -> Any:
        return value.to_dict()

    def step(self, value: Any, direction: int) -> Any:
        return value

    def value_text(self, value: Any) -> Text:
        return "controls", {}


def clamp_window(width: int, height: int) -> tuple[int, int]:
    """A window size to keep: within MIN_WINDOW and MAX_SAVED_SIDE."""
    return (
        min(max(width, MIN_WINDOW[0]), MAX_SAVED_SIDE),
        min(max(height, MIN_WINDOW[1]), MAX_SAVED_SIDE),
    )


def _sign(direction: int) -> int:
    if direction not in (1, -1):
        raise ValueError(f"direction: {direction!r} is not +1 or -1")
    return direction


# Every setting, in the order the settings menu lists them.
SETTINGS: Mapping[str, Setting] = MappingProxyType(
    {
        setting.name: setting
        for setting in (
            Size("size", 4, "setting_size", choices=BOARD_SIZES),
            Choice("theme", "classic", "setting_theme", choices=THEMES, wraps=True),
            Choice("animation", "normal", "setting_animation", choices=ANIMATIONS),
            TextSize("text_size", "normal", "setting_text_size", choices=TEXT_SIZES),
            Volume("volume", 80, "setting_volume"),
            Toggle("muted", False, "setting_mute", inverted=True),
            Toggle("fullscreen", False, "setting_fullscreen"),
            WindowSize("window_size", (540, 720), "setting_window_size"),
            Toggle("undo_enabled", True, "setting_undo_setting"),
            Pace("autoplay_pace", "5", "setting_autoplay_pace", choices=AUTOPLAY_PACES),
            Choice("language", "auto", "setting_language", choices=LANGUAGES, wraps=True),
            ControlsSetting("controls", Controls(), "setting_controls"),
        )
    }
)

# The settings a player steps in the settings menu, in its order: the board size has its own
# menu, the window's size follows the window, and the controls have their own screen.
STEPPED_SETTINGS = tuple(
    name for name in SETTINGS if name not in ("size", "window_size", "controls")
)


def step(name: str, value: Any, direction: int) -> Any:
    """The value one step up (+1) or down (-1) from `value`."""
    return SETTINGS[name].step(value, direction)


def value_text(name: str, value: Any) -> Text:
    """The text key (and its fields) of how `value` of this setting reads."""
    return SETTINGS[name].value_text(value)


@dataclass(frozen=True)
class Settings:
    """The player's settings. Defaults come from SETTINGS, the one place that says them."""

    size: int = SETTINGS["size"].default
    theme: str = SETTINGS["theme"].default
    animation: str = SETTINGS["animation"].default
    text_size: str = SETTINGS["text_size"].default
    volume: int = SETTINGS["volume"].default
    muted: bool = SETTINGS["muted"].default
    fullscreen: bool = SETTINGS["fullscreen"].default
    window_size: tuple[int, int] = SETTINGS["window_size"].default
    undo_enabled: bool = SETTINGS["undo_enabled"].default
    autoplay_pace: str = SETTINGS["autoplay_pace"].default
    language: str = SETTINGS["language"].default
    controls: Controls = SETTINGS["controls"].default

    def stepped(self, name: str, direction: int) -> Settings:
        """These settings with one of them stepped up (+1) or down (-1)."""
        return replace(self, **{name: step(name, getattr(self, name), direction)})

    def to_dict(self) -> dict[str, Any]:
        return {f.name: SETTINGS[f.name].dump(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a file's data, and the names of the fields that were present but
        unusable: each of those, and each missing one, takes its default on its own. Names
        this version does not know are left out."""
        values: dict[str, Any] = {}
        rejected: list[str] = []
        for name, setting in SETTINGS.items():
            if name not in data:
                continue
            value = setting.load(data[name])
            if value is None:
                rejected.append(name)
            else:
                values[name] = value
        return cls(**values), rejected
