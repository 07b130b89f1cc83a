"""The solver's 4x4 row-table cache (issue 13): trusted only when the whole file checks out,
read only when it is a regular file of the right size, written with the storage's atomic write;
on any doubt the tables are built afresh."""

from __future__ import annotations

import array
import os
import random
import sys
import threading

import pytest
from helpers.storage import disk_error, failing

from game.solver.bitboard import BitLayout
from game.solver.table_cache import EDGE_ROWS, cache_path, load_tables, save_tables
from game.storage.store import Storage

ROWS = 1 << 16
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links and FIFOs")


@pytest.fixture(scope="module")
def fresh():
    """Tables built afresh, and the functions that compute one entry of each."""
    layout = BitLayout(4)
    tables = {"left": layout.left, "right": layout.right, "spread": layout.spread}
    compute = {"left": layout._left, "right": layout._right, "spread": layout._spread}
    return tables, compute


def _load(folder, compute):
    return load_tables(folder, compute, ROWS)


@pytest.mark.slow
def test_a_saved_cache_loads_back_exactly(tmp_path, fresh):
    tables, compute = fresh
    save_tables(tmp_path, tables)
    assert _load(tmp_path, compute) == tables
    assert BitLayout(4, tmp_path).left == tables["left"]


@pytest.mark.slow
def test_every_single_bit_flip_is_refused(tmp_path, fresh):
    tables, compute = fresh
    save_tables(tmp_path, tables)
    path = cache_path(tmp_path)
    raw = path.read_bytes()
    chooser = random.Random(13)
    positions = list(range(64)) + chooser.sample(range(64, len(raw)), 200)
    for position in positions:
        flipped = bytearray(raw)
        flipped[position] ^= 1 << chooser.randrange(8)
        path.write_bytes(bytes(flipped))
        assert _load(tmp_path, compute) is None, position


def test_a_doctored_cache_with_a_good_checksum_is_refused(tmp_path, fresh):
    """No move changes any row, except on the few rows a spot check would look at: the
    solver would think every board stuck, and autoplay would wait for ever."""
    tables, compute = fresh
    spot_checked = (0, 0x1111, 0x2211, 0x0102, 0xF0F0, 0x1234, 0xABCD, 0xFFFF)
    doctored = dict(tables)
    doctored["left"] = [tables["left"][row] if row in spot_checked else row for row in range(ROWS)]
    save_tables(tmp_path, doctored)
    assert _load(tmp_path, compute) is None
    assert BitLayout(4, tmp_path).left == tables["left"]  # rebuilt, and the good tables kept
    assert _load(tmp_path, compute) == tables


def test_a_cache_doctored_everywhere_but_the_rows_always_checked_is_refused(tmp_path, fresh):
    """One row in ten made to move nothing: the sample finds it, whatever rows it draws."""
    tables, compute = fresh
    doctored = dict(tables)
    doctored["left"] = [
        row if row % 10 == 3 and row not in EDGE_ROWS else tables["left"][row]
        for row in range(ROWS)
    ]
    save_tables(tmp_path, doctored)
    for _ in range(5):
        assert _load(tmp_path, compute) is None


def test_a_cache_built_by_other_rules_is_rebuilt(tmp_path, fresh):
    """Two largest tiles side by side (R2): a cache from a version that merged them differently
    is not this version's, whatever its checksum."""
    tables, compute = fresh
    other = dict(tables)
    other["left"] = list(tables["left"])
    other["left"][0xFFFF] = 0x00FF if tables["left"][0xFFFF] != 0x00FF else 0xFFFF
    save_tables(tmp_path, other)
    assert _load(tmp_path, compute) is None


@posix_only
def test_a_link_to_a_device_is_never_read(tmp_path, fresh, monkeypatch):
    _, compute = fresh
    os.symlink("/dev/zero", cache_path(tmp_path))
    real_read = os.read
    read = [0]

    def counted_read(fd, count):
        data = real_read(fd, count)
        read[0] += len(data)
        return data

    monkeypatch.setattr(os, "read", counted_read)
    assert _load(tmp_path, compute) is None
    assert read[0] == 0


def test_a_file_of_the_wrong_size_is_never_read(tmp_path, fresh, monkeypatch):
    _, compute = fresh
    with open(cache_path(tmp_path), "wb") as file:
        file.truncate(3 << 30)  # sparse: 3 GB that take no room
    real_read = os.read
    read = [0]

    def counted_read(fd, count):
        data = real_read(fd, count)
        read[0] += len(data)
        return data

    monkeypatch.setattr(os, "read", counted_read)
    assert _load(tmp_path, compute) is None
    assert read[0] == 0


@posix_only
def test_a_fifo_in_place_of_the_cache_never_hangs(tmp_path, fresh):
    _, compute = fresh
    os.mkfifo(cache_path(tmp_path))
    results = []
    loader = threading.Thread(target=lambda: results.append(_load(tmp_path, compute)))
    loader.daemon = True
    loader.start()
    loader.join(timeout=10)
    if loader.is_alive():
        os.close(os.open(cache_path(tmp_path), os.O_WRONLY | os.O_NONBLOCK))
        loader.join(timeout=10)
        pytest.fail("reading a FIFO in place of the cache hung")
    assert results == [None]


@pytest.mark.slow
def test_an_old_format_cache_is_rebuilt_and_the_old_file_removed(tmp_path, fresh):
    tables, compute = fresh
    old = tmp_path / "solver-rows-4x4-v1.bin"
    blob = b"".join(array.array("Q", tables[name]).tobytes() for name in tables)
    old.write_bytes(blob)  # exactly what version 1 wrote: three bare tables
    assert BitLayout(4, tmp_path).left == tables["left"]
    assert not old.exists()
    assert _load(tmp_path, compute) == tables


def test_a_cache_write_cut_off_leaves_only_a_leftover_the_storage_clears(tmp_path, fresh):
    """The cache is written with the storage's atomic write: a write killed half way leaves
    a temporary file of the game's own pattern, which the next start removes."""
    tables, _ = fresh
    with failing("replace", 1, disk_error(5)), failing("unlink", 1, disk_error(5)):
        save_tables(tmp_path, tables)  # a failure only costs a rebuild: nothing raised
    assert not cache_path(tmp_path).exists()
    assert list(tmp_path.iterdir()), "the cut-off write left nothing to clear"
    with Storage(tmp_path):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.lock"]
