"""The game's own panels, at the foot of the stack: the win banner (Keep going, New game: R10)
and the game over (Undo while undos are left, New game: R12). They are the session's phase
shown (game/play/session.py), made afresh by the navigator whenever the phase changes, so that
each opens on its first button.
"""

from __future__ import annotations

from typing import Any

from game.play import commands as cmd
from game.play import events as ev
from game.screens.screen import Item, Screen, ScreenKind, Stack


class WonPanel(Screen):
    kind = ScreenKind.WON

    def __init__(self) -> None:
        super().__init__([Item.KEEP_GOING, Item.NEW_GAME])

    def handle(self, command: cmd.Command, nav: Stack) -> list[ev.Event]:
        match command:
            case cmd.KeepGoing():
                return nav.session.keep_going()
            case cmd.NewGame(size):
                return nav.ask_new_game(size)
        return super().handle(command, nav)

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        if item is Item.KEEP_GOING:
            return [ev.MenuConfirmed(), *nav.session.keep_going()]
        return [ev.MenuConfirmed(), *nav.new_game(nav.session.game.size)]

    def back(self, nav: Stack) -> list[ev.Event]:
        return nav.session.keep_going()


class OverPanel(Screen):
    kind = ScreenKind.OVER

    def __init__(self, can_undo: bool) -> None:
        super().__init__([Item.UNDO, Item.NEW_GAME] if can_undo else [Item.NEW_GAME])

    def handle(self, command: cmd.Command, nav: Stack) -> list[ev.Event]:
        match command:
            case cmd.Undo():
                return nav.session.undo()
            case cmd.BackOrUndo() if nav.session.game.can_undo():
                return nav.session.undo()
            case cmd.NewGame(size):
                return nav.ask_new_game(size)
        return super().handle(command, nav)

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        if item is Item.UNDO:
            return [ev.MenuConfirmed(), *nav.session.undo()]
        return [ev.MenuConfirmed(), *nav.new_game(nav.session.game.size)]

    def back(self, nav: Stack) -> list[ev.Event]:
        return nav.pause()
