"""Where the game keeps its files: each kind where its system keeps it, under the project's own
id, or all in one folder the player names (game/storage/folders.py)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import platformdirs
import pytest
from helpers.paths import run_main

from game.app import App, Options
from game.launch.gamelog import LOG_NAME
from game.platform.identity import APP_ID
from game.storage.folders import DATA_DIR_ENV, Folders
from game.storage.schema import ARCHIVE_FILE

linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the XDG variables place the system's folders"
)


@pytest.fixture
def system(tmp_path, monkeypatch) -> Path:
    """The system's folders of a player's account, under tmp_path/home."""
    home = tmp_path / "home"
    for variable, folder in (
        ("XDG_DATA_HOME", "share"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_STATE_HOME", "state"),
        ("XDG_CACHE_HOME", "cache"),
    ):
        monkeypatch.setenv(variable, str(home / folder))
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    return home


# -- where each kind of file goes ----------------------------------------------------------------


def test_a_folder_the_player_names_holds_everything(tmp_path):
    mine = tmp_path / "mine"
    folders = Folders.for_player(str(mine), {DATA_DIR_ENV: str(tmp_path / "env")})
    assert folders == Folders(data=mine, config=mine, logs=mine / "logs", cache=mine)
    assert (
        Folders.for_player(None, {DATA_DIR_ENV: str(tmp_path / "env")}).config == tmp_path / "env"
    )


def test_each_kind_goes_where_its_system_keeps_it_named_by_the_projects_own_id():
    folders = Folders.for_player(None, {})
    assert folders.data == platformdirs.user_data_path(APP_ID, appauthor=False)
    assert folders.config == platformdirs.user_config_path(APP_ID, appauthor=False)
    assert folders.logs == platformdirs.user_log_path(APP_ID, appauthor=False)
    assert folders.cache == platformdirs.user_cache_path(APP_ID, appauthor=False)
    assert all(APP_ID in path.parts for path in (folders.data, folders.logs, folders.cache))


@pytest.mark.slow
@linux_only
def test_a_game_keeps_each_file_in_its_systems_folder_and_its_log_with_the_logs(system):
    """The real program: the kept games (the game in progress and the statistics with them)
    with the data, the settings with the configuration, the warning about a damaged
    kept-games file in the log with the logs."""
    folders = Folders.of_system()
    folders.data.mkdir(parents=True)
    damaged = b"not a database at all" * 100
    (folders.data / ARCHIVE_FILE).write_bytes(damaged)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = run_main("--frames", "5", env=env)
    assert result.returncode == 0, result.stderr
    assert ARCHIVE_FILE in (folders.logs / LOG_NAME).read_text(encoding="utf-8")
    assert (folders.config / "settings.json").is_file()
    assert not (folders.data / "settings.json").exists() and not (folders.data / "logs").exists()
    # A new archive in the data folder, the damaged one kept beside it, and neither elsewhere.
    assert (folders.data / ARCHIVE_FILE).read_bytes().startswith(b"SQLite format 3\0")
    [kept] = folders.data.glob(ARCHIVE_FILE + ".corrupt-*")
    assert kept.read_bytes() == damaged
    assert not list(folders.config.glob(ARCHIVE_FILE + "*"))


@pytest.mark.slow
@linux_only
def test_the_solvers_table_is_kept_in_the_cache_made_when_missing(system):
    app = App(Options(sound=False))
    try:
        table = Folders.of_system().cache / "solver-rows-4x4-v2.bin"
        app.autoplay.warm_up(4)  # as after the first frame: the solver's process builds it
        deadline = time.monotonic() + 30
        while not table.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert table.is_file()
        assert not list(Folders.of_system().data.glob("solver-rows-*"))
    finally:
        app.close()
