"""The 4x4 row tables on disk, so that a solver process starts in milliseconds instead of
building them for half a second. The file is trusted only when all of it checks out.

    tables = load_tables(folder, {"left": compute_left, ...}, rows)   # None: build them
    save_tables(folder, tables)                                       # after building

The file, `solver-rows-4x4-v2.bin` in the given folder (the game's cache folder, made if missing):

    2048-solver-rows 2 65536 left,right,spread <crc32 in 8 hex>\n   then each table in turn,
    one unsigned 64-bit little-endian integer per row

The CRC-32 covers everything but itself, so a flipped bit anywhere is caught. The file is read
only if it is a regular file of exactly the expected size (game/platform/files.py), and a set
of rows is computed afresh and compared: the fixed ones where the rules are at their edges (two
largest tiles), and a random sample, which finds a file made by other rules or doctored with a
good checksum. Any doubt and the tables are built again. Written with the storage's atomic
write; a failure to write costs only the next start a rebuild.
"""

from __future__ import annotations

import array
import contextlib
import logging
import os
import random
import sys
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from game.platform.files import (
    DamagedFile,
    atomic_write,
    is_own_file,
    make_private_folder,
    read_file,
)

log = logging.getLogger("game.solver")
CACHE_VERSION = 2  # bump when the file's layout or the tables' meaning changes
_KIND = "2048-solver-rows"
_ENTRY = "Q"  # unsigned 64 bits: a spread row of a 4x4 board fills 52
# Rows where the rules are at their edges: empty, full of equal tiles, the largest tiles.
EDGE_ROWS = (0, 0x1111, 0x2211, 0x0102, 0xF0F0, 0x1234, 0xABCD, 0xEEFF, 0xFFFF, 0xFF00)
_SAMPLED_ROWS = 512  # a sample finds a file where more than one row in a hundred is off


def cache_path(tables_dir: str | os.PathLike[str]) -> Path:
    return Path(tables_dir) / f"solver-rows-4x4-v{CACHE_VERSION}.bin"


def _header(names: Sequence[str], rows: int) -> bytes:
    return f"{_KIND} {CACHE_VERSION} {rows} {','.join(names)} ".encode("ascii")


def _size(names: Sequence[str], rows: int) -> int:
    return len(_header(names, rows)) + 9 + rows * array.array(_ENTRY).itemsize * len(names)


def load_tables(
    tables_dir: str | os.PathLike[str], compute: Mapping[str, Callable[[int], int]], rows: int
) -> dict[str, list[int]] | None:
    """The tables named by `compute`'s keys, `rows` entries each, from the cache file; None if
    it is missing or not exactly right. `compute[name](row)` is the entry built afresh."""
    names = tuple(compute)
    try:
        raw = read_file(cache_path(tables_dir), _size(names, rows))
    except (OSError, DamagedFile):
        return None
    header = _header(names, rows)
    if len(raw) != _size(names, rows) or not raw.startswith(header):
        return None
    stored, body = raw[len(header) : len(header) + 9], raw[len(header) + 9 :]
    if stored != b"%08x\n" % zlib.crc32(body, zlib.crc32(header)):
        return None
    width = len(body) // len(names)
    tables = {}
    for index, name in enumerate(names):
        table = array.array(_ENTRY)
        table.frombytes(body[index * width : (index + 1) * width])
        if sys.byteorder != "little":
            table.byteswap()
        tables[name] = table.tolist()
    checked = [row for row in EDGE_ROWS if row < rows]
    checked += random.Random().sample(range(rows), min(rows, _SAMPLED_ROWS))
    for name, entry in compute.items():
        if any(tables[name][row] != entry(row) for row in checked):
            return None
    return tables


def discard_cache(tables_dir: str | os.PathLike[str]) -> None:
    """Remove the cache file (never what a link points to), when its tables proved wrong in
    use: the next solver builds them afresh. A failure is logged: the file's own checks still
    stand."""
    path = cache_path(tables_dir)
    try:
        if is_own_file(os.lstat(path)):
            os.unlink(path)
    except FileNotFoundError:
        return
    except OSError as error:
        log.warning("the solver's table file could not be removed: %s", error)


def save_tables(tables_dir: str | os.PathLike[str], tables: Mapping[str, Sequence[int]]) -> None:
    """Write the cache (and remove an older version's); a failure only costs the next start a
    rebuild, so it is not raised."""
    names = tuple(tables)
    rows = len(tables[names[0]])
    header = _header(names, rows)
    body = bytearray()
    for name in names:
        table = array.array(_ENTRY, tables[name])
        if sys.byteorder != "little":
            table.byteswap()
        body += table.tobytes()
    with contextlib.suppress(OSError):
        make_private_folder(tables_dir)
        atomic_write(
            cache_path(tables_dir), header + b"%08x\n" % zlib.crc32(body, zlib.crc32(header)) + body
        )
        for version in range(1, CACHE_VERSION):
            old = Path(tables_dir) / f"solver-rows-4x4-v{version}.bin"
            with contextlib.suppress(OSError):
                if is_own_file(os.lstat(old)):
                    os.unlink(old)
