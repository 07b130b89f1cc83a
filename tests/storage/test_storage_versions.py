"""Promise 3: every file carries its format and version. An older file is upgraded in memory; a
file from a newer version of the game is never overwritten, and the player is told."""

from __future__ import annotations

import json

import pytest
from helpers.storage import played_game, said, snapshot

from game.core.settings import Settings
from game.core.stats import Stats
from game.storage import envelope as storage_module
from game.storage.envelope import (
    GAME_FORMAT,
    SETTINGS_FORMAT,
    STATS_FORMAT,
    VERSIONS,
    encode_document,
)
from game.storage.store import Storage


def _newer(kind: str) -> bytes:
    return encode_document(kind, {"whatever": "the future holds"}, version=VERSIONS[kind] + 1)


def test_a_newer_game_file_is_left_byte_for_byte_and_the_game_plays_without_saving_it(tmp_path):
    newer = _newer(GAME_FORMAT)
    (tmp_path / "game-4.json").write_bytes(newer)
    (tmp_path / "game-4.json.bak").write_bytes(newer)
    before = snapshot(tmp_path)

    with Storage(tmp_path) as storage:
        assert storage.load_game(4) is None  # a fresh game to play
        notices = said(storage)
        assert len(notices) == 1 and "newer version" in notices[0] and "4×4" in notices[0]
        game = played_game(seed=1, moves=0)
        for direction in game.valid_directions() * 4:
            game.move(direction)
            assert storage.save_game(game, {"phase": "playing"}) is False
        assert storage.load_game(4) is None
        assert storage.pop_notices() == []  # said once
        # The other parts still save.
        assert storage.save_game(played_game(size=5), {})
        assert storage.save_settings(Settings(theme="dark"))
        assert storage.save_stats(Stats().game_counted(4, "a1", assisted=False))

    after = snapshot(tmp_path)
    for name in ("game-4.json", "game-4.json.bak"):
        assert after[name] == before[name]
    assert not [name for name in after if ".corrupt-" in name]


@pytest.mark.parametrize(
    ("kind", "name", "load"),
    [
        (SETTINGS_FORMAT, "settings.json", Storage.load_settings),
        (STATS_FORMAT, "stats.json", Storage.load_stats),
    ],
)
def test_newer_settings_or_stats_are_never_overwritten(tmp_path, kind, name, load):
    newer = _newer(kind)
    (tmp_path / name).write_bytes(newer)
    with Storage(tmp_path) as storage:
        assert load(storage) in (Settings(), Stats())  # defaults, in memory
        assert "newer version" in said(storage)[0]
        assert storage.save_settings(Settings(volume=3)) is (kind != SETTINGS_FORMAT)
        assert storage.save_stats(Stats().game_counted(4, "a1", assisted=True)) is (
            kind != STATS_FORMAT
        )
    assert (tmp_path / name).read_bytes() == newer
    assert not (tmp_path / (name + ".bak")).exists()


@pytest.mark.parametrize("main", [None, b"damaged"])
def test_a_newer_backup_without_a_good_main_file_also_stops_saving(tmp_path, main):
    """With no good file of this version beside it, the newer backup is all there is: it is
    kept as it is. (Beside a good file it is set aside instead: see test_storage_data.py.)"""
    newer = _newer(GAME_FORMAT)
    (tmp_path / "game-4.json.bak").write_bytes(newer)
    if main is not None:
        (tmp_path / "game-4.json").write_bytes(main)
    with Storage(tmp_path) as storage:
        assert storage.load_game(4) is None
        assert storage.save_game(played_game(seed=2), {}) is False
    assert (tmp_path / "game-4.json.bak").read_bytes() == newer


def test_every_file_says_what_it_is_and_which_version(tmp_path):
    with Storage(tmp_path) as storage:
        storage.save_game(played_game(), {})
        storage.save_settings(Settings())
        storage.save_stats(Stats())
    for name, kind in [
        ("game-4.json", GAME_FORMAT),
        ("settings.json", SETTINGS_FORMAT),
        ("stats.json", STATS_FORMAT),
    ]:
        document = json.loads((tmp_path / name).read_text())
        assert (document["format"], document["version"]) == (kind, VERSIONS[kind])


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
    (tmp_path / "stats.json").write_bytes(encode_document(STATS_FORMAT, Stats().to_dict()))
    monkeypatch.setattr(
        storage_module, "VERSIONS", {**VERSIONS, STATS_FORMAT: VERSIONS[STATS_FORMAT] + 1}
    )
    with Storage(tmp_path) as storage:
        assert storage.load_stats() == Stats()
        assert "could not be read" in said(storage)[0]
