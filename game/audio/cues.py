"""Which sound each domain event makes, and how a move's merges make one chord. Pure: the
mixer is game/audio/player.py's."""

from __future__ import annotations

import enum
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.play.events import (
    Blocked,
    Lost,
    MenuConfirmed,
    MenuMoved,
    Moved,
    Spawned,
    Undone,
    UndoRefused,
    Won,
)

CHANNELS_PER_VOICE = 2
CHORD_NOTES = 3  # the largest distinct merges of a move that make its chord
MERGE_VALUES = tuple(2**exponent for exponent in range(2, 18))  # one file each: merge_<value>


class Cue(enum.Enum):
    """A sound the game makes; the value is its file's name in assets/sfx/."""

    SLIDE = "slide"
    MERGE = "merge"  # one file per merged value: merge_4 .. merge_131072
    SPAWN = "spawn"
    BLOCKED = "blocked"
    UNDO = "undo"
    WIN = "win"
    LOSE = "lose"
    MENU_MOVE = "menu_move"
    MENU_CONFIRM = "menu_confirm"


class Voice(enum.Enum):
    """A group of reserved channels: sounds of one voice replace each other, never others."""

    FANFARE = "fanfare"
    MERGE = "merge"
    SLIDE = "slide"
    SPAWN = "spawn"
    EFFECT = "effect"
    MENU = "menu"


VOICE_OF = {
    Cue.SLIDE: Voice.SLIDE,
    Cue.MERGE: Voice.MERGE,
    Cue.SPAWN: Voice.SPAWN,
    Cue.BLOCKED: Voice.EFFECT,
    Cue.UNDO: Voice.EFFECT,
    Cue.WIN: Voice.FANFARE,
    Cue.LOSE: Voice.FANFARE,
    Cue.MENU_MOVE: Voice.MENU,
    Cue.MENU_CONFIRM: Voice.MENU,
}

RESERVED_CHANNELS = len(Voice) * CHANNELS_PER_VOICE


@dataclass(frozen=True)
class Play:
    """One sound to start: a cue, and for a merge the values merged (largest first)."""

    cue: Cue
    merged_values: tuple[int, ...] = ()

    @property
    def voice(self) -> Voice:
        return VOICE_OF[self.cue]


def _play_for(event: object) -> Play | None:
    match event:
        case Moved():
            merged = event.merged_values
            return Play(Cue.MERGE, merged) if merged else Play(Cue.SLIDE)
        case Spawned():
            return Play(Cue.SPAWN)
        case Blocked() | UndoRefused():
            return Play(Cue.BLOCKED)
        case Undone():
            return Play(Cue.UNDO)
        case Won():
            return Play(Cue.WIN)
        case Lost():
            return Play(Cue.LOSE)
        case MenuMoved():
            return Play(Cue.MENU_MOVE)
        case MenuConfirmed():
            return Play(Cue.MENU_CONFIRM)
    return None


def plan(events: Iterable[object]) -> list[Play]:
    """What one batch of events sounds like: at most one sound per voice, the latest wins.

    A move that wins and also ends the game (both events in one batch) plays the fanfare.
    """
    chosen: dict[Voice, Play] = {}
    for event in events:
        play = _play_for(event)
        if play is None:
            continue
        current = chosen.get(play.voice)
        if current is not None and current.cue is Cue.WIN and play.cue is Cue.LOSE:
            continue
        chosen[play.voice] = play
    return list(chosen.values())


def chord_notes(merged_values: Iterable[int]) -> tuple[int, ...]:
    """The merge files a move's chord is made of: distinct, largest first, at most three.

    Values past the last file (boards larger than 4x4) use the last file.
    """
    clamped = {min(max(value, MERGE_VALUES[0]), MERGE_VALUES[-1]) for value in merged_values}
    return tuple(sorted(clamped, reverse=True))[:CHORD_NOTES]


def mix_chord(notes: Sequence[Sequence[int]]) -> array:
    """Mix mono 16-bit notes (largest merge first) into one: the first note leads, the others
    sit under it, and the result peaks where the loudest note alone did (so never higher).
    """
    length = max(len(note) for note in notes)
    total = [0.0] * length
    for index, note in enumerate(notes):
        gain = 1.0 if index == 0 else 0.6
        for n, sample in enumerate(note):
            total[n] += gain * sample
    target = max(max(abs(s) for s in note) for note in notes)
    peak = max(abs(value) for value in total) or 1.0
    scale = min(1.0, target / peak)
    return array("h", (round(value * scale) for value in total))
