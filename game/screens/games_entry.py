"""The kept games' screens (games_screens.py) as one entry of the stack, over the pause menu:
they answer their commands themselves, and their events come back wrapped (`ev.OnScreens`),
to be seen and heard, never kept. Once the player leaves them, the entry leaves the stack and
the pause menu shows again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.play import commands as cmd
from game.play import events as ev
from game.screens.screen import MenuKind, Screen

if TYPE_CHECKING:
    from game.screens.navigator import Navigator


class OnTheStack(Protocol):
    """The kept games' screens, as the stack sees them."""

    @property
    def is_open(self) -> bool: ...

    def open(self) -> list[ev.Event]: ...

    def handle(self, command: cmd.Command) -> list[ev.Event]: ...


class GamesEntry(Screen):
    kind = MenuKind.GAMES

    def __init__(self, games_screens: OnTheStack) -> None:
        super().__init__([])
        self.games_screens = games_screens

    def handle(self, command: cmd.Command, nav: Navigator) -> list[ev.Event]:
        events = self.games_screens.handle(command)
        if not self.games_screens.is_open:
            nav.dismiss(self)  # they said they closed themselves (ev.MenuClosed)
        asked = [event for event in events if isinstance(event, ev.PlayOnAsked)]
        shown = [event for event in events if not isinstance(event, ev.PlayOnAsked)]
        played_on = nav.play_on(asked[0]) if asked else []
        return ([ev.OnScreens(tuple(shown))] if shown else []) + played_on
