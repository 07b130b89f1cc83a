"""The state machine around the engine: commands in, domain events out.

The session decides what a command means to the game: a move slides the board, a win shows
its banner and a full board ends the game (R10 to R12), a hint or autoplay marks the game
assisted (R20), and the undo setting holds for every game (R14). It knows nothing of pygame,
files or real time: the loop tells it how much time passed.

It is the foot of the screens' stack (game/screens/navigator.py), which hands it the player's
commands while nothing is over the board (`covered`), and whose panels show its phase.
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.engine import Direction, Game, is_game_id
from game.core.record import Origin
from game.play import commands as cmd
from game.play import events as ev
from game.play.slots import SaveSlots


class Phase(enum.Enum):
    PLAYING = "playing"
    WON_BANNER = "won_banner"  # the first 2048 stands; Keep going or New game (R10)
    CONTINUING = "continuing"  # kept going after the win
    GAME_OVER = "game_over"


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
    slots: SaveSlots = field(default_factory=SaveSlots)
    new_game_factory: Callable[[int], Game] = field(default=lambda size: Game.new(size))
    game_id: str = field(default_factory=new_game_id)
    started: bool | None = None  # the game has had its first valid move (R17); None: guess
    autoplaying: bool = False  # the solver plays (R20)
    undo_enabled: bool | None = None  # the player's setting (R14); None: as the game says
    covered: bool = field(
        default=False, init=False
    )  # a screen is over the board (game/screens/navigator.py)
    phase_changes: int = field(
        default=0, init=False
    )  # how many times the phase was set: its panel is made afresh

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
    def clock_running(self) -> bool:
        """R17: time runs from the game's first valid move, in play, with focus, with no menu,
        banner or game over."""
        return (
            self.started
            and self.phase in (Phase.PLAYING, Phase.CONTINUING)
            and self.focused
            and not self.covered
            and not self.game.over
        )

    @property
    def clock_held(self) -> bool:
        """The clock is held while it would run (R17): the window lost focus or a screen is
        over the board. A clock that has not started, or has stopped at a win or the end, is
        not held."""
        playing = self.phase in (Phase.PLAYING, Phase.CONTINUING) and not self.game.over
        return bool(self.started) and playing and not self.clock_running

    @property
    def in_progress(self) -> bool:
        """A game worth a confirmation before it is thrown away (R15): one moved in. A game
        played on from a kept position starts with moves on its counter, but until its first
        move it holds nothing of the player's."""
        playing = self.phase in (Phase.PLAYING, Phase.CONTINUING)
        return playing and self.game.moves > 0 and bool(self.started)

    def state_dict(self) -> dict[str, Any]:
        """What is kept beside the game (R18)."""
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
        """A command of the player's in play, nothing over the board."""
        match command:
            case cmd.Move(direction):
                return self._move(direction)
            case cmd.Undo() | cmd.BackOrUndo():
                return self.undo()
            case cmd.Hint():
                return self._hint()
            case cmd.ToggleAutoplay():
                return self.start_autoplay()
        return []

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

    def undo(self) -> list[ev.Event]:
        if not self.game.undo():
            return [ev.UndoRefused(self._why_no_undo())]
        # R14: the game is playable again; a recorded win stays, so no second banner.
        self._set_phase(Phase.CONTINUING if self.game.won else Phase.PLAYING)
        return [ev.Undone(self.game.undos_left)]

    def _why_no_undo(self) -> str:
        if not self.undo_enabled:
            return "off"
        return "none_left" if self.game.undos_left == 0 else "nothing"

    def keep_going(self) -> list[ev.Event]:
        if self.game.over:  # R10a: the winning move also ended the game
            self._set_phase(Phase.GAME_OVER)
            return [ev.KeptGoing(), ev.Lost()]
        self._set_phase(Phase.CONTINUING)
        return [ev.KeptGoing()]

    def new_game(self, size: int) -> list[ev.Event]:
        self._install(self.new_game_factory(size), {})
        return [ev.GameStarted(size)]

    def switch_size(self, size: int) -> list[ev.Event]:
        """R18: one saved game per size; switching resumes that size's game."""
        self.slots.save(self.game, self.state_dict())
        saved = self.slots.load(size)
        if saved is None:
            return self.new_game(size)
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
        """The phase; its panel (game/screens/panels.py) is made afresh."""
        self.phase = phase
        self.phase_changes += 1

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

    @property
    def _shown_over(self) -> bool:
        """Something is over the board: a screen, or the win banner or the game over."""
        return self.covered or self.phase in (Phase.WON_BANNER, Phase.GAME_OVER)

    def start_autoplay(self) -> list[ev.Event]:
        if self.game.over or self._shown_over:
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

    def solver_move(self, direction: Direction) -> list[ev.Event]:
        """Autoplay's move: played only while it plays; it stops at the win banner and at the
        end of the game (R20)."""
        if not self.autoplaying or self._shown_over:
            return []
        events = self._move(direction)
        if self.phase in (Phase.WON_BANNER, Phase.GAME_OVER):
            events += self.stop_autoplay()
        return events

    # -- played on from a kept game (R22) ----------------------------------------------------

    def in_progress_at(self, size: int) -> bool:
        if size == self.game.size:
            return self.in_progress
        saved = self.slots.load(size)
        return saved is not None and Session.restore(*saved).in_progress

    def start_play_on(self, asked: ev.PlayOnAsked) -> list[ev.Event]:
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
        state = {"phase": phase.value, "assisted": True, "started": False, **origin}
        self._install(game, state)  # its clock starts with its first move (R17)
        return [ev.GameStarted(asked.size), ev.Told("played_on", {"n": asked.origin.step})]
