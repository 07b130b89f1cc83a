"""R22: the archive's write-ahead log (-wal) as a kill leaves it, damaged or not. What a kill
mid-commit leaves (a torn last transaction, an older round of the log) opens with every
committed move, and no word; a damaged log opens with what SQLite's own recovery reads of it
(the database is whole: nothing is set aside); an empty database beside its log is set aside.
An emptied database is put back from its backup, or, with none, said to be empty."""

from __future__ import annotations

import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.archive import random_actions, recorded
from helpers.paths import CHILDREN, ROOT

from game.app import App, Options
from game.core.replay import replay
from game.kept_games.archive.games_archive import Archive
from game.storage.schema import ARCHIVE_FILE
from game.text import tr

CHILD = CHILDREN / "archive_child.py"
WAL, SHM = ARCHIVE_FILE + "-wal", ARCHIVE_FILE + "-shm"


def as_a_kill_leaves_it(tmp_path, moves: int = 157) -> tuple[Path, int]:
    """A real archive of a game `moves` actions long, copied file by file while its connection
    is open (nothing checkpointed: every move in the -wal), as a kill leaves it; and how many
    steps it keeps."""
    live = tmp_path / "live"
    archive, _, _, _ = recorded(live, actions=random_actions(7, moves))
    steps = archive.list_games()[0].steps
    killed = tmp_path / "killed"
    killed.mkdir()
    for name in (ARCHIVE_FILE, WAL, SHM):
        shutil.copyfile(live / name, killed / name)
    archive.close()
    assert (killed / WAL).stat().st_size > 100_000  # the moves are in the log
    return killed, steps


def frames(raw: bytes) -> tuple[int, int]:
    """The size of one frame of this log, and how many whole frames it holds."""
    size = 24 + struct.unpack_from(">I", raw, 8)[0]
    return size, (len(raw) - 32) // size


def zero_the_header(raw: bytes) -> bytes:
    return bytes(32) + raw[32:]


def flip_a_frame(raw: bytes) -> bytes:
    size, count = frames(raw)
    at = 32 + (count // 2) * size + 24 + 100  # a byte of a page, half way through the log
    return raw[:at] + bytes([raw[at] ^ 0x10]) + raw[at + 1 :]


def cut_short(raw: bytes) -> bytes:
    return raw[: len(raw) // 2]


def torn_last_frame(raw: bytes) -> bytes:
    """A kill while writing the next transaction's first frame: its header, half its page."""
    size, count = frames(raw)
    last = raw[32 + (count - 1) * size : 32 + count * size]
    return raw + last[:24] + last[24 : 24 + (size - 24) // 2]


def an_older_round(raw: bytes) -> bytes:
    """Frames of the log's earlier round after this one's (SQLite writes the log again from
    its start after a checkpoint): other salts, left to be written over."""
    size, count = frames(raw)
    older = bytearray(raw[32 : 32 + 3 * size])
    for index in range(3):
        older[index * size + 8 : index * size + 16] = b"old salt"
    return raw + bytes(older)


@pytest.mark.parametrize(
    "damage", [zero_the_header, flip_a_frame, cut_short], ids=["zeroed", "flipped", "cut"]
)
def test_a_damaged_log_opens_with_what_sqlite_reads_of_it_and_nothing_set_aside(tmp_path, damage):
    """SQLite keeps the log's transactions up to its first damaged frame (a hand-written check
    that set the database aside instead lost more once a backup took its place: issue 31)."""
    killed, steps = as_a_kill_leaves_it(tmp_path)
    (killed / WAL).write_bytes(damage((killed / WAL).read_bytes()))
    archive = Archive.open(killed, background=False)
    assert archive.pop_notices() == [] and archive.recording
    for summary in archive.list_games():
        assert summary.steps <= steps
        replay(archive.load(summary.game_id))  # what it kept is whole
    assert not [p for p in killed.iterdir() if ".corrupt-" in p.name]
    archive.close()


@pytest.mark.parametrize(
    "tail",
    [None, torn_last_frame, an_older_round],
    ids=["as-killed", "torn", "older-round"],
)
def test_what_a_kill_mid_commit_leaves_opens_with_every_committed_move(tmp_path, tail):
    killed, steps = as_a_kill_leaves_it(tmp_path)
    if tail is not None:
        (killed / WAL).write_bytes(tail((killed / WAL).read_bytes()))
    archive = Archive.open(killed, background=False)
    assert archive.pop_notices() == []
    [summary] = archive.list_games()
    assert summary.steps == steps
    replay(archive.load(summary.game_id))


def kill_while_keeping(data: Path, seed: int) -> int:
    """Kill the child in the middle of keeping long games one after another: how many it
    said were kept."""
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(data), str(seed), "imports"],
        stdout=subprocess.PIPE,
        bufsize=0,  # lines read one by one: communicate() reads on from the pipe itself
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        next(child.stdout)
        time.sleep(random.Random(seed).uniform(0.0, 0.1))
    finally:
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
    return 1 + len(rest.splitlines())


@pytest.mark.slow
def test_a_kill_in_the_middle_of_a_commit_opens_normally_with_every_game_kept(tmp_path):
    for seed in range(6):
        data = tmp_path / str(seed)
        printed = kill_while_keeping(data, seed)
        archive = Archive.open(data, background=False)
        assert archive.pop_notices() == [], seed  # not damage: nothing set aside
        assert printed <= archive.count_games() <= printed + 1, seed
        archive.close()


# -- an empty database -------------------------------------------------------------------------


def test_an_empty_database_beside_its_log_is_set_aside(tmp_path):
    killed, _ = as_a_kill_leaves_it(tmp_path)
    (killed / ARCHIVE_FILE).write_bytes(b"")
    log = (killed / WAL).read_bytes()
    archive = Archive.open(killed, background=False)
    [notice] = archive.pop_notices()
    assert notice.key == "archive_set_aside"
    assert Path(f"{killed / notice.fields['kept']}-wal").read_bytes() == log


def test_an_empty_database_file_says_so_and_a_missing_one_is_a_first_start(tmp_path):
    archive = Archive.open(tmp_path, background=False)
    assert archive.pop_notices() == []  # no file: nothing was kept here before
    archive.close()
    (tmp_path / "games.backup-1.sqlite3").unlink()  # and no backup of it
    (tmp_path / ARCHIVE_FILE).write_bytes(b"")
    archive = Archive.open(tmp_path, background=False)
    assert [n.key for n in archive.pop_notices()] == ["archive_emptied"]
    assert archive.recording and archive.list_games() == []


def test_the_app_puts_back_the_games_of_an_emptied_file_from_its_backup(tmp_path):
    import pygame
    from helpers.games import press

    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        for code in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) * 3:
            press(app, code)
        assert app.archive.flush(timeout=10) and app.archive.count_games() == 1
        board = app.session.game.grid
    finally:
        app.close()
    (tmp_path / ARCHIVE_FILE).write_bytes(b"")  # emptied between two runs
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        assert [n[:60] for n in app.view.notices] == [tr("notice_archive_restored", "en")[:60]]
        assert app.archive.count_games() == 1 and app.session.game.grid == board
    finally:
        app.close()
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        assert app.view.notices == []  # said once
    finally:
        app.close()
