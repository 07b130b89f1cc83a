"""Promise 2: a bad file never crashes the game and costs at most one save. It is refused, set
aside as NAME.corrupt-<time> (never deleted), the backup is used, and the player is told once."""

from __future__ import annotations

import json
import random
import zlib

import pytest
from helpers.storage import played_game, said
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.settings import Settings
from game.core.stats import Stats
from game.platform.files import DamagedFile
from game.storage.envelope import (
    GAME_FORMAT,
    SETTINGS_FORMAT,
    STATS_FORMAT,
    decode_document,
    encode_document,
)
from game.storage.store import Storage
from game.text import notice_text

MAIN, BACKUP = "game-4.json", "game-4.json.bak"


@pytest.fixture
def storage(tmp_path):
    with Storage(tmp_path / "data", lock_wait=0) as opened:
        yield opened


@pytest.fixture(scope="module")
def real_save():
    """The bytes of a real save: a 4x4 game 30 moves in, with its undo history."""
    game = played_game(seed=7, moves=30)
    return game, encode_document(GAME_FORMAT, {"game": game.to_dict(), "session": {"x": 1}})


def _saved(storage, game):
    assert storage.save_game(game, {"phase": "playing"})
    return (storage.data_dir / MAIN).read_bytes()


def _aside(storage, name=MAIN):
    return sorted(storage.data_dir.glob(name + ".corrupt-*"))


def _assert_backup_used(storage, game, damaged: bytes):
    """The player gets the backup's game back, one plain notice, and the damaged bytes kept."""
    saved = storage.load_game(4)
    assert saved is not None and saved.game.to_dict() == game.to_dict()
    notices = storage.pop_notices()
    assert len(notices) == 1 and "backup" in notice_text(notices[0], "en")
    kept = _aside(storage)
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    assert kept[0].name in notice_text(notices[0], "en")
    assert notices[0].key == "restored_from_backup"  # for showing it in another language
    assert notices[0].fields == {"file": MAIN, "size": "4", "kept": kept[0].name}
    # Mended: both copies are good again, so a second accident is survived too.
    assert (storage.data_dir / MAIN).read_bytes() == (storage.data_dir / BACKUP).read_bytes()
    assert storage.load_game(4).game.to_dict() == game.to_dict()
    assert storage.pop_notices() == []


# -- every truncation, zero fills, bit flips ----------------------------------------------------


@pytest.mark.slow
def test_every_truncation_of_a_real_save_is_refused(real_save):
    _, raw = real_save
    assert len(raw) > 10_000
    for length in range(len(raw)):
        with pytest.raises(DamagedFile):
            decode_document(raw[:length], GAME_FORMAT)
    decode_document(raw, GAME_FORMAT)  # and the whole file is fine


