"""Where the game's assets are: the folder assets/ beside this module, in the package, so a
source checkout, an installed wheel and a frozen executable (which unpacks the package's
files as they are) all find them the same way."""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def assets_dir() -> Path:
    if not (ASSETS / "fonts").is_dir():
        raise FileNotFoundError("the game's assets folder is missing; reinstall the game")
    return ASSETS


def asset_path(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
