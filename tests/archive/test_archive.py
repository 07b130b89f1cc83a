"""R22: every game is kept from its first move: its start, every move and undo with the game
clock's time, how it ended, own or assisted; and a kept game is found again after a restart."""

from __future__ import annotations

import logging
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
from helpers.archive import (
    UNDO,
    Keeping,
    only_game,
    play,
    random_actions,
    recorded,
    seeded_session,
    seen_in_replay,
    send,
    valid_moves,
)
from helpers.paths import ROOT
from helpers.screens import stacked

from game.core.engine import Direction, Game
from game.core.record import Action, Outcome
from game.core.replay import replay
from game.kept_games.archive.games_archive import MAX_UNCOMMITTED_BATCHES, Archive, ArchiveError
from game.play import commands as cmd
from game.play.session import Phase, SaveSlots, Session
from game.screens.screen import ScreenKind
from game.solver.rollout import PlayedOn
from game.storage.schema import ARCHIVE_FILE

L, R, U, D = Direction.LEFT, Direction.RIGHT, Direction.UP, Direction.DOWN


def test_a_game_is_kept_from_its_first_move_R22(tmp_path):
    archive, keeper, session, _ = recorded(tmp_path, actions=[])
    assert archive.list_games() == []  # nobody moved: nothing to keep
    play(session, keeper, [L])
    record = only_game(archive)
    assert record.summary.steps == 1 and record.summary.moves == 1
    assert record.summary.outcome is Outcome.IN_PLAY
    assert Game.from_dict(dict(record.start)).moves == 0  # it starts before that move


def test_every_move_and_undo_is_kept_in_order_with_the_clock_R22(tmp_path):
    actions = [L, D, UNDO, R, R, U, UNDO, UNDO, L]
    think = [0.5, 1.25, 3.0, 0.1, 2.0, 0.7, 0.2, 4.0, 1.0]
    archive, _, session, seen = recorded(tmp_path, actions=actions, think=think)
    record = only_game(archive)
    assert any(s.action is Action.UNDO for s in seen)
    assert [step.action for step in record.steps] == [s.action for s in seen]
    assert [step.seconds for step in record.steps] == [s.seconds for s in seen]
    clocks = [0.0, *(s.seconds for s in seen)]
    assert [p.thinking_s for p in replay(record)[1:]] == [
        after - before for before, after in zip(clocks, clocks[1:], strict=False)
    ]
    assert record.summary.score == session.game.score
    assert record.summary.moves == session.game.moves


def test_the_summary_follows_the_game_after_every_move(tmp_path):
    archive, keeper, session, _ = recorded(tmp_path, actions=[])
    for action in random_actions(5, 40):
        play(session, keeper, [action])
        if archive.list_games():
            summary = archive.list_games()[0]
            game = session.game
            assert (summary.score, summary.moves, summary.biggest_tile) == (
                game.score,
                game.moves,
                game.biggest_tile(),
            )


def test_a_lost_game_is_kept_lost_and_an_undo_makes_it_in_play_again_R11_R14(tmp_path):
    archive, keeper, session, _ = recorded(tmp_path, size=3, seed=4, actions=[])
    actions = iter(random_actions(4, 10_000, undo_share=0))
    while session.phase is not Phase.GAME_OVER:
        play(session, keeper, [next(actions)])
    assert only_game(archive).summary.outcome is Outcome.LOST
    send(session, keeper, cmd.Undo())
    assert only_game(archive).summary.outcome is Outcome.IN_PLAY
    replay(only_game(archive))  # and it still replays


def test_a_won_game_left_for_a_new_one_is_kept_won_R10(tmp_path):
    archive = Archive.open(tmp_path, background=False, durable=False)
    keeper = Keeping(archive)
    grid = ((1024, 1024, 0, 0), (0, 0, 0, 0), (0, 0, 2, 0), (0, 0, 0, 0))
    session = stacked(Session(Game.from_grid(grid, seed=3)))
    keeper.attach(session)
    play(session, keeper, [L])
    assert session.phase is Phase.WON_BANNER
    summary = only_game(archive).summary
    assert summary.won and summary.outcome is Outcome.IN_PLAY  # the banner: not ended yet
    send(session, keeper, cmd.NewGame())  # New game from the banner: at once (R15)
    assert archive.list_games()[0].outcome is Outcome.WON


def test_new_game_leaves_the_last_one_and_keeps_the_next_from_its_first_move_R15(tmp_path):
    archive, keeper, session, _ = recorded(tmp_path, actions=[L, D, R])
    send(session, keeper, cmd.NewGame())
    assert session.menu.kind is ScreenKind.CONFIRM_NEW
    send(session, keeper, cmd.Select(0))  # "New game" (Enter would answer Cancel)
    [left] = archive.list_games()
    assert left.outcome is Outcome.LEFT
    play(session, keeper, [U])
    newest, older = archive.list_games()
    assert newest.steps == 1 and older.game_id == left.game_id