def test_truncated_saves_fall_back_to_the_backup(storage, real_save):
    game, _ = real_save
    raw = _saved(storage, game)
    for length in [0, 1, 9, 10, 20, 21, len(raw) // 2, len(raw) - 2, len(raw) - 1]:
        damaged = raw[:length]
        (storage.data_dir / MAIN).write_bytes(damaged)
        _assert_backup_used(storage, game, damaged)
        for path in _aside(storage):
            path.unlink()


@pytest.mark.parametrize("start", [0, 1, 100, 5000, -1])
def test_zero_filled_saves_fall_back_to_the_backup(storage, real_save, start):
    """A crash on some file systems leaves the right length with zeros where data should be."""
    game, _ = real_save
    raw = _saved(storage, game)
    damaged = raw[:start] + bytes(len(raw) - start % len(raw))
    assert len(damaged) == len(raw) and damaged != raw
    (storage.data_dir / MAIN).write_bytes(damaged)
    _assert_backup_used(storage, game, damaged)


def test_every_bit_flip_in_the_header_and_a_sample_elsewhere_is_refused(real_save):
    _, raw = real_save
    chooser = random.Random(4)
    positions = list(range(64)) + list(range(len(raw) - 64, len(raw)))
    positions += chooser.sample(range(64, len(raw) - 64), 1500)
    for position in positions:
        for bit in range(8):
            flipped = bytearray(raw)
            flipped[position] ^= 1 << bit
            with pytest.raises(DamagedFile):
                decode_document(bytes(flipped), GAME_FORMAT)


def test_a_bit_flipped_save_falls_back_to_the_backup(storage, real_save):
    game, _ = real_save
    raw = _saved(storage, game)
    for position in (3, 40, 700, len(raw) // 2, len(raw) - 3):
        flipped = bytearray(raw)
        flipped[position] ^= 0x10
        (storage.data_dir / MAIN).write_bytes(bytes(flipped))
        _assert_backup_used(storage, game, bytes(flipped))
        for path in _aside(storage):
            path.unlink()


# -- well-formed files that are still wrong -----------------------------------------------------


def _game_data(game, **changes):
    """A save's data with changes by dotted path ("game.grid.0.0"); KeyError deletes."""
    data = {"game": game.to_dict(), "session": {"phase": "playing"}}
    for path, value in changes.items():
        keys = [int(key) if key.isdigit() else key for key in path.split(".")]
        target = data
        for key in keys[:-1]:
            target = target[key]
        if value is KeyError:
            del target[keys[-1]]
        else:
            target[keys[-1]] = value
    return data


def _wrong_files(game):
    """Files with a good checksum whose content is wrong: the loader must check it all."""
    body = json.dumps({"format": GAME_FORMAT, "version": 1, "data": {}}).encode()
    size5 = played_game(size=5, seed=1, moves=3)
    cases = {
        "not JSON at all": b"{this is not json",
        "JSON but not ours": b'{"crc32":"00000000",' + body[1:],
        "wrong format": encode_document(SETTINGS_FORMAT, _game_data(game)),
        "version zero": encode_document(GAME_FORMAT, _game_data(game), version=0),
        "score as text": encode_document(GAME_FORMAT, _game_data(game, **{"game.score": "12"})),
        "score negative": encode_document(GAME_FORMAT, _game_data(game, **{"game.score": -4})),
        "won as a number": encode_document(GAME_FORMAT, _game_data(game, **{"game.won": 1})),
        "three undos too many": encode_document(
            GAME_FORMAT, _game_data(game, **{"game.undos_left": 8})
        ),
        "a 3 on the board": encode_document(GAME_FORMAT, _game_data(game, **{"game.grid.0.0": 3})),
        "a row too short": encode_document(
            GAME_FORMAT, _game_data(game, **{"game.grid.1": [2, 2, 2]})
        ),
        "no random state": encode_document(
            GAME_FORMAT, _game_data(game, **{"game.random_state": KeyError})
        ),
        "negative clock": encode_document(GAME_FORMAT, _game_data(game, **{"game.seconds": -1.0})),
        "a 5x5 game in the 4x4 file": encode_document(
            GAME_FORMAT, {"game": size5.to_dict(), "session": {}}
        ),
        "session not a mapping": encode_document(
            GAME_FORMAT, _game_data(game, session=["playing"])
        ),
        "session holding a list": encode_document(
            GAME_FORMAT, _game_data(game, **{"session.phase": ["playing"]})
        ),
        "no session": encode_document(GAME_FORMAT, _game_data(game, session=KeyError)),
        "data a list": encode_document(GAME_FORMAT, [1, 2, 3]),
    }
    # A well-formed checksum over a body carrying NaN, which JSON does not have.
    nan_body = b'{"format":"2048-game","version":1,"data":NaN}'
    cases["NaN"] = b'{"crc32":"%08x",' % zlib.crc32(nan_body) + nan_body[1:]
    return cases


def test_wrongly_typed_or_out_of_range_files_fall_back_to_the_backup(storage, real_save):
    game, _ = real_save
    _saved(storage, game)
    for label, damaged in _wrong_files(game).items():
        (storage.data_dir / MAIN).write_bytes(damaged)
        saved = storage.load_game(4)
        assert saved is not None and saved.game.to_dict() == game.to_dict(), label
        assert len(storage.pop_notices()) == 1, label
        assert [p.read_bytes() for p in _aside(storage)] == [damaged], label
        for path in _aside(storage):
            path.unlink()


def test_when_both_copies_are_bad_a_new_game_starts_and_both_are_kept(storage, real_save):
    game, raw = real_save
    _saved(storage, game)
    (storage.data_dir / MAIN).write_bytes(raw[:100])
    (storage.data_dir / BACKUP).write_bytes(b"\0" * 50)
    assert storage.load_game(4) is None
    notices = said(storage)
    assert len(notices) == 1
    assert "new game was started" in notices[0] and ".corrupt-" in notices[0]
    assert [p.read_bytes() for p in _aside(storage)] == [raw[:100]]
    assert [p.read_bytes() for p in _aside(storage, BACKUP)] == [b"\0" * 50]
    assert storage.load_game(4) is None and storage.pop_notices() == []  # told only once


def test_a_bad_backup_beside_a_good_file_is_set_aside_and_written_again(storage, real_save):
    game, _ = real_save
    raw = _saved(storage, game)
    (storage.data_dir / BACKUP).write_bytes(b"garbage")
    assert storage.load_game(4).game.to_dict() == game.to_dict()
    assert storage.pop_notices() == []  # nothing was lost: no need to worry the player
    assert (storage.data_dir / BACKUP).read_bytes() == raw
    assert [p.read_bytes() for p in _aside(storage, BACKUP)] == [b"garbage"]


def test_a_missing_file_with_its_backup_comes_back_from_the_backup(storage, real_save):
    game, _ = real_save
    raw = _saved(storage, game)
    (storage.data_dir / MAIN).unlink()
    assert storage.load_game(4).game.to_dict() == game.to_dict()
    assert (storage.data_dir / MAIN).read_bytes() == raw


def test_a_damaged_save_costs_at_most_the_last_save(storage):
    """Every good save also refreshes the backup: after damage, the player is where they were at
    the last save, not at some older one."""
    game = played_game(seed=12, moves=0)
    for direction in game.valid_directions() * 5:
        if game.move(direction):
            storage.save_game(game, {"phase": "playing"})
    (storage.data_dir / MAIN).write_bytes(b"{}")
    assert storage.load_game(4).game.to_dict() == game.to_dict()


def test_a_copy_that_may_not_write_leaves_a_bad_file_where_it_is(tmp_path, real_save):
    game, raw = real_save
    with Storage(tmp_path) as writer:
        _saved(writer, game)
        (tmp_path / MAIN).write_bytes(raw[:50])
        reader = Storage(tmp_path, lock_wait=0).open()  # the lock is taken: read-only
        assert reader.read_only
        assert reader.load_game(4).game.to_dict() == game.to_dict()
        assert reader.load_game(4) is not None
        assert len([n for n in said(reader) if "backup" in n]) == 1  # once
        assert (tmp_path / MAIN).read_bytes() == raw[:50]
        assert not list(tmp_path.glob("*.corrupt-*"))


def test_damaged_settings_and_stats_fall_back_too(storage):
    storage.save_settings(Settings(theme="dark"))
    stats = Stats().score_reached(4, assisted=False, score=3000, biggest_tile=256)
    storage.save_stats(stats)
    (storage.data_dir / "settings.json").write_bytes(b"\xff\xfe")
    (storage.data_dir / "stats.json").write_bytes(b"")
    assert storage.load_settings() == Settings(theme="dark")
    assert storage.load_stats() == stats
    assert len(storage.pop_notices()) == 2

    (storage.data_dir / "settings.json").write_bytes(b"\xff\xfe")
    (storage.data_dir / "settings.json.bak").write_bytes(b"\xff\xfe")
    assert storage.load_settings() == Settings()
    assert "default settings" in said(storage)[0]


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
    game, raw = real_save
    folder = tmp_path_factory.mktemp("any")
    for name in ("game-4.json", "settings.json", "stats.json"):
        (folder / name).write_bytes(main)
        (folder / (name + ".bak")).write_bytes(raw if backup is None else backup)
    with Storage(folder, lock_wait=0) as storage:
        saved = storage.load_game(4)
        assert saved is None if backup is not None else saved.game.to_dict() == game.to_dict()
        assert isinstance(storage.load_settings(), Settings)
        assert isinstance(storage.load_stats(), Stats)
        assert len(storage.pop_notices()) == 3  # one per file: each could not be read


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(data=_ANY_JSON, kind=st.sampled_from([GAME_FORMAT, SETTINGS_FORMAT, STATS_FORMAT]))
def test_any_well_formed_file_never_crashes_the_loader(tmp_path_factory, data, kind):
    folder = tmp_path_factory.mktemp("json")
    name = {GAME_FORMAT: "game-4.json", SETTINGS_FORMAT: "settings.json"}.get(kind, "stats.json")
    (folder / name).write_bytes(encode_document(kind, data))
    storage = Storage(folder)
    assert storage.load_game(4) is None  # random data is never a whole game
    assert isinstance(storage.load_settings(), Settings)
    assert isinstance(storage.load_stats(), Stats)
