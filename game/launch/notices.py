"""The licences of what the executable bundles (Python, pygame-ce and the libraries in its
wheel, platformdirs, filelock), as one text: `--licenses` prints it.

The build writes it once into the executable's data (build/make_notices.py), where the frozen
game reads it back, since the executable keeps no package metadata; a checkout or a pip
install makes the same text from the installed distributions' metadata at that moment."""

from __future__ import annotations

import importlib.metadata as metadata
import os
import re
import sys
from pathlib import Path

NOTICES = "THIRD-PARTY-NOTICES.txt"
# Where the executable keeps it: beside the game's package folder, in its unpacked data.
BUNDLED = Path(__file__).resolve().parent.parent.parent / NOTICES
GAME = "game2048"
PYTHON_LICENSE_PAGE = "https://docs.python.org/3/license.html"
RULE = "=" * 78


def licenses_text() -> str:
    """The built executable's notices, else the same made from what is installed now."""
    if getattr(sys, "frozen", False) and BUNDLED.is_file():
        return BUNDLED.read_text(encoding="utf-8")
    return notices_text()


def notices_text() -> str:
    parts = [python_notice(), *(distribution_notice(dist) for dist in bundled_distributions())]
    return "\n\n".join(parts) + "\n"


def bundled_distributions() -> list[metadata.Distribution]:
    """The game's run-time requirements and theirs, by name (extras left out)."""
    found: dict[str, metadata.Distribution] = {}
    waiting = list(_requirements(metadata.distribution(GAME)))
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        try:
            found[name] = metadata.distribution(name)
        except metadata.PackageNotFoundError:  # for another system only (a marker)
            continue
        waiting += _requirements(found[name])
    return sorted(found.values(), key=lambda dist: dist.metadata["Name"].lower())


def _requirements(dist: metadata.Distribution) -> list[str]:
    names = []
    for requirement in dist.requires or []:
        if re.search(r"\bextra\s*==", requirement):  # an optional extra's, not bundled
            continue
        names.append(re.match(r"[A-Za-z0-9._-]+", requirement).group().lower())
    return names


def python_notice() -> str:
    """CPython's licence, from the interpreter's own install where it ships one."""
    library = Path(os.__file__).parent
    places = [library / "LICENSE.txt", library.parent / "LICENSE.txt"]
    places.append(Path(sys.base_prefix) / "LICENSE.txt")  # Windows
    text = next((p.read_text(encoding="utf-8") for p in places if p.is_file()), None)
    version = sys.version.split()[0]
    body = text or f"The Python Software Foundation License: {PYTHON_LICENSE_PAGE}"
    return f"{RULE}\nPython {version} (CPython)\nLicence: PSF-2.0\n{RULE}\n\n{body.strip()}"


def distribution_notice(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    licence = meta["License-Expression"] or meta["License"] or "not stated"
    lines = [RULE, f"{meta['Name']} {meta['Version']}", f"Licence: {licence}"]
    lines += [c for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    libraries = [file.name for file in dist.files or [] if _is_library(file)]
    if libraries:
        lines.append("Bundles these libraries, each under its own licence:")
        lines += [f"    {name}" for name in sorted(libraries)]
    lines.append(RULE)
    texts = [file for file in dist.files or [] if _is_licence_file(file)]
    for file in sorted(texts, key=str):
        lines += ["", f"--- {file.name} ---", "", file.read_text(encoding="utf-8").strip()]
    if not texts:
        urls = [meta["Home-page"], *(meta.get_all("Project-URL") or [])]
        where = next((url.split(", ")[-1] for url in urls if url), "its source archive")
        lines += ["", f"Its package carries no licence text; the texts are in its source: {where}"]
    return "\n".join(lines)


def _is_library(file: metadata.PackagePath) -> bool:
    """A compiled library a wheel bundles (auditwheel's .libs, delocate's .dylibs, DLLs)."""
    folder = file.parent.name
    return folder.endswith((".libs", ".dylibs")) or file.suffix.lower() == ".dll"


def _is_licence_file(file: metadata.PackagePath) -> bool:
    in_metadata = file.parts[0].endswith(".dist-info")
    named = file.name.upper().startswith(("LICENSE", "LICENCE", "COPYING", "NOTICE"))
    return in_metadata and (named or "licenses" in file.parts)
