"""Builds the solver's compiled tree and the catalogs' .mo files, lists the game's packages, and
gives a package index the README without what would be broken there: what pyproject.toml cannot
say (the rest of the metadata, and where the assets' files come from, are there).

game/solver/_kernel.c is an accelerator: `optional=True`, so where no compiler is to be had the
build goes on without it and the solver searches in Python (the same answers, slower). Its
scores must equal the Python tree's bit for bit, so the compiler may not fuse a multiply and an
add (`-ffp-contract=off`; MSVC does not fuse under its default /fp:precise).
"""

import re
from pathlib import Path

from setuptools import Extension, find_packages, setup
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


def data_packages(folder: Path, package: str) -> list[str]:
    """`folder` and every folder under it as packages named from `package` (assets/fonts as
    game.assets.fonts). setuptools takes a folder of package data for a package: each is
    listed, so that none is left out, nor warned of at every build."""
    below = sorted(path.relative_to(folder) for path in folder.rglob("*") if path.is_dir())
    return [package, *(".".join((package, *sub.parts)) for sub in below)]


# The assets are at the top of the source (assets/) and install as the package game.assets
# (pyproject.toml maps the one onto the other); the catalogs are data folders of game.text.
DATA_PACKAGES = [
    *data_packages(Path("assets"), "game.assets"),
    *data_packages(LOCALE, "game.text.locale"),
]

PICTURE = r"!\[[^\]]*\]\([^)]*\)"
RELATIVE_LINK = re.compile(r"\[([^\]]*)\]\((?!https?://|#)([^)]*)\)")


def index_description(readme: str) -> str:
    """The README as a package index shows it. No repository's address is known, so there a
    picture or a link to a file of the source would be broken: the pictures are left out (a
    line that is only a picture with them), and a link to a file is its text and the file's
    path ("the rules (`docs/rules.md` in the source)"); a web address or an anchor stays."""
    readme = re.sub(rf"^{PICTURE}\n|{PICTURE}", "", readme, flags=re.MULTILINE)

    def in_the_source(link: re.Match[str]) -> str:
        text, path = link.groups()
        return f"`{path}`" if text.strip("`") == path else f"{text} (`{path}` in the source)"

    return RELATIVE_LINK.sub(in_the_source, readme)


setup(
    long_description=index_description(Path("README.md").read_text(encoding="utf-8")),
    long_description_content_type="text/markdown",
    packages=[*find_packages(include=["game", "game.*"]), *DATA_PACKAGES],
    cmdclass={"build_ext": BuildExtExactFloats, "build_py": BuildPyWithCatalogs},
    ext_modules=[KERNEL],
    # build/ holds our own scripts and the spec: setuptools' scratch files go out of sight.
    options={"build": {"build_base": "build/.work/setuptools"}},
)
