"""The game's log (game/launch/gamelog.py): its warnings kept in logs/2048.log beside the crash
logs, where a player of the executable or the app, who sees no stderr, can find them; rotated and
bounded; never written through a link."""

from __future__ import annotations

import logging
import os

import pytest
from helpers.paths import run_main

from game.launch.gamelog import BACKUPS, LOG_NAME, MAX_BYTES, start_log


@pytest.fixture
def root_logger():
    """The root logger as it was: each test's handler is taken away again."""
    logger = logging.getLogger()
    before = list(logger.handlers)
    yield logger
    for handler in logger.handlers[len(before) :]:
        handler.close()
        logger.removeHandler(handler)


def test_a_warning_of_the_running_game_is_kept_in_its_log(tmp_path):
    """A damaged kept-games file is warned about at start: the warning is in the log."""
    (tmp_path / "games.sqlite3").write_bytes(b"not a database at all" * 100)
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    result = run_main("--frames", "5", "--data-dir", str(tmp_path), env=env)
    assert result.returncode == 0, result.stderr
    log = (tmp_path / "logs" / LOG_NAME).read_text(encoding="utf-8")
    assert "WARNING" in log and "games.sqlite3" in log


def test_the_log_rotates_and_keeps_its_size_bounded(tmp_path, root_logger):
    path = start_log(tmp_path / "logs")
    assert path == tmp_path / "logs" / LOG_NAME
    words = logging.getLogger("game.test")
    for index in range(4 * MAX_BYTES // 100):
        words.warning("a line of about a hundred characters, number %06d %s", index, "x" * 40)
    kept = sorted(p.name for p in path.parent.iterdir() if p.name.startswith(LOG_NAME))
    assert kept == [LOG_NAME] + [f"{LOG_NAME}.{n}" for n in range(1, BACKUPS + 1)]
    assert sum(p.stat().st_size for p in path.parent.iterdir()) <= (BACKUPS + 1) * MAX_BYTES


@pytest.mark.skipif(os.name == "nt", reason="links need privileges on Windows")
def test_a_planted_link_is_never_written_through(tmp_path, root_logger):
    target = tmp_path / "elsewhere.txt"
    target.write_text("the player's own file\n")
    (tmp_path / "data" / "logs").mkdir(parents=True)
    (tmp_path / "data" / "logs" / LOG_NAME).symlink_to(target)
    assert start_log(tmp_path / "data" / "logs") is None
    logging.getLogger("game.test").warning("not for that file")
    assert target.read_text() == "the player's own file\n"
    (tmp_path / "data2").mkdir()
    (tmp_path / "data2" / "logs").symlink_to(tmp_path)  # a logs folder that is a link
    assert start_log(tmp_path / "data2" / "logs") is None


def test_a_log_the_disk_cannot_take_is_said_once_and_never_as_tracebacks(
    tmp_path, root_logger, capsys
):
    """On a full disk logging printed a "Logging error" traceback for every warning."""
    path = start_log(tmp_path / "logs")
    [handler] = [h for h in root_logger.handlers if getattr(h, "baseFilename", "") == str(path)]

    class FullDisk:
        def write(self, text):
            raise OSError(28, "No space left on device")

        def flush(self):
            pass

        def seek(self, *where):
            return 0

        def tell(self):
            return 0

    handler.stream = FullDisk()
    words = logging.getLogger("game.test")
    for index in range(3):
        words.warning("warning %d", index)
    said = capsys.readouterr().err
    assert said.count("cannot be written") == 1 and "No space left" in said
    assert "Traceback" not in said and "Logging error" not in said
