"""Puts the game's assets into the wheel; the metadata is in pyproject.toml.

The top-level assets/ folder is the one source of the assets. A built package (a wheel, and so
`pip install .`) carries a copy of it as game/assets/, where game/assets.py looks for it. An
editable install and a source checkout read assets/ itself, so nothing is copied for them.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSETS = Path(__file__).resolve().parent / "assets"


class BuildPyWithAssets(build_py):
    """The usual build_py, then every file under assets/ copied to game/assets/."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "game" / "assets"
        if target.exists():
            shutil.rmtree(target)  # an asset deleted from assets/ leaves no stale copy here
        for source in sorted(ASSETS.rglob("*")):
            if source.is_file():
                destination = target / source.relative_to(ASSETS)
                self.mkpath(str(destination.parent))
                self.copy_file(str(source), str(destination))


setup(
    cmdclass={"build_py": BuildPyWithAssets},
    # build/ holds our own scripts and the spec: setuptools' scratch files go out of sight.
    options={"build": {"build_base": "build/.work/setuptools"}},
)
