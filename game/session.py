"""The state machine around the engine: commands in, domain events out.

The session is the only place that decides what a command means now: a move under the win banner
does nothing, Escape closes the menu that is open or opens the pause menu, New game asks first
while a game is in progress (R15). It knows nothing of pygame, files or real time.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game import commands as cmd
from game import events as ev
from game.engine import BOARD_SIZES, Direction, Game


class Phase(enum.Enum):
    PLAYING = "playing"
    WON_BANNER = "won_banner"  # the first 2048 stands; Keep going or New game (R10)
    CONTINUING = "continuing"  # kept going after the win
    GAME_OVER = "game_over"


class MenuKind(enum.Enum):
    PAUSE = "pause"
    HELP = "help"
    CONFIRM_NEW = "confirm_new"
    STATS = "stats"
    SETTINGS = "settings"
    WON = "won"  # the win banner's two buttons
    OVER = "over"  # the game-over panel's buttons


HELP_PAGES = ("controls", "rules", "strategy", "solver")
HELP_ITEMS = ["prev_page", "next_page", "back"]  # clickable, so the mouse can read and leave


@dataclass
class Menu:
    """An open menu or panel: its items (text keys), the focused one, and what it is about."""

    kind: MenuKind
    items: list[str]
    focus: int = 0
    page: int = 0  # help only
    size: int | None = None  # confirm_new only: the board size the new game will have

    @property
    def focused_item(self) -> str | None:
        return self.items[self.focus] if self.items else None


def help_menu() -> Menu:
    return Menu(MenuKind.HELP, list(HELP_ITEMS), focus=HELP_ITEMS.index("next_page"))


def stats_menu() -> Menu:
    return Menu(MenuKind.STATS, ["back"])


SETTINGS_ITEMS = (
    "theme",
    "animation",
    "volume",
    "mute",
    "fullscreen",
    "undo_setting",
    "autoplay_pace",
    "language",
    "back",
)


def pause_items() -> list[str]:
    sizes = (f"size_{s}" for s in BOARD_SIZES)
    return ["resume", "new_game", "autoplay", *sizes, "settings", "stats", "help", "quit"]


class SaveSlots:
    """One saved game per board size (R18). This in-memory version serves tests; the app
    passes one backed by storage with the same two methods."""

    def __init__(self) -> None:
        self._slots: dict[int, tuple[dict, dict]] = {}

    def load(self, size: int) -> tuple[Game, dict[str, Any]] | None:
        if size not in self._slots:
            return None
        game_dict, session_state = self._slots[size]
        return Game.from_dict(game_dict), dict(session_state)

    def save(self, game: Game, session_state: dict[str, Any]) -> None:
        self._slots[game.size] = (game.to_dict(), dict(session_state))


@dataclass
class Session:
    game: Game
    phase: Phase = Phase.PLAYING
    assisted: bool = False  # hint or autoplay used in this game (R20)
    focused: bool = True  # the window has focus
    overlays: list[Menu] = field(default_factory=list)
    slots: SaveSlots = field(default_factory=SaveSlots)
    new_game_factory: Callable[[int], Game] = field(default=lambda size: Game.new(size))
    _panel_menu: Menu | None = field(default=None, init=False, repr=False)

    @classmethod
    def start(cls, size: int = 4, seed: int | None = None, **kwargs: Any) -> Session:
        return cls(Game.new(size, seed), **kwargs)

    @classmethod
    def restore(cls, game: Game, state: dict[str, Any], **kwargs: Any) -> Session:
        """A session from a saved game and the session state saved beside it."""
        session = cls(game, **kwargs)
        session._apply_state(state)
        return session

    # -- what the rest of the game reads -------------------------------------------------------

    @property
    def menu(self) -> Menu | None:
        """The menu the player is looking at, if any: the top overlay, else the phase's panel."""
        if self.overlays:
            return self.overlays[-1]
        return self._panel

    @property
    def clock_running(self) -> bool:
        """R17: time runs in play, with focus, with no menu, banner or game over."""
        return (
            self.phase in (Phase.PLAYING, Phase.CONTINUING)
            and self.focused
            and not self.overlays
            and not self.game.over
        )

    @property
    def in_progress(self) -> bool:
        """A game worth a confirmation before it is thrown away (R15)."""
        return self.phase in (Phase.PLAYING, Phase.CONTINUING) and self.game.moves > 0

    def state_dict(self) -> dict[str, Any]:
        """What storage keeps beside the game (R18)."""
        return {"phase": self.phase.value, "assisted": self.assisted}

    # -- commands ------------------------------------------------------------------------------

    def step(self, dt: float) -> None:
        """One fixed step of the loop: the game clock runs only while it should."""
        if self.clock_running:
            self.game.advance_clock(dt)

    def set_focus(self, focused: bool) -> None:
        self.focused = focused

    def mark_assisted(self) -> None:
        self.assisted = True

    def handle(self, command: cmd.Command) -> list[ev.Event]:
        if isinstance(command, cmd.Quit):
            return [ev.QuitRequested()]
        menu = self.menu
        if menu is not None:
            return self._handle_in_menu(menu, command)
        return self._handle_in_play(command)

    def _handle_in_play(self, command: cmd.Command) -> list[ev.Event]:
        match command:
            case cmd.Move(direction):
                return self._move(direction)
            case cmd.Undo() | cmd.BackOrUndo():
                return self._undo()
            case cmd.NewGame(size):
                return self._ask_new_game(size)
            case cmd.Back() | cmd.Pause():
                return self._open(Menu(MenuKind.PAUSE, pause_items()))
            case cmd.Help():
                return self._open(help_menu())
        return []

    def _handle_in_menu(self, menu: Menu, command: cmd.Command) -> list[ev.Event]:
        match command:
            case cmd.Move(direction):
                sideways = {Direction.LEFT: -1, Direction.RIGHT: 1}.get(direction, 0)
                if menu.kind is MenuKind.HELP:
                    return self._turn_page(menu, sideways)
                if menu.kind is MenuKind.SETTINGS and sideways:
                    return self._change_setting(menu.focused_item, sideways)
                step = -1 if direction in (Direction.UP, Direction.LEFT) else 1
                return self._move_focus(menu, step)
            case cmd.MenuFocus(step):
                if menu.kind is MenuKind.HELP:
                    return self._turn_page(menu, step)
                return self._move_focus(menu, step)
            case cmd.Confirm():
                return self._activate(menu, menu.focused_item)
            case cmd.Select(index):
                if 0 <= index < len(menu.items):
                    menu.focus = index
                    return self._activate(menu, menu.items[index])
                return []
            case cmd.BackOrUndo() if menu.kind is MenuKind.OVER and self.game.can_undo():
                return self._undo()
            case cmd.Back() | cmd.BackOrUndo():
                if self.overlays:
                    return self._close_top()
                if menu.kind is MenuKind.WON:
                    return self._keep_going()
                return self._open(Menu(MenuKind.PAUSE, pause_items()))
            case cmd.Pause():
                if self.overlays and menu.kind is MenuKind.PAUSE:
                    return self._close_top()
                return self._open(Menu(MenuKind.PAUSE, pause_items()))
            case cmd.Help():
                if menu.kind is MenuKind.HELP:
                    return self._close_top()
                return self._open(help_menu())
            case cmd.KeepGoing() if menu.kind is MenuKind.WON:
                return self._keep_going()
            case cmd.Undo() if menu.kind is MenuKind.OVER:
                return self._undo()
            case cmd.NewGame(size) if not self.overlays:
                return self._ask_new_game(size)
        return []

    # -- actions -------------------------------------------------------------------------------

    def _move(self, direction: Direction) -> list[ev.Event]:
        outcome = self.game.move(direction)
        if outcome is None:
            return [ev.Blocked(direction)]
        events: list[ev.Event] = [
            ev.Moved(direction, outcome),
            ev.Spawned(outcome.spawned.cell, outcome.spawned.value),
        ]
        if outcome.won_now:
            self.phase = Phase.WON_BANNER  # shown first even if no move is left (R10a)
            events.append(ev.Won())
        elif outcome.over_now:
            self.phase = Phase.GAME_OVER
            events.append(ev.Lost())
        return events

    def _undo(self) -> list[ev.Event]:
        if not self.game.undo():
            return []
        # R14: the game is playable again; a recorded win stays, so no second banner.
        self._panel_menu = None  # the next game-over panel opens on its first button
        self.phase = Phase.CONTINUING if self.game.won else Phase.PLAYING
        return [ev.Undone(self.game.undos_left)]

    def _keep_going(self) -> list[ev.Event]:
        if self.game.over:  # R10a: the winning move also ended the game
            self.phase = Phase.GAME_OVER
            return [ev.KeptGoing(), ev.Lost()]
        self.phase = Phase.CONTINUING
        return [ev.KeptGoing()]

    def _ask_new_game(self, size: int | None) -> list[ev.Event]:
        size = size or self.game.size
        if size != self.game.size:
            return self._switch_size(size)
        if self.in_progress:
            return self._open(Menu(MenuKind.CONFIRM_NEW, ["confirm_new", "cancel"], size=size))
        return self._new_game(size)

    def _new_game(self, size: int) -> list[ev.Event]:
        self.overlays.clear()
        self._panel_menu = None
        self.game = self.new_game_factory(size)
        self.phase = Phase.PLAYING
        self.assisted = False
        return [ev.GameStarted(size)]

    def _switch_size(self, size: int) -> list[ev.Event]:
        """R18: one saved game per size; switching resumes that size's game."""
        self.slots.save(self.game, self.state_dict())
        saved = self.slots.load(size)
        if saved is None:
            return self._new_game(size)
        self.overlays.clear()
        self._panel_menu = None
        self.game, state = saved
        self._apply_state(state)
        return [ev.GameStarted(size)]

    def _apply_state(self, state: dict[str, Any]) -> None:
        try:
            self.phase = Phase(state.get("phase", "playing"))
        except ValueError:
            self.phase = Phase.PLAYING
        if self.game.over and self.phase is not Phase.WON_BANNER:
            self.phase = Phase.GAME_OVER
        elif self.phase is Phase.GAME_OVER:
            self.phase = Phase.CONTINUING if self.game.won else Phase.PLAYING
        self.assisted = bool(state.get("assisted", False))

    def _activate(self, menu: Menu, item: str | None) -> list[ev.Event]:
        events: list[ev.Event] = [ev.MenuConfirmed()]
        match item:
            case "resume" | "cancel":
                return events + self._close_top()
            case "keep_going":
                return events + self._keep_going()
            case "undo":
                return events + self._undo()
            case "new_game":
                if menu.kind in (MenuKind.WON, MenuKind.OVER):
                    return events + self._new_game(self.game.size)
                self.overlays.clear()
                return events + self._ask_new_game(self.game.size)
            case "confirm_new":
                return events + self._new_game(menu.size or self.game.size)
            case "stats":
                return events + self._open(stats_menu())
            case "autoplay":
                self.overlays.clear()
                return events + [ev.AutoplayRequested()]
            case "settings":
                return events + self._open(Menu(MenuKind.SETTINGS, list(SETTINGS_ITEMS)))
            case "back":
                return events + self._close_top()
            case "prev_page" | "next_page":
                return self._turn_page(menu, -1 if item == "prev_page" else 1)
            case str() if menu.kind is MenuKind.SETTINGS:
                return events + self._change_setting(item, 1)
            case "help":
                return events + self._open(help_menu())
            case "quit":
                return events + [ev.QuitRequested()]
            case str() if item.startswith("size_"):
                size = int(item.removeprefix("size_"))
                self.overlays.clear()
                if size == self.game.size:
                    return events
                return events + self._switch_size(size)
        return []

    # -- menus ---------------------------------------------------------------------------------

    @property
    def _panel(self) -> Menu | None:
        if self.phase is Phase.WON_BANNER:
            return self._phase_menu(MenuKind.WON, ["keep_going", "new_game"])
        if self.phase is Phase.GAME_OVER:
            items = ["undo", "new_game"] if self.game.can_undo() else ["new_game"]
            return self._phase_menu(MenuKind.OVER, items)
        return None

    def _phase_menu(self, kind: MenuKind, items: list[str]) -> Menu:
        # Kept between calls so the focus survives; rebuilt when the items change.
        cached = self._panel_menu
        if cached is None or cached.kind is not kind or cached.items != items:
            cached = Menu(kind, items)
            self._panel_menu = cached
        return cached

    def _open(self, menu: Menu) -> list[ev.Event]:
        self.overlays.append(menu)
        return [ev.MenuOpened(menu.kind.value)]

    def _close_top(self) -> list[ev.Event]:
        menu = self.overlays.pop()
        return [ev.MenuClosed(menu.kind.value)]

    def _change_setting(self, item: str | None, step: int) -> list[ev.Event]:
        """The app owns the settings' values; the session only says which one to change."""
        if item is None or item == "back":
            return []
        return [ev.SettingChanged(item, step)]

    def _move_focus(self, menu: Menu, step: int) -> list[ev.Event]:
        if not menu.items:
            return []
        menu.focus = (menu.focus + step) % len(menu.items)
        return [ev.MenuMoved()]

    def _turn_page(self, menu: Menu, step: int) -> list[ev.Event]:
        page = min(max(menu.page + step, 0), len(HELP_PAGES) - 1)
        if page == menu.page:
            return []
        menu.page = page
        return [ev.MenuMoved()]
