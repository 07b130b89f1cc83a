"""A session played as the app plays it: at the foot of the screens' stack
(game/screens/navigator.py), which takes the player's commands and hands the game those it
answers. Reads and writes of the game's state go to the session itself."""

from __future__ import annotations

from game.play import commands as cmd
from game.play import events as ev
from game.play.session import Session
from game.screens.navigator import Navigator
from game.screens.screen import Screen


class Stacked:
    def __init__(self, session: Session, games_screens=None) -> None:
        object.__setattr__(self, "session", session)
        object.__setattr__(self, "screens", Navigator(session, games_screens))

    def handle(self, command: cmd.Command) -> list[ev.Event]:
        return self.screens.handle(command)

    @property
    def menu(self) -> Screen | None:
        """The screen the player looks at; None: the board."""
        return self.screens.top

    def __getattr__(self, name: str):
        return getattr(self.session, name)

    def __setattr__(self, name: str, value) -> None:
        setattr(self.session, name, value)


def stacked(session: Session, games_screens=None) -> Stacked:
    return Stacked(session, games_screens)
