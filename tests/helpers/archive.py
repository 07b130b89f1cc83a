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
from game.kept_games.archive.rows import Kept
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


class Keeping:
    """The kept records of what the app's autosave writes with the session's events (the game
    in play and the statistics beside them are the app's: tests/app), for tests without the
    app."""

    def __init__(self, archive: Archive, *, restarted: bool = False) -> None:
        """`restarted`: the archive's records are read as the app reads them at its start,
        so that a session restored from them continues its record."""
        self.archive = archive
        self.keeper = GameKeeper(archive, archive.load_kept().records if restarted else None)

    def attach(self, session: Session) -> None:
        self.keeper.attach(session)

    def handle(self, events: list[ev.Event], session: Session) -> None:
        self.archive.write(self.keeper.changes(events, session))

    def new_game(self, session: Session) -> None:
        """`session` is a new game of its size: the game before it is left, as when the
        player starts one (its record ends)."""
        self.handle([ev.GameStarted(session.game.size)], session)


def send(session: Session, keeper: Keeping, command: cmd.Command) -> list[ev.Event]:
    """One command, its events handed to the keeper as the app hands them."""
    events = session.handle(command)
    keeper.handle(events, session)
    return events


def play(
    session: Session,
    keeper: Keeping,
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
    keeper = Keeping(archive)
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
    keeper = Keeping(archive)
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


def kept_in(folder) -> Kept:
    """What the game keeps in `folder` (each size's game in play and session state, their
    records, the statistics), read as the next start reads it, writing nothing."""
    archive = Archive.open(folder, background=False, read_only=True)
    try:
        return archive.load_kept()
    finally:
        archive.close()


def saved_game(folder, size: int = 4) -> Game | None:
    """The game in play of `size` kept in `folder`, as the next start would show it."""
    saved = kept_in(folder).in_play.get(size)
    return None if saved is None else saved[0]


def only_game(archive: Archive):
    [summary] = archive.list_games()
    return archive.load(summary.game_id)


def valid_moves(session: Session, count: int) -> list[Direction]:
    """`count` moves that each change the board, from a copy of the session's game."""
    game, moves = Game.from_dict(session.game.to_dict()), []
    while len(moves) < count:
        order = (Direction.LEFT, Direction.DOWN, Direction.RIGHT, Direction.UP)
        direction = next(d for d in order if Game.from_dict(game.to_dict()).move(d))
        game.move(direction)
        moves.append(direction)
    return moves
