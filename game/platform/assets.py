"""Where the game's assets are, however it runs: the one place that knows.

Installed (a wheel, an install from the source archive, the executable, which unpacks the
package's files as they are) they are the package's own game/assets/, where setuptools put
them. In a checkout (`python main.py`, the editable install of `make play` and `make test`)
they are assets/ at its top, beside the game's package: the folder the build maps into it."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # game/
PLACES = (PACKAGE / "assets", PACKAGE.parent / "assets")  # installed, then a checkout


def assets_dir() -> Path:
    for place in PLACES:
        if (place / "fonts").is_dir():
            return place
    raise FileNotFoundError("the game's assets folder is missing; reinstall the game")


def asset_path(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
