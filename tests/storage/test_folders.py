"""Where the game keeps its files: each kind where its system keeps it, under the project's own
id, or all in one folder the player names; and an earlier version's folder, moved there at the
first start: every file whole, once, never while an earlier copy still plays from it, and
completed by the next start after a kill at any point (game/storage/folders.py, moving.py)."""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import platformdirs
import pygame
import pytest
from helpers.keys import key
from helpers.paths import CHILDREN, ROOT
from helpers.storage import disk_error, failing, folders_under, played_game, snapshot, start_child

from game.app import App, Options
from game.core.engine import Game
from game.core.settings import Settings
from game.core.stats import Stats
from game.launch.crashlog import write_crash_log
from game.launch.gamelog import LOG_NAME
from game.platform.identity import APP_ID
from game.storage.folders import DATA_DIR_ENV, Folders, old_folder
from game.storage.moving import MARKER, folders_to_play, move_old_files, settle_old_folder
from game.storage.notices import Notice, NoticeKey
from game.storage.schema import ARCHIVE_APPLICATION_ID, ARCHIVE_FILE
from game.storage.store import Storage
from game.text import notice_text

MOVING_CHILD = CHILDREN / "moving_child.py"
linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the XDG variables place the system's folders"
)
posix_only = pytest.mark.skipif(os.name == "nt", reason="fork and SIGKILL")


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


def play_in(folder: Path) -> Game:
    """A player's game as an earlier version kept it, all in one folder: some moves played, the
    sound muted, and a crash log. The game it left."""
    app = App(Options(data_dir=str(folder), sound=False))
    try:
        for code in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN) * 5:
            app.frame(1 / 60, [key(code)])
        app.frame(1 / 60, [key(pygame.K_m)])
        game = Game.from_dict(app.session.game.to_dict())
    finally:
        app.close()
    write_crash_log(folder / "logs", RuntimeError("an earlier crash"))
    return game


def digests(folder: Path) -> dict[str, str]:
    return {name: hashlib.sha256(data).hexdigest() for name, data in snapshot(folder).items()}


# -- where each kind of file goes ----------------------------------------------------------------


def test_a_folder_the_player_names_holds_everything_as_before(tmp_path):
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
    assert folders.data != old_folder()


