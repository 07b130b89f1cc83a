"""Sharing a kept game as a player does it (R22): export it to a file they can find, import
one they were sent, each with the sentence that says what happened (a text key of
game/text/messages.py, and its fields). The format and its checks are
game/kept_games/share/shared_file.py's."""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

import platformdirs

from game.core.record import GameRecord
from game.kept_games.archive.games_archive import Archive
from game.kept_games.background import BackgroundWork
from game.kept_games.share.shared_file import (
    SHARE_SUFFIX,
    ShareError,
    export_game,
    export_name,
    keep_shared,
    read_shared,
)

EXPORT_FOLDER = "2048"  # in the player's documents folder
log = logging.getLogger("game.kept_games.share.shared_file")


def export_folder() -> Path:
    """Where exported games go: a folder of the player's documents (platformdirs)."""
    return platformdirs.user_documents_path() / EXPORT_FOLDER


def export_to(record: GameRecord, folder: Path) -> tuple[str, dict[str, object]]:
    """Write the game to `folder`, named by its size, date and score, never over a file there
    (an export of the same name before is kept: this one is "... (2)"): what to tell the
    player, with the exact path of the file."""
    path = folder / export_name(record.summary)
    claimed = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = claimed = claim_name(path)
        export_game(record, path)
    except (OSError, ShareError) as error:  # OSError: the folder or the name could not be made
        log.warning("the game could not be exported to %s: %s", path, error)
        if claimed is not None:
            with contextlib.suppress(OSError):
                os.unlink(claimed)
        fields: dict[str, object] = {"folder": folder}
        if isinstance(error, ShareError):
            return error.key, {**error.fields, **fields}
        return "export_failed", fields
    return "export_done", {"file": path}


def claim_name(path: Path) -> Path:
    """`path`, or else the first of "NAME (2)", "NAME (3)"... that is free: made at once an
    empty file of ours (O_EXCL, which no file nor link already there passes), so that no other
    export, of this copy or another, takes the name meanwhile."""
    stem, name, number = path.name.removesuffix(SHARE_SUFFIX), path, 1
    while True:
        try:
            os.close(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            return name
        except FileExistsError:
            number += 1
            name = path.with_name(f"{stem} ({number}){SHARE_SUFFIX}")


class Importing(BackgroundWork[tuple[str, dict[str, object], int | None]]):
    """A shared file read, checked and kept on a thread of its own: checking replays every
    move, which for the longest game a file may hold (share.MAX_STEPS) takes seconds, and
    keeping it writes every step in one transaction (a third of a second at that length); the
    game must wait for neither.

        importing = Importing(path, archive)
        if importing.done:
            key, fields, game_id = importing.outcome()   # what to tell the player, the game kept
    """

    def __init__(self, path: str | Path, archive: Archive) -> None:
        self.path = path
        self._archive = archive
        # A transaction begun is the archive's: its writer thread ends it before the game quits,
        # and a kill loses it whole.
        super().__init__("import")

    def _work(self) -> tuple[str, dict[str, object], int | None]:
        try:
            result = keep_shared(self._archive, read_shared(self.path))
        except ShareError as error:
            log.warning("%s could not be imported: %s", self.path, error)
            return error.key, error.fields, None
        return ("import_already" if result.already_kept else "import_done"), {}, result.game_id

    def outcome(self) -> tuple[str, dict[str, object], int | None]:
        """What to tell the player (a key and its fields), and the game's number among the
        kept ones (None if it was refused: nothing kept was touched then). A fault of the
        game's own met on the import's thread is raised here, on the game's thread."""
        return self.answer()
