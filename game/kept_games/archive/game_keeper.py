"""The session's events into the archive (R22): every game kept from its first move.

    keeper = GameKeeper(archive)
    keeper.attach(session)               # at start-up, and whenever the app swaps the session
    keeper.handle(events, session)       # after every batch of the session's events

What each event does to the record of the game in play:

- Moved, Undone: one step, with the game clock (R17) at that moment. A game's record is made at
  its first step, from the position before it (a game nobody moved in is not kept).
- Won: the record is marked won (R10). Lost: it ended, won or lost (R11); an undo after it
  (R14) makes it in play again.
- GameStarted, GameResumed: a new game of the same size leaves the last one (outcome won or
  left); a switch to another size leaves it in play, saved in its slot (R18), and resumes
  that size's record.
- A batch handled while `session.assisted` is true marks the record assisted from its first
  step in that batch (R20).

Each batch is one transaction. The game in progress and its record are written to two files
(storage and the archive), so a kill can leave them apart either way. The archive writes every
step in order, behind the frame, at most MAX_UNCOMMITTED_BATCHES moves behind the game; the
saves keep only the newest game and may be a few moves behind too. `caught_up` (asked by the
save slots whenever a saved game is loaded) puts the game at its record's end when the record
passes through the saved game and goes further, so a kill costs at most the moves neither
file had written (the last one, at a player's pace: R19, R22). Then `attach` makes the two
agree: it continues the record when it ends exactly on the game (random state included),
drops its last step when the game is one step behind it, adds the moves the record missed
when the save is ahead of it (read from the save's undo history, which holds the last
UNDO_LIMIT positions; an undo or a record's start, which that history cannot tell, is written
before the frame goes on), and otherwise leaves that record (it replays as it was) and starts
a new one from the game.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any

from game.core.engine import Direction, Game, biggest_tile
from game.core.record import Action, GameRecord, GameSummary, Outcome, Step
from game.core.replay import ReplayError, play_step, start_game
from game.kept_games.archive.changes import AddGame, AddSteps, Change, DropStep, UpdateSummary
from game.kept_games.archive.games_archive import Archive, ArchiveError
from game.play import events as ev
from game.play.session import Session


class GameKeeper:
    def __init__(self, archive: Archive) -> None:
        self.archive = archive
        self._kept: GameSummary | None = None  # the record of the game in play, as last written
        self._start: dict[str, Any] | None = None  # the position a new record would start from
        # The record caught_up() loaded and replayed last, and its ends (before, end): attach()
        # comes next and needs both, so the record is read and replayed once, not twice.
        self._caught: tuple[GameRecord, tuple[dict | None, dict]] | None = None
        self._game: Game | None = None  # the game followed, whose record is `_kept`
        # Each size's record and game as the player left them for another size in this run:
        # coming back needs no reading or replaying of the record on the frame (a long one
        # took 0.23 s), only a look that the two are still as they were.
        self._left: dict[int, tuple[GameSummary, Game]] = {}

    def attach(self, session: Session) -> None:
        """Follow `session`'s game from now on: continue its record, or be ready to start one."""
        self._kept = None
        self._start = None
        game = self._game = session.game
        if not self.archive.recording:
            return
        left = self._left.pop(game.size, None)
        if left is not None and self._unchanged_since_left(left, game):
            self._kept = left[0]
            return
        changes: list[Change] = []
        for record in self._in_play(game.size):  # one, unless a crash split a game in two
            if self._kept is None:
                self._kept = _reconcile(record, game, changes, self._replayed_ends(record))
            if self._kept is None or self._kept.game_id != record.summary.game_id:
                changes.append(self._ended(record.summary))
        self._caught = None
        if self._kept is None:
            self._start = game.to_dict()
        self.archive.write(changes)

    def caught_up(self, game: Game, state: dict[str, Any]) -> tuple[Game, dict[str, Any]]:
        """The saved `game` (and its session `state`) as far as its kept record went: the game
        at the record's end when the newest record of its size passes through `game` and goes
        on (to the move that lost it, perhaps); else the two as they are."""
        if not self.archive.recording:
            return game, state
        left = self._left.get(game.size)
        if left is not None and self._unchanged_since_left(left, game):
            return game, state  # its record ends on it: nothing to catch up
        try:
            number = self.archive.last_played(game.size)
            record = None if number is None else self.archive.load(number)
        except (ArchiveError, KeyError):
            record = None
        if record is None:
            return game, state
        try:
            before, final, met = _replayed(record, game)
        except ReplayError:
            return game, state
        self._caught = record, (None if before is None else before.to_dict(), final.to_dict())
        if not met or _same_cheaply(final, game):
            return game, state
        ahead = final
        ahead.seconds = max(game.seconds, record.summary.seconds)
        if record.summary.assisted_from is not None:
            state = {**state, "assisted": True}  # a hint among the steps the save missed
        return ahead, state

    def keep_clock(self, session: Session) -> None:
        """The game's clock as it reads now, on its record (the app saving: focus lost, quit):
        the Games list shows the game's time, not the time of its last move."""
        if self.archive.recording and session.game is self._game:
            self._kept_clock(session.game)

    def _kept_clock(self, game: Game) -> GameSummary | None:
        """The record in play brought to `game`'s clock (it runs on between moves)."""
        kept = self._kept
        if kept is None or kept.outcome is not Outcome.IN_PLAY or game.seconds <= kept.seconds:
            return kept
        self._kept = replace(kept, seconds=game.seconds)
        self.archive.write([UpdateSummary(self._kept, None)])
        return self._kept

    def _unchanged_since_left(self, left: tuple[GameSummary, Game], game: Game) -> bool:
        """Whether `game` and its size's records are as the player left them in this run."""
        summary, played = left
        try:
            in_play = self.archive.in_play(game.size)
            newest = self.archive.last_played(game.size)
        except ArchiveError:
            return False
        still = [summary.game_id] if summary.outcome is Outcome.IN_PLAY else []  # or it ended
        return newest == summary.game_id and in_play == still and _same_cheaply(played, game)

    def _replayed_ends(self, record: GameRecord) -> tuple[Game | None, Game] | None:
        """The ends caught_up() just replayed of this very record; else None."""
        if self._caught is None or self._caught[0] is not record:
            return None
        before, final = self._caught[1]
        return (None if before is None else Game.from_dict(before)), Game.from_dict(final)

    def _in_play(self, size: int) -> list[GameRecord]:
        """The kept games of this size still in play that can be read, newest first."""
        try:
            numbers = self.archive.in_play(size)
        except ArchiveError:
            return []
        records = []
        caught = self._caught[0] if self._caught is not None else None
        for number in numbers:
            if caught is not None and caught.summary.game_id == number:
                records.append(caught)  # read by caught_up() just now
                continue
            try:
                records.append(self.archive.load(number))
            except (ArchiveError, KeyError):
                continue  # a damaged row: it stays as it is, and a new record starts
        return records

    def handle(self, events: list[ev.Event], session: Session) -> None:
        """One batch of the session's events: one transaction at most."""
        resumed = any(isinstance(event, ev.GameStarted | ev.GameResumed) for event in events)
        if not resumed:
            self._caught = None  # only the attach() that follows a load may use what it read
        if not self.archive.recording:
            return
        if resumed:
            # A new game of the same size leaves the last one; another size keeps it in its slot,
            # and a size's game that comes back resumes its record.
            fresh = any(isinstance(event, ev.GameStarted) for event in events)
            kept, played = self._kept, self._game
            if fresh and kept is not None and kept.size == session.game.size:
                self.archive.write([self._ended(kept)])
            elif kept is not None and played is not None and kept.size != session.game.size:
                kept = self._kept_clock(played)
                self._left[kept.size] = (kept, Game.from_dict(played.to_dict()))  # its end now
            self.attach(session)
            return
        game = session.game
        steps: list[Step] = []
        outcome: Outcome | None = None
        floor = self._kept.seconds if self._kept is not None else 0.0
        for event in events:
            if isinstance(event, ev.Moved | ev.Undone):
                undo = isinstance(event, ev.Undone)
                action = Action.UNDO if undo else Action.move(event.direction)
                steps.append(Step(action, max(game.seconds, floor)))  # never back (R13)
                if undo:
                    outcome = Outcome.IN_PLAY  # playable again (R14)
            elif isinstance(event, ev.Lost):
                outcome = Outcome.WON if game.won else Outcome.LOST
        if steps or outcome is not None:
            changes = self._progress(session, steps, outcome)
            # An undo and a record's start are written before the frame goes on: the next
            # start could not make them up from the save's undo history (`_missed_moves`).
            undone = any(step.action is Action.UNDO for step in steps)
            started = any(isinstance(change, AddGame) for change in changes)
            self.archive.write(changes, wait=undone or started)
        if self._kept is None and self._start is None:
            self._start = game.to_dict()  # a record will start from the next move

    def _progress(
        self, session: Session, steps: list[Step], outcome: Outcome | None
    ) -> list[Change]:
        """The changes that add `steps` and the game's new summary to its record."""
        changes: list[Change] = []
        previous = self._kept
        if previous is None:
            if not steps or self._start is None:
                return []  # no position to start from: kept from the next game or attach
            previous = self._new_record(session, changes)
        game = session.game
        assisted_from = previous.assisted_from
        if assisted_from is None and session.assisted and steps:
            assisted_from = previous.steps
        summary = replace(
            _progressed(previous, game, previous.steps + len(steps)),
            outcome=outcome or previous.outcome,
            assisted_from=assisted_from,
        )
        if steps:
            changes.append(AddSteps(previous.game_id, previous.steps, tuple(steps)))  # type: ignore[arg-type]
        ended = None if summary.outcome is Outcome.IN_PLAY else self.archive.now()
        changes.append(UpdateSummary(summary, ended))
        self._kept = summary
        return changes

    def _new_record(self, session: Session, changes: list[Change]) -> GameSummary:
        start, self._start = self._start, None
        assert start is not None
        summary = GameSummary(
            game_id=self.archive.next_id(),
            uid=uuid.uuid4().hex,
            size=start["size"],
            started_at=self.archive.now(),
            outcome=Outcome.IN_PLAY,
            won=start["won"],
            score=start["score"],
            biggest_tile=biggest_tile(start["grid"]),
            moves=start["moves"],
            seconds=start["seconds"],
            steps=0,
            assisted_from=0 if session.assisted else None,
            origin=session.origin,
        )
        changes.append(AddGame(summary, start))
        return summary

    def _ended(self, summary: GameSummary) -> UpdateSummary:
        """A game left for another: as it ended, else won or given up."""
        outcome = summary.outcome
        if outcome is Outcome.IN_PLAY:
            outcome = Outcome.WON if summary.won else Outcome.LEFT
        return UpdateSummary(replace(summary, outcome=outcome), self.archive.now())


