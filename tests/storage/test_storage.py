"""Storage, the everyday path: where files go, and the game coming back exactly (R18, R19)."""

from __future__ import annotations

import json
import os
import stat
import sys

import platformdirs
import pytest
from helpers.paths import ROOT
from helpers.storage import finished_game, played_game, said

from game.core.engine import Direction
from game.core.settings import Settings
from game.core.stats import Stats
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
        storage.save_game(played_game(), {"phase": "playing"})
        storage.save_settings(Settings())
        storage.save_stats(Stats().game_counted(4, "a1", assisted=False))
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
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


def test_files_are_small_json_with_a_format_and_a_version(storage):
    storage.save_game(played_game(), {"phase": "playing"})
    storage.save_game(played_game(size=5), {"phase": "playing"})
    storage.save_settings(Settings())
    storage.save_stats(Stats())
    formats = {}
    for name in ("game-4.json", "game-5.json", "settings.json", "stats.json"):
        document = json.loads((storage.data_dir / name).read_bytes())
        formats[name] = document["format"]
        assert document["version"] == VERSIONS[document["format"]]
        assert (storage.data_dir / (name + BACKUP_SUFFIX)).read_bytes() == (
            storage.data_dir / name
        ).read_bytes()
    assert formats == {
        "game-4.json": "2048-game",
        "game-5.json": "2048-game",
        "settings.json": "2048-settings",
        "stats.json": "2048-stats",
    }
    assert (storage.data_dir / "game-4.json").stat().st_size < 64 * 1024


# -- the game in progress comes back exactly ----------------------------------------------------


def test_a_saved_game_comes_back_exactly_and_plays_on_the_same(storage, tmp_path):
    game = played_game(seed=3, moves=40)
    game.advance_clock(93.25)
    assert storage.save_game(game, {"phase": "continuing", "assisted": True})
    storage.close()

    with Storage(tmp_path / "data") as later:
        saved = later.load_game(4)
        assert later.pop_notices() == []
    assert saved.session == {"phase": "continuing", "assisted": True}
    restored = saved.game
    assert restored.to_dict() == game.to_dict()
    assert (restored.grid, restored.score, restored.moves, restored.seconds) == (
        game.grid,
        game.score,
        game.moves,
        93.25,
    )
    # The same moves spawn the same tiles (random state kept), and undo takes back the same.
    for direction in [Direction.UP, Direction.LEFT, Direction.DOWN, Direction.RIGHT] * 3:
        assert (restored.move(direction) is None) == (game.move(direction) is None)
        assert restored.grid == game.grid
    assert restored.undo() and game.undo()
    assert restored.grid == game.grid and restored.undos_left == game.undos_left


def test_each_board_size_keeps_its_own_game(storage):
    games = {size: played_game(size=size, seed=size) for size in (4, 5, 6)}
    for game in games.values():
        storage.save_game(game, {"phase": "playing"})
    for size, game in games.items():
        assert storage.load_game(size).game.to_dict() == game.to_dict()
    assert storage.load_game(3) is None


def test_a_finished_game_stays_until_a_new_one_and_undo_still_works(storage):
    over = finished_game()
    assert over.over
    storage.save_game(over, {"phase": "game_over"})
    back = storage.load_game(4).game
    assert back.over and back.grid == over.grid
    assert back.undo() and not back.over

    fresh = played_game(seed=9, moves=0)
    storage.save_game(fresh, {"phase": "playing"})  # New game: the new one replaces it
    assert storage.load_game(4).game.grid == fresh.grid


def test_no_saved_game_means_a_fresh_start_without_a_notice(storage):
    assert storage.load_game(4) is None
    assert storage.pop_notices() == []


def test_the_session_state_must_be_plain_values(storage):
    with pytest.raises(ValueError, match="session.phase"):
        storage.save_game(played_game(), {"phase": ["playing"]})
    with pytest.raises(ValueError, match="session.clock"):
        storage.save_game(played_game(), {"clock": float("nan")})
    assert storage.load_game(4) is None


# -- settings -----------------------------------------------------------------------------------


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


def test_stats_come_back_as_saved(storage, tmp_path):
    stats = (
        Stats()
        .game_counted(4, "a1", assisted=False)
        .score_reached(4, assisted=False, score=20480, biggest_tile=2048)
        .game_won(4, "a1", assisted=False, seconds=301.5, moves=950)
        .game_counted(5, "b2", assisted=True)
        .score_reached(5, assisted=True, score=512, biggest_tile=64)
    )
    assert storage.save_stats(stats)
    storage.close()
    assert Storage(tmp_path / "data").load_stats() == stats
