"""One saved game per board size (R18): the slots the session keeps its games in. In memory
for tests and for a seeded run (which leaves the player's saves alone), on disk otherwise."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.core.engine import Game

if TYPE_CHECKING:  # the session needs no files: only the app hands it these slots
    from game.storage.store import Storage

CatchUp = Callable[[Game, dict[str, Any]], tuple[Game, dict[str, Any]]]


class SaveSlots:
    """The slots in memory."""

    def __init__(self) -> None:
        self._slots: dict[int, tuple[dict, dict]] = {}

    def load(self, size: int) -> tuple[Game, dict[str, Any]] | None:
        if size not in self._slots:
            return None
        game_dict, session_state = self._slots[size]
        return Game.from_dict(game_dict), dict(session_state)

    def save(self, game: Game, session_state: dict[str, Any]) -> None:
        self._slots[game.size] = (game.to_dict(), dict(session_state))


class StorageSlots:
    """The slots on disk, in the storage's game files. `caught_up` may carry a loaded game on
    to where its kept record went (game/kept_games/archive/game_keeper.py): the saves can be a few
    moves behind the archive after a kill."""

    def __init__(self, storage: Storage, caught_up: CatchUp | None = None) -> None:
        self.storage = storage
        self.caught_up = caught_up

    def load(self, size: int) -> tuple[Game, dict[str, Any]] | None:
        saved = self.storage.load_game(size)
        if saved is None:
            return None
        if self.caught_up is None:
            return saved.game, saved.session
        return self.caught_up(saved.game, saved.session)

    def save(self, game: Game, session_state: dict[str, Any]) -> None:
        self.storage.save_game(game, session_state)