def _progressed(summary: GameSummary, game: Game, steps: int) -> GameSummary:
    return replace(
        summary,
        won=game.won,
        score=game.score,
        biggest_tile=game.biggest_tile(),
        moves=game.moves,
        seconds=max(summary.seconds, game.seconds),
        steps=steps,
    )


def _reconcile(
    record: GameRecord,
    game: Game,
    changes: list[Change],
    ends: tuple[Game | None, Game] | None = None,
) -> GameSummary | None:
    """Continue `record` for `game` if they agree, or are one step apart (adding the changes
    that make them agree); None if they do not. `ends`: the record replayed already."""
    try:
        before, final = ends or _replayed(record)[:2]
    except ReplayError:
        return None
    summary = record.summary
    if _same(final, game):
        return summary
    number = summary.steps
    if before is not None and _same(before, game):
        changes.append(DropStep(summary.game_id, number - 1))  # type: ignore[arg-type]
        shorter = replace(_progressed(summary, game, number - 1), outcome=Outcome.IN_PLAY)
        changes.append(UpdateSummary(shorter, None))
        return shorter
    undone = Game.from_dict(final.to_dict())
    undone.undo_enabled = True
    missed = [Action.UNDO] if undone.undo() and _same(undone, game) else _missed_moves(final, game)
    if not missed:
        return None
    seconds = max(game.seconds, summary.seconds)
    steps = tuple(Step(action, seconds) for action in missed)
    changes.append(AddSteps(summary.game_id, number, steps))  # type: ignore[arg-type]
    longer = replace(_progressed(summary, game, number + len(steps)), outcome=Outcome.IN_PLAY)
    changes.append(UpdateSummary(longer, None))
    return longer


