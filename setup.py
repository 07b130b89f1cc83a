"""Puts the game's assets into the wheel and builds the solver's compiled tree; the metadata is
in pyproject.toml.

The top-level assets/ folder is the one source of the assets. A built package (a wheel, and so
`pip install .`) carries a copy of it as game/assets/, where game/assets.py looks for it. An
editable install and a source checkout read assets/ itself, so nothing is copied for them.

game/solver/_kernel.c is an accelerator: `optional=True`, so where no compiler is to be had the
build goes on without it and the solver searches in Python (the same answers, slower). Its
scores must equal the Python tree's bit for bit, so the compiler may not fuse a multiply and an
add (`-ffp-contract=off`; MSVC does not fuse under its default /fp:precise).
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
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


class BuildExtExactFloats(build_ext):
    """The usual build_ext, with the flags that keep the kernel's arithmetic the Python tree's."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type != "msvc":
            for extension in self.extensions:
                extension.extra_compile_args += ["-O2", "-ffp-contract=off"]
        super().build_extensions()


KERNEL = Extension("game.solver._kernel", ["game/solver/_kernel.c"], optional=True)

setup(
    cmdclass={"build_py": BuildPyWithAssets, "build_ext": BuildExtExactFloats},
    ext_modules=[KERNEL],
    # build/ holds our own scripts and the spec: setuptools' scratch files go out of sight.
    options={"build": {"build_base": "build/.work/setuptools"}},
)
