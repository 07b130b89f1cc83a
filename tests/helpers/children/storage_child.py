"""A second running copy of the game's storage, for the tests that need a real process.

storage_child.py counter DATA_DIR   save a rising counter (game and best score) until killed
storage_child.py forker DATA_DIR    for each line "go" read, fork a counter and say its pid
storage_child.py hold DATA_DIR      take the lock, say "locked", then wait to be killed
storage_child.py second DATA_DIR    try to load and save everything; print what happened
storage_child.py open DATA_DIR      time how long taking the lock takes; print it
"""

from __future__ import annotations

import json
import os
import sys
import time

from game.core.engine import Game
from game.core.settings import Settings
from game.storage.store import Storage
from game.text import notice_text


def say(*words: object) -> None:
    """One line, in one write: lines from a forker and its children never mix."""
    os.write(1, (" ".join(map(str, words)) + "\n").encode())


def counter(data_dir: str, background: bool = False) -> None:
    storage = Storage(data_dir, lock_wait=5, background=background).open()
    assert not storage.read_only, storage.notices
    saved = storage.load_game(4)
    game = saved.game if saved else Game.new(4, seed=11)
    value = saved.session["counter"] if saved else 0
    stats = storage.load_stats()
    say("start", value)
    while True:
        value += 1
        game.score = value
        storage.save_game(game, {"counter": value})
        stats = stats.score_reached(4, assisted=False, score=value, biggest_tile=2)
        storage.save_stats(stats)
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
    saved = storage.load_game(4)
    storage.load_settings()
    stats = storage.load_stats()
    game = saved.game if saved else Game.new(4, seed=2)
    report = {
        "read_only": storage.read_only,
        "loaded_score": saved.game.score if saved else None,
        "saves": [
            storage.save_game(game, {"phase": "playing"}),
            storage.save_game(Game.new(5, seed=3), {}),
            storage.save_settings(Settings(theme="dark")),
            storage.save_stats(stats.score_reached(4, assisted=False, score=10**6, biggest_tile=4)),
        ],
        "notices": [notice_text(notice, "en") for notice in storage.pop_notices()],
    }
    storage.close()
    print(json.dumps(report), flush=True)


def leave(data_dir: str) -> None:
    storage = Storage(data_dir, background=True).open()
    game = Game.new(4, seed=8)
    for index in range(40):
        game.score = index + 1
        storage.save_game(game, {"counter": index + 1})
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