@pytest.mark.slow
@linux_only
def test_a_game_keeps_each_file_in_its_systems_folder_and_its_log_with_the_logs(system):
    """The real program: the saves with the data, the settings with the configuration, the
    warning about a damaged kept-games file in the log with the logs."""
    folders = Folders.of_system()
    folders.data.mkdir(parents=True)
    (folders.data / ARCHIVE_FILE).write_bytes(b"not a database at all" * 100)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run(
        [sys.executable, "main.py", "--frames", "5"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert ARCHIVE_FILE in (folders.logs / LOG_NAME).read_text(encoding="utf-8")
    assert (folders.config / "settings.json").is_file()
    assert not (folders.data / "settings.json").exists() and not (folders.data / "logs").exists()
    assert (folders.data / "stats.json").is_file() and (folders.data / "game-4.json").is_file()
    assert not (system / "share" / "2048").exists()  # no earlier folder is made


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


# -- the move at the first start, through the game ---------------------------------------------


@linux_only
def test_an_earlier_versions_files_move_at_the_first_start_and_the_game_goes_on(system):
    old = old_folder()
    assert old == system / "share" / "2048"
    game = play_in(old)
    app = App(Options(sound=False))
    try:
        folders = Folders.of_system()
        assert app.data_dir == folders.data and not app.storage.read_only
        assert app.session.game.grid == game.grid and app.session.game.moves == game.moves
        assert app.settings.muted  # the setting changed in the earlier version
        assert app.stats_keeper.best(4) == game.score > 0
        assert [kept.score for kept in app.archive.list_games(limit=5)] == [game.score]
        assert (folders.config / "settings.json").is_file()
        assert [path.name.startswith("crash-") for path in folders.logs.iterdir()] == [True]
    finally:
        app.close()
    assert not old.exists()  # emptied, then removed
    assert folders_to_play() == Folders.of_system()  # a second start: nothing to move
    assert not old.exists()


@pytest.mark.slow
@linux_only
def test_an_earlier_copy_still_running_keeps_its_folder_and_this_one_plays_beside_it(system):
    old = old_folder()
    game = play_in(old)
    before = snapshot(old)
    holder = start_child("hold", str(old))  # an earlier version, playing: it holds game.lock
    try:
        assert holder.stdout.readline().strip() == "locked"
        app = App(Options(sound=False))
        try:
            second_copy = notice_text(Notice(NoticeKey.SECOND_COPY), app.lang)
            assert app.data_dir == old and app.storage.read_only
            assert app.session.game.grid == game.grid  # the player's game, as it is
            assert app.view.notices == [second_copy]  # what any second copy says
        finally:
            app.close()
        assert snapshot(old) == before  # nothing moved, nothing written
        assert not Folders.of_system().data.exists()
    finally:
        holder.kill()
        holder.wait()
    app = App(Options(sound=False))  # the earlier copy has quit: now the files move
    try:
        assert app.data_dir == Folders.of_system().data
        assert app.session.game.grid == game.grid
    finally:
        app.close()
    assert not old.exists()


@linux_only
def test_a_seeded_run_moves_nothing_and_reads_the_earlier_folder(system):
    old = old_folder()
    play_in(old)
    before = snapshot(old)
    app = App(Options(seed=3, leave_files=True, sound=False))
    try:
        assert app.data_dir == old and app.settings.muted
    finally:
        app.close()
    assert snapshot(old) == before
    assert not Folders.of_system().data.exists()


@linux_only
def test_a_folder_of_another_2048_is_left_alone(system):
    old = old_folder()
    old.mkdir(parents=True)
    (old / "settings.json").write_text('{"volume": 11}')
    (old / "stats.json").write_text("high scores: 9000")
    before = snapshot(old)
    assert folders_to_play() == Folders.of_system()
    assert snapshot(old) == before
    assert not Folders.of_system().config.exists()


# -- the move itself: whole, kept beside, put back, completed after a kill ---------------------


def make_old_folder(old: Path) -> None:
    """Every kind of file an earlier version leaves, with a stranger's file among them."""
    with Storage(old) as storage:
        storage.save_game(played_game(4), {})
        storage.save_game(played_game(5, seed=2), {})
        storage.save_settings(Settings(theme="dark"))
        storage.save_stats(Stats().score_reached(4, assisted=False, score=1234, biggest_tile=128))
    database = sqlite3.connect(old / ARCHIVE_FILE)
    database.execute("PRAGMA journal_mode = WAL")
    database.execute(f"PRAGMA application_id = {ARCHIVE_APPLICATION_ID}")
    database.execute("CREATE TABLE steps (n INTEGER)")
    database.executemany("INSERT INTO steps VALUES (?)", [(n,) for n in range(500)])
    database.commit()
    live = old.parent / "live"  # a database with its log, as a kill leaves it
    live.mkdir()
    for side in ("", "-wal", "-shm"):
        shutil.copy(old / (ARCHIVE_FILE + side), live / (ARCHIVE_FILE + side))
    database.close()
    for side in ("", "-wal", "-shm"):
        os.replace(live / (ARCHIVE_FILE + side), old / (ARCHIVE_FILE + side))
    live.rmdir()
    (old / "stats.json.corrupt-20240101-000000").write_bytes(b"damaged, set aside, kept")
    (old / ".stats.json.0123456789abcdef.tmp").write_bytes(b"a save a kill cut short")
    (old / "solver-rows-4x4-v2.bin").write_bytes(os.urandom(200_000))
    (old / "logs").mkdir()
    (old / "logs" / LOG_NAME).write_text("WARNING an earlier warning\n")
    write_crash_log(old / "logs", RuntimeError("an earlier crash"))
    (old / "notes.txt").write_text("the player's own file, not the game's")


def destination(name: str, new: Folders) -> Path | None:
    """Where a file of the old folder belongs (None: it goes, or it stays)."""
    if name.startswith("logs/"):
        return new.logs / name.removeprefix("logs/")
    if name in ("game.lock", "notes.txt") or name.endswith(".tmp"):
        return None
    if name.startswith("settings.json"):
        return new.config / name
    if name.startswith("solver-rows"):
        return new.cache / name
    return new.data / name


def assert_moved(old: Path, new: Folders, before: dict[str, str]) -> None:
    """Every file of the game's at its place with its bytes, nothing else there, and in the old
    folder only what is not the game's."""
    expected = {}
    for name, digest in before.items():
        place = destination(name, new)
        if place is not None:
            expected[place] = digest
    found = {}
    for folder in {new.data, new.config, new.logs, new.cache}:
        for path in folder.iterdir():
            if path.is_file() and path.parent == folder:
                found[path] = hashlib.sha256(path.read_bytes()).hexdigest()
    assert found == expected
    assert sorted(os.listdir(old)) == ["notes.txt"]


def test_a_move_keeps_every_file_whole_and_leaves_only_what_is_not_the_games(tmp_path):
    old = tmp_path / "2048"
    make_old_folder(old)
    before = digests(old)
    new = folders_under(tmp_path / "new")
    assert move_old_files(old, new)
    assert_moved(old, new, before)
    assert move_old_files(old, new)  # nothing more to move: nothing changes
    assert_moved(old, new, before)


def test_a_file_at_both_places_that_differs_is_kept_beside_never_dropped(tmp_path):
    """An earlier version played again after the move: its files move beside the ones in use,
    a database with its own log."""
    old, new = tmp_path / "2048", folders_under(tmp_path / "new")
    make_old_folder(old)
    before = digests(old)
    new.data.mkdir(parents=True)
    for name in ("stats.json", ARCHIVE_FILE):
        (new.data / name).write_bytes(b"the one in use: " + name.encode())
    assert move_old_files(old, new)
    assert (new.data / "stats.json").read_bytes() == b"the one in use: stats.json"
    (kept,) = new.data.glob("stats.json.old-*")
    assert hashlib.sha256(kept.read_bytes()).hexdigest() == before["stats.json"]
    kept_games = new.data.glob(f"{ARCHIVE_FILE}.old-*")
    (database,) = (path for path in kept_games if not path.name.endswith(("-wal", "-shm")))
    for side in ("", "-wal", "-shm"):
        moved = Path(f"{database}{side}").read_bytes()
        assert hashlib.sha256(moved).hexdigest() == before[ARCHIVE_FILE + side]
    assert sorted(os.listdir(old)) == ["notes.txt"]


def test_a_move_that_fails_half_way_puts_back_what_moved_and_tries_again_next_time(tmp_path):
    old, new = tmp_path / "2048", folders_under(tmp_path / "new")
    make_old_folder(old)
    before = digests(old)
    with failing("replace", 4, disk_error(errno.EACCES)) as calls:
        assert not move_old_files(old, new)  # this run plays from the old folder
    assert calls[0] > 4  # three files had moved, and went back
    files = {name: digest for name, digest in before.items() if not name.endswith(".tmp")}
    assert {name: digest for name, digest in digests(old).items() if name != MARKER} == files
    assert not any(path.is_file() for path in (tmp_path / "new").rglob("*"))
    assert move_old_files(old, new)
    assert_moved(old, new, before)


@posix_only
def test_a_logs_folder_that_is_a_link_is_never_emptied(tmp_path):
    old, new = tmp_path / "2048", folders_under(tmp_path / "new")
    make_old_folder(old)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "crash-19990101-000000-000000.txt").write_text("someone else's")
    shutil.rmtree(old / "logs")
    (old / "logs").symlink_to(elsewhere, target_is_directory=True)
    assert move_old_files(old, new)
    assert os.listdir(elsewhere) == ["crash-19990101-000000-000000.txt"]
    assert list(new.logs.iterdir()) == []


@pytest.mark.slow
@posix_only
@pytest.mark.parametrize("mode", ["rename", "copy"])
def test_a_move_killed_after_any_call_is_completed_by_the_next_start(tmp_path, mode, monkeypatch):
    """Killed (SIGKILL) after each call that changes the disk in turn, on one file system
    (renames) and across two (copies): the next start finishes it, every file whole."""
    template = tmp_path / "template"
    make_old_folder(template)
    before = digests(template)
    env = dict(os.environ, PYTHONPATH=f"{ROOT}{os.pathsep}{ROOT / 'tests'}")
    child = subprocess.Popen(
        [sys.executable, str(MOVING_CHILD)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )

    def attempt(kill_at: int) -> tuple[Path, list[str]]:
        run = tmp_path / f"run-{kill_at}"
        shutil.copytree(template, run / "2048")
        child.stdin.write(f"{kill_at} {mode} {run / '2048'} {run / 'new'}\n")
        child.stdin.flush()
        return run, child.stdout.readline().split()

    try:
        run, reply = attempt(0)
        assert reply[0] == "done"
        assert_moved(run / "2048", folders_under(run / "new"), before)
        calls = int(reply[1])
        assert calls > 60
        monkeypatch.setattr(os, "fsync", lambda fd: None)  # a kill, not a power cut, is tested
        for kill_at in range(1, calls + 1):
            run, reply = attempt(kill_at)
            assert reply == ["killed"], kill_at
            new = folders_under(run / "new")
            assert settle_old_folder(run / "2048", new) == new, kill_at  # the next start
            assert_moved(run / "2048", new, before)
            shutil.rmtree(run)
    finally:
        child.stdin.close()
        child.wait(timeout=30)
