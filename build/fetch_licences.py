"""Fetches the licence texts of the libraries pygame-ce bundles into
build/licenses/pygame-ce-<version>/, where build/make_notices.py adds them to the executable's
THIRD-PARTY-NOTICES.txt.

pygame-ce's wheel, which the executable bundles, carries SDL2, SDL2_mixer, SDL2_image,
SDL2_ttf, freetype, libpng, fluidsynth, mpg123, opus, vorbis, FLAC and more, many under the
LGPL, but none of their licence texts. Its source archive has them: docs/LGPL.txt (pygame-ce's
own licence) and docs/licenses/LICENSE.*.txt (one a library), copied here byte for byte. They
are committed, so that building the executable needs no network and makes the same notices
every time. The archive is the one the lock (build/requirements.txt) pins: its address comes
from the package index, and it is refused unless its sha256 is one the lock lists for
pygame-ce.

After `make lock` moves pygame-ce to another version (tests/packaging/test_licence_texts.py
then fails), run this again and commit what it changes: it writes the new version's folder and
removes the other versions'.

    python build/fetch_licences.py [--sdist pygame_ce-<version>.tar.gz]

--sdist reads an archive downloaded already, checked against the lock just the same.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import shutil
import tarfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "build" / "requirements.txt"
LICENCES = ROOT / "build" / "licenses"  # build/make_notices.py reads them from here
PROJECT = "pygame-ce"
INDEX = "https://pypi.org/simple/pygame-ce/"
SIMPLE_JSON = "application/vnd.pypi.simple.v1+json"  # the index's JSON API (PEP 691)
# The files taken from the archive (under its top folder), and the name each is written as.
WANTED = re.compile(r"[^/]+/docs/(LGPL\.txt|licenses/(LICENSE\.[A-Za-z0-9_.+-]+\.txt))")


def folder(version: str) -> Path:
    return LICENCES / f"{PROJECT}-{version}"


def locked(lock: Path = LOCK) -> tuple[str, set[str]]:
    """The version of pygame-ce the lock pins, and the sha256 of each of its files."""
    lines = lock.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        pinned = re.match(rf"{re.escape(PROJECT)}==([^\s;\\]+)", line)
        if pinned:
            hashes = set()
            for following in lines[number + 1 :]:
                found = re.match(r"\s+--hash=sha256:([0-9a-f]{64})", following)
                if not found:
                    break
                hashes.add(found.group(1))
            return pinned.group(1), hashes
    raise SystemExit(f"{lock} pins no {PROJECT}")


def sdist_url(version: str) -> str:
    """The address of that version's source archive, from the package index."""
    request = urllib.request.Request(INDEX, headers={"Accept": SIMPLE_JSON})
    with urllib.request.urlopen(request, timeout=60) as answer:
        files = json.load(answer)["files"]
    name = f"{PROJECT.replace('-', '_')}-{version}.tar.gz"
    for file in files:
        if file["filename"] == name:
            return file["url"]
    raise SystemExit(f"the package index has no {name}")


def download(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=300) as answer:
        return answer.read()


def checked(archive: bytes, hashes: set[str], version: str) -> bytes:
    digest = hashlib.sha256(archive).hexdigest()
    if digest not in hashes:
        raise SystemExit(
            f"refused: the source archive's sha256 {digest} is none the lock lists for "
            f"{PROJECT} {version}"
        )
    return archive


def texts(archive: bytes) -> dict[str, bytes]:
    """The licence files of the archive, by the name each is written as."""
    found = {}
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        for member in tar.getmembers():
            wanted = WANTED.fullmatch(member.name)
            if wanted and member.isfile():
                found[wanted.group(2) or wanted.group(1)] = tar.extractfile(member).read()
    if "LGPL.txt" not in found or len(found) < 2:
        raise SystemExit("the source archive has no docs/LGPL.txt and docs/licenses/")
    return found


def write(version: str, files: dict[str, bytes]) -> Path:
    """Writes that version's folder afresh and removes the other versions'."""
    for old in LICENCES.glob(f"{PROJECT}-*"):
        shutil.rmtree(old)
    out = folder(version)
    out.mkdir(parents=True)
    for name, content in sorted(files.items()):
        (out / name).write_bytes(content)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sdist", type=Path, help="an archive downloaded already")
    args = parser.parse_args()
    version, hashes = locked()
    archive = args.sdist.read_bytes() if args.sdist else download(sdist_url(version))
    files = texts(checked(archive, hashes, version))
    out = write(version, files)
    size = sum(len(content) for content in files.values())
    print(f"wrote {len(files)} licence texts of {PROJECT} {version} ({size} bytes) into {out}")


if __name__ == "__main__":
    main()
