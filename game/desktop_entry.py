"""Puts the game into a Linux desktop's applications menu, and takes it out again.

`play2048 --install-desktop-entry` writes the desktop entry and the icons where the
freedesktop.org rules say a user's own applications go:

    $XDG_DATA_HOME/applications/2048.desktop            (~/.local/share when it is not set)
    $XDG_DATA_HOME/icons/hicolor/<N>x<N>/apps/2048.png   (N = 16 ... 512)

The entry starts the game the way it was started for the install (the executable, the
play2048 command, or this Python with `-m game`), so a menu click runs the same game.
`--uninstall-desktop-entry` removes exactly those files, and the folders of theirs left empty
(no one else's files were in them), and says where the player's saves stay and how to remove
them. The release's install.sh for Linux copies the executable to ~/.local/bin and then asks it
to do the same.

The entry and the icons come from game/assets/linux/ (build/make_icon.py makes the icons).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from enum import Enum
from pathlib import Path

from game.assets import asset_path
from game.storage import resolve_data_dir
from game.text.paths import shown_path

APP_ID = "2048"  # the entry's file name and the icon's name, as the executable is called
ENTRY_NAME = f"{APP_ID}.desktop"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# Characters that make the desktop entry spec's Exec key want its argument in double quotes.
_RESERVED = frozenset(" \t\n\"'\\><~|&;$*?#()`")


class Action(Enum):
    INSTALL = "install"
    UNINSTALL = "uninstall"


def icon_path(size: int) -> Path:
    """Where the icon of one size goes, relative to the data folder (and to game/assets/linux)."""
    return Path("icons", "hicolor", f"{size}x{size}", "apps", f"{APP_ID}.png")


def data_home(environ: Mapping[str, str] = os.environ) -> Path:
    """$XDG_DATA_HOME, else ~/.local/share. The XDG rules ignore a relative or empty value."""
    chosen = environ.get("XDG_DATA_HOME", "")
    if os.path.isabs(chosen):
        return Path(chosen)
    home = environ.get("HOME")
    return (Path(home) if home else Path.home()) / ".local" / "share"


def installed_files(environ: Mapping[str, str] = os.environ) -> list[Path]:
    """Every file an install writes: the entry first, then the icons, smallest first."""
    root = data_home(environ)
    return [root / "applications" / ENTRY_NAME] + [root / icon_path(n) for n in ICON_SIZES]


def launch_command(
    argv0: str | None = None, executable: str | None = None, frozen: bool | None = None
) -> list[str]:
    """The command that starts this same game from the menu (defaults: this process's own)."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    frozen = getattr(sys, "frozen", False) if frozen is None else frozen
    if frozen:  # the release's executable
        return [executable]
    script = Path(argv0)
    if script.name == "__main__.py" or not script.is_file():  # python -m game
        return [executable, "-m", "game"]
    if script.suffix == ".py":  # python main.py in a checkout
        return [executable, str(script.absolute())]
    return [str(script.absolute())]  # the play2048 command pip made (a symlink stays a symlink)


def exec_value(command: Sequence[str]) -> str:
    """The command as the value of an Exec key: quoted and escaped as the desktop entry spec
    asks, so a path with spaces, quotes, dollars, percents or backslashes survives."""
    return " ".join(_string_escape(_exec_argument(argument)) for argument in command)


def _exec_argument(argument: str) -> str:
    argument = argument.replace("%", "%%")  # a single % starts a field code
    if argument and not _RESERVED.intersection(argument):
        return argument
    escaped = "".join("\\" + char if char in '"`$\\' else char for char in argument)
    return f'"{escaped}"'


def _string_escape(value: str) -> str:
    """The escapes of a string value in a desktop entry, applied after the Exec quoting."""
    return (
        value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")
    )


def entry_text(command: Sequence[str]) -> str:
    """game/assets/linux/2048.desktop with Exec and TryExec pointing at this command."""
    lines = []
    for line in asset_path("linux", ENTRY_NAME).read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + exec_value(command)
        elif line.startswith("TryExec="):  # the menu hides the entry once the program is gone
            line = "TryExec=" + _string_escape(command[0])
        lines.append(line)
    return "\n".join(lines) + "\n"


def install(
    environ: Mapping[str, str] = os.environ, command: Sequence[str] | None = None
) -> list[Path]:
    """Write the desktop entry and the icons; returns the files written. Raises OSError."""
    entry, *icons = installed_files(environ)
    text = entry_text(launch_command() if command is None else command)
    _write(entry, text.encode("utf-8"))
    for size, destination in zip(ICON_SIZES, icons, strict=True):
        _write(destination, asset_path("linux", *icon_path(size).parts).read_bytes())
    # Icon caches look at the theme folder's time; a new time tells them to look again.
    os.utime(data_home(environ) / "icons" / "hicolor")
    return [entry, *icons]


def uninstall(environ: Mapping[str, str] = os.environ) -> list[Path]:
    """Remove what install() writes, then each folder of theirs that is left empty, up to the
    data folder (never it); returns the files removed. Raises OSError."""
    root = data_home(environ)
    removed = []
    for path in installed_files(environ):
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path)
    for path in installed_files(environ):
        _remove_empty_folders(path.parent, root)
    return removed


def _remove_empty_folders(folder: Path, root: Path) -> None:
    """`folder` and the folders above it, up to `root`, as long as each is empty."""
    while folder != root and folder.is_relative_to(root):
        try:
            folder.rmdir()  # only an empty folder: anyone else's file keeps it
        except OSError:
            return
        folder = folder.parent


def _write(path: Path, data: bytes) -> None:
    """Whole or not at all: a menu never reads half an entry."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def run(
    action: Action, environ: Mapping[str, str] = os.environ, platform: str = sys.platform
) -> int:
    """What --install-desktop-entry and --uninstall-desktop-entry do: act, say what was done,
    and give the exit status (0 done, 1 not done)."""
    if platform in ("win32", "darwin"):
        print("A desktop entry is for Linux desktops; this system needs none.", file=sys.stderr)
        return 1
    try:
        files = install(environ) if action is Action.INSTALL else uninstall(environ)
    except OSError as error:
        print(f"Could not {action.value} the desktop entry: {error}", file=sys.stderr)
        return 1
    if action is Action.INSTALL:
        print("2048 is now in your applications menu. Added:")
    elif files:
        print("2048 is no longer in your applications menu. Removed:")
    else:
        print("2048 was not in your applications menu: nothing to remove.")
    for path in files:
        print(f"  {shown_path(path)}")
    if action is Action.INSTALL and not getattr(sys, "frozen", False):
        print(
            "Installed with pip or pipx? Run play2048 --uninstall-desktop-entry before you "
            "uninstall it, so the menu does not keep an entry that starts nothing."
        )
    if action is Action.UNINSTALL:
        saves = shown_path(resolve_data_dir(environ=environ))
        print(
            f"Your saves, settings, statistics and kept games stay in {saves}: remove that "
            "folder to remove them too."
        )
    return 0