def test_switching_size_keeps_the_game_in_play_and_resumes_its_record_R18(tmp_path):
    archive = Archive.open(tmp_path, background=False, durable=False)
    keeper = Keeping(archive)
    session = seeded_session(4, 2, slots=SaveSlots())
    keeper.attach(session)
    play(session, keeper, [L, D, R])
    send(session, keeper, cmd.NewGame(5))
    play(session, keeper, [L, U])
    assert {s.size: s.outcome for s in archive.list_games()} == {
        4: Outcome.IN_PLAY,
        5: Outcome.IN_PLAY,
    }
    send(session, keeper, cmd.NewGame(4))  # back to the 4x4 game in its slot
    play(session, keeper, [U, L])
    four = archive.load(next(s.game_id for s in archive.list_games() if s.size == 4))
    assert len(archive.list_games()) == 2
    assert replay(four)[-1].grid == session.game.grid


def test_a_game_is_assisted_from_the_first_move_after_a_hint_R20(tmp_path):
    archive, keeper, session, _ = recorded(tmp_path, actions=[L, D, R])
    assert only_game(archive).summary.assisted_from is None
    steps = only_game(archive).summary.steps
    send(session, keeper, cmd.Hint())  # the session marks the game assisted
    play(session, keeper, [U, L])
    summary = only_game(archive).summary
    assert summary.assisted and summary.assisted_from == steps


def test_a_restored_game_continues_its_record_after_a_restart_R18(tmp_path):
    archive, _, played, _ = recorded(tmp_path, actions=random_actions(3, 30))
    archive.close()
    # The next run: the game in play restored with its session's state, its record read back.
    archive = Archive.open(tmp_path, background=False, durable=False)
    keeper = Keeping(archive, restarted=True)
    session = Session.restore(Game.from_dict(played.game.to_dict()), played.state_dict())
    keeper.attach(session)
    play(session, keeper, random_actions(4, 30))
    record = only_game(archive)
    assert replay(record)[-1].grid == session.game.grid
    assert record.summary.score == session.game.score


def test_the_games_list_is_newest_first_with_what_the_screen_shows(tmp_path):
    archive, keeper, session, _ = recorded(tmp_path, actions=[L, D])
    for size in (5, 6):
        send(session, keeper, cmd.NewGame(size))
        play(session, keeper, [L, U, R])
    listed = archive.list_games()
    assert [s.size for s in listed] == [6, 5, 4]
    assert [s.steps for s in listed] == [3, 3, 2]
    assert all(s.started_at.tzinfo is not None for s in listed)
    assert [s.size for s in archive.list_games(limit=1, offset=1)] == [5]
    assert [s.size for s in archive.list_games(size=4)] == [4]
    assert archive.count_games() == 3 and archive.count_games(size=6) == 1


def test_a_second_copy_of_the_game_reads_the_games_but_never_writes(tmp_path):
    archive, _, _, _ = recorded(tmp_path, actions=[L, D, R])
    archive.close()
    before = (tmp_path / "games.sqlite3").read_bytes()
    second = Archive.open(tmp_path, read_only=True)
    keeper = Keeping(second)
    session = stacked(Session.start(4, seed=5))
    keeper.attach(session)
    play(session, keeper, [L, U, R, D])
    assert not second.recording and len(second.list_games()) == 1
    assert second.pop_notices() == []  # it never tried, so it has nothing to say
    second.close()
    assert (tmp_path / "games.sqlite3").read_bytes() == before


def test_a_read_only_look_at_a_folder_with_no_games_yet_is_quiet(tmp_path, caplog):
    # A seeded run or a second copy on a fresh folder: nothing kept is nothing wrong.
    with caplog.at_level(logging.WARNING, logger="game.kept_games.archive.games_archive"):
        archive = Archive.open(tmp_path, read_only=True)
    assert archive.list_games() == [] and archive.pop_notices() == []
    assert caplog.records == [] and not (tmp_path / "games.sqlite3").exists()
    archive.close()


def test_a_read_only_look_the_disk_refuses_is_unreadable_not_empty(tmp_path, monkeypatch, caplog):
    def refused(path, read_only):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("game.kept_games.archive.database_file.connect", refused)
    with caplog.at_level(logging.WARNING, logger="game.kept_games.archive.games_archive"):
        archive = Archive.open(tmp_path, read_only=True)
    assert not archive.none_kept and caplog.records  # said in the log, shown as unreadable
    with pytest.raises(ArchiveError):
        archive.list_games()
    archive.close()


