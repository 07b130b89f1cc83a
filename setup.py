"""Builds the solver's compiled tree and the catalogs' .mo files, the two things pyproject.toml
cannot say (the metadata and the package data, the assets included, are there).

game/solver/_kernel.c is an accelerator: `optional=True`, so where no compiler is to be had the
build goes on without it and the solver searches in Python (the same answers, slower). Its
scores must equal the Python tree's bit for bit, so the compiler may not fuse a multiply and an
add (`-ffp-contract=off`; MSVC does not fuse under its default /fp:precise).
"""

from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

LOCALE = Path("game", "text", "locale")


class BuildExtExactFloats(build_ext):
    """The usual build_ext, with the flags that keep the kernel's arithmetic the Python tree's."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type != "msvc":
            for extension in self.extensions:
                extension.extra_compile_args += ["-O2", "-ffp-contract=off"]
        super().build_extensions()


class BuildPyWithCatalogs(build_py):
    """The usual build_py, which first compiles each language's .po into the .mo that gettext
    reads, beside it (git ignores it): a wheel takes it from there as package data, and an
    editable install (make play, make test) and `python main.py` read it where it is.
    Babel compiles (pyproject.toml's [build-system]); its own format checks are not run, as
    they take "50% of" for a printf placeholder (tests/text checks the {fields} instead)."""

    def run(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as source:
                catalog = read_po(source)
            with po.with_suffix(".mo").open("wb") as compiled:
                write_mo(compiled, catalog)
        super().run()


KERNEL = Extension("game.solver._kernel", ["game/solver/_kernel.c"], optional=True)

setup(
    cmdclass={"build_ext": BuildExtExactFloats, "build_py": BuildPyWithCatalogs},
    ext_modules=[KERNEL],
    # build/ holds our own scripts and the spec: setuptools' scratch files go out of sight.
    options={"build": {"build_base": "build/.work/setuptools"}},
)
