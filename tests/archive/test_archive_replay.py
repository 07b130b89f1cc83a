"""R22: replaying a kept game reproduces every position and the final score exactly, undos
included (R13: an undo restores the random state), on every board size; a record that does not
replay is refused with a clear error."""

from __future__ import annotations

import dataclasses
import sqlite3
import tempfile

import pytest
from helpers.archive import UNDO, Keeping, play, random_actions, recorded, seen_in_replay
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.engine import MAX_SIZE, MIN_SIZE, UNDO_LIMIT, Direction, valid_directions
from game.core.record import Action, Step
from game.core.replay import ReplayError, replay
from game.kept_games.archive.games_archive import Archive
from game.play.session import Session

actions = st.lists(st.sampled_from([*Direction, UNDO, UNDO]), min_size=1, max_size=120)
thinking = st.lists(st.floats(0.0, 30.0), min_size=120, max_size=120)


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(MIN_SIZE, MAX_SIZE), seed=st.integers(0, 2**64), played=actions, think=thinking
)
@pytest.mark.slow
def test_the_replay_is_every_position_the_player_saw_R22_R13(size, seed, played, think):
    with tempfile.TemporaryDirectory() as folder:
        archive = Archive.open(folder, background=False, durable=False)
        keeper = Keeping(archive)
        session = Session.start(size, seed=seed)
        keeper.attach(session)
        seen = play(session, keeper, played, think=think)
        if not seen:
            assert archive.list_games() == []
            return
        [summary] = archive.list_games()
        record = archive.load(summary.game_id)
        positions = replay(record)
        assert seen_in_replay(positions) == seen
        assert positions[-1].score == session.game.score == summary.score
        assert positions[-1].grid == session.game.grid
        archive.close()


def test_a_long_game_with_all_its_undos_replays_exactly_on_every_size_R14(tmp_path):
    for size in range(MIN_SIZE, MAX_SIZE + 1):
        archive, _, session, seen = recorded(
            tmp_path / str(size), size=size, seed=size, actions=random_actions(size, 400, 0.2)
        )
        record = archive.load(archive.list_games()[0].game_id)
        assert sum(step.is_undo for step in record.steps) == UNDO_LIMIT
        assert seen_in_replay(replay(record)) == seen
        assert replay(record)[-1].score == session.game.score


@pytest.fixture
def record(tmp_path):
    think = [1.0] * 80
    archive, _, _, _ = recorded(tmp_path, seed=3, actions=random_actions(3, 80), think=think)
    return archive.load(archive.list_games()[0].game_id)


def with_step(record, index, step):
    steps = list(record.steps)
    steps[index] = step
    return dataclasses.replace(record, steps=tuple(steps))


def test_a_move_that_changes_nothing_is_refused(record):
    positions = replay(record)
    index, blocked = next(
        (p.index, d) for p in positions[:-1] for d in Direction if d not in valid_directions(p.grid)
    )
    step = Step(Action.move(blocked), record.steps[index].seconds)
    with pytest.raises(ReplayError, match=f"step {index}: the move .* changes nothing"):
        replay(with_step(record, index, step))


def test_an_undo_with_nothing_to_undo_is_refused(record):
    with pytest.raises(ReplayError, match="step 0: an undo"):
        replay(with_step(record, 0, Step(Action.UNDO, 0.0)))


def test_a_clock_that_goes_back_is_refused(record):
    late = record.steps[5]
    with pytest.raises(ReplayError, match="clock goes back"):
        replay(
            with_step(record, 6, dataclasses.replace(record.steps[6], seconds=late.seconds - 0.5))
        )


def test_a_summary_the_replay_does_not_reach_is_refused(record):
    doctored = dataclasses.replace(
        record, summary=dataclasses.replace(record.summary, score=record.summary.score + 4)
    )
    with pytest.raises(ReplayError, match="score"):
        replay(doctored)


def test_a_start_that_is_not_a_game_is_refused(record):
    start = dict(record.start, grid=[[3, 0, 0, 0]] * 4)
    with pytest.raises(ReplayError, match="starting position"):
        replay(dataclasses.replace(record, start=start))


def test_a_doctored_database_row_gives_a_clear_error_not_a_crash(tmp_path):
    archive, _, _, _ = recorded(tmp_path, seed=4, actions=random_actions(4, 60))
    game_id = archive.list_games()[0].game_id
    archive.close()
    with sqlite3.connect(tmp_path / "games.sqlite3") as connection:
        connection.execute("UPDATE games SET score = score * 2 WHERE id = ?", (game_id,))
    archive = Archive.open(tmp_path, background=False, durable=False)
    with pytest.raises(ReplayError):
        replay(archive.load(game_id))
