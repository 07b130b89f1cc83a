"""Where the game keeps its files: the one place that decides it.

    folders = Folders.for_player(args.data_dir)   # --data-dir > $GAME2048_DATA_DIR > the system's
    folders.data     the saves, the statistics, the kept games (and game.lock)
    folders.config   settings.json
    folders.logs     the game's log and the crash logs
    folders.cache    the solver's table, which the game rebuilds when it is missing

Each system has a place for each kind (platformdirs, named by the project's id, APP_ID in
game/platform/identity.py): on Linux ~/.local/share/ID, ~/.config/ID, ~/.local/state/ID/log and
~/.cache/ID (or where the XDG variables say); on macOS ~/Library/Application Support/ID (data
and settings), ~/Library/Logs/ID and ~/Library/Caches/ID; on Windows %LOCALAPPDATA%\\ID, with
Logs and Cache in it. A folder the player names holds everything: settings.json in it, logs/
in it, the solver's table in it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game.platform.identity import APP_ID

DATA_DIR_ENV = "GAME2048_DATA_DIR"
LOGS_FOLDER = "logs"  # inside a folder the player names


@dataclass(frozen=True)
class Folders:
    data: Path
    config: Path
    logs: Path
    cache: Path

    @classmethod
    def in_one(cls, folder: str | os.PathLike[str]) -> Folders:
        """Everything in one folder."""
        folder = Path(folder)
        return cls(data=folder, config=folder, logs=folder / LOGS_FOLDER, cache=folder)

    @classmethod
    def of_system(cls) -> Folders:
        """The places this system keeps each kind of file in."""
        return cls(
            data=platformdirs.user_data_path(APP_ID, appauthor=False),
            config=platformdirs.user_config_path(APP_ID, appauthor=False),
            logs=platformdirs.user_log_path(APP_ID, appauthor=False),
            cache=platformdirs.user_cache_path(APP_ID, appauthor=False),
        )

    @classmethod
    def for_player(
        cls,
        cli_value: str | os.PathLike[str] | None = None,
        environ: Mapping[str, str] = os.environ,
    ) -> Folders:
        """--data-dir, else $GAME2048_DATA_DIR (either holds everything), else the system's
        places. Never the program's own folder."""
        chosen = cli_value or environ.get(DATA_DIR_ENV)
        if chosen:
            return cls.in_one(Path(chosen).expanduser().absolute())
        return cls.of_system()


def resolve_data_dir(
    cli_value: str | os.PathLike[str] | None = None, environ: Mapping[str, str] = os.environ
) -> Path:
    """Where the saves are: the data folder of `Folders.for_player`."""
    return Folders.for_player(cli_value, environ).data
