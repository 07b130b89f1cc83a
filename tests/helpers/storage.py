"""Helpers shared by the storage tests: settings that carry a count, snapshots of a folder, a
child process, and system calls that fail on cue."""

from __future__ import annotations

import builtins
import contextlib
import errno
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.settings import MIN_WINDOW, Settings
from game.storage.envelope import SETTINGS_FORMAT, decode_document
from game.storage.schema import parse_settings
from game.text import notice_text
from helpers.paths import CHILDREN, ROOT

CHILD = CHILDREN / "storage_child.py"


# The count rides in the window's size: a width in 7000 steps, then the height.
_WIDTHS = 7000


def counted(count: int) -> Settings:
    """Settings that carry `count` (0 to 2 million), each count its own bytes on disk: what a
    test saves again and again, so that every save differs from the one before."""
    if not 0 <= count < _WIDTHS * 300:
        raise ValueError(f"count: {count} is out of range")
    width, height = MIN_WINDOW
    return Settings(window_size=(width + count % _WIDTHS, height + count // _WIDTHS))


def count_of(settings: Settings) -> int:
    """The count `counted` put in these settings; 0 for the defaults (nothing saved yet)."""
    if settings == Settings():
        return 0
    width, height = settings.window_size
    return (height - MIN_WINDOW[1]) * _WIDTHS + width - MIN_WINDOW[0]


def count_on_disk(path: Path) -> int:
    """The count in the settings file (or its backup) at `path`, read as the game reads it."""
    settings, rejected = parse_settings(decode_document(path.read_bytes(), SETTINGS_FORMAT)[1])
    assert rejected == [], rejected
    return count_of(settings)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, by relative name, with its bytes."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def start_child(*args: str) -> subprocess.Popen[str]:
    """children/storage_child.py in a new Python process, its output a pipe of text lines."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, str(CHILD), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def disk_error(code: int) -> OSError:
    if code in (errno.EACCES, errno.EPERM):
        return PermissionError(code, os.strerror(code))
    return OSError(code, os.strerror(code))


@contextlib.contextmanager
def failing(
    function_name: str, at_call: int, error: OSError, *, torn: bool = False
) -> Iterator[list[int]]:
    """Make os.<function_name> raise `error` at its `at_call`-th call (1-based) while inside.
    With `torn`, that os.write first writes half of its bytes for real, like a write cut off.
    Yields a one-item list holding the number of calls seen."""
    real = getattr(os, function_name)
    calls = [0]

    def fake(*args, **kwargs):
        calls[0] += 1
        if calls[0] == at_call:
            if torn:
                fd, data = args
                real(fd, bytes(data[: len(data) // 2]))
            raise error
        return real(*args, **kwargs)

    setattr(os, function_name, fake)
    try:
        yield calls
    finally:
        setattr(os, function_name, real)


@contextlib.contextmanager
def counting(function_name: str) -> Iterator[list[int]]:
    """Count the calls of os.<function_name> while inside (no failure)."""
    with failing(function_name, 0, OSError()) as calls:
        yield calls


@contextlib.contextmanager
def unreadable(*paths: Path) -> Iterator[None]:
    """Opening any of `paths` for reading fails with EACCES while inside, as a file of another
    user's or one after chmod 000 does (even for a test run as root, which may read anything)."""
    refused = {os.path.abspath(path) for path in paths}
    real_os_open, real_open = os.open, builtins.open

    def is_refused(path, writing: bool) -> bool:
        return (
            not writing
            and isinstance(path, str | os.PathLike)
            and (os.path.abspath(path) in refused)
        )

    def os_open(path, flags, *args, **kwargs):
        if is_refused(path, bool(flags & (os.O_WRONLY | os.O_RDWR))):
            raise disk_error(errno.EACCES)
        return real_os_open(path, flags, *args, **kwargs)

    def open_(file, mode="r", *args, **kwargs):
        if is_refused(file, any(c in mode for c in "wax+")):
            raise disk_error(errno.EACCES)
        return real_open(file, mode, *args, **kwargs)

    os.open, builtins.open = os_open, open_
    try:
        yield
    finally:
        os.open, builtins.open = real_os_open, real_open


def said(storage) -> list[str]:
    """The notices since the last call, as the player reads them in English."""
    return [notice_text(notice, "en") for notice in storage.pop_notices()]


LATIN1 = b"Ren\xe9e"  # an old Latin-1 name: its bytes are not UTF-8


def latin1_folder(parent: Path, name: bytes = LATIN1) -> Path:
    """A folder so named (on Linux, the system hands its name over with surrogate escapes)."""
    if sys.platform == "win32":
        pytest.skip("Windows names are UTF-16")
    try:
        os.mkdir(os.fsencode(parent) + b"/" + name)
    except OSError:
        pytest.skip("this file system takes only UTF-8 names")
    (folder,) = (parent / entry for entry in os.listdir(parent) if os.fsencode(entry) == name)
    assert not folder.name.isprintable()  # a lone surrogate: no font can measure it
    return folder
