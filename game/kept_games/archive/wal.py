"""Whether the archive's write-ahead log (games.sqlite3-wal) holds committed moves SQLite
would drop, read before SQLite opens the database.

    problem = wal_damage(path)   # None, or what is wrong (then set the database aside)

SQLite commits a move by appending frames to the -wal; the database file gets them at the next
checkpoint. Opening a database after a kill, SQLite reads the -wal's frames in order and keeps
them up to the last commit before the first frame whose salts or checksum do not match, then
writes over the rest: a damaged header, a frame flipped in the middle or a file cut short would
silently lose every move after the damage. What a kill mid-commit legitimately leaves (the
torn or uncommitted frames of the last transaction, older frames of an earlier round of the
log) is not damage: those moves were never committed.

The format (sqlite.org/walformat.html, sqlite.org/fileformat2.html#walformat): a 32-byte
header (magic, version 3007000, page size, checkpoint count, two salts, a checksum of the
first 24 bytes), then frames of a 24-byte header (page number, database size after a commit
or 0, the two salts, a cumulative checksum) and one page. How many frames were committed, the
-shm tells (its header's mxFrame, written after each commit, and nBackfill, the frames already
copied into the database): a -wal that ends before mxFrame, or whose frames stop matching
before it, lost committed moves. Without a -shm to trust, a commit frame that checks out after
the first bad frame says the same.
"""

from __future__ import annotations

import contextlib
import os
import stat
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

WAL_MAGIC = (0x377F0682, 0x377F0683)  # the low bit: checksums read big-endian words
WAL_VERSION = 3007000
WAL_HEADER = 32
FRAME_HEADER = 24
SHM_HEADER = 48  # one copy of the wal-index header; the -shm starts with two, then nBackfill
SHM_BACKFILL = 96
_MASK = 0xFFFFFFFF
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO in its place must not hang the start


@dataclass(frozen=True)
class Committed:
    """What the -shm says about the log it indexes (None if it cannot be trusted)."""

    salts: bytes
    frames: int  # mxFrame: the frames committed
    backfilled: int  # nBackfill: of those, the ones already in the database file


def wal_damage(database: Path) -> str | None:
    """What is wrong with `database`'s -wal, if it would lose committed moves; None when it is
    absent, empty or whole (a torn last transaction included)."""
    committed = _read_shm(database.with_name(database.name + "-shm"))
    raw = _read_regular(database.with_name(database.name + "-wal"))
    if not raw:
        if committed is not None and committed.frames > committed.backfilled:
            return f"its log is gone, with {committed.frames - committed.backfilled} frames"
        return None
    if len(raw) < WAL_HEADER:
        return "its log is shorter than its header"
    magic, version, page_size = struct.unpack_from(">III", raw)
    if magic not in WAL_MAGIC:
        return "its log's header is damaged"
    if version != WAL_VERSION or page_size & (page_size - 1) or not 512 <= page_size <= 65536:
        return "its log's header is not one SQLite writes"
    big = bool(magic & 1)
    salts = raw[16:24]
    sums = _checksum(raw[:24], 0, 0, big)
    if sums != struct.unpack_from(">II", raw, 24):
        return "its log's header does not match its checksum"
    frame_size = FRAME_HEADER + page_size
    count = (len(raw) - WAL_HEADER) // frame_size
    used = 0  # the frames SQLite will keep: up to the last commit before the first bad frame
    broken = None
    for index in range(count):
        frame = raw[WAL_HEADER + index * frame_size : WAL_HEADER + (index + 1) * frame_size]
        if not _frame_matches(frame, salts, sums, big):
            broken = index
            break
        sums = struct.unpack_from(">II", frame, 16)
        if struct.unpack_from(">I", frame, 4)[0]:  # a commit frame
            used = index + 1
    if committed is not None and committed.salts == salts:
        written = committed.frames
    else:
        written = _committed_after(raw, broken, count, frame_size, salts, big)
    backfilled = committed.backfilled if committed is not None and committed.salts == salts else 0
    if written > max(used, backfilled):
        return f"its log lost committed frames {max(used, backfilled) + 1} to {written}"
    return None


def _frame_matches(frame: bytes, salts: bytes, sums: tuple[int, int], big: bool) -> bool:
    """Whether `frame` follows a frame whose checksum is `sums`, as SQLite checks it."""
    if frame[8:16] != salts or frame[:4] == b"\0\0\0\0":
        return False
    after = _checksum(frame[FRAME_HEADER:], *_checksum(frame[:8], *sums, big), big)
    return after == struct.unpack_from(">II", frame, 16)


def _committed_after(
    raw: bytes, broken: int | None, count: int, frame_size: int, salts: bytes, big: bool
) -> int:
    """The last commit frame after the first bad one that checks out against the checksum the
    frame before it holds: committed frames SQLite will not reach (0 if there is none)."""
    if broken is None:
        return 0
    last = 0
    for index in range(broken + 1, count):
        start = WAL_HEADER + index * frame_size
        frame = raw[start : start + frame_size]
        before = struct.unpack_from(">II", raw, start - frame_size + 16)
        if struct.unpack_from(">I", frame, 4)[0] and _frame_matches(frame, salts, before, big):
            last = index + 1
    return last


def _checksum(data: bytes, first: int, second: int, big: bool) -> tuple[int, int]:
    """SQLite's WAL checksum of `data`, going on from (first, second)."""
    words = iter(struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data))
    for low, high in zip(words, words, strict=True):
        first = (first + low + second) & _MASK
        second = (second + high + first) & _MASK
    return first, second


def _read_shm(path: Path) -> Committed | None:
    """The -shm's word on the log, if its header is whole (its two copies the same, its
    checksum right, in this machine's byte order as SQLite writes it)."""
    raw = _read_regular(path, SHM_BACKFILL + 4)
    if len(raw) < SHM_BACKFILL + 4 or raw[:SHM_HEADER] != raw[SHM_HEADER : 2 * SHM_HEADER]:
        return None
    version, _, _, initialised, _, _, frames = struct.unpack_from("=IIIBBHI", raw)
    if version != WAL_VERSION or initialised != 1:
        return None
    sums = _checksum(raw[:40], 0, 0, big=sys.byteorder == "big")
    if sums != struct.unpack_from("=II", raw, 40):
        return None
    (backfilled,) = struct.unpack_from("=I", raw, SHM_BACKFILL)
    return Committed(salts=raw[32:40], frames=frames, backfilled=backfilled)


def _read_regular(path: Path, limit: int | None = None) -> bytes:
    """The bytes of a regular file (b"" if there is none, never through a link)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | _NONBLOCK)
    except OSError:  # none, or not ours to read: SQLite will say so itself
        return b""
    with contextlib.closing(os.fdopen(fd, "rb")) as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return b""
        return file.read() if limit is None else file.read(limit)
