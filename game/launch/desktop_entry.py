"""Puts the game into a Linux desktop's applications menu, and takes it out again.

`play2048 --install-desktop-entry` writes, where the freedesktop.org rules say a user's own
applications go ($XDG_DATA_HOME, ~/.local/share when it is not set), each file named by the
game's id (game/platform/identity.py):

    applications/APP_ID.desktop              the menu's entry, which opens a shared game too
    icons/hicolor/<N>x<N>/apps/APP_ID.png    its icon (N = 16 ... 512)
    mime/packages/APP_ID.xml                 the shared game's file type (*.2048.json)
    metainfo/APP_ID.metainfo.xml             what software centres show of the game (AppStream)

and then has the desktop's file-type databases made again (update-mime-database and
update-desktop-database, where they are installed), so a double-click on a shared game opens
it in the game.

The entry starts the game the way it was started for the install (the executable, the
play2048 command, or this Python with `-m game`), so a menu click runs the same game; a file
opened with it comes as the game's one argument (%f), which the game imports.
`--uninstall-desktop-entry` removes exactly those files, and the folders of theirs left empty
(no one else's files were in them), and says where the player's saves stay and how to remove
them. Either one also takes out the entry and icons of a version from before the id (named
2048), so the menu never shows the game twice. The release's install.sh for Linux copies the
executable to ~/.local/bin and then asks it to do the same.

The files come from assets/linux/ (build/make_icon.py makes the icons).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.cli import EntryAction
from game.platform.assets import asset_path
from game.platform.identity import APP_ID
from game.storage.folders import Folders
from game.text.paths import shown_path

ENTRY_NAME = f"{APP_ID}.desktop"
MIME_PACKAGE = f"{APP_ID}.xml"
METAINFO = f"{APP_ID}.metainfo.xml"
MIME_TYPE = "application/x-desktop2048-game"  # a shared game's type, as MIME_PACKAGE names it
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# Characters that make the desktop entry spec's Exec key want its argument in double quotes.
_RESERVED = frozenset(" \t\n\"'\\><~|&;$*?#()`")


@dataclass(frozen=True)
class FileTypeDatabase:
    """One of the databases a desktop reads file types from, which a tool makes from files in
    a folder under the data folder. With none of those files left, it describes nothing, and
    what the tool made goes too."""

    tool: str
    folder: str
    sources: str  # the files it is made from: a pattern within `folder`
    made: tuple[str, ...]  # what the tool writes, within `folder`


FILE_TYPE_DATABASES = (
    # shared-mime-info's: which files are shared games, by name, and how to show them.
    FileTypeDatabase(
        "update-mime-database",
        "mime",
        "packages/*.xml",
        (f"{MIME_TYPE}.xml", "XMLnamespaces", "aliases", "generic-icons", "globs", "globs2")
        + ("icons", "magic", "mime.cache", "subclasses", "treemagic", "types", "version"),
    ),
    # desktop-file-utils': which programs open a type (GLib, so GNOME's file manager, reads
    # a type's programs from it alone).
    FileTypeDatabase("update-desktop-database", "applications", "*.desktop", ("mimeinfo.cache",)),
)
# The versions before the id named their entry and icons 2048. An entry of that name is theirs
# when its lines, but for Exec and TryExec (where the game was), hash to this: another 2048's
# entry of the same name, or one the player edited, is left alone.
EARLIER_NAME = "2048"
EARLIER_ENTRY_SHA256 = "5475bc99f74f7b6817fe6d04878a48232d2ca4ecfe7499d19708d0a6dbdb4bda"


def icon_path(size: int, name: str = APP_ID) -> Path:
    """Where the icon of one size goes, relative to the data folder (and to assets/linux)."""
    return Path("icons", "hicolor", f"{size}x{size}", "apps", f"{name}.png")


def data_home(environ: Mapping[str, str] = os.environ) -> Path:
    """$XDG_DATA_HOME, else ~/.local/share. The XDG rules ignore a relative or empty value."""
    chosen = environ.get("XDG_DATA_HOME", "")
    if os.path.isabs(chosen):
        return Path(chosen)
    home = environ.get("HOME")
    return (Path(home) if home else Path.home()) / ".local" / "share"


def placements() -> list[tuple[Path, Path]]:
    """(the file under assets/linux/, where it goes under the data folder) for each file
    an install writes: the entry first, then the icons, smallest first, the file type and the
    AppStream metadata."""
    return [
        (Path(ENTRY_NAME), Path("applications", ENTRY_NAME)),
        *((icon_path(size), icon_path(size)) for size in ICON_SIZES),
        (Path(MIME_PACKAGE), Path("mime", "packages", MIME_PACKAGE)),
        (Path(METAINFO), Path("metainfo", METAINFO)),
    ]


def installed_files(environ: Mapping[str, str] = os.environ) -> list[Path]:
    """Every file an install writes, in the order of `placements`."""
    root = data_home(environ)
    return [root / place for _, place in placements()]


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
    """The shipped entry with Exec and TryExec pointing at this command; Exec keeps the
    shipped entry's field code (%f: the file the entry was asked to open, if any)."""
    lines = []
    for line in asset_path("linux", ENTRY_NAME).read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            _, _, field_codes = line.partition(" ")
            line = " ".join(filter(None, ["Exec=" + exec_value(command), field_codes]))
        elif line.startswith("TryExec="):  # the menu hides the entry once the program is gone
            line = "TryExec=" + _string_escape(command[0])
        lines.append(line)
    return "\n".join(lines) + "\n"


