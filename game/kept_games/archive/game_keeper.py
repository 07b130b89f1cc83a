"""The session's events as changes to the kept games (R22): every game kept from its first move.

    keeper = GameKeeper(archive, kept.records)   # the records play goes on from (load_kept)
    keeper.attach(session)                       # at start-up, and whenever the app swaps it
    changes = keeper.changes(events, session)    # after every batch of the session's events

The keeper only says what changes; autosave.py writes its changes with the game in play and the
statistics, in one transaction, so the three agree after any kill.

What each event does to the record of the game in play:

- Moved, Undone: one step, with the game clock (R17) at that moment. A game's record is made at
  its first step, from the position before it (a game nobody moved in is not kept), with the
  session's game_id as its uid: that is how the game on the board finds its record again.
- Won: the record is marked won (R10). Lost: it ended, won or lost (R11); an undo after it
  (R14) makes it in play again.
- GameStarted, GameResumed: a new game of the same size leaves the last one (outcome won or
  left); a switch to another size leaves it in play, on its size's board (R18), and resumes
  that size's record.
- A batch handled while `session.assisted` is true marks the record assisted from its first
  step in that batch (R20).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.engine import Game, biggest_tile
from game.core.record import Action, GameSummary, Outcome, Step
from game.kept_games.archive.changes import AddGame, AddSteps, Change, UpdateSummary
from game.kept_games.archive.games_archive import Archive
from game.play import events as ev
from game.play.session import Session


class GameKeeper:
    def __init__(self, archive: Archive, records: dict[str, GameSummary] | None = None) -> None:
        self.archive = archive
        self._kept: GameSummary | None = None  # the record of the game in play, as last written
        self._start: dict[str, Any] | None = None  # the position a new record would start from
        self._game: Game | None = None  # the game followed, whose record is `_kept`
        # The records of the games on the other sizes' boards, by uid: a switch of size finds
        # its record here, with no read on the frame.
        self._records: dict[str, GameSummary] = dict(records or {})

    def attach(self, session: Session) -> None:
        """Follow `session`'s game from now on: continue its record, or be ready to start one."""
        game = self._game = session.game
        self._kept = None
        self._start = None
        kept = self._records.pop(session.game_id, None)
        if kept is not None and kept.size == game.size and not kept.imported:
            self._kept = kept
        else:
            self._start = game.to_dict()

    def clock(self, session: Session) -> list[Change]:
        """The game's clock as it reads now, on its record (the app saving: focus lost, quit):
        the Games list shows the game's time, not the time of its last move."""
        if not self.archive.recording or session.game is not self._game:
            return []
        return self._kept_clock(session.game)

    def _kept_clock(self, game: Game) -> list[Change]:
        """The record in play brought to `game`'s clock (it runs on between moves)."""
        kept = self._kept
        if kept is None or kept.outcome is not Outcome.IN_PLAY or game.seconds <= kept.seconds:
            return []
        self._kept = replace(kept, seconds=game.seconds)
        return [UpdateSummary(self._kept, None)]

    def changes(self, events: list[ev.Event], session: Session) -> list[Change]:
        """What one batch of the session's events changes in the kept games."""
        if not self.archive.recording:
            return []
        if any(isinstance(event, ev.GameStarted | ev.GameResumed) for event in events):
            return self._resumed(events, session)
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
        changes = self._progress(session, steps, outcome) if steps or outcome else []
        if self._kept is None and self._start is None:
            self._start = game.to_dict()  # a record will start from the next move
        return changes

    def _resumed(self, events: list[ev.Event], session: Session) -> list[Change]:
        """A new game of the same size leaves the last one; another size keeps it on its
        board, and a size's game that comes back resumes its record."""
        changes: list[Change] = []
        fresh = any(isinstance(event, ev.GameStarted) for event in events)
        kept, played = self._kept, self._game
        if fresh and kept is not None and kept.size == session.game.size:
            changes.append(self._ended(kept))
        elif kept is not None and played is not None and kept.size != session.game.size:
            changes += self._kept_clock(played)
            assert self._kept is not None
            self._records[self._kept.uid] = self._kept
        self.attach(session)
        return changes

    def _progress(
        self, session: Session, steps: list[Step], outcome: Outcome | None
    ) -> list[Change]:
        """The changes that add `steps` and the game's new summary to its record."""
        changes: list[Change] = []
        previous = self._kept
        if previous is None:
            if not steps or self._start is None:
                return []  # no position to start from: kept from the next game
            previous = self._new_record(session, changes)
        game = session.game
        assisted_from = previous.assisted_from
        if assisted_from is None and session.assisted and steps:
            assisted_from = previous.steps
        summary = replace(
            previous,
            won=game.won,
            score=game.score,
            biggest_tile=game.biggest_tile(),
            moves=game.moves,
            seconds=max(previous.seconds, game.seconds),
            steps=previous.steps + len(steps),
            outcome=outcome or previous.outcome,
            assisted_from=assisted_from,
        )
        if steps:
            changes.append(AddSteps(previous.game_id, previous.steps, tuple(steps)))
        ended = None if summary.outcome is Outcome.IN_PLAY else self.archive.now()
        changes.append(UpdateSummary(summary, ended))
        self._kept = summary
        return changes

    def _new_record(self, session: Session, changes: list[Change]) -> GameSummary:
        start, self._start = self._start, None
        assert start is not None
        summary = GameSummary(
            game_id=self.archive.next_id(),
            uid=session.game_id,
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
