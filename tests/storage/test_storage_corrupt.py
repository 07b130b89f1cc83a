"""Promise 2: a bad file never crashes the game and costs at most one save. It is refused, set
aside as NAME.corrupt-<time> (never deleted), the backup is used, and the player is told once."""

from __future__ import annotations

import errno
import json
import shutil
import tempfile
import zlib
from pathlib import Path

import pytest
from helpers.storage import count_of, counted, disk_error, failing, said
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule

from game.core.settings import Settings
from game.platform.files import DamagedFile
from game.storage.envelope import SETTINGS_FORMAT, decode_document, encode_document
from game.storage.store import Storage
from game.text import notice_text

MAIN, BACKUP = "settings.json", "settings.json.bak"
# Settings a player chose, every one of them away from its default.
CHOSEN = Settings(
    size=6,
    theme="dark",
    animation="fast",
    text_size="large",
    volume=30,
    muted=True,
    fullscreen=True,
    window_size=(1024, 900),
    undo_enabled=False,
    autoplay_pace="max",
    language="el",
)


@pytest.fixture
def storage(tmp_path):
    with Storage(tmp_path / "data", lock_wait=0) as opened:
        yield opened


@pytest.fixture(scope="module")
def real_save() -> bytes:
    """The bytes of a real settings file."""
    return encode_document(SETTINGS_FORMAT, CHOSEN.to_dict())


def _saved(storage, chosen: Settings = CHOSEN) -> bytes:
    assert storage.save_settings(chosen)
    return (storage.config_dir / MAIN).read_bytes()


def _aside(storage, name=MAIN):
    return sorted(storage.config_dir.glob(name + ".corrupt-*"))


def _assert_backup_used(storage, damaged: bytes):
    """The player gets the backup's settings back, one plain notice, and the damaged bytes
    kept."""
    assert storage.load_settings() == CHOSEN
    notices = storage.pop_notices()
    assert len(notices) == 1 and "backup" in notice_text(notices[0], "en")
    kept = _aside(storage)
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    assert kept[0].name in notice_text(notices[0], "en")
    assert notices[0].key == "restored_from_backup"  # for showing it in another language
    assert notices[0].fields == {"file": MAIN, "kept": kept[0].name}
    # Mended: both copies are good again, so a second accident is survived too.
    assert (storage.config_dir / MAIN).read_bytes() == (storage.config_dir / BACKUP).read_bytes()
    assert storage.load_settings() == CHOSEN
    assert storage.pop_notices() == []


# -- every truncation, zero fills, bit flips ----------------------------------------------------


def test_every_truncation_of_a_real_settings_file_is_refused(real_save):
    assert len(real_save) > 500
    for length in range(len(real_save)):
        with pytest.raises(DamagedFile):
            decode_document(real_save[:length], SETTINGS_FORMAT)
    decode_document(real_save, SETTINGS_FORMAT)  # and the whole file is fine


