"""Builds the solver's compiled tree and lists the game's packages, the two things pyproject.toml
cannot say (the metadata, and where the assets' files come from, are there).

game/solver/_kernel.c is an accelerator: `optional=True`, so where no compiler is to be had the
build goes on without it and the solver searches in Python (the same answers, slower). Its
scores must equal the Python tree's bit for bit, so the compiler may not fuse a multiply and an
add (`-ffp-contract=off`; MSVC does not fuse under its default /fp:precise).
"""

from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext


class BuildExtExactFloats(build_ext):
    """The usual build_ext, with the flags that keep the kernel's arithmetic the Python tree's."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type != "msvc":
            for extension in self.extensions:
                extension.extra_compile_args += ["-O2", "-ffp-contract=off"]
        super().build_extensions()


KERNEL = Extension("game.solver._kernel", ["game/solver/_kernel.c"], optional=True)

# The assets are at the top of the source (assets/) and install as the package game.assets
# (pyproject.toml maps the one onto the other). setuptools takes every folder of package data
# for a package: each is listed (assets/fonts as game.assets.fonts), so that none is left out,
# nor warned of at every build.
ASSETS = Path("assets")
ASSET_PACKAGES = [
    ".".join(("game", *folder.parts))
    for folder in [ASSETS, *sorted(path for path in ASSETS.rglob("*") if path.is_dir())]
]

setup(
    packages=[*find_packages(include=["game", "game.*"]), *ASSET_PACKAGES],
    cmdclass={"build_ext": BuildExtExactFloats},
    ext_modules=[KERNEL],
    # build/ holds our own scripts and the spec: setuptools' scratch files go out of sight.
    options={"build": {"build_base": "build/.work/setuptools"}},
)
