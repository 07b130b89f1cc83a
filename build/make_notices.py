"""Writes THIRD-PARTY-NOTICES.txt, the licences of everything the executable bundles, made from
the installed distributions' metadata by the game's own game/launch/notices.py (what
`2048 --licenses` prints). build/2048.spec runs it with the Python that builds the executable,
so the notices name the versions frozen; the tarball ships the copy beside dist/2048.

pygame-ce's wheel bundles SDL2, freetype, libpng and more without their licence texts: the
notices end with the texts of its source archive, committed in build/licenses/pygame-ce-<version>/
by build/fetch_licences.py. For a pygame-ce with no such folder (`make test-lowest` builds with
the lowest one allowed) the notices say in one line where those texts are instead.

    python build/make_notices.py [--out dist/THIRD-PARTY-NOTICES.txt]
"""

from __future__ import annotations

import argparse
import importlib.metadata as metadata
from pathlib import Path

from game.launch.notices import NOTICES, RULE, notices_text

ROOT = Path(__file__).resolve().parent.parent
LICENCES = ROOT / "build" / "licenses"  # written by build/fetch_licences.py
TEXT_RULE = "-" * len(RULE)


def write_notices(out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    text = f"{notices_text().rstrip()}\n\n{pygame_ce_texts(pygame_ce_version())}\n"
    out.write_text(text, encoding="utf-8")
    return out


def pygame_ce_version() -> str:
    return metadata.version("pygame-ce")


def pygame_ce_texts(version: str) -> str:
    """The licence texts of the libraries pygame-ce bundles, from build/licenses, else the one
    line that says where they are."""
    folder = LICENCES / f"pygame-ce-{version}"
    if not folder.is_dir():
        return (
            f"The licence texts of the libraries pygame-ce {version} bundles are in its source "
            "archive: docs/LGPL.txt and docs/licenses/."
        )
    names = sorted((path.name for path in folder.glob("*.txt")), key=str.lower)
    names.sort(key=lambda name: name != "LGPL.txt")  # pygame-ce's own licence first
    title = f"Licence texts of the libraries pygame-ce {version} bundles, from its source archive"
    lines = [RULE, title, RULE]
    for name in names:
        text = (folder / name).read_text(encoding="utf-8").strip()
        lines += ["", TEXT_RULE, name, TEXT_RULE, "", text]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / NOTICES)
    print(f"wrote {write_notices(parser.parse_args().out)}")


if __name__ == "__main__":
    main()
