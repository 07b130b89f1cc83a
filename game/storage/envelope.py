"""The envelope every file of the game is written in: its kind, its version and a checksum.

Every file is one line of JSON, and its first bytes never change from one version to the next:

    {"crc32":"1a2b3c4d","format":"2048-settings","version":1,"data":{...}}

`crc32` is the CRC-32 (lower-case hex) of the file's bytes from `"format"` on, preceded by `{`,
so a truncated, zero-filled or bit-flipped file is told from a good one before anything in it
is believed. `format` names the kind of file, `version` its layout. An older version is
upgraded in memory (`UPGRADES`); a newer one is left exactly as it is, and that part of the game
runs without saving. When a format's layout changes, bump its version here and add the step that
upgrades the old data.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Callable, Mapping
from typing import Any

from game.platform.files import DamagedFile

SETTINGS_FORMAT = "2048-settings"
# Every format starts at 1 with the first release: no player has a file of an earlier layout.
VERSIONS: Mapping[str, int] = {SETTINGS_FORMAT: 1}
# (format, version) -> a function turning that version's data into the next version's data.
UPGRADES: Mapping[tuple[str, int], Callable[[Any], Any]] = {}

_HEADER = re.compile(rb'\{"crc32":"([0-9a-f]{8})",')


def encode_document(kind: str, data: Any, version: int | None = None) -> bytes:
    """The bytes of a file of this kind holding `data` (JSON-ready), with its checksum."""
    body = json.dumps(
        {"format": kind, "version": VERSIONS[kind] if version is None else version, "data": data},
        separators=(",", ":"),
        allow_nan=False,
    ).encode("ascii")
    return b'{"crc32":"%08x",' % zlib.crc32(body) + body[1:]


def decode_document(raw: bytes, kind: str) -> tuple[int, Any]:
    """(version, data) of a file of this kind; DamagedFile if the bytes are not one."""
    header = _HEADER.match(raw)
    if header is None:
        raise DamagedFile("no 2048 file header")
    body = b"{" + raw[header.end() :]
    if zlib.crc32(body) != int(header.group(1), 16):
        raise DamagedFile("checksum does not match: the file is damaged")
    try:
        document = json.loads(body.decode("ascii"), parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        raise DamagedFile(f"not JSON: {error}") from None
    if type(document) is not dict or document.get("format") != kind:
        raise DamagedFile(f"not a {kind} file")
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise DamagedFile("version: not a version number")
    if "data" not in document:
        raise DamagedFile("data: missing")
    return version, document["data"]


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a 2048 file holds")


def is_newer(kind: str, version: int) -> bool:
    """Whether a file of this version was written by a newer version of the game."""
    return version > VERSIONS[kind]


def upgrade(kind: str, version: int, data: Any) -> Any:
    """Data of an older version of this kind brought to the current version, in memory."""
    while version < VERSIONS[kind]:
        step = UPGRADES.get((kind, version))
        if step is None:
            raise DamagedFile(f"version: no way to read version {version}")
        data = step(data)
        version += 1
    return data