def test_truncated_saves_fall_back_to_the_backup(storage):
    raw = _saved(storage)
    for length in [0, 1, 9, 10, 20, 21, len(raw) // 2, len(raw) - 2, len(raw) - 1]:
        damaged = raw[:length]
        (storage.config_dir / MAIN).write_bytes(damaged)
        _assert_backup_used(storage, damaged)
        for path in _aside(storage):
            path.unlink()


@pytest.mark.parametrize("start", [0, 1, 100, 500, -1])
def test_zero_filled_saves_fall_back_to_the_backup(storage, start):
    """A crash on some file systems leaves the right length with zeros where data should be."""
    raw = _saved(storage)
    damaged = raw[:start] + bytes(len(raw) - start % len(raw))
    assert len(damaged) == len(raw) and damaged != raw
    (storage.config_dir / MAIN).write_bytes(damaged)
    _assert_backup_used(storage, damaged)


def test_every_bit_flip_anywhere_in_a_settings_file_is_refused(real_save):
    for position in range(len(real_save)):
        for bit in range(8):
            flipped = bytearray(real_save)
            flipped[position] ^= 1 << bit
            with pytest.raises(DamagedFile):
                decode_document(bytes(flipped), SETTINGS_FORMAT)


def test_a_bit_flipped_save_falls_back_to_the_backup(storage):
    raw = _saved(storage)
    for position in (3, 40, 300, len(raw) // 2, len(raw) - 3):
        flipped = bytearray(raw)
        flipped[position] ^= 0x10
        (storage.config_dir / MAIN).write_bytes(bytes(flipped))
        _assert_backup_used(storage, bytes(flipped))
        for path in _aside(storage):
            path.unlink()


# -- well-formed files that are still wrong -----------------------------------------------------


def _wrong_files() -> dict[str, bytes]:
    """Files with a good checksum, or none at all, that are not settings: the loader must check
    the envelope and what it holds. (A setting with a wrong value is not a damaged file: that
    setting alone takes its default, test_storage.py.)"""
    body = json.dumps({"format": SETTINGS_FORMAT, "version": 1, "data": {}}).encode()
    data = CHOSEN.to_dict()
    cases = {
        "not JSON at all": b"{this is not json",
        "JSON but not ours": b'{"crc32":"00000000",' + body[1:],
        "plain JSON settings": json.dumps(data).encode(),
        "another kind of file": encode_document("2048-game", data, version=1),
        "version zero": encode_document(SETTINGS_FORMAT, data, version=0),
        "version as text": encode_document(SETTINGS_FORMAT, data, version="1"),
        "data a list": encode_document(SETTINGS_FORMAT, [1, 2, 3]),
        "data a text": encode_document(SETTINGS_FORMAT, "dark"),
        "data null": encode_document(SETTINGS_FORMAT, None),
    }
    # A well-formed checksum over a body with no data, and over one carrying NaN, which JSON
    # does not have.
    for label, inner in [
        ("no data", b'{"format":"2048-settings","version":1}'),
        ("NaN", b'{"format":"2048-settings","version":1,"data":NaN}'),
    ]:
        cases[label] = b'{"crc32":"%08x",' % zlib.crc32(inner) + inner[1:]
    return cases


def test_files_that_are_not_settings_fall_back_to_the_backup(storage):
    _saved(storage)
    for label, damaged in _wrong_files().items():
        (storage.config_dir / MAIN).write_bytes(damaged)
        assert storage.load_settings() == CHOSEN, label
        assert [notice.key for notice in storage.pop_notices()] == ["restored_from_backup"], label
        assert [p.read_bytes() for p in _aside(storage)] == [damaged], label
        for path in _aside(storage):
            path.unlink()


def test_when_both_copies_are_bad_the_defaults_are_used_and_both_are_kept(storage, real_save):
    _saved(storage)
    (storage.config_dir / MAIN).write_bytes(real_save[:100])
    (storage.config_dir / BACKUP).write_bytes(b"\0" * 50)
    assert storage.load_settings() == Settings()
    notices = said(storage)
    assert len(notices) == 1
    assert "default settings are used" in notices[0] and ".corrupt-" in notices[0]
    assert [p.read_bytes() for p in _aside(storage)] == [real_save[:100]]
    assert [p.read_bytes() for p in _aside(storage, BACKUP)] == [b"\0" * 50]
    assert storage.load_settings() == Settings() and storage.pop_notices() == []  # told once


def test_a_bad_backup_beside_a_good_file_is_set_aside_and_written_again(storage):
    raw = _saved(storage)
    (storage.config_dir / BACKUP).write_bytes(b"garbage")
    assert storage.load_settings() == CHOSEN
    assert storage.pop_notices() == []  # nothing was lost: no need to worry the player
    assert (storage.config_dir / BACKUP).read_bytes() == raw
    assert [p.read_bytes() for p in _aside(storage, BACKUP)] == [b"garbage"]


def test_a_missing_file_with_its_backup_comes_back_from_the_backup(storage):
    raw = _saved(storage)
    (storage.config_dir / MAIN).unlink()
    assert storage.load_settings() == CHOSEN
    assert (storage.config_dir / MAIN).read_bytes() == raw


def test_a_damaged_save_costs_at_most_the_last_save(storage):
    """Every good save also refreshes the backup: after damage, the player is where they were at
    the last save, not at some older one."""
    for volume in range(0, 101, 10):
        _saved(storage, Settings(volume=volume))
    (storage.config_dir / MAIN).write_bytes(b"{}")
    assert storage.load_settings() == Settings(volume=100)


def test_a_copy_that_may_not_write_leaves_a_bad_file_where_it_is(tmp_path):
    with Storage(tmp_path) as writer:
        raw = _saved(writer)
        (tmp_path / MAIN).write_bytes(raw[:50])
        reader = Storage(tmp_path, lock_wait=0).open()  # the lock is taken: read-only
        assert reader.read_only
        assert reader.load_settings() == CHOSEN
        assert reader.load_settings() == CHOSEN
        assert len([n for n in said(reader) if "backup" in n]) == 1  # once
        assert (tmp_path / MAIN).read_bytes() == raw[:50]
        assert not list(tmp_path.glob("*.corrupt-*"))


def test_damaged_settings_in_a_folder_of_their_own_are_set_aside_there(tmp_path):
    """The settings live in the configuration folder, apart from the data: that is where their
    damaged copy is kept and where they are mended."""
    data, config = tmp_path / "data", tmp_path / "config"
    config.mkdir()
    with Storage(data, config_dir=config) as storage:
        raw = _saved(storage)
        assert sorted(p.name for p in config.iterdir()) == [MAIN, BACKUP]
        (config / MAIN).write_bytes(b"\xff\xfe")
        _assert_backup_used(storage, b"\xff\xfe")
    assert sorted(p.name for p in data.iterdir()) == ["game.lock"]
    assert (config / MAIN).read_bytes() == raw


# -- any mix of accidents -----------------------------------------------------------------------


class SettingsOnDisk(RuleBasedStateMachine):
    """Settings changed and saved, saves cut off, one copy damaged at a time, and crashes, in any
    order: after every restart the settings are the last ones fully saved or newer ones the
    player chose, never older and never made up."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="settings-"))
        self.storage = Storage(self.folder, lock_wait=0).open()
        self.chosen = 0  # the count of the settings last asked to be saved
        self.saved = 0  # the count in the last save that fully succeeded
        self.damaged = False  # one copy damaged since both were last written

    def _save(self) -> None:
        self.chosen += 1  # each save differs from the one before: none is skipped
        if self.storage.save_settings(counted(self.chosen)):
            self.saved = self.chosen
            self.damaged = False

    @rule()
    def change(self) -> None:
        """A setting changed, and the save after it, as the app does."""
        self._save()

    @rule(function=st.sampled_from(["write", "fsync", "replace", "open"]), at=st.integers(1, 6))
    def save_cut_off(self, function: str, at: int) -> None:
        with failing(function, at, disk_error(errno.EIO)):
            self._save()

    @precondition(lambda self: not self.damaged)  # one copy at a time: two are what we keep
    @rule(
        name=st.sampled_from([MAIN, BACKUP]),
        how=st.sampled_from(["truncate", "flip", "zeros", "garbage", "delete"]),
        where=st.floats(0, 1, exclude_max=True),
    )
    def damage(self, name: str, how: str, where: float) -> None:
        path = self.folder / name
        if not path.exists():
            return
        raw = path.read_bytes()
        spot = int(where * len(raw))
        if how == "truncate":
            path.write_bytes(raw[:spot])
        elif how == "flip":
            path.write_bytes(raw[:spot] + bytes([raw[spot] ^ 0x04]) + raw[spot + 1 :])
        elif how == "zeros":
            path.write_bytes(raw[:spot] + bytes(len(raw) - spot))
        elif how == "garbage":
            path.write_bytes(b'{"volume": 100}')
        else:
            path.unlink()
        self.damaged = True

    @rule()
    def crash_and_restart(self) -> None:
        """The process dies (nothing more is saved) and the game starts again."""
        self.storage.close()
        self.storage = Storage(self.folder, lock_wait=0).open()
        loaded = count_of(self.storage.load_settings())
        assert self.saved <= loaded <= self.chosen, (self.saved, loaded, self.chosen)
        self.storage.pop_notices()
        self.damaged = False  # loading mended the damaged copy from the good one

    def teardown(self) -> None:
        self.storage.close()
        shutil.rmtree(self.folder, ignore_errors=True)


SettingsOnDisk.TestCase.settings = settings(max_examples=30, stateful_step_count=40, deadline=None)
test_any_mix_of_cut_off_saves_damage_and_crashes_costs_at_most_the_last_save = (
    SettingsOnDisk.TestCase
)
test_any_mix_of_cut_off_saves_damage_and_crashes_costs_at_most_the_last_save.pytestmark = [
    pytest.mark.slow
]


# -- whatever the bytes -------------------------------------------------------------------------

_ANY_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@pytest.mark.slow
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(main=st.binary(max_size=300), backup=st.one_of(st.none(), st.binary(max_size=60)))
def test_any_bytes_never_crash_the_loader(tmp_path_factory, real_save, main, backup):
    folder = tmp_path_factory.mktemp("any")
    (folder / MAIN).write_bytes(main)
    (folder / BACKUP).write_bytes(real_save if backup is None else backup)
    with Storage(folder, lock_wait=0) as storage:
        assert storage.load_settings() == (CHOSEN if backup is None else Settings())
        assert len(storage.pop_notices()) == 1  # the file could not be read


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(data=_ANY_JSON | st.dictionaries(st.sampled_from(sorted(CHOSEN.to_dict())), _ANY_JSON))
def test_any_well_formed_file_never_crashes_the_loader_and_loads_the_same_after_a_save(
    tmp_path_factory, data
):
    folder = tmp_path_factory.mktemp("json")
    (folder / MAIN).write_bytes(encode_document(SETTINGS_FORMAT, data))
    with Storage(folder) as storage:
        loaded = storage.load_settings()
        assert isinstance(loaded, Settings)
        assert len(storage.pop_notices()) <= 1
        storage.save_settings(loaded)
    with Storage(folder) as storage:
        assert storage.load_settings() == loaded and storage.pop_notices() == []
