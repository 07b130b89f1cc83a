"""Promise 3: every file carries its format and version. An older file is upgraded in memory; a
file from a newer version of the game is never overwritten, and the player is told."""

from __future__ import annotations

import json

import pytest
from helpers.storage import said, snapshot

from game.core.settings import Settings
from game.storage import envelope as storage_module
from game.storage.envelope import SETTINGS_FORMAT, VERSIONS, encode_document
from game.storage.store import Storage

NAMES = ("settings.json", "settings.json.bak")


def _newer() -> bytes:
    return encode_document(
        SETTINGS_FORMAT, {"whatever": "the future holds"}, version=VERSIONS[SETTINGS_FORMAT] + 1
    )


def test_newer_settings_are_left_byte_for_byte_and_the_game_plays_without_saving_them(tmp_path):
    newer = _newer()
    for name in NAMES:
        (tmp_path / name).write_bytes(newer)
    before = snapshot(tmp_path)

    with Storage(tmp_path) as storage:
        assert storage.load_settings() == Settings()  # the defaults to play with
        notices = said(storage)
        assert len(notices) == 1 and "newer version" in notices[0] and "settings" in notices[0]
        for volume in (10, 20, 30):
            assert storage.save_settings(Settings(volume=volume)) is False
        assert storage.load_settings() == Settings()
        assert storage.pop_notices() == []  # said once
        assert storage.flush() is False  # nothing claims they were saved

    after = snapshot(tmp_path)
    for name in NAMES:
        assert after[name] == before[name]
    assert not [name for name in after if ".corrupt-" in name]


def test_a_newer_settings_file_alone_is_never_overwritten_nor_backed_up(tmp_path):
    newer = _newer()
    (tmp_path / "settings.json").write_bytes(newer)
    with Storage(tmp_path) as storage:
        assert storage.load_settings() == Settings()  # defaults, in memory
        assert "newer version" in said(storage)[0]
        assert storage.save_settings(Settings(volume=3)) is False
    assert (tmp_path / "settings.json").read_bytes() == newer
    assert not (tmp_path / "settings.json.bak").exists()


@pytest.mark.parametrize("main", [None, b"damaged"])
def test_a_newer_backup_without_a_good_main_file_also_stops_saving(tmp_path, main):
    """With no good file of this version beside it, the newer backup is all there is: it is
    kept as it is. (Beside a good file it is set aside instead: see test_storage_data.py.)"""
    newer = _newer()
    (tmp_path / "settings.json.bak").write_bytes(newer)
    if main is not None:
        (tmp_path / "settings.json").write_bytes(main)
    with Storage(tmp_path) as storage:
        assert storage.load_settings() == Settings()
        assert "newer version" in said(storage)[0]
        assert storage.save_settings(Settings(volume=3)) is False
    assert (tmp_path / "settings.json.bak").read_bytes() == newer
    if main is not None:
        assert (tmp_path / "settings.json").read_bytes() == main  # nor set aside
    else:
        assert not (tmp_path / "settings.json").exists()


def test_the_settings_file_says_what_it_is_and_which_version(tmp_path):
    with Storage(tmp_path) as storage:
        assert storage.save_settings(Settings(theme="dark"))
    for name in NAMES:
        document = json.loads((tmp_path / name).read_text())
        assert (document["format"], document["version"]) == (
            "2048-settings",
            VERSIONS[SETTINGS_FORMAT],
        )


def test_an_older_version_is_upgraded_in_memory_and_saved_as_the_new_one(tmp_path, monkeypatch):
    """Pretend version 2 of the settings renamed "volume" to "loudness" (here, the other way
    round, so the real Settings can read the result): a version-1 file is upgraded on load."""
    old = encode_document(SETTINGS_FORMAT, {"loudness": 12, "theme": "dark"}, version=1)
    (tmp_path / "settings.json").write_bytes(old)

    def rename_loudness(data):
        data = dict(data)
        data["volume"] = data.pop("loudness")
        return data

    monkeypatch.setattr(storage_module, "VERSIONS", {**storage_module.VERSIONS, SETTINGS_FORMAT: 2})
    monkeypatch.setattr(storage_module, "UPGRADES", {(SETTINGS_FORMAT, 1): rename_loudness})
    with Storage(tmp_path) as storage:
        assert storage.load_settings() == Settings(volume=12, theme="dark")
        assert storage.pop_notices() == []
        assert (tmp_path / "settings.json").read_bytes() == old  # upgraded in memory only
        storage.save_settings(Settings(volume=12, theme="dark"))
    assert json.loads((tmp_path / "settings.json").read_text())["version"] == 2


def test_an_old_version_with_no_way_up_counts_as_damaged(tmp_path, monkeypatch):
    old = encode_document(SETTINGS_FORMAT, Settings(theme="dark").to_dict())
    (tmp_path / "settings.json").write_bytes(old)
    monkeypatch.setattr(
        storage_module, "VERSIONS", {**VERSIONS, SETTINGS_FORMAT: VERSIONS[SETTINGS_FORMAT] + 1}
    )
    with Storage(tmp_path) as storage:
        assert storage.load_settings() == Settings()
        [words] = said(storage)
        assert "could not be read" in words and "default settings are used" in words
    # Set aside, never deleted: a later version with the way up may still read it.
    [kept] = tmp_path.glob("settings.json.corrupt-*")
    assert kept.read_bytes() == old
