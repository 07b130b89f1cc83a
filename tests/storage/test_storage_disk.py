"""Promise 5: a read-only or full disk does not stop the game. It plays on in memory, the player
is told once, no temporary file is left, and the next save tries again."""

from __future__ import annotations

import errno

import pytest
from helpers.storage import count_of, counted, disk_error, failing, said

from game.core.settings import Settings
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
    with Storage(tmp_path) as storage:
        assert storage.save_settings(counted(1))
        for count in (2, 3, 4):
            with failing(function_name, 1, disk_error(ERRORS[error_name])):
                assert storage.save_settings(counted(count)) is False
            assert not list(tmp_path.glob("*.tmp"))
        notices = said(storage)
        assert len(notices) == 1, notices
        assert "cannot be saved" in notices[0] and "keep playing" in notices[0]
        reader = Storage(tmp_path)
        assert count_of(reader.load_settings()) == 1  # the last good save is intact

        assert storage.save_settings(counted(5))  # tried again, and it works
        assert said(storage) == ["Saving works again."]
    assert count_of(Storage(tmp_path).load_settings()) == 5


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


def test_failing_saves_share_the_one_notice_whatever_their_error(tmp_path):
    """The first failure is told; the others, whatever their reason, wait for "works again"."""
    with Storage(tmp_path) as storage:
        for count, code in enumerate((errno.ENOSPC, errno.EROFS, errno.EIO, errno.ENOSPC), 1):
            with failing("replace", 1, disk_error(code)):
                assert storage.save_settings(counted(count)) is False
        notices = said(storage)
        assert len(notices) == 1 and "disk is full" in notices[0]
        assert storage.save_settings(counted(9))
        assert said(storage) == ["Saving works again."]


def test_a_data_folder_that_cannot_be_made_means_playing_without_saving(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    storage = Storage(blocker / "data").open()
    assert storage.read_only
    notices = said(storage)
    assert len(notices) == 1 and "cannot save" in notices[0]
    assert "a file where its data folder should be" in notices[0]
    assert storage.load_settings() == Settings()
    assert storage.save_settings(Settings(theme="dark")) is False
    assert said(storage) == []  # said once, at the start
    assert blocker.read_text() == "a file where the folder should be"
