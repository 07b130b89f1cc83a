"""Issue 13, security: the game writes only its own files, only in its folder, and reads only
regular files of a sane size, without ever hanging on one."""

from __future__ import annotations

import os
import sys
import threading

import pytest
from helpers.storage import disk_error, failing, snapshot

from game.core.settings import Settings
from game.platform.files import atomic_write
from game.storage.store import Storage

NAMES = ("settings.json", "settings.json.bak")
DARK = Settings(theme="dark", volume=40)
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links, FIFOs and modes")


@pytest.fixture
def outside(tmp_path):
    """A private file in a private folder beside the data folder: the target of planted links."""
    folder = tmp_path / "elsewhere"
    folder.mkdir(mode=0o700)
    target = folder / "secret.txt"
    target.write_bytes(b"not the game's")
    target.chmod(0o600)
    return target


# -- temporary files ----------------------------------------------------------------------------


@posix_only
def test_a_link_planted_at_a_temporary_name_while_the_game_runs_is_never_followed(
    tmp_path, outside
):
    data = tmp_path / "data"
    with Storage(data) as storage:
        for name in NAMES:
            (data / (name + ".tmp")).symlink_to(outside)
            (data / f".{name}.0123456789abcdef.tmp").symlink_to(outside)
        assert storage.save_settings(DARK)
    assert outside.read_bytes() == b"not the game's"
    with Storage(data) as again:
        assert again.load_settings() == DARK


def test_temporary_files_are_made_exclusively_and_never_through_a_link(tmp_path, monkeypatch):
    """The mechanism behind the test above: every file a write creates is created anew
    (O_EXCL), and where the system has it, a link at that name is refused (O_NOFOLLOW)."""
    real_open = os.open
    created = []

    def recording_open(path, flags, *args, **kwargs):
        if flags & os.O_CREAT:
            created.append(flags)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", recording_open)
    atomic_write(tmp_path / "file.json", b"bytes")
    assert created, "atomic_write created no file"
    for flags in created:
        assert flags & os.O_EXCL
        assert flags & getattr(os, "O_NOFOLLOW", 0) == getattr(os, "O_NOFOLLOW", 0)


def test_only_the_games_own_leftovers_are_removed_at_start(tmp_path, outside):
    data = tmp_path / "data"
    data.mkdir()
    # What a copy of the game killed mid-save leaves: removed at the next start.
    with Storage(data) as storage:
        assert storage.save_settings(Settings(volume=10))
        with (
            failing("replace", 1, disk_error(5)),
            failing("unlink", 1, disk_error(5)),
            failing("remove", 1, disk_error(5)),
        ):
            assert storage.save_settings(Settings(volume=20)) is False
    leftovers = {p.name for p in data.iterdir()} - {*NAMES, "game.lock"}
    assert leftovers, "the failed save left no temporary file to clear"
    # Not the game's: someone else's files that merely look alike, and a link named as a
    # leftover of the game's would be, which is neither followed nor removed.
    theirs = {"notes.json.tmp": b"mine", "photos.json.old.tmp": b"mine too", "x.json-1.tmp": b""}
    for name, content in theirs.items():
        (data / name).write_bytes(content)
    link = data / ".settings.json.fedcba9876543210.tmp"
    if sys.platform != "win32":
        link.symlink_to(outside)
    with Storage(data) as storage:
        assert storage.load_settings() == Settings(volume=10)
    names = {p.name for p in data.iterdir()}
    assert not names & leftovers
    for name, content in theirs.items():
        assert (data / name).read_bytes() == content
    if sys.platform != "win32":
        assert link.is_symlink()
    assert outside.read_bytes() == b"not the game's"


# -- what the game reads ------------------------------------------------------------------------


@posix_only
@pytest.mark.parametrize("name", NAMES)
def test_a_fifo_in_place_of_a_file_never_hangs_the_start(tmp_path, name):
    data = tmp_path / "data"
    with Storage(data) as storage:
        assert storage.save_settings(DARK)
    os.unlink(data / name)
    os.mkfifo(data / name)
    results = []
    loader = threading.Thread(
        target=lambda: results.append(Storage(data).load_settings()), daemon=True
    )
    loader.start()
    loader.join(timeout=10)
    if loader.is_alive():  # let the stuck reader go before failing
        os.close(os.open(data / name, os.O_WRONLY | os.O_NONBLOCK))
        loader.join(timeout=10)
        pytest.fail(f"reading a FIFO named {name} hung")
    # The other copy, a regular file, stands in for the FIFO.
    assert results == [DARK]


def test_a_huge_file_is_refused_without_being_read(tmp_path, monkeypatch):
    data = tmp_path / "data"
    with Storage(data) as storage:
        assert storage.save_settings(DARK)
    with open(data / "settings.json", "r+b") as file:
        file.truncate(3 << 30)  # sparse: 3 GB that take no room
    real_read = os.read
    biggest = [0]

    def watched_read(fd, count):
        biggest[0] = max(biggest[0], count)
        return real_read(fd, count)

    monkeypatch.setattr(os, "read", watched_read)
    assert Storage(data).load_settings() == DARK  # the backup
    assert 0 < biggest[0] <= 2 << 20


@posix_only
def test_no_write_goes_outside_the_data_folder_whatever_links_are_planted(tmp_path, outside):
    """Links at every name the game may write, planted before it starts: the game replaces
    the links with its own files, and the file they point at is never written."""
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    for name in NAMES:
        for copy in (name, name + ".tmp", f".{name}.0123456789abcdef.tmp"):
            (data / copy).symlink_to(outside)
    before = snapshot(outside.parent)
    with Storage(data) as storage:
        assert storage.load_settings() == Settings()
        assert storage.save_settings(DARK)
    assert snapshot(outside.parent) == before
    assert not any((data / name).is_symlink() for name in NAMES)
    assert Storage(data).load_settings() == DARK