def _missed_moves(final: Game, game: Game) -> list[Action]:
    """The moves that lead from the record's end `final` to the saved `game`, a few moves ahead
    of it (the archive commits behind the frame): the save's undo history holds the positions
    before its last moves, and trying the four directions finds each move from one to the
    next. Empty when the save does not go through `final` that way."""
    history = game.to_dict()["history"]
    key = _position(final.to_dict())
    starts = [i for i, snapshot in enumerate(history) if _position(snapshot) == key]
    if not starts:
        return []
    targets = [_position(snapshot) for snapshot in history[starts[-1] + 1 :]]
    targets.append(_position(game.to_dict()))
    position, missed = Game.from_dict(final.to_dict()), []
    for target in targets:
        for direction in Direction:
            after = Game.from_dict(position.to_dict())
            if after.move(direction) and _position(after.to_dict()) == target:
                position = after
                missed.append(Action.move(direction))
                break
        else:
            return []
    return missed if _same(position, game) else []


def _position(data: dict[str, Any]) -> tuple:
    """What a position of the undo history holds: the board, score, moves and random state."""
    return (data["grid"], data["score"], data["moves"], data["random_state"])


def _same_cheaply(a: Game, b: Game) -> bool:
    """`_same`, looking first at what differs between most positions."""
    return a.moves == b.moves and a.score == b.score and a.grid == b.grid and _same(a, b)


def _replayed(record: GameRecord, game: Game | None = None) -> tuple[Game | None, Game, bool]:
    """The game one step before the record's end (None without steps), the game at its end,
    and whether the record passed through `game` before its end (the saves missed its last
    steps)."""
    position = start_game(record)
    before = None
    met = False
    last = len(record.steps) - 1
    for index, step in enumerate(record.steps):
        met = met or (game is not None and _same_cheaply(position, game))
        if index == last:
            before = Game.from_dict(position.to_dict())
        play_step(position, step, index)
    return before, position, met


def _same(a: Game, b: Game) -> bool:
    """The same position and future: grid, score, moves, undos, win and random state."""
    first, second = a.to_dict(), b.to_dict()
    for data in (first, second):
        del data["seconds"], data["undo_enabled"]
    return first == second
