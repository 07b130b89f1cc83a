"""The player's settings and controls (game/core/settings.py, controls.py) as the settings
menu, its keys and the Controls screen change them: a listener that answers with what to tell.

    preferences = Preferences(settings, names=..., pressed_word=...)
    told = preferences.handle(events, session)   # SettingChanged, BindAsked, ControlsRestored
    preferences.settings                         # the settings now: the app applies and keeps
                                                 # them when they change
    preferences.values(lang, fullscreen)         # each setting's value in the player's words

Fullscreen is the window's to decide (game/view/window.py): the app takes that setting.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from game.core.controls import Controls, Refused
from game.core.settings import STEPPED_SETTINGS, Settings, value_text
from game.play import events as ev
from game.play.session import Session
from game.text import Say, tr


class Preferences:
    def __init__(
        self,
        settings: Settings,
        names: Callable[[], Mapping[str, str]],
        pressed_word: Callable[[ev.BindAsked], str],
    ) -> None:
        self.settings = settings
        self._names = names  # each action's keys and buttons in words now (game/input/names.py)
        self._pressed_word = pressed_word  # the key or pad button pressed, in words

    def handle(self, events: list[ev.Event], session: Session) -> list[ev.Event]:
        told: list[ev.Event] = []
        for event in events:
            match event:
                case ev.SettingChanged(name, step) if name != "fullscreen":
                    told += self._step(name, step, said=event.said)
                case ev.BindAsked():
                    told += self._bind(event)
                case ev.ControlsRestored():
                    self.settings = replace(self.settings, controls=Controls())
                    told.append(ev.Told("controls_restored", brief=True))
        return told

    def _step(self, name: str, step: int, *, said: bool) -> list[ev.Event]:
        """Step one setting (the model in game/core/settings.py says how)."""
        self.settings = self.settings.stepped(name, step)
        if name == "volume":
            self.settings = replace(self.settings, muted=False)  # a volume to be heard
        elif name == "muted" and said:  # its key in play: say what it did
            said = "sound_off" if self.settings.muted else "sound_on"
            keys = self._names()["keys_mute"]  # the player's own, once remapped
            return [ev.Told(said, {"keys": keys}, brief=True)]
        return []

    def _bind(self, asked: ev.BindAsked) -> list[ev.Event]:
        """A key or pad button the player pressed for an action on the Controls screen: it is
        that action's from now on, or refused with a word why (game/core/controls.py: one
        already in use is refused, never swapped)."""
        controls = self.settings.controls
        if asked.key is not None:
            changed = controls.with_key(asked.action, asked.key)
        else:
            changed = controls.with_button(asked.action, asked.button)
        pressed = self._pressed_word(asked)
        if isinstance(changed, Refused):
            holder = Say(f"action_{changed.holder}") if changed.holder else ""
            fields = {"pressed": pressed, "action": holder}
            return [ev.Told(f"bind_{changed.reason}", fields, brief=True)]
        self.settings = replace(self.settings, controls=changed)
        fields = {"action": Say(f"action_{asked.action}"), "pressed": pressed}
        return [ev.Told("bound", fields, brief=True)]

    def values(self, lang: str, fullscreen: bool) -> dict[str, str]:
        """Each setting of the settings menu with its current value, in the player's words."""
        current = replace(self.settings, fullscreen=fullscreen)
        values = {}
        for name in STEPPED_SETTINGS:
            key, fields = value_text(name, getattr(current, name))
            values[name] = tr(key, lang, **fields)
        return values
