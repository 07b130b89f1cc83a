"""`--backup FILE` and `--restore FILE` (game/launch/backup.py): everything kept in one file and
back, checked whole before anything is touched, the current store kept as a backup first,
refused while the game runs; each says what it did."""

from __future__ import annotations

import json
import sqlite3
import zipfile

import pygame
import pytest
from helpers.archive import kept_in
from helpers.keys import STEP, key
from helpers.paths import run_main
from helpers.storage import snapshot

from game.app import App, Options
from game.cli import parse_args
from game.kept_games.archive.tables import SCHEMA_VERSION
from game.launch import backup
from game.storage.folders import Folders
from game.storage.schema import ARCHIVE_FILE, SETTINGS_FILE

ARROWS = (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP)


def play(folder, moves: int, **settings) -> tuple[int, int]:
    """`moves` arrow keys in the real app, the settings changed first; what it left (the 4x4
    game's moves and score), kept at its quit."""
    app = App(Options(data_dir=str(folder), sound=False))
    try:
        for name, step in settings.items():
            app.change_setting(name, step)
        for index in range(moves):
            app.frame(STEP, [key(ARROWS[index % 4])])
        return app.session.game.moves, app.session.game.score
    finally:
        app.close()


def run(folder, *args: str) -> int:
    """--backup or --restore as the player's command line gives it, for the data in `folder`."""
    return backup.run(parse_args(list(args)), Folders.for_player(str(folder)))


def left(folder) -> tuple[int, int]:
    game = kept_in(folder).in_play[4][0]
    return game.moves, game.score


def test_a_backup_restores_everything_and_what_was_there_is_kept_to_go_back_to(tmp_path, capsys):
    data = tmp_path / "data"
    at_backup = play(data, 12, theme=1)
    theme = json.loads((data / SETTINGS_FILE).read_text())["data"]["theme"]
    stats = kept_in(data).stats
    assert run(data, "--backup", str(tmp_path / "mine.zip")) == 0
    assert "Backed up to" in capsys.readouterr().out
    later = play(data, 12, theme=1)  # played on, the theme changed again
    assert later != at_backup

    assert run(data, "--restore", str(tmp_path / "mine.zip")) == 0
    out = capsys.readouterr().out
    assert "Restored from" in out and "games.backup-1.sqlite3" in out
    assert left(data) == at_backup and kept_in(data).stats == stats
    assert json.loads((data / SETTINGS_FILE).read_text())["data"]["theme"] == theme
    # The store before the restore is the newest backup: restoring it goes back to it.
    bare = data / "games.backup-1.sqlite3"
    assert run(data, "--restore", str(bare)) == 0
    assert left(data) == later


@pytest.mark.slow
def test_the_commands_are_the_players_with_their_words_and_exit_codes(tmp_path):
    data = tmp_path / "data"
    play(data, 6)
    made = run_main("--data-dir", str(data), "--backup", str(tmp_path / "b.zip"))
    assert made.returncode == 0 and "Backed up to" in made.stdout and not made.stderr
    refused = run_main("--data-dir", str(data), "--restore", str(tmp_path / "missing.zip"))
    assert refused.returncode == 1 and "Nothing was changed" in refused.stderr
    shown = run_main("--help")
    assert "--backup FILE" in shown.stdout and "--restore FILE" in shown.stdout


def test_a_backup_while_the_game_runs_holds_every_move_written(tmp_path, capsys):
    data = tmp_path / "data"
    app = App(Options(data_dir=str(data), sound=False))
    try:
        for index in range(10):
            app.frame(STEP, [key(ARROWS[index % 4])])
        assert app.archive.flush(timeout=10)
        moves = app.session.game.moves
        options = parse_args(["--backup", str(tmp_path / "live.zip")])
        assert backup.run(options, Folders.for_player(str(data))) == 0
        # A restore now is refused: the running game holds the store.
        before = snapshot(data)
        options = parse_args(["--restore", str(tmp_path / "live.zip")])
        assert backup.run(options, Folders.for_player(str(data))) == 1
        assert "2048 is running" in capsys.readouterr().err
        assert snapshot(data) == before
    finally:
        app.close()
    other = tmp_path / "other"
    play(other, 2)
    options = parse_args(["--restore", str(tmp_path / "live.zip")])
    assert backup.run(options, Folders.for_player(str(other))) == 0
    assert left(other)[0] == moves


def doctored(tmp_path, how: str):
    """A backup file spoiled one way."""
    good = tmp_path / "good.zip"
    with zipfile.ZipFile(good) as source:
        database, settings = source.read(ARCHIVE_FILE), source.read(SETTINGS_FILE)
    spoiled = tmp_path / f"{how}.zip"
    if how == "not a zip or a database":
        spoiled.write_bytes(b"hello" * 100)
        return spoiled
    if how == "a newer version":
        raw = tmp_path / "newer.sqlite3"
        raw.write_bytes(database)
        with sqlite3.connect(raw) as connection:
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        connection.close()
        database = raw.read_bytes()
    elif how == "a damaged page":
        middle = len(database) // 2
        database = database[:middle] + b"\x07" * 4096 + database[middle + 4096 :]
    elif how == "damaged settings":
        settings = settings.replace(b'"theme"', b'"thema"')
    elif how == "another table":
        raw = tmp_path / "other.sqlite3"
        raw.write_bytes(database)
        with sqlite3.connect(raw) as connection:
            connection.execute("CREATE TABLE spy (x)")
        connection.close()
        database = raw.read_bytes()
    with zipfile.ZipFile(spoiled, "w") as target:
        target.writestr(ARCHIVE_FILE, database)
        target.writestr(SETTINGS_FILE, settings)
        if how == "a member too many":
            target.writestr("run-me.sh", b"echo hi")
    return spoiled


@pytest.mark.parametrize(
    "how",
    [
        "not a zip or a database",
        "a newer version",
        "a damaged page",
        "damaged settings",
        "another table",
        "a member too many",
    ],
)
def test_a_file_that_is_not_whole_is_refused_and_nothing_changes(tmp_path, capsys, how):
    data = tmp_path / "data"
    play(data, 8)
    folders = Folders.for_player(str(data))
    assert backup.run(parse_args(["--backup", str(tmp_path / "good.zip")]), folders) == 0
    play(data, 4)
    before = snapshot(data)
    capsys.readouterr()
    assert backup.run(parse_args(["--restore", str(doctored(tmp_path, how))]), folders) == 1
    assert "cannot be restored" in capsys.readouterr().err or how == "a member too many"
    assert snapshot(data) == before


def test_a_restore_over_a_damaged_store_sets_it_aside_and_works(tmp_path):
    data = tmp_path / "data"
    at_backup = play(data, 8)
    folders = Folders.for_player(str(data))
    assert backup.run(parse_args(["--backup", str(tmp_path / "b.zip")]), folders) == 0
    (data / ARCHIVE_FILE).write_bytes(b"\x07" * 8192)
    assert backup.run(parse_args(["--restore", str(tmp_path / "b.zip")]), folders) == 0
    assert left(data) == at_backup
    assert [p.name for p in data.iterdir() if ".corrupt-" in p.name]


def test_nothing_kept_yet_is_nothing_to_back_up(tmp_path, capsys):
    folders = Folders.for_player(str(tmp_path / "empty"))
    assert backup.run(parse_args(["--backup", str(tmp_path / "b.zip")]), folders) == 1
    assert "nothing to back up" in capsys.readouterr().err
    assert not (tmp_path / "b.zip").exists()
