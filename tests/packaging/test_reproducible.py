"""Reproducible downloads: the Linux tarball packed twice from one executable is the same
file, byte for byte, dated by SOURCE_DATE_EPOCH, whenever and by whom it is packed."""

from __future__ import annotations

import gzip
import importlib.util
import io
import os
import struct
import subprocess
import sys
import tarfile

import pytest
from helpers.paths import ROOT

ASSETS = ROOT / "assets"  # the committed icons, which build/make_icon.py writes

pytestmark = pytest.mark.packaging

EPOCH = 1_700_000_000  # any fixed moment: the last commit's, for `make tarball`


def make_linux_tarball():
    spec = importlib.util.spec_from_file_location(
        "make_linux_tarball", ROOT / "build" / "make_linux_tarball.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tarball_packed_twice_is_the_same_bytes_dated_by_source_date_epoch(
    tmp_path, monkeypatch
):
    exe = tmp_path / "2048"
    exe.write_bytes(b"\x7fELF stands in for the executable")
    (exe.parent / "THIRD-PARTY-NOTICES.txt").write_text("the notices", encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(EPOCH))
    pack = make_linux_tarball().make_tarball
    first = pack(exe, tmp_path / "first" / "release.tar.gz").read_bytes()
    os.utime(exe, (EPOCH + 5, EPOCH + 5))  # a later build of the same bytes
    second = pack(exe, tmp_path / "second" / "other-name.tar.gz").read_bytes()
    assert first == second
    # The gzip header's own time (bytes 4 to 8) is the epoch's, not the time of packing.
    assert struct.unpack("<I", first[4:8])[0] == EPOCH
    with tarfile.open(fileobj=gzip.GzipFile(fileobj=io.BytesIO(first))) as tar:
        assert {member.mtime for member in tar.getmembers()} == {EPOCH}


def test_the_committed_icons_are_what_make_icon_draws_now(tmp_path):
    # The script draws the same bytes on every run; the icons once lagged the palette's 2048
    # tile by one colour level, and every run rewrote all of them.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    script = ROOT / "build" / "make_icon.py"
    done = subprocess.run(
        [sys.executable, str(script), "--out", str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    drawn = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert len(drawn) == 11
    changed = sorted(
        str(path) for path, data in drawn.items() if (ASSETS / path).read_bytes() != data
    )
    assert changed == [], "run build/make_icon.py and commit the icons it makes"
