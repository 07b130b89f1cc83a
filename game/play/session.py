"""The state machine around the engine: commands in, domain events out.

The session is the only place that decides what a command means now: a move under the win banner
does nothing, Escape closes the menu that is open or opens the pause menu, New game asks first
while a game is in progress (R15), a hint or autoplay marks the game assisted (R20), any key of
the player's only stops autoplay, and the undo setting holds for every game (R14). It knows
nothing of pygame, files or real time: the loop tells it how much time passed.

It owns the one stack of screens over the board (`overlays`): the menus, and the kept games'
screens (R22, R23) as one entry over the pause menu. Whatever is on the stack stops the clock
(R17); the top entry takes the player's commands; Back closes it. The kept games' screens are
handed in (`games_screens`, game/screens/games_screens.py) and answer their commands
themselves; their events come back wrapped (`ev.OnScreens`), to be seen and heard, never kept.
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.engine import Direction, Game, is_game_id
from game.core.record import Origin
from game.play import commands as cmd
from game.play import events as ev
from game.play.menu_focus import move_in, step_setting, turn_page
from game.play.menus import (
    ControlItem,
    Item,
    Menu,
    MenuItem,
    MenuKind,
    SettingItem,
    SizeItem,
    charts_menu,
    confirm_menu,
    controls_menu,
    games_entry,
    help_menu,
    over_panel,
    pause_menu,
    quit_confirm,
    settings_menu,
    sizes_menu,
    stats_menu,
    stats_size,
    won_panel,
)
from game.play.slots import SaveSlots


class Phase(enum.Enum):
    PLAYING = "playing"
    WON_BANNER = "won_banner"  # the first 2048 stands; Keep going or New game (R10)
    CONTINUING = "continuing"  # kept going after the win
    GAME_OVER = "game_over"


class OnTheStack(Protocol):
    """The kept games' screens, as the session's stack sees them."""

    @property
    def is_open(self) -> bool: ...

    def open(self) -> list[ev.Event]: ...

    def handle(self, command: cmd.Command) -> list[ev.Event]: ...


def _origin(uid: Any, step: Any) -> Origin | None:
    """A saved origin, or None for anything else (a new game's, or a damaged one's)."""
    if isinstance(uid, str) and uid and type(step) is int and step >= 0:
        return Origin(uid, step)
    return None


def new_game_id() -> str:
    """A name for one game, kept with it: the records know a game by it (R19, R22)."""
    return secrets.token_hex(8)


@dataclass
class Session:
    game: Game
    phase: Phase = Phase.PLAYING
    assisted: bool = False  # hint or autoplay used in this game, or played on from a kept one
    origin: Origin | None = None  # played on from a kept game's position (kept with its record)
    focused: bool = True  # the window has focus
    overlays: list[Menu] = field(default_factory=list)
    slots: SaveSlots = field(default_factory=SaveSlots)
    new_game_factory: Callable[[int], Game] = field(default=lambda size: Game.new(size))
    game_id: str = field(default_factory=new_game_id)
    started: bool | None = None  # the game has had its first valid move (R17); None: guess
    autoplaying: bool = False  # the solver plays (R20)
    undo_enabled: bool | None = None  # the player's setting (R14); None: as the game says
    games_screens: OnTheStack | None = None  # the kept games' screens, when there are some
    _panel_menu: Menu | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.started is None:
            self.started = self.game.moves > 0 or self.game.seconds > 0
        if self.undo_enabled is None:
            self.undo_enabled = self.game.undo_enabled
        self.game.undo_enabled = self.undo_enabled
        self._set_phase(self.phase)

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
        return self._panel_menu

    @property
    def waiting_for_key(self) -> str | None:
        """The action the Controls screen waits for a new key or button for, if it does: the
        input then hands over the keys and buttons themselves (cmd.Pressed)."""
        menu = self.menu
        return menu.waiting_for if menu is not None else None

    @property
    def clock_running(self) -> bool:
        """R17: time runs from the game's first valid move, in play, with focus, with no menu,
        banner or game over."""
        return (
            self.started
            and self.phase in (Phase.PLAYING, Phase.CONTINUING)
            and self.focused
            and not self.overlays
            and not self.game.over
        )

    @property
    def in_progress(self) -> bool:
        """A game worth a confirmation before it is thrown away (R15): one moved in. A game
        played on from a kept position starts with moves on its counter, but until its first
        move it holds nothing of the player's."""
        playing = self.phase in (Phase.PLAYING, Phase.CONTINUING)
        return playing and self.game.moves > 0 and bool(self.started)

    def state_dict(self) -> dict[str, Any]:
        """What storage keeps beside the game (R18)."""
        return {
            "phase": self.phase.value,
            "assisted": self.assisted,
            "origin_uid": None if self.origin is None else self.origin.uid,
            "origin_step": None if self.origin is None else self.origin.step,
            "game_id": self.game_id,
            "started": self.started,
        }

    # -- time and settings ---------------------------------------------------------------------

    def pass_time(self, seconds: float) -> float:
        """Real time passed: the game clock adds it while it runs (R17). Returns the seconds
        the clock ran."""
        if not self.clock_running or not 0 < seconds < float("inf"):
            return 0.0
        self.game.advance_clock(seconds)
        return seconds

    def set_focus(self, focused: bool) -> None:
        self.focused = focused

    def set_undo_enabled(self, enabled: bool) -> None:
        """R14: the undo setting holds for every game of every size; undos used stay used."""
        self.undo_enabled = enabled
        self.game.undo_enabled = enabled
        if self.phase is Phase.GAME_OVER:
            self._set_phase(Phase.GAME_OVER)  # the panel offers undo only while it can

    # -- commands ------------------------------------------------------------------------------

    def handle(self, command: cmd.Command) -> list[ev.Event]:
        match command:
            case cmd.Quit():
                return [ev.QuitRequested()]
            case cmd.ToggleMute():
                return [ev.SettingChanged("muted", 1)]
            case cmd.ToggleFullscreen():
                return [ev.SettingChanged("fullscreen", 1)]
            case cmd.SolverMove(direction):
                return self._solver_move(direction)
            case cmd.Point() if self.autoplaying:
                return []  # the pointer passing by is no key of the player's
        if self.autoplaying:
            return self.stop_autoplay()  # the player's key only stops it (R20)
        menu = self.menu
        if menu is not None and menu.kind is MenuKind.GAMES:
            return self._on_games_screens(command)
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
                return self._open(pause_menu())
            case cmd.Help():
                return self._open(help_menu())
            case cmd.Hint():
                return self._hint()
            case cmd.ToggleAutoplay():
                return self._start_autoplay()
        return []

    def _handle_in_menu(self, menu: Menu, command: cmd.Command) -> list[ev.Event]:
        if menu.waiting_for is not None:
            return self._waiting(menu, command)
        moved = move_in(menu, command)
        if moved is not None:
            return moved
        match command:
            case cmd.Confirm():
                return self._choose(menu, menu.focus, 1)
            case cmd.Select(index, side):
                return self._choose(menu, index, side)
            case cmd.BackOrUndo() if menu.kind is MenuKind.OVER and self.game.can_undo():
                return self._undo()
            case cmd.Back() | cmd.BackOrUndo():
                if self.overlays:
                    return self._close_top()
                if menu.kind is MenuKind.WON:
                    return self._keep_going()
                return self._open(pause_menu())
            case cmd.Pause():
                if self.overlays and menu.kind is MenuKind.PAUSE:
                    return self._close_top()
                return self._open(pause_menu())
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

    def _waiting(self, menu: Menu, command: cmd.Command) -> list[ev.Event]:
        """The Controls screen waits for a key: the next key or button pressed is the action's
        (the app binds it, or says why not); Escape, Start or a plain joystick's back stop
        waiting; a click stops it and acts. Anything else waits on."""
        action = menu.waiting_for
        match command:
            case cmd.Pressed(key, button):
                menu.waiting_for = None
                return [ev.BindAsked(action, key, button)]
            case cmd.Back() | cmd.BackOrUndo() | cmd.Pause():
                menu.waiting_for = None
                return [ev.BindCancelled()]
            case cmd.Select() | cmd.Adjust():
                menu.waiting_for = None
                return [ev.BindCancelled(), *self._handle_in_menu(menu, command)]
        return []

    def _choose(self, menu: Menu, index: int, side: int) -> list[ev.Event]:
        """The item at `index` chosen (Enter, A, a click on its `side`): an item that cannot
        act does nothing."""
        if not 0 <= index < len(menu.items) or not menu.active(menu.items[index]):
            return []
        menu.focus = index
        item = menu.items[index]
        if isinstance(item, SettingItem):
            return [ev.MenuConfirmed(), *step_setting(item, side)]
        if isinstance(item, ControlItem):
            menu.waiting_for = item.action
            return [ev.MenuConfirmed()]
        return self._activate(menu, item)

    # -- actions -------------------------------------------------------------------------------

    def _move(self, direction: Direction) -> list[ev.Event]:
        outcome = self.game.move(direction)
        if outcome is None:
            return [ev.Blocked(direction)]
        self.started = True  # R17: the clock starts with the first valid move
        events: list[ev.Event] = [
            ev.Moved(direction, outcome),
            ev.Spawned(outcome.spawned.cell, outcome.spawned.value),
        ]
        if outcome.won_now:
            self._set_phase(Phase.WON_BANNER)  # shown first even if no move is left (R10a)
            events.append(ev.Won())
        elif outcome.over_now:
            self._set_phase(Phase.GAME_OVER)
            events.append(ev.Lost())
        return events

    def _undo(self) -> list[ev.Event]:
        if not self.game.undo():
            return [ev.UndoRefused(self._why_no_undo())]
        # R14: the game is playable again; a recorded win stays, so no second banner.
        self._set_phase(Phase.CONTINUING if self.game.won else Phase.PLAYING)
        return [ev.Undone(self.game.undos_left)]

    def _why_no_undo(self) -> str:
        if not self.undo_enabled:
            return "off"
        return "none_left" if self.game.undos_left == 0 else "nothing"

    def _keep_going(self) -> list[ev.Event]:
        if self.game.over:  # R10a: the winning move also ended the game
            self._set_phase(Phase.GAME_OVER)
            return [ev.KeptGoing(), ev.Lost()]
        self._set_phase(Phase.CONTINUING)
        return [ev.KeptGoing()]

    def _ask_new_game(self, size: int | None) -> list[ev.Event]:
        size = size or self.game.size
        if size != self.game.size:
            return self._switch_size(size)
        if self.in_progress:
            return self._open(confirm_menu(size))
        return self._new_game(size)

    def _new_game(self, size: int) -> list[ev.Event]:
        self.overlays.clear()
        self._install(self.new_game_factory(size), {})
        return [ev.GameStarted(size)]

    def _switch_size(self, size: int) -> list[ev.Event]:
        """R18: one saved game per size; switching resumes that size's game."""
        self.slots.save(self.game, self.state_dict())
        saved = self.slots.load(size)
        if saved is None:
            return self._new_game(size)
        self.overlays.clear()
        self._install(*saved)
        return [ev.GameResumed(size)]

    def _install(self, game: Game, state: dict[str, Any]) -> None:
        """Put `game` on the board with the state saved beside it ({} for a fresh game)."""
        self.game = game
        self.game.undo_enabled = self.undo_enabled
        self._apply_state(state)

    def _apply_state(self, state: dict[str, Any]) -> None:
        try:
            phase = Phase(state.get("phase", "playing"))
        except ValueError:
            phase = Phase.PLAYING
        if self.game.over and phase is not Phase.WON_BANNER:
            phase = Phase.GAME_OVER
        elif phase is Phase.GAME_OVER:
            phase = Phase.CONTINUING if self.game.won else Phase.PLAYING
        self.assisted = state.get("assisted") is True
        self.origin = _origin(state.get("origin_uid"), state.get("origin_step"))
        game_id = state.get("game_id")
        self.game_id = game_id if is_game_id(game_id) else new_game_id()
        started = state.get("started")
        self.started = started if isinstance(started, bool) else self.game.moves > 0
        self._set_phase(phase)

    def _set_phase(self, phase: Phase) -> None:
        """The phase, and the panel it shows, made afresh so it opens on its first button."""
        self.phase = phase
        if phase is Phase.WON_BANNER:
            self._panel_menu = won_panel()
        elif phase is Phase.GAME_OVER:
            self._panel_menu = over_panel(self.game.can_undo())
        else:
            self._panel_menu = None

    # -- the solver (R20) ----------------------------------------------------------------------

    def _assist(self) -> list[ev.Event]:
        """The first hint or autoplay marks the game assisted."""
        if self.assisted:
            return []
        self.assisted = True
        return [ev.Assisted()]

    def _hint(self) -> list[ev.Event]:
        if self.game.over:
            return []
        return [*self._assist(), ev.HintRequested()]

    def _start_autoplay(self) -> list[ev.Event]:
        if self.game.over or self.menu is not None:
            return []
        events = self._assist()
        self.autoplaying = True
        return [*events, ev.AutoplayStarted()]

    def stop_autoplay(self) -> list[ev.Event]:
        """Autoplay stops (the player's key, the win banner, the end, a menu, or a solver
        that cannot play on)."""
        if not self.autoplaying:
            return []
        self.autoplaying = False
        return [ev.AutoplayStopped()]

    def _solver_move(self, direction: Direction) -> list[ev.Event]:
        """Autoplay's move: played only while it plays; it stops at the win banner and at the
        end of the game (R20)."""
        if not self.autoplaying or self.menu is not None:
            return []
        events = self._move(direction)
        if self.phase in (Phase.WON_BANNER, Phase.GAME_OVER):
            events += self.stop_autoplay()
        return events

    # -- menus ---------------------------------------------------------------------------------

    def _activate(self, menu: Menu, item: MenuItem) -> list[ev.Event]:
        events: list[ev.Event] = [ev.MenuConfirmed()]
        match item:
            case Item.RESUME | Item.CANCEL | Item.BACK:
                return events + self._close_top()
            case Item.KEEP_GOING:
                return events + self._keep_going()
            case Item.UNDO:
                return events + self._undo()
            case Item.NEW_GAME:
                if menu.kind in (MenuKind.WON, MenuKind.OVER):
                    return events + self._new_game(self.game.size)
                self.overlays.clear()
                return events + self._ask_new_game(self.game.size)
            case Item.CONFIRM_NEW if menu.play_on is not None:
                return events + self._start_play_on(menu.play_on)
            case Item.CONFIRM_NEW:
                return events + self._new_game(menu.size or self.game.size)
            case Item.STATS:
                return events + self._open(stats_menu(self.game.size))
            case Item.CHARTS:  # over the statistics: Back returns to their page
                return events + self._open(charts_menu(stats_size(menu) or self.game.size))
            case Item.AUTOPLAY:
                self.overlays.clear()
                return events + self._start_autoplay()
            case Item.GAMES if self.games_screens is not None:
                self.overlays.append(games_entry())  # over the pause menu: no clock (R17)
                return [*events, ev.OnScreens(tuple(self.games_screens.open()))]
            case Item.SETTINGS:
                return events + self._open(settings_menu())
            case Item.CONTROLS:
                return events + self._open(controls_menu())
            case Item.RESTORE_DEFAULTS:
                return [*events, ev.ControlsRestored()]
            case Item.SIZES:
                return events + self._open(sizes_menu(self.game.size))
            case Item.PREV_PAGE | Item.NEXT_PAGE:
                return turn_page(menu, -1 if item is Item.PREV_PAGE else 1)
            case Item.HELP:
                return events + self._open(help_menu())
            case Item.QUIT if menu.kind is MenuKind.PAUSE:
                return events + self._open(quit_confirm())  # over the pause menu: Back returns
            case Item.QUIT:
                return events + [ev.QuitRequested()]
            case SizeItem(size):
                self.overlays.clear()
                if size == self.game.size:
                    return events
                return events + self._switch_size(size)
        return []

    def _open(self, menu: Menu) -> list[ev.Event]:
        """Open `menu` over the others; one already open is returned to, not opened again."""
        for index, open_menu in enumerate(self.overlays):
            if open_menu.kind is menu.kind:
                closed = self.overlays[index + 1 :]
                del self.overlays[index + 1 :]
                return [ev.MenuClosed(m.kind.value) for m in reversed(closed)]
        self.overlays.append(menu)
        return [*self.stop_autoplay(), ev.MenuOpened(menu.kind.value)]

    def _on_games_screens(self, command: cmd.Command) -> list[ev.Event]:
        """The kept games' screens on top answer the command; once the player leaves them, their
        entry leaves the stack, and the menu below shows again."""
        assert self.games_screens is not None
        events = self.games_screens.handle(command)
        if not self.games_screens.is_open:
            self.overlays.pop()
        asked = [event for event in events if isinstance(event, ev.PlayOnAsked)]
        shown = [event for event in events if not isinstance(event, ev.PlayOnAsked)]
        played_on = self._play_on(asked[0]) if asked else []
        return ([ev.OnScreens(tuple(shown))] if shown else []) + played_on

    def _play_on(self, asked: ev.PlayOnAsked) -> list[ev.Event]:
        """Play from here: asked first while a game of that size is in progress, as New game
        is (R15), since it ends that game."""
        if self._in_progress_at(asked.size):
            return self._open(confirm_menu(asked.size, asked))
        return self._start_play_on(asked)

    def _in_progress_at(self, size: int) -> bool:
        if size == self.game.size:
            return self.in_progress
        saved = self.slots.load(size)
        return saved is not None and Session.restore(*saved).in_progress

    def _start_play_on(self, asked: ev.PlayOnAsked) -> list[ev.Event]:
        """A new game from a kept game's position: its score and moves as they were there,
        a fresh random state, five undos. It counts apart from the player's own games, as an
        assisted one does (R20), and keeps where it began. The game in play of another size
        stays in its slot (R18); one of the same size is left for it, kept in Games."""
        position = asked.position
        if asked.size != self.game.size:
            self.slots.save(self.game, self.state_dict())
        game = Game.from_grid(position.grid, score=position.score, moves=position.moves)
        phase = Phase.CONTINUING if game.won else Phase.PLAYING
        origin = {"origin_uid": asked.origin.uid, "origin_step": asked.origin.step}
        self.overlays.clear()
        state = {"phase": phase.value, "assisted": True, "started": False, **origin}
        self._install(game, state)  # its clock starts with its first move (R17)
        return [ev.GameStarted(asked.size), ev.Told("played_on", {"n": position.moves})]

    def _close_top(self) -> list[ev.Event]:
        if not self.overlays:
            return []
        menu = self.overlays.pop()
        return [ev.MenuClosed(menu.kind.value)]
