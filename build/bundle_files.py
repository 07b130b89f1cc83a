"""What build/2048.spec puts into the executable besides code; the tests use it too."""

from __future__ import annotations

from pathlib import Path

# Standard-library and pygame parts the game never uses, left out of the executable to keep
# it small and quick to unpack. pygame imports some of them only inside try/except.
EXCLUDES = [
    "tkinter",
    "unittest",
    "pydoc",
    "doctest",
    "pdb",
    "lib2to3",
    "xmlrpc",
    "sqlite3",
    "asyncio",  # filelock loads it only for its async locks, which the game does not use
    "ssl",
    "_hashlib",  # hashlib falls back to its built-in hashes; the game hashes nothing
    "numpy",
    "pygame.camera",
    "pygame._camera_opencv",
    "pygame.examples",
    "pygame.tests",
    "pygame.docs",
    "pygame.midi",
    "pygame.pypm",
    "pygame.sndarray",
    "pygame.surfarray",
]


def asset_datas(root: Path) -> list[tuple[str, str]]:
    """(file, folder in the bundle) for every file under root/assets.

    The bundle keeps the folder as it is, as assets/ next to the code, where
    game/assets.py finds it (sys._MEIPASS/assets)."""
    assets = root / "assets"
    return [
        (str(path), Path("assets", path.relative_to(assets)).parent.as_posix())
        for path in sorted(assets.rglob("*"))
        if path.is_file()
    ]


def game_version(root: Path) -> str:
    """game.__version__, read from the source without importing the game."""
    for line in (root / "game" / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise ValueError("game/__init__.py has no __version__")
