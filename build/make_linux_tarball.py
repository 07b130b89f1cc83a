"""Packs the Linux release, dist/2048-linux-x86_64.tar.gz: one folder holding the executable,
install.sh (which puts the game into the applications menu), the licence and the notices of
what the executable bundles (THIRD-PARTY-NOTICES.txt, which the spec writes beside it).

Run from the repository root after `make exe` (`make tarball` does both):
    python build/make_linux_tarball.py [--exe dist/2048] [--out dist/2048-linux-x86_64.tar.gz]
"""

from __future__ import annotations

import argparse
import gzip
import os
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTICES = "THIRD-PARTY-NOTICES.txt"  # game/launch/notices.py's name for it
RELEASE = "2048-linux-x86_64"


def contents(exe: Path) -> list[tuple[Path, str, int]]:
    """(file, name in the folder, mode) for each file of the release."""
    return [
        (exe, "2048", 0o755),
        (ROOT / "build" / "install.sh", "install.sh", 0o755),
        (ROOT / "LICENSE", "LICENSE", 0o644),
        (exe.parent / NOTICES, NOTICES, 0o644),
    ]


def make_tarball(exe: Path, out: Path) -> Path:
    """Write the tarball: its files owned by root and dated by $SOURCE_DATE_EPOCH (`make
    tarball` sets it to the last commit's time) or else by the executable, whoever packs it
    and whenever; the gzip header carries that date too and no file name, so one executable
    packed twice gives the same bytes."""
    mtime = int(os.environ.get("SOURCE_DATE_EPOCH", exe.stat().st_mtime))
    out.parent.mkdir(parents=True, exist_ok=True)
    with (
        out.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=mtime) as packed,
        tarfile.open(fileobj=packed, mode="w", format=tarfile.PAX_FORMAT) as tar,
    ):
        folder = tarfile.TarInfo(RELEASE)
        folder.type, folder.mode, folder.mtime = tarfile.DIRTYPE, 0o755, mtime
        tar.addfile(folder)
        for source, name, mode in contents(exe):
            info = tar.gettarinfo(source, f"{RELEASE}/{name}")
            info.mode, info.mtime = mode, mtime
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            with source.open("rb") as data:
                tar.addfile(info, data)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exe", type=Path, default=ROOT / "dist" / "2048")
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / f"{RELEASE}.tar.gz")
    args = parser.parse_args()
    if not args.exe.is_file() or not (args.exe.parent / NOTICES).is_file():
        parser.error(f"no executable and {NOTICES} at {args.exe}: run `make exe` first")
    print(f"wrote {make_tarball(args.exe, args.out)}")


if __name__ == "__main__":
    main()
