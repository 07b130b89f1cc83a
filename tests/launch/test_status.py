"""`play2048 --status` (game/launch/status.py): what the game keeps for the player, as JSON, from
a process of its own, read without a window or the lock and without writing anything, also
while the game runs."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest
from helpers.keys import STEP, key
from helpers.paths import run_main
from helpers.storage import snapshot

from game.app import App, Options
from game.core.engine import Game
from game.core.goals import GOAL_IDS
from game.play.session import Session

KEYS = (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN) * 6


def status_of(data_dir: Path) -> dict:
    """`main.py --status` run as a player would, with no display at all."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "SDL_VIDEODRIVER")}
    result = run_main("--status", "--data-dir", str(data_dir), env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def played(app: App) -> None:
    for code in KEYS:
        app.frame(STEP, [key(code)])
    app.frame(STEP, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])  # a save, as the player leaves
    app.storage.flush(timeout=10)
    app.archive.flush(timeout=10)


def the_files(folder: Path) -> dict[str, bytes]:
    """The player's files; SQLite's own shared-memory index beside the kept games aside."""
    return {name: data for name, data in snapshot(folder).items() if not name.endswith("-shm")}


@pytest.mark.slow
def test_the_status_says_what_the_game_shows_and_writes_nothing(tmp_path):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        played(app)
        game, stats = app.session.game, app.stats_keeper
        own = stats.stats.for_size(4)
        shown = {
            "in_play": {
                "score": game.score,
                "moves": game.moves,
                "biggest_tile": game.biggest_tile(),
                "seconds": pytest.approx(game.seconds),
                "undos_left": game.undos_left,
                "won": game.won,
            },
            "best_score": stats.best(4),
            "games_played": own.games_played,
            "games_won": own.games_won,
            "own_seconds": pytest.approx(own.total_seconds),
            "assisted_seconds": 0.0,
        }
        kept = app.archive.count_games()
        goals = [goal for goal in GOAL_IDS if stats.stats.goal(goal) is not None]
    finally:
        app.close()
    before = the_files(tmp_path)
    report = status_of(tmp_path)
    assert the_files(tmp_path) == before  # nothing written, no log, no lock taken
    assert report["status_version"] == 1 and report["data_dir"] == str(tmp_path)
    assert report["sizes"] == {"4": shown} and shown["in_play"]["moves"] > 0
    assert report["kept_games"] == kept == 1
    assert report["goals_met"] == goals and report["notices"] == []


@pytest.mark.slow
def test_the_status_answers_while_the_game_runs_and_the_game_goes_on_saving(tmp_path):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        played(app)
        report = status_of(tmp_path)  # the running copy holds the lock
        assert report["sizes"]["4"]["in_play"]["moves"] == app.session.game.moves
        assert report["kept_games"] == 1 and report["notices"] == []
        app.frame(STEP, [key(pygame.K_UP)])
        app.frame(STEP, [key(pygame.K_LEFT)])
        moves = app.session.game.moves
    finally:
        app.close()
    assert status_of(tmp_path)["sizes"]["4"]["in_play"]["moves"] == moves


@pytest.mark.slow
def test_an_empty_folder_has_nothing_to_report_and_stays_empty(tmp_path):
    assert status_of(tmp_path) == {
        "status_version": 1,
        "data_dir": str(tmp_path),
        "kept_games": 0,
        "goals_met": [],
        "notices": [],
        "sizes": {},
    }
    assert list(tmp_path.iterdir()) == []


def test_the_help_names_the_status():
    assert "--status" in run_main("--help").stdout


@pytest.mark.slow
def test_a_size_whose_game_is_over_has_no_game_in_play(tmp_path):
    stuck = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 8]]
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        app.use_session(Session(Game.from_grid(stuck, seed=1, moves=40, score=500)))
        assert app.session.game.over
        app.save()
        app.storage.flush(timeout=10)
    finally:
        app.close()
    assert status_of(tmp_path)["sizes"]["4"]["in_play"] is None
