"""What build/2048.spec builds on each system and what it puts inside besides code; the tests
read the same answers without building."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from game.kept_games.share.shared_file import SHARE_SUFFIX
from game.launch.desktop_entry import MIME_TYPE
from game.platform.identity import APP_ID

NAME = "2048"
BUNDLE_ID = APP_ID  # macOS knows the app by it (its settings, its permissions)
# A shared game's file (game/kept_games/share/shared_file.py), for macOS.
SHARED_GAME_TYPE = f"{APP_ID}.shared-game"


@dataclass(frozen=True)
class Target:
    """What the spec asks PyInstaller for on one system."""

    app_bundle: bool  # dist/2048.app with the executable inside as one folder; else one file
    icon: str | None  # under the assets: the executable's icon (Windows), the bundle's (macOS)
    version_resource: bool  # the version in the file's properties (Windows Explorer)
    strip: bool  # symbol tables out; macOS libraries are signed, so they are left alone
    executable: str  # what to run, under dist/, once built


def target(platform: str) -> Target:
    """The choices for a sys.platform value; any other Unix builds as Linux does."""
    if platform == "win32":
        return Target(
            app_bundle=False,
            icon="icon/icon.ico",
            version_resource=True,
            strip=False,
            executable=f"{NAME}.exe",
        )
    if platform == "darwin":
        # A one-file windowed executable is no app on macOS (PyInstaller 6 deprecates it).
        return Target(
            app_bundle=True,
            icon="icon/icon.icns",
            version_resource=False,
            strip=False,
            executable=f"{NAME}.app/Contents/MacOS/{NAME}",
        )
    # The window's icon comes from the assets at run time; `2048 --version` tells the version.
    return Target(app_bundle=False, icon=None, version_resource=False, strip=True, executable=NAME)


def info_plist(version: str, languages: tuple[str, ...]) -> dict[str, object]:
    """What the spec adds to the bundle's Info.plist (PyInstaller writes the rest)."""
    return {
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundleDevelopmentRegion": "en",  # what a string missing in Greek falls back to
        "CFBundleLocalizations": list(languages),
        "NSHighResolutionCapable": True,  # sharp on Retina screens, not scaled up
        "LSApplicationCategoryType": "public.app-category.puzzle-games",
        # Exports go to a 2048 folder in Documents (game/kept_games/share/transfer.py): macOS asks
        # the player once, with this sentence, before the game may write there.
        "NSDocumentsFolderUsageDescription": "2048 saves the games you export to your "
        "Documents folder, in a folder named 2048.",
        # A shared game opened from Finder comes to the game as a file dropped on its window.
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": "2048 shared game",
                "CFBundleTypeRole": "Viewer",
                "LSHandlerRank": "Owner",
                "LSItemContentTypes": [SHARED_GAME_TYPE],
            },
            # Finder types a file by its last suffix, so it may take a shared game for JSON:
            # the game is then among the apps of Open With, without taking JSON files over.
            {
                "CFBundleTypeName": "JSON",
                "CFBundleTypeRole": "Viewer",
                "LSHandlerRank": "Alternate",
                "LSItemContentTypes": ["public.json"],
            },
        ],
        "UTExportedTypeDeclarations": [
            {
                "UTTypeIdentifier": SHARED_GAME_TYPE,
                "UTTypeDescription": "2048 shared game",
                "UTTypeConformsTo": ["public.json"],
                "UTTypeTagSpecification": {
                    "public.filename-extension": [SHARE_SUFFIX.removeprefix(".")],
                    "public.mime-type": [MIME_TYPE],
                },
            }
        ],
    }


def windows_version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers of a Windows version resource from a PEP 440 version: its release
    numbers, padded or cut to four ("1.0" is 1.0.0.0; "0.2.0rc1" and "0.2.0.post1" are
    0.2.0.0, the string beside them says which). Each must fit 16 bits."""
    match = re.match(
        r"(?:\d+!)?(\d+(?:\.\d+)*)(?:[._-]?(?:a|b|rc|post|dev|c|pre|preview)\d*)*"
        r"(?:\+[a-z0-9.]+)?$",
        version.strip().lower().removeprefix("v"),
    )
    if not match:
        raise ValueError(f"{version!r} is not a version (PEP 440)")
    numbers = [int(part) for part in match.group(1).split(".")][:4]
    numbers += [0] * (4 - len(numbers))
    if any(number > 0xFFFF for number in numbers):
        raise ValueError(f"{version!r}: Windows keeps each number in 16 bits")
    return tuple(numbers)  # type: ignore[return-value]


def windows_version_info(version: str):
    """The version a player sees in the file's properties on Windows (needs PyInstaller's
    Windows tools, which need Windows)."""
    from PyInstaller.utils.win32 import versioninfo as vi

    numbers = windows_version_numbers(version)
    strings = [
        vi.StringStruct("FileDescription", NAME),
        vi.StringStruct("FileVersion", version),
        vi.StringStruct("InternalName", NAME),
        vi.StringStruct("OriginalFilename", f"{NAME}.exe"),
        vi.StringStruct("ProductName", NAME),
        vi.StringStruct("ProductVersion", version),
    ]
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers),
        kids=[
            vi.StringFileInfo([vi.StringTable("040904B0", strings)]),
            vi.VarFileInfo([vi.VarStruct("Translation", [0x0409, 1200])]),
        ],
    )


# Standard-library and pygame parts the game never uses, left out of the executable to keep
# it small and quick to unpack. pygame imports some of them only inside try/except. A library
# that imports one as it loads breaks the executable at its start: tests/test_packaging.py
# starts the game with them missing, from the source and (GAME2048_EXE) frozen, every part
# started, and fails naming the module and who imported it.
EXCLUDES = [
    "tkinter",
    "unittest",
    "pydoc",
    "doctest",
    "pdb",
    "lib2to3",
    "xmlrpc",
    # filelock 3.13 and 4 load it only for their async locks, which the game does not use;
    # 3.15 to 3.32 import it as they load, so the lock must hold another (the tests see to it).
    "asyncio",
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


# Where the assets go in the bundle: where a wheel has them, in the package, beside the frozen
# game/platform/assets.py, which looks there first.
BUNDLED_ASSETS = Path("game", "assets")


def asset_datas(assets: Path) -> list[tuple[str, str]]:
    """(file, folder in the bundle) for every file of the game's assets (the folder
    game.platform.assets finds: a wheel's game/assets/, a checkout's assets/)."""
    return [
        (str(path), (BUNDLED_ASSETS / path.relative_to(assets)).parent.as_posix())
        for path in sorted(assets.rglob("*"))
        if path.is_file()
    ]


def catalog_datas(package: Path) -> list[tuple[str, str]]:
    """(file, folder in the bundle) for each language's compiled catalog, package/text/locale/
    */LC_MESSAGES/*.mo (built with the game: setup.py), where the frozen game/text/catalogs.py
    looks for it as it does in a wheel. A build without them would speak English only."""
    found = sorted((package / "text" / "locale").glob("*/LC_MESSAGES/*.mo"))
    if not found:
        raise FileNotFoundError(f"no compiled catalog under {package}/text/locale")
    return [
        (str(path), Path("game", path.relative_to(package)).parent.as_posix()) for path in found
    ]


def game_version(root: Path) -> str:
    """game.__version__, read from the source without importing the game."""
    for line in (root / "game" / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise ValueError("game/__init__.py has no __version__")


if __name__ == "__main__":  # the executable the build makes here, under dist/ (for make)
    print(target(sys.platform).executable)