def install(
    environ: Mapping[str, str] = os.environ, command: Sequence[str] | None = None
) -> list[Path]:
    """Write the desktop entry, the icons, the file type and the AppStream metadata, then take
    out an earlier version's entry and icons; returns the files written. Raises OSError.
    (`run` then has the file-type databases made again: `update_file_types`.)"""
    root = data_home(environ)
    entry, *others = installed_files(environ)
    _write(entry, entry_text(launch_command() if command is None else command).encode("utf-8"))
    for (shipped, _), destination in zip(placements()[1:], others, strict=True):
        _write(destination, asset_path("linux", *shipped.parts).read_bytes())
    # Icon caches look at the theme folder's time; a new time tells them to look again.
    os.utime(root / "icons" / "hicolor")
    _remove_earlier_install(root)
    return [entry, *others]


def uninstall(environ: Mapping[str, str] = os.environ) -> list[Path]:
    """Remove what install() writes and an earlier version's entry and icons, then each folder
    of theirs that is left empty, up to the data folder (never it); returns the files removed.
    Raises OSError."""
    root = data_home(environ)
    removed = []
    for path in installed_files(environ):
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path)
    removed += _remove_earlier_install(root)
    for path in installed_files(environ):
        _remove_empty_folders(path.parent, root)
    return removed


def _remove_earlier_install(root: Path) -> list[Path]:
    """The entry and icons named 2048 that a version from before the id installed, removed
    when the entry is theirs (EARLIER_ENTRY_SHA256); returns the files removed."""
    entry = root / "applications" / f"{EARLIER_NAME}.desktop"
    try:
        lines = entry.read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, UnicodeDecodeError):  # none, or not an entry of ours
        return []
    kept = "\n".join(line for line in lines if not line.startswith(("Exec=", "TryExec=")))
    if hashlib.sha256(kept.encode("utf-8")).hexdigest() != EARLIER_ENTRY_SHA256:
        return []
    removed = []
    for path in [entry, *(root / icon_path(size, EARLIER_NAME) for size in ICON_SIZES)]:
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path)
        _remove_empty_folders(path.parent, root)
    return removed


def update_file_types(environ: Mapping[str, str] = os.environ) -> str | None:
    """Bring the player's file-type databases (FILE_TYPE_DATABASES) in line with their files
    after an install or an uninstall, each by its tool where it is installed (quietly nothing
    where it is not), so a shared game opens in the game by a double-click; a database left
    describing nothing goes, with the folders of it left empty. None when done, else what went
    wrong."""
    root = data_home(environ)
    problems = []
    for database in FILE_TYPE_DATABASES:
        folder = root / database.folder
        tool = shutil.which(database.tool, path=environ.get("PATH"))
        try:
            if not any(folder.glob(database.sources)):
                for name in database.made:
                    (folder / name).unlink(missing_ok=True)
                    _remove_empty_folders((folder / name).parent, root)
            elif tool is not None:
                done = subprocess.run(
                    [tool, str(folder)], capture_output=True, text=True, timeout=60
                )
                if done.returncode != 0:
                    problems.append(done.stderr.strip() or f"{tool} ended with {done.returncode}")
        except (OSError, subprocess.TimeoutExpired) as error:
            problems.append(str(error))
    return "; ".join(problems) or None


def _remove_empty_folders(folder: Path, root: Path) -> None:
    """`folder` and the folders above it, up to `root`, as long as each is empty (or gone)."""
    while folder != root and folder.is_relative_to(root):
        try:
            folder.rmdir()  # only an empty folder: anyone else's file keeps it
        except FileNotFoundError:
            pass  # gone already: the one above may be empty now
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
    action: EntryAction, environ: Mapping[str, str] = os.environ, platform: str = sys.platform
) -> int:
    """What --install-desktop-entry and --uninstall-desktop-entry do: act, say what was done,
    and give the exit status (0 done, 1 not done)."""
    if platform in ("win32", "darwin"):
        print("A desktop entry is for Linux desktops; this system needs none.", file=sys.stderr)
        return 1
    try:
        files = install(environ) if action is EntryAction.INSTALL else uninstall(environ)
    except OSError as error:
        print(f"Could not {action.value} the desktop entry: {error}", file=sys.stderr)
        return 1
    if action is EntryAction.INSTALL:
        print("2048 is now in your applications menu. Added:")
    elif files:
        print("2048 is no longer in your applications menu. Removed:")
    else:
        print("2048 was not in your applications menu: nothing to remove.")
    for path in files:
        print(f"  {shown_path(path)}")
    problem = update_file_types(environ)
    if problem is not None:  # the entry is there: only a double-click on a shared game waits
        print(f"Could not update the list of file types: {problem}", file=sys.stderr)
    missing = [
        d.tool for d in FILE_TYPE_DATABASES if not shutil.which(d.tool, path=environ.get("PATH"))
    ]
    if action is EntryAction.INSTALL and missing:
        print(
            f"{' and '.join(missing)} not found: a double-click on a shared game may open it "
            "in the game only after you log in again."
        )
    if action is EntryAction.INSTALL and not getattr(sys, "frozen", False):
        print(
            "Installed with pip or pipx? Run play2048 --uninstall-desktop-entry before you "
            "uninstall it, so the menu does not keep an entry that starts nothing."
        )
    if action is EntryAction.UNINSTALL:
        folders = Folders.for_player(environ=environ)
        every = (folders.data, folders.config, folders.logs, folders.cache)
        kept = [f for f in dict.fromkeys(every) if not any(o in f.parents for o in every)]
        kept = [folder for folder in kept if folder.is_dir()]  # a game never played kept none
        if kept:
            print(
                "Your saves, settings, statistics, kept games and logs stay where they are: "
                "remove these folders to remove them too:"
            )
        for folder in kept:
            print(f"  {shown_path(folder)}")
    return 0
