"""The player's settings while the game plays: stepped and bound by the preferences
(game/play/preferences.py) as the events ask, applied at once to every part that uses one, and
kept on disk with the window's size and the board size played, whenever they change.

    settings = SettingsInPlay(preferences, storage, game_window, parts, session, shown)
    told = settings.heard(events, session)   # a listener: what to tell of what changed
    settings.use(new)                        # these from now on: applied and kept
    settings.keep()                          # on disk, with the window and the board size
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Protocol

from game.core.settings import Settings, clamp_window
from game.play import events as ev
from game.play.preferences import Preferences
from game.play.session import Session
from game.storage.store import Storage
from game.view.window import GameWindow


class UsesSettings(Protocol):
    def use_settings(self, settings: Settings) -> None: ...


class SettingsInPlay:
    def __init__(
        self,
        preferences: Preferences,
        storage: Storage,
        game_window: GameWindow,
        parts: Iterable[UsesSettings],
        session: Callable[[], Session],
        shown: Callable[[], None],
    ) -> None:
        self.preferences = preferences
        self.storage = storage
        self.game_window = game_window
        self.parts = tuple(parts)  # the view, the sound, the solver, the input
        self._session = session  # the game in play now
        self._shown = shown  # the view handed what it draws afresh

    @property
    def now(self) -> Settings:
        return self.preferences.settings

    def heard(self, events: list[ev.Event], session: Session) -> list[ev.Event]:
        """A listener: the settings and controls the events changed, applied at once and
        kept; what to tell of them."""
        before = self.now
        told = self.preferences.handle(events, session)
        if self.now is not before:
            self.apply()
            self.keep()
        return told

    def apply(self) -> None:
        settings, session = self.now, self._session()
        for part in self.parts:
            part.use_settings(settings)
        if session.undo_enabled != settings.undo_enabled:
            session.set_undo_enabled(settings.undo_enabled)  # R14: for every game
        self._shown()

    def use(self, settings: Settings) -> None:
        """Play with these settings from now on: applied at once, and kept."""
        self.preferences.settings = settings
        self.apply()
        self.keep()

    def keep(self) -> None:
        """On disk, with the board size played and the window as it is (its size in a window,
        the one it had before when fullscreen)."""
        window, settings = self.game_window, self.now
        size = settings.window_size if window.fullscreen else clamp_window(*window.window.size)
        self.preferences.settings = replace(
            settings,
            size=self._session().game.size,
            fullscreen=window.wanted_fullscreen,
            window_size=size,
        )
        self.storage.save_settings(self.now)

    def values(self, lang: str) -> dict[str, str]:
        """Each setting of the settings menu with its current value, in the player's words."""
        return self.preferences.values(lang, self.game_window.wanted_fullscreen)
