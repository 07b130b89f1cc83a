"""One saved game per board size (R18): the slots the session keeps its games in, in memory.
The app fills them with what the archive kept (`Archive.load_kept`) and keeps each save there
too (game/kept_games/archive/autosave.py); a seeded run keeps them in memory only, leaving
the player's games alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core.engine import Game

Keep = Callable[[Game, dict[str, Any]], None]


class SaveSlots:
    def __init__(
        self,
        kept: Mapping[int, tuple[Game, dict[str, Any]]] | None = None,
        keep: Keep | None = None,
    ) -> None:
        self._slots: dict[int, tuple[dict, dict]] = {}
        for game, state in (kept or {}).values():
            self._slots[game.size] = (game.to_dict(), dict(state))
        self._keep = keep  # also written there (the archive), if given

    def load(self, size: int) -> tuple[Game, dict[str, Any]] | None:
        if size not in self._slots:
            return None
        game_dict, session_state = self._slots[size]
        return Game.from_dict(game_dict), dict(session_state)

    def save(self, game: Game, session_state: dict[str, Any]) -> None:
        self._slots[game.size] = (game.to_dict(), dict(session_state))
        if self._keep is not None:
            self._keep(game, session_state)
