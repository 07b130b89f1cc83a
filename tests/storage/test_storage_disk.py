"""Promise 5: a read-only or full disk does not stop the game. It plays on in memory, the player
is told once, no temporary file is left, and the next save tries again."""

from __future__ import annotations

import errno

import pytest
from helpers.storage import disk_error, failing, played_game, said

from game.core.settings import Settings
from game.core.stats import Stats
from game.storage.store import Storage

ERRORS = {
    "disk full": errno.ENOSPC,
    "read-only disk": errno.EROFS,
    "no permission": errno.EACCES,
    "not permitted": errno.EPERM,
}


@pytest.mark.parametrize("function_name", ["open", "write", "fsync", "replace"])
@pytest.mark.parametrize("error_name", list(ERRORS))
def test_the_game_plays_on_when_the_disk_refuses_and_saves_again_when_it_can(
    tmp_path, function_name, error_name
):
    game = played_game(seed=3, moves=5)
    with Storage(tmp_path) as storage:
        assert storage.save_game(game, {"moves": game.moves})
        for _ in range(3):
            game.move(game.valid_directions()[0])
            with failing(function_name, 1, disk_error(ERRORS[error_name])):
                assert storage.save_game(game, {"moves": game.moves}) is False
            assert not list(tmp_path.glob("*.tmp"))
        notices = said(storage)
        assert len(notices) == 1, notices
        assert "cannot be saved" in notices[0] and "keep playing" in notices[0]
        reader = Storage(tmp_path)
        assert reader.load_game(4).session["moves"] == 5  # the last good save is intact

        game.move(game.valid_directions()[0])
        assert storage.save_game(game, {"moves": game.moves})  # tried again, and it works
        assert said(storage) == ["Saving works again."]
    assert Storage(tmp_path).load_game(4).game.to_dict() == game.to_dict()


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENOSPC, "the disk is full"),
        (errno.EROFS, "the disk is read-only"),
        (errno.EACCES, "not allowed to write"),
        (errno.EIO, "disk error"),
    ],
)
def test_the_notice_says_what_is_wrong_in_plain_words(tmp_path, code, words):
    with Storage(tmp_path) as storage, failing("write", 1, disk_error(code)):
        assert storage.save_settings(Settings()) is False
        assert words in said(storage)[0]


def test_settings_and_stats_saves_share_the_one_notice(tmp_path):
    with Storage(tmp_path) as storage:
        with failing("replace", 1, disk_error(errno.ENOSPC)):
            storage.save_settings(Settings())
        with failing("replace", 1, disk_error(errno.ENOSPC)):
            storage.save_stats(Stats())
        with failing("replace", 1, disk_error(errno.ENOSPC)):
            storage.save_game(played_game(), {})
        assert len(storage.pop_notices()) == 1


def test_a_data_folder_that_cannot_be_made_means_playing_without_saving(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    storage = Storage(blocker / "data").open()
    assert storage.read_only
    notices = said(storage)
    assert len(notices) == 1 and "cannot save" in notices[0]
    assert "a file where its data folder should be" in notices[0]
    assert storage.load_game(4) is None and storage.load_settings() == Settings()
    assert storage.save_game(played_game(), {}) is False
    assert blocker.read_text() == "a file where the folder should be"


def test_a_nearly_full_disk_says_cannot_save_once_not_turn_and_turn_about(tmp_path):
    """Issue 21: on a nearly full disk the big game file failed while the small statistics
    saved, and "cannot be saved" and "Saving works again" took turns at every move."""
    game = played_game(seed=3, moves=5)
    stats = Stats()
    with Storage(tmp_path) as storage:
        for _ in range(4):
            game.move(game.valid_directions()[0])
            with failing("fsync", 1, disk_error(errno.ENOSPC)):
                assert storage.save_game(game, {}) is False  # the bigger file: no room
            stats = stats.score_reached(4, assisted=False, score=game.score, biggest_tile=8)
            assert storage.save_stats(stats)  # the small one still fits
        notices = said(storage)
        assert len(notices) == 1 and "disk is full" in notices[0]
        assert storage.save_game(game, {})  # room again for the game too
        assert said(storage) == ["Saving works again."]
