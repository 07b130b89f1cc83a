"""Helpers shared by the archive and review tests: games played through the real session with
the archive's keeper listening, and what the player saw after each step."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from game.core.engine import Direction, Game, Grid
from game.core.record import Action
from game.kept_games.archive.game_keeper import GameKeeper
from game.kept_games.archive.games_archive import Archive
from game.play import commands as cmd
from game.play import events as ev
from game.play.session import Session
from helpers.screens import stacked

UNDO = "undo"


@dataclass(frozen=True)
class Seen:
    """A step that happened, and what the player saw after it: the board, score, move counter
    and clock."""

    action: Action
    grid: Grid
    score: int
    moves: int
    seconds: float


def send(session: Session, keeper: GameKeeper, command: cmd.Command) -> list[ev.Event]:
    """One command, its events handed to the keeper as the app hands them."""
    events = session.handle(command)
    keeper.handle(events, session)
    return events


def play(
    session: Session,
    keeper: GameKeeper,
    actions: Iterable[Direction | str],
    *,
    think: Iterable[float] | None = None,
) -> list[Seen]:
    """Play `actions` (directions, or UNDO); the clock runs `think` seconds before each. Returns
    what the player saw after each step that happened (a move that changes nothing is none)."""
    seen = []
    thinking = iter(think) if think is not None else None
    for action in actions:
        if thinking is not None:
            session.pass_time(next(thinking))
        command = cmd.Undo() if action == UNDO else cmd.Move(Direction(action))
        events = send(session, keeper, command)
        if any(isinstance(event, ev.Moved | ev.Undone) for event in events):
            game = session.game
            done = Action.UNDO if action == UNDO else Action.move(Direction(action))
            seen.append(Seen(done, game.grid, game.score, game.moves, game.seconds))
    return seen


def random_actions(seed: int, count: int, undo_share: float = 0.1) -> list[Direction | str]:
    chooser = random.Random(seed)
    return [
        UNDO if chooser.random() < undo_share else chooser.choice(list(Direction))
        for _ in range(count)
    ]


def seeded_session(size: int, seed: int, **options) -> Session:
    """A session whose new games are seeded too (the app's --seed): tests repeat exactly."""
    seeds = random.Random(seed)
    factory = lambda n: Game.new(n, seeds.getrandbits(64))  # noqa: E731
    return stacked(Session.start(size, seed=seed, new_game_factory=factory, **options))


def recorded(tmp_path, size: int = 4, seed: int = 1, actions=None, **play_options):
    """An archive (no writer thread), a session of `size` attached to a keeper, and what was
    seen after playing `actions` in it."""
    archive = Archive.open(tmp_path, background=False, durable=False)
    keeper = GameKeeper(archive)
    session = seeded_session(size, seed)
    keeper.attach(session)
    if actions is None:
        actions = random_actions(seed, 60)
    seen = play(session, keeper, actions, **play_options)
    return archive, keeper, session, seen


def seen_in_replay(positions) -> list[Seen]:
    return [Seen(p.step.action, p.grid, p.score, p.moves, p.seconds) for p in positions[1:]]


def kept_game(folder, grid, actions, *, think=None, seed: int = 1, assisted_at: int | None = None):
    """A game from `grid`, played with `actions` through the session and kept: (record, its
    replayed positions). `assisted_at`: the step before which the player asks for a hint."""
    archive = Archive.open(folder, background=False, durable=False)
    keeper = GameKeeper(archive)
    # A game under way: its clock runs (R17).
    session = stacked(Session(Game.from_grid(grid, seed=seed), started=True))
    keeper.attach(session)
    thinking = list(think) if think is not None else [0.0] * len(actions)
    for index, (action, seconds) in enumerate(zip(actions, thinking, strict=True)):
        if index == assisted_at:
            keeper.handle(session.handle(cmd.Hint()), session)
        play(session, keeper, [action], think=[seconds])
    from game.core.replay import replay

    record = archive.load(archive.list_games()[0].game_id)
    archive.close()
    return record, replay(record)
