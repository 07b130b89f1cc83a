"""A second running copy of the game's storage, for the tests that need a real process.

storage_child.py counter DATA_DIR   save settings carrying a rising count until killed
storage_child.py forker DATA_DIR    for each line "go" read, fork a counter and say its pid
storage_child.py hold DATA_DIR      take the lock, say "locked", then wait to be killed
storage_child.py second DATA_DIR    try to load and save the settings; print what happened
storage_child.py open DATA_DIR      time how long taking the lock takes; print it
storage_child.py leave DATA_DIR     ask for 40 saves in the background, then end without close()

With "background" after DATA_DIR, counter, forker and leave save on the writer thread.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/, for helpers

from helpers.storage import count_of, counted  # noqa: E402

from game.core.settings import Settings  # noqa: E402
from game.storage.store import Storage  # noqa: E402
from game.text import notice_text  # noqa: E402


def say(*words: object) -> None:
    """One line, in one write: lines from a forker and its children never mix."""
    os.write(1, (" ".join(map(str, words)) + "\n").encode())


def counter(data_dir: str, background: bool = False) -> None:
    storage = Storage(data_dir, lock_wait=5, background=background).open()
    assert not storage.read_only, storage.notices
    value = count_of(storage.load_settings())
    say("start", value)
    while True:
        value += 1
        storage.save_settings(counted(value))
        storage.flush()
        say("saved", value)


def forker(data_dir: str, background: bool = False) -> None:
    """Many counters, each a fork of this process: a kill test without a Python start-up per
    kill. Says "pid P" for each counter, and "dead" once it is gone."""
    for _command in sys.stdin:
        pid = os.fork()
        if pid == 0:
            counter(data_dir, background)
        say("pid", pid)
        os.waitpid(pid, 0)
        say("dead")


def hold(data_dir: str) -> None:
    storage = Storage(data_dir, lock_wait=5).open()
    print("locked" if not storage.read_only else "refused", flush=True)
    time.sleep(120)


def second(data_dir: str) -> None:
    storage = Storage(data_dir, lock_wait=0.2).open()
    settings = storage.load_settings()
    report = {
        "read_only": storage.read_only,
        "loaded_theme": settings.theme,
        "saves": [
            storage.save_settings(Settings(theme="dark")),
            storage.save_settings(replace(settings, volume=10)),
        ],
        "notices": [notice_text(notice, "en") for notice in storage.pop_notices()],
    }
    storage.close()
    print(json.dumps(report), flush=True)


def leave(data_dir: str) -> None:
    storage = Storage(data_dir, background=True).open()
    for count in range(1, 41):
        storage.save_settings(counted(count))
    say("asked", 40)
    raise SystemExit(0)  # no close(): the program's end must still write what was asked


def open_lock(data_dir: str) -> None:
    started = time.perf_counter()
    storage = Storage(data_dir, lock_wait=5).open()
    print(json.dumps({"read_only": storage.read_only, "seconds": time.perf_counter() - started}))


if __name__ == "__main__":
    mode, folder, *options = sys.argv[1:]
    run = {
        "counter": counter,
        "forker": forker,
        "hold": hold,
        "second": second,
        "open": open_lock,
        "leave": leave,
    }[mode]
    run(folder, True) if options == ["background"] else run(folder)
