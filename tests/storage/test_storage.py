"""Storage, the everyday path: where files go, and the settings coming back as saved. (The game in
progress and the statistics are kept by the archive: tests/archive/.)"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys

import platformdirs
import pytest
from helpers.paths import ROOT
from helpers.storage import counting, disk_error, failing, said

from game.core.settings import Settings
from game.platform.identity import APP_ID
from game.storage.envelope import SETTINGS_FORMAT, VERSIONS, encode_document
from game.storage.folders import DATA_DIR_ENV, resolve_data_dir
from game.storage.schema import BACKUP_SUFFIX
from game.storage.store import Storage


@pytest.fixture
def storage(tmp_path):
    with Storage(tmp_path / "data") as opened:
        yield opened


# -- where --------------------------------------------------------------------------------------


def test_data_dir_comes_from_the_command_line_first_then_the_environment(tmp_path):
    environ = {DATA_DIR_ENV: str(tmp_path / "from-env")}
    assert resolve_data_dir(str(tmp_path / "from-cli"), environ) == tmp_path / "from-cli"
    assert resolve_data_dir(None, environ) == tmp_path / "from-env"


def test_data_dir_defaults_to_the_users_data_folder_never_the_programs():
    default = resolve_data_dir(None, {DATA_DIR_ENV: ""})
    assert default == platformdirs.user_data_path(APP_ID, appauthor=False)
    assert ROOT not in default.parents and default != ROOT


def test_data_dir_expands_the_home_folder():
    assert resolve_data_dir("~/games", {}) == resolve_data_dir(os.path.expanduser("~/games"), {})
    assert "~" not in str(resolve_data_dir("~/games", {}))


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_the_data_folder_is_private_and_files_are_kept_only_there(tmp_path, monkeypatch):
    working = tmp_path / "cwd"
    working.mkdir()
    monkeypatch.chdir(working)
    data = tmp_path / "nested" / "data"
    with Storage(data) as storage:
        assert storage.save_settings(Settings(theme="dark"))
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    names = sorted(path.name for path in data.iterdir())
    assert names == ["game.lock", "settings.json", "settings.json.bak"]
    for path in data.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path.name
    assert list(working.iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
@pytest.mark.parametrize("umask", [0o000, 0o277])
def test_a_data_folder_the_game_makes_is_0700_whatever_the_umask(tmp_path, umask):
    data = tmp_path / "data"
    old = os.umask(umask)
    try:
        with Storage(data) as storage:
            assert storage.save_settings(Settings(theme="dark"))
    finally:
        os.umask(old)
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert Storage(data).load_settings() == Settings(theme="dark")


def test_the_settings_file_is_small_json_and_its_backup_the_same_bytes(storage):
    assert storage.save_settings(Settings(theme="dark"))
    raw = (storage.data_dir / "settings.json").read_bytes()
    document = json.loads(raw)
    assert (document["format"], document["version"]) == (
        SETTINGS_FORMAT,
        VERSIONS[SETTINGS_FORMAT],
    )
    assert document["data"]["theme"] == "dark"
    assert (storage.data_dir / ("settings.json" + BACKUP_SUFFIX)).read_bytes() == raw
    assert len(raw) < 16 * 1024


# -- settings -----------------------------------------------------------------------------------


def test_no_settings_file_means_the_defaults_without_a_notice_or_a_file_written(storage):
    assert storage.load_settings() == Settings()
    assert storage.pop_notices() == []
    assert sorted(path.name for path in storage.data_dir.iterdir()) == ["game.lock"]


def test_settings_default_when_there_are_none(storage):
    assert storage.load_settings() == Settings(
        size=4,
        theme="classic",
        animation="normal",
        volume=80,
        muted=False,
        fullscreen=False,
        window_size=(540, 720),
        undo_enabled=True,
        autoplay_pace="5",
        language="auto",
    )


def test_settings_come_back_as_saved(storage, tmp_path):
    chosen = Settings(
        size=6,
        theme="dark",
        animation="fast",
        volume=35,
        muted=True,
        fullscreen=True,
        window_size=(1280, 960),
        undo_enabled=False,
        autoplay_pace="max",
        language="el",
    )
    assert storage.save_settings(chosen)
    storage.close()
    assert Storage(tmp_path / "data").load_settings() == chosen


def test_each_unreadable_setting_falls_back_on_its_own_and_the_player_is_told(storage):
    path = storage.data_dir / "settings.json"
    # Two bad fields under a good checksum, and a field this version does not know.
    data = Settings(theme="dark", volume=20, muted=True).to_dict()
    data.update(volume="loud", window_size=[720], wobble=True)
    path.write_bytes(encode_document(SETTINGS_FORMAT, data))

    loaded = storage.load_settings()
    assert loaded == Settings(theme="dark", muted=True)  # volume and window size: defaults
    notices = said(storage)
    assert len(notices) == 1
    assert "volume" in notices[0] and "window size" in notices[0]


def test_settings_are_written_only_when_they_changed(storage, tmp_path):
    """A save at every quit and lost focus must not rewrite the same bytes: only a change, a
    file gone meanwhile, or a save that failed writes them again."""
    path = storage.data_dir / "settings.json"
    assert storage.save_settings(Settings(theme="dark"))
    with counting("replace") as writes:
        assert storage.save_settings(Settings(theme="dark"))
    assert writes == [0]
    with counting("replace") as writes:
        assert storage.save_settings(Settings(theme="dark", volume=30))
    assert writes == [2]  # the file and its backup

    path.unlink()
    with counting("replace") as writes:
        assert storage.save_settings(Settings(theme="dark", volume=30))
    assert writes == [2] and path.is_file()

    with failing("replace", 1, disk_error(errno.ENOSPC)):
        assert storage.save_settings(Settings(theme="classic")) is False
    # The bytes on disk, but not the last save asked for: it counts as a save that works.
    assert storage.save_settings(Settings(theme="dark", volume=30))
    assert storage.flush()
    failed, works = said(storage)
    assert "disk is full" in failed and works == "Saving works again."
    storage.close()

    with Storage(tmp_path / "data") as later:
        loaded = later.load_settings()
        assert loaded == Settings(theme="dark", volume=30)
        with counting("replace") as writes:
            assert later.save_settings(loaded)  # as they were read: nothing to write
        assert writes == [0]
