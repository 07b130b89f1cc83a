"""What the records keep, as a player lives it through the real app: quit and restart, focus
loss, a kill after a move, size switches with undo off, a seeded run, and the BEST box (R9,
R14, R18, R19, R20)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from helpers.archive import kept_in
from helpers.keys import STEP, key
from helpers.paths import CHILDREN, ROOT, run_main

from game.app import App, Options
from game.core.engine import Game
from game.play import commands as cmd
from game.play.session import Session
from game.screens.menus import SizeItem
from game.screens.screen import Item

DRIVER = CHILDREN / "records_driver.py"
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


ARROWS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN}


def move(app: App, thought: float = STEP) -> None:
    """`thought` seconds pass, then a key that moves the board."""
    direction = app.session.game.valid_directions()[0]
    app.frame(thought, [key(ARROWS[direction])])


def wait(app: App, seconds: float) -> None:
    """Real time passes as the idle loop lets it: a frame at least every second."""
    for _ in range(round(seconds)):
        app.frame(1.0, [])


def on_disk(data_dir: Path):
    """What a fresh start would read: the statistics and the 4x4 game."""
    kept = kept_in(data_dir)
    saved = kept.in_play.get(4)
    return kept.stats, (saved[0] if saved else None)


def new_app(data_dir: Path, **options) -> App:
    return App(Options(data_dir=str(data_dir), sound=False, **options))


def test_time_played_and_the_count_survive_quit_and_restart(tmp_path):
    app = new_app(tmp_path)
    move(app)
    wait(app, 30.0)
    app.frame(STEP, [pygame.event.Event(pygame.WINDOWCLOSE)])
    app.close()
    stats, game = on_disk(tmp_path)
    assert stats.for_size(4).games_played == 1
    assert stats.for_size(4).total_seconds == pytest.approx(30.0, abs=0.05)
    assert game.seconds == pytest.approx(30.0, abs=0.05)
    again = new_app(tmp_path)
    try:
        move(again, 5.0)
        again.save()
        again.archive.flush()
        stats, game = on_disk(tmp_path)
        assert stats.for_size(4).games_played == 1  # the same game, not a second one
        assert stats.for_size(4).total_seconds == pytest.approx(35.0, abs=0.05)
        assert game.seconds == pytest.approx(35.0, abs=0.05)
    finally:
        again.close()


def test_every_move_saves_the_game_and_the_records(tmp_path):
    """R18, R19: nothing waits for a quit: after a move both are on disk."""
    app = new_app(tmp_path)
    try:
        move(app)
        move(app, 4.0)
        move(app, 4.0)
        app.archive.flush()
        stats, game = on_disk(tmp_path)
        assert game is not None and game.grid == app.session.game.grid
        assert stats.for_size(4).games_played == 1
        assert stats.best_score(4) == app.session.game.score
        assert stats.for_size(4).total_seconds == pytest.approx(8.0, abs=0.02)
    finally:
        app.close()


def test_focus_loss_saves_the_clock_and_the_records(tmp_path):
    app = new_app(tmp_path)
    try:
        move(app)
        wait(app, 20.0)
        app.frame(STEP, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
        app.archive.flush()
        stats, game = on_disk(tmp_path)
        assert game.seconds == pytest.approx(20.0, abs=0.02)
        assert stats.for_size(4).total_seconds == pytest.approx(20.0 + STEP, abs=0.02)
    finally:
        app.close()


@pytest.mark.slow
def test_a_kill_after_a_move_loses_nothing_of_the_game_or_the_records(tmp_path):
    driver = subprocess.Popen(
        [sys.executable, str(DRIVER), str(tmp_path), "12", "2.5"],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = driver.stdout.readline()
        assert line, driver.stderr.read()
    finally:
        driver.send_signal(signal.SIGKILL)
        driver.wait(timeout=60)
    played = Game.from_dict(json.loads(line)["game"])
    stats, game = on_disk(tmp_path)
    assert game.to_dict() == played.to_dict()
    own = stats.for_size(4)
    assert own.games_played == 1
    assert own.best_score == played.score > 0
    assert own.biggest_tile == played.biggest_tile()
    assert own.total_seconds == pytest.approx(played.seconds, abs=0.01)
    assert played.seconds == pytest.approx(11 * 2.5, abs=0.01)  # the thought before each move
    # The next start of the real game counts nothing twice.
    result = run_main("--frames", "3", "--data-dir", str(tmp_path), env=ENV)
    assert result.returncode == 0, result.stderr
    stats, _ = on_disk(tmp_path)
    assert stats.for_size(4).games_played == 1
    assert stats.for_size(4).total_seconds == pytest.approx(played.seconds, abs=0.2)


def test_undo_off_holds_for_every_game_of_every_size(tmp_path):
    """R14: the undo setting is the player's, not the saved game's; undos used stay used."""
    app = new_app(tmp_path)
    try:
        move(app)
        move(app)
        app.command(cmd.Undo())
        assert app.session.game.undos_left == 4
        app.change_setting("undo_enabled", 1)  # off
        app.command(cmd.Pause())
        app.command(cmd.Select(app.screens.top.items.index(Item.SIZES)))
        app.command(cmd.Select(app.screens.top.items.index(SizeItem(5))))
        move(app)
        app.command(cmd.Undo())
        assert app.session.game.moves == 1  # no undo on 5x5 either
        app.command(cmd.Pause())
        app.command(cmd.Select(app.screens.top.items.index(Item.SIZES)))
        app.command(cmd.Select(app.screens.top.items.index(SizeItem(4))))
        move(app)
        app.command(cmd.Undo())
        assert app.session.game.moves == 2  # nor on the 4x4 game saved with undo on
        app.change_setting("undo_enabled", 1)  # on again
        app.command(cmd.Undo())
        assert app.session.game.undos_left == 3  # the one used before stays used
    finally:
        app.close()
    again = new_app(tmp_path)
    try:
        assert not again.session.game.can_undo() or again.settings.undo_enabled
    finally:
        again.close()


def test_a_seeded_run_never_reads_or_writes_the_players_saves(tmp_path):
    own = new_app(tmp_path)
    move(own)
    own.command(cmd.Pause())
    own.command(cmd.Select(own.screens.top.items.index(Item.SIZES)))
    own.command(cmd.Select(own.screens.top.items.index(SizeItem(5))))
    move(own)
    own.close()
    before = (tmp_path / "games.sqlite3").read_bytes()
    kept = kept_in(tmp_path)
    seeded = new_app(tmp_path, seed=42, leave_files=True, size=4)  # as --seed starts it
    try:
        assert seeded.session.game.moves == 0  # its own game, not the player's
        first = seeded.session.game.to_dict()
        move(seeded)
        seeded.command(cmd.Pause())
        seeded.command(cmd.Select(seeded.screens.top.items.index(Item.SIZES)))
        seeded.command(cmd.Select(seeded.screens.top.items.index(SizeItem(5))))
        assert seeded.session.game.moves == 0  # a seeded 5x5 game, not the player's
        move(seeded)
        seeded.command(cmd.Pause())
        seeded.command(cmd.Select(seeded.screens.top.items.index(Item.SIZES)))
        seeded.command(cmd.Select(seeded.screens.top.items.index(SizeItem(4))))
        assert seeded.session.game.moves == 1  # its own 4x4 game, kept for the run
        seeded.command(cmd.Undo())
        assert seeded.session.game.grid == Game.from_dict(first).grid
    finally:
        seeded.close()
    assert (tmp_path / "games.sqlite3").read_bytes() == before
    again = kept_in(tmp_path)
    assert again.stats == kept.stats
    assert {size: game.to_dict() for size, (game, _) in again.in_play.items()} == {
        size: game.to_dict() for size, (game, _) in kept.in_play.items()
    }
    assert set(kept.in_play) == {4, 5}


@pytest.mark.slow
def test_the_best_box_shows_the_stored_best_after_an_undo_a_hint_and_during_autoplay(tmp_path):
    """R9: the stored best of the size, rising live with an own game's score; R20: an
    assisted game never raises it, and it does not fall to the assisted game's score."""
    app = new_app(tmp_path)
    rows = [[2, 2, 4, 8], [16, 16, 0, 0], [0] * 4, [0] * 4]
    app.use_session(Session(Game.from_grid(rows, seed=1)))
    try:
        app.frame(STEP, [key(pygame.K_LEFT)])
        best = app.session.game.score
        assert best > 0 and app.view.model.best == best  # rose live
        app.frame(STEP, [key(pygame.K_u)])
        assert app.session.game.score < best and app.view.model.best == best  # no fall after undo
        app.frame(STEP, [key(pygame.K_t)])  # a hint: the game is assisted from now
        assert app.view.model.best == best  # the stored best, not 0
        app.frame(STEP, [key(pygame.K_LEFT)])
        app.frame(STEP, [key(pygame.K_RIGHT)])
        assert app.view.model.best == best  # an assisted score does not raise it
    finally:
        app.close()


def test_a_move_its_game_and_the_statistics_are_written_in_one_transaction(tmp_path):
    """R19, R22: the step, the game in play and the statistics it changed go to the archive as
    one batch (one transaction), so no kill can leave one without the others."""
    app = new_app(tmp_path)
    batches = []
    write = app.archive.write

    def spy(changes, **kwargs):
        batches.append([type(change).__name__ for change in changes])
        write(changes, **kwargs)

    app.archive.write = spy
    try:
        move(app)
        move(app)
    finally:
        app.close()
    moved = [batch for batch in batches if "AddSteps" in batch]
    assert len(moved) == 2
    for batch in moved:
        assert {"AddSteps", "UpdateSummary", "KeepInPlay", "KeepStats"} <= set(batch)
