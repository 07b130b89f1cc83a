"""Finds the game's assets the same way from a source checkout, an installed wheel and a
frozen executable: the one place that knows where they live."""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def assets_dir() -> Path:
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)  # a PyInstaller executable unpacks here
    if bundle:
        candidates.append(Path(bundle) / "assets")
    candidates.append(_PACKAGE / "assets")  # an installed wheel carries them in the package
    candidates.append(_PACKAGE.parent / "assets")  # a source checkout
    for candidate in candidates:
        if (candidate / "fonts").is_dir():
            return candidate
    raise FileNotFoundError("the game's assets folder is missing; reinstall the game")


def asset_path(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