def test_with_the_writer_thread_a_query_sees_every_move_asked_before_it(tmp_path):
    archive = Archive.open(tmp_path)  # the app's way: commits on the writer thread
    keeper = Keeping(archive)
    session = stacked(Session.start(4, seed=6))
    keeper.attach(session)
    seen = play(session, keeper, random_actions(6, 50))
    record = only_game(archive)
    assert seen_in_replay(replay(record)) == seen
    archive.close()
    archive.close()  # twice is safe


def on_a_stalled_disk(tmp_path, monkeypatch, actions):
    """A game kept after `actions`, then followed as the app does (a writer thread), on a
    disk whose commits wait until `release` is set."""
    import game.kept_games.archive.games_archive

    archive, keeper, session, _ = recorded(tmp_path, actions=actions)
    archive.close()
    archive = Archive.open(tmp_path, durable=False)
    keeper = Keeping(archive, restarted=True)
    keeper.attach(session)
    release = threading.Event()
    written = game.kept_games.archive.games_archive.write_changes

    def stalled_disk(connection, changes):
        release.wait(10)
        written(connection, changes)

    monkeypatch.setattr(game.kept_games.archive.games_archive, "write_changes", stalled_disk)
    return archive, keeper, session, release


def test_the_frame_hands_moves_over_and_waits_only_for_a_disk_stalled_several_moves(
    tmp_path, monkeypatch
):
    """Issue 19: each hand-over waited for the commit before it (an fsync, up to 63 ms) on the
    frame. Now it waits only once MAX_UNCOMMITTED_BATCHES are unwritten: a kill then loses at
    most that many moves, however long the disk stalls."""
    archive, keeper, session, release = on_a_stalled_disk(tmp_path, monkeypatch, [L])
    moves = valid_moves(session, MAX_UNCOMMITTED_BATCHES + 1)
    started = time.monotonic()
    play(session, keeper, moves[:-1])  # handed over, none written: the frame goes on
    assert time.monotonic() - started < 0.5
    last = threading.Thread(target=lambda: play(session, keeper, moves[-1:]))
    last.start()
    last.join(0.3)
    assert last.is_alive()  # one more would leave the archive too far behind: it waits
    release.set()
    last.join(10)
    archive.close()
    record = only_game(Archive.open(tmp_path, background=False))
    assert len(record.steps) == 1 + len(moves)  # the first move, and every one handed over


def test_a_recorder_never_attached_keeps_the_game_from_the_first_position_it_sees(tmp_path):
    archive = Archive.open(tmp_path, background=False, durable=False)
    keeper = Keeping(archive)
    session = seeded_session(4, 3)
    play(session, keeper, [L])  # no attach: nothing to start this move's record from
    assert archive.list_games() == []
    after_first = session.game.grid
    seen = play(session, keeper, [D, R, U])
    record = only_game(archive)
    assert replay(record)[0].grid == after_first
    assert seen_in_replay(replay(record)) == seen


def test_a_query_that_fails_on_the_writer_thread_fails_in_the_caller_not_forever():
    from game.kept_games.archive.threads import JobWriter

    writer = JobWriter(retry_seconds=0.1)

    def broken():
        raise KeyError("a bug")

    raised = []

    def ask():
        with pytest.raises(KeyError):
            writer.call(broken, timeout=10)
        raised.append(True)

    caller = threading.Thread(target=ask, daemon=True)
    caller.start()
    caller.join(10)
    assert raised, "the caller waited for an answer that never came"
    assert writer.call(lambda: 7, timeout=10) == 7  # and it serves on
    writer.stop(patience=0)


def test_the_review_s_scores_are_kept_for_a_second_look(tmp_path):
    archive, _, _, _ = recorded(tmp_path, actions=[L, D, R])
    game_id = archive.list_games()[0].game_id
    scores = {0: (1.5, None, 2.5, float("-inf")), 1: (3.0, 4.0, None, None)}
    archive.save_scores(game_id, 4, scores)
    archive.save_scores(game_id + 99, 4, scores)  # a game that is not kept: dropped, no harm
    assert archive.load_scores(game_id, 4) == {0: (1.5, None, 2.5, None), 1: (3.0, 4.0, None, None)}
    assert archive.load_scores(game_id, 3) == {}
    assert archive.recording and archive.pop_notices() == []


# Rows another program may write, past our checks: none of them is shown as a figure.
UNREADABLE_PLAYED_ON = [
    (3, "up", 0, 0, 0, 64, 0),  # no games
    (3, "up", 64, 65, 0, 64, 0),  # more made it than were played
    (3, "up", 64, 0, -1, 64, 0),
    (3, "up", 64, 0, 0, 64, 64 * 300 + 1),  # longer than every game's moves
    (3, "sideways", 64, 0, 0, 64, 0),
    (-1, "up", 64, 0, 0, 64, 0),
    (3, "up", 64.5, 0, 0, 64, 0),
    (3, "up", 64, 0, 0, "many", 0),
]


