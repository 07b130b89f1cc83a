"""Domain events: what happened, as the session reports it to view, audio, the autosave and
the statistics."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.core.engine import Cell, Direction, Grid, MoveOutcome
from game.core.record import Origin
from game.core.replay import Position


@dataclass(frozen=True)
class Moved:
    """A valid move: the shift (with its motions and merges) and the tile it spawned."""

    direction: Direction
    outcome: MoveOutcome

    @property
    def merged_values(self) -> tuple[int, ...]:
        """The values made by this move's merges, largest first (one chord, R5)."""
        return tuple(sorted((m.value for m in self.outcome.shift.merges), reverse=True))


@dataclass(frozen=True)
class Blocked:
    """A move that changes nothing (R6): no spawn, no score; a small nudge and a soft sound."""

    direction: Direction


@dataclass(frozen=True)
class Spawned:
    cell: Cell
    value: int


@dataclass(frozen=True)
class Won:
    """The game's first 2048 (R10): the banner shows and the clock stops."""


@dataclass(frozen=True)
class Lost:
    """No move is left (R11)."""


@dataclass(frozen=True)
class Undone:
    undos_left: int


@dataclass(frozen=True)
class KeptGoing:
    pass


@dataclass(frozen=True)
class GameStarted:
    """A fresh game is on the board (new game, or the first game of a size)."""

    size: int


@dataclass(frozen=True)
class GameResumed:
    """A size's saved game is back on the board (a switch of size, R18)."""

    size: int


@dataclass(frozen=True)
class Assisted:
    """The game got its first hint or autoplay: it is assisted from now on (R20)."""


@dataclass(frozen=True)
class MenuOpened:
    name: str


@dataclass(frozen=True)
class MenuClosed:
    name: str


@dataclass(frozen=True)
class MenuMoved:
    """The focus highlight moved to another item."""


@dataclass(frozen=True)
class MenuPointed:
    """The focus followed the pointer to another item (quietly: no sound)."""


@dataclass(frozen=True)
class UndoRefused:
    """An undo that cannot be made (R14): why, as a text key's end ("off", "none_left",
    "nothing"), so the player is told rather than left wondering."""

    reason: str


@dataclass(frozen=True)
class MenuConfirmed:
    """A menu item was chosen."""


@dataclass(frozen=True)
class SettingChanged:
    """The player changed a setting in the settings menu: `step` +1 for the next value."""

    name: str
    step: int
    said: bool = False  # its own key (mute) was pressed in play: say what it did


@dataclass(frozen=True)
class BindAsked:
    """The player pressed a key (`key`) or pad button (`button`) for `action` on the Controls
    screen: the app, which owns the settings, binds it or says why not."""

    action: str
    key: int | None = None
    button: str | None = None


@dataclass(frozen=True)
class BindCancelled:
    """The Controls screen stopped waiting for a key: nothing was bound."""


@dataclass(frozen=True)
class ControlsRestored:
    """The player asked for every key and button back as it was at first."""


@dataclass(frozen=True)
class HintRequested:
    """The player asked the solver for the best move of this board (R20)."""


@dataclass(frozen=True)
class AutoplayStarted:
    """The solver plays from now on, at the player's pace (R20)."""


@dataclass(frozen=True)
class AutoplayStopped:
    """The solver stopped playing: the player stopped it, or the win banner, the end of the
    game or a menu did (R20)."""


@dataclass(frozen=True)
class HintShown:
    direction: Direction


@dataclass(frozen=True)
class QuitRequested:
    pass


@dataclass(frozen=True)
class OnScreens:
    """What the kept games' screens answered (R22, R23), in order: seen and heard, never played
    or kept (their moves are a replay's, not the game's), so the listeners that keep the game
    pass them by."""

    events: tuple[Event, ...]


@dataclass(frozen=True)
class PositionShown:
    """A replay or review shows another position at once, with no animation (a jump, a step
    back, an undo)."""

    grid: Grid


@dataclass(frozen=True)
class PlayOnAsked:
    """The player chose to play on from a replay's or a review's position: a new game of
    `size` from there, which keeps where it began (`origin`). The session answers it."""

    size: int
    position: Position
    origin: Origin


@dataclass(frozen=True)
class Told:
    """Something to tell the player: a text key of game/text/messages.py and its
    fields."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)
    brief: bool = False  # a word on what a key just did: on screen a short while


Event = (
    Moved
    | Blocked
    | Spawned
    | Won
    | Lost
    | Undone
    | KeptGoing
    | GameStarted
    | GameResumed
    | Assisted
    | MenuOpened
    | MenuClosed
    | MenuMoved
    | MenuPointed
    | UndoRefused
    | MenuConfirmed
    | SettingChanged
    | BindAsked
    | BindCancelled
    | ControlsRestored
    | HintRequested
    | AutoplayStarted
    | AutoplayStopped
    | HintShown
    | QuitRequested
    | OnScreens
    | PositionShown
    | PlayOnAsked
    | Told
)


def unfolded(events: list[Event]) -> list[Event]:
    """The batch with the screens' answers in their place, for those that hear them all (the
    sound)."""
    flat: list[Event] = []
    for event in events:
        flat.extend(event.events if isinstance(event, OnScreens) else (event,))
    return flat
