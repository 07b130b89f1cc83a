"""Writes THIRD-PARTY-NOTICES.txt, the licences of everything the executable bundles, made from
the installed distributions' metadata by the game's own game/launch/notices.py (what
`2048 --licenses` prints). build/2048.spec runs it with the Python that builds the executable,
so the notices name the versions frozen; the tarball ships the copy beside dist/2048.

    python build/make_notices.py [--out dist/THIRD-PARTY-NOTICES.txt]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from game.launch.notices import NOTICES, notices_text

ROOT = Path(__file__).resolve().parent.parent


def write_notices(out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(notices_text(), encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / NOTICES)
    print(f"wrote {write_notices(parser.parse_args().out)}")


if __name__ == "__main__":
    main()