def test_the_games_played_on_are_kept_for_a_second_look_and_rows_we_never_write_are_not_read(
    tmp_path,
):
    archive, _, _, _ = recorded(tmp_path, actions=[L, D, R])
    game_id = archive.list_games()[0].game_id
    outcomes = {(0, L): PlayedOn(64, 40, 60, 256, 17000), (0, U): PlayedOn(128, 0, 1, 64, 900)}
    archive.save_played_on(game_id, outcomes)
    archive.save_played_on(game_id + 99, outcomes)  # a game that is not kept: dropped, no harm
    assert archive.load_played_on(game_id) == outcomes
    assert archive.load_played_on(game_id + 99) == {}
    archive.save_played_on(game_id, {(0, L): PlayedOn(64, 41, 60, 256, 17000)})  # played again
    assert archive.load_played_on(game_id)[0, L].reached == 41
    archive.flush(10)
    with sqlite3.connect(tmp_path / ARCHIVE_FILE, isolation_level=None) as connection:
        connection.execute("PRAGMA ignore_check_constraints = ON")
        for row in UNREADABLE_PLAYED_ON:
            connection.execute("DELETE FROM played_on WHERE position = ?", (row[0],))
            connection.execute(
                "INSERT INTO played_on VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (game_id, *row)
            )
            assert set(archive.load_played_on(game_id)) == set(outcomes), row
    connection.close()
    assert archive.recording and archive.pop_notices() == []


def test_moves_handed_over_are_kept_when_the_program_ends_without_closing_R22(tmp_path):
    """The writer thread sleeps until it has work or is stopped, and the program's end stops
    it: what was handed over is committed even without close()."""
    script = (
        "import sys; sys.path.insert(0, 'tests')\n"
        "from helpers.archive import Keeping, seeded_session, send\n"
        "from game.play import commands as cmd\n"
        "from game.kept_games.archive.games_archive import Archive\n"
        "from game.kept_games.archive.game_keeper import GameKeeper\n"
        "from game.core.engine import Direction\n"
        f"archive = Archive.open({str(tmp_path)!r})\n"
        "keeper = Keeping(archive)\n"
        "session = seeded_session(4, 3)\n"
        "keeper.attach(session)\n"
        "import time\n"
        "for direction in [Direction.LEFT, Direction.UP, Direction.RIGHT, Direction.DOWN] * 3:\n"
        "    send(session, keeper, cmd.Move(direction))\n"
        # A slow disk: the last commit still runs when the program reaches its end.
        "archive._connection.set_progress_handler(lambda: time.sleep(0.002) or 0, 50)\n"
        "send(session, keeper, cmd.Move(session.game.valid_directions()[0]))\n"
        "print(session.game.moves)\n"  # no close: the end of the program must still write
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    archive = Archive.open(tmp_path, background=False)
    [summary] = archive.list_games()
    assert summary.moves == int(done.stdout) > 0


def test_every_commit_is_on_disk_even_across_a_power_cut_R22(tmp_path):
    """A kill loses at most the last move; a power cut too: WAL mode with synchronous FULL, an
    fsync at every commit (a power cut cannot be played in a test; the settings that make it
    hold can be read). `durable=False` is the tests' and benchmarks' own, never the game's."""
    archive = Archive.open(tmp_path)
    try:
        modes = archive.read(
            lambda c: (
                c.execute("PRAGMA journal_mode").fetchone()[0],
                c.execute("PRAGMA synchronous").fetchone()[0],
            )
        )
    finally:
        archive.close()
    assert modes == ("wal", 2)  # 2: FULL


def test_coming_back_to_a_size_reads_and_replays_no_record_on_the_frame(tmp_path, monkeypatch):
    """Issue 19: switching back to a size replayed its whole record on the frame (0.23 s for a
    long game). The record and game left in this run are known: the switch only looks that
    they are still as they were, and the record goes on."""
    from game.app import App, Options

    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        for direction in valid_moves(app.session, 30):
            app.command(cmd.Move(direction))
        app.command(cmd.NewGame(5))
        app.command(cmd.Move(valid_moves(app.session, 1)[0]))
        read = []
        monkeypatch.setattr(app.archive, "load", lambda number: read.append(number))
        app.command(cmd.NewGame(4))
        assert app.session.game.size == 4 and app.session.game.moves == 30
        assert read == []
        monkeypatch.undo()
        for direction in valid_moves(app.session, 3):
            app.command(cmd.Move(direction))
        app.archive.flush()
        four = [g for g in app.archive.list_games() if g.size == 4]
        assert [g.steps for g in four] == [33]  # one record, every move in it
        end = replay(app.archive.load(four[0].game_id))[-1]
        assert (end.grid, end.score) == (app.session.game.grid, app.session.game.score)
    finally:
        app.close()
