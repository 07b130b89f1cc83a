"""Makes docs/stats-charts.png, the README's picture of the statistics as charts, from the real
game: its four charts of 4x4 side by side, each a page of the real app's window.

The kept games are made up the same way every time: sixty games of 4x4 over ten weeks, played
by a rule that errs less and less (a random move at first one time in two, at the end one
in twenty, else the solver's choice one move deep), so the scores climb and the losses fall;
every fifth game is reviewed by the solver at the review's own depth. Only the week labels
change from run to run (they count back from today). Run it again after changing the look.

Run from the repository root: python build/make_charts_screenshot.py
"""

from __future__ import annotations

import random
import sys
import tempfile
import uuid
from datetime import UTC, datetime, timedelta

import pygame
from make_screenshot import ROOT, english_settings, keep_picture

from game.app import App, Options
from game.core.engine import Game
from game.core.record import Action, GameRecord, GameSummary, Outcome, Step
from game.core.replay import move_positions, replay
from game.kept_games.archive.games_archive import Archive
from game.play import commands
from game.screens.menus import CHART_PAGES
from game.screens.screen import Item
from game.solver.analysis import review_depth
from game.solver.bitboard import DIRECTIONS
from game.solver.search import Solver

GAMES = 60
REVIEW_EVERY = 5
WEEKS = 10
WINDOW = (400, 500)  # each page; the picture is two by two of them
OUTPUT = ROOT / "docs" / "stats-charts.png"


def played_game(solver: Solver, seed: int, slip: float, started: datetime) -> GameRecord:
    """A game to its end: a random move with chance `slip`, else the solver's one move deep."""
    chooser = random.Random(seed)
    game = Game.new(4, seed=seed)
    start, steps = game.to_dict(), []
    while not game.over:
        valid = game.valid_directions()
        if chooser.random() < slip:
            direction = chooser.choice(valid)
        else:
            scores = solver.search(game.grid, depth=1).scores
            direction = DIRECTIONS[max(range(4), key=lambda m: scores[m])]
        game.move(direction)
        steps.append(Step(Action.move(direction), round(0.8 * (len(steps) + 1), 1)))
    summary = GameSummary(
        game_id=None,
        uid=uuid.uuid4().hex,
        size=4,
        started_at=started,
        outcome=Outcome.WON if game.won else Outcome.LOST,
        won=game.won,
        score=game.score,
        biggest_tile=game.biggest_tile(),
        moves=game.moves,
        seconds=steps[-1].seconds,
        steps=len(steps),
        assisted_from=None,
    )
    return GameRecord(summary, start, tuple(steps))


def keep_games(data_dir: str) -> None:
    solver = Solver(4)
    depth = review_depth(4)
    archive = Archive.open(data_dir, background=False, durable=False)
    first = datetime.now(UTC) - timedelta(weeks=WEEKS)
    for number in range(GAMES):
        slip = 0.5 - 0.45 * number / (GAMES - 1)
        started = first + timedelta(weeks=WEEKS) * number / GAMES
        record = played_game(solver, number + 1, slip, started)
        game_id = archive.add_record(record, imported=False)
        if number % REVIEW_EVERY == REVIEW_EVERY - 1:
            positions = replay(record)
            scores = {}
            for index in move_positions(positions):
                found = solver.search(positions.grid(index), depth=depth).scores
                scores[index] = [None if s == float("-inf") else s for s in found]
            archive.save_scores(game_id, depth, scores)
    archive.close()


def render(data_dir: str) -> pygame.Surface:
    english_settings(data_dir, WINDOW)
    keep_games(data_dir)
    app = App(Options(data_dir=data_dir, seed=1, size=4, fullscreen=False, sound=False))
    step = app.loop.step
    picture = pygame.Surface((WINDOW[0] * 2, WINDOW[1] * 2))
    try:
        app.command(commands.Pause())
        app.command(commands.Select(app.screens.top.items.index(Item.STATS)))
        app.command(commands.Select(app.screens.top.items.index(Item.CHARTS)))
        if app.charts.reading is not None and not app.charts.reading.wait(60):
            raise SystemExit("the charts were not read")
        for number in range(len(CHART_PAGES)):
            if number:
                app.command(commands.Move("right"))
            for _ in range(60):  # half a second: the page has faded in
                app.frame(step, [])
            app.draw()
            at = ((number % 2) * WINDOW[0], (number // 2) * WINDOW[1])
            picture.blit(app.window.get_surface(), at)
        return picture
    finally:
        app.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        picture = render(data_dir)
    keep_picture(picture, OUTPUT)


if __name__ == "__main__":
    sys.exit(main())
