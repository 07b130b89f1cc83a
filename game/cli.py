"""The command line: the options a player or a test can give the game."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from game import __version__
from game.core.engine import BOARD_SIZES
from game.solver.tree import search_name


class EntryAction(Enum):
    """--install and --uninstall: the desktop entry and its files (game/launch/desktop_entry.py)."""

    INSTALL = "install"
    UNINSTALL = "uninstall"


@dataclass(frozen=True)
class Options:
    size: int | None = None
    fullscreen: bool | None = None
    seed: int | None = None  # the same tiles for the same seed
    # Read the player's files and write none of them (--seed sets it: a replay run leaves the
    # saves alone). Apart from the seed so that tests can play seeded games on real storage.
    leave_files: bool = False
    data_dir: str | None = None
    frames: int | None = None
    start_all: bool = False  # start every part at once, then say whether each answered
    sound: bool = True
    import_path: str | None = None  # keep the game of this shared file, then play
    desktop_entry_action: EntryAction | None = None  # do this, then exit
    status: bool = False  # print what the game keeps as JSON, then exit
    backup_path: str | None = None  # write everything kept to this file, then exit
    restore_path: str | None = None  # put everything this file holds in place, then exit
    licenses: bool = False  # print the bundled components' licences, then exit


def parse_args(argv: Sequence[str] | None = None) -> Options:
    parser = argparse.ArgumentParser(
        prog=program_name(), description="2048 for the desktop: slide, merge, reach 2048."
    )
    parser.add_argument(
        "--size",
        type=int,
        choices=BOARD_SIZES,
        help=f"board size: {BOARD_SIZES[0]} to {BOARD_SIZES[-1]} (4 is the classic)",
    )
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument(
        "--fullscreen", dest="fullscreen", action="store_true", default=None, help="fill the screen"
    )
    screen.add_argument(
        "--windowed", dest="fullscreen", action="store_false", help="play in a window"
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="a replayable game: the same tiles for the same seed (your saves are left alone)",
    )
    parser.add_argument(
        "--data-dir",
        metavar="PATH",
        help="where saves, settings and stats go (also $GAME2048_DATA_DIR)",
    )
    # Run N frames, then quit: for the tests and CI, so not in the player's --help.
    parser.add_argument("--frames", type=_positive, metavar="N", help=argparse.SUPPRESS)
    # Every part started at once, then exit 1 unless each answered: how the tests see that a
    # built executable lacks no module any part imports (game/launch/start_all.py). Also hidden.
    parser.add_argument("--start-all", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-sound", dest="sound", action="store_false", help="play silently")
    shared = parser.add_mutually_exclusive_group()
    shared.add_argument(
        "--import",
        dest="import_path",
        metavar="PATH",
        help="add the game of a shared file (.2048.json) to your games, then play",
    )
    # What a desktop's "open with" gives (the entry's %f, the file on Windows): a file alone.
    shared.add_argument("shared_file", nargs="?", metavar="FILE", help="the same as --import FILE")
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__} (solver: {search_name()} search)",
    )
    parser.add_argument(
        "--status",
        action="store_true",
        help="print what the game keeps for you (games in play, records, goals) as JSON, "
        "then exit; it only reads, also while the game runs",
    )
    parser.add_argument(
        "--licenses",
        action="store_true",
        help="print the licences of Python and the libraries the game is built with, then exit",
    )
    keeping = parser.add_mutually_exclusive_group()
    keeping.add_argument(
        "--backup",
        dest="backup_path",
        metavar="FILE",
        help="write everything the game keeps for you (games, statistics, goals, practice, "
        "settings) to FILE, then exit; also while the game runs",
    )
    keeping.add_argument(
        "--restore",
        dest="restore_path",
        metavar="FILE",
        help="check FILE (a --backup) whole, keep what you have now as a backup, put FILE's in "
        "its place, then exit; quit the game first",
    )
    menu = parser.add_mutually_exclusive_group()
    menu.add_argument(
        "--install-desktop-entry",
        dest="desktop_entry_action",
        action="store_const",
        const=EntryAction.INSTALL,
        help="put 2048 into the Linux applications menu (under ~/.local/share), then exit",
    )
    menu.add_argument(
        "--uninstall-desktop-entry",
        dest="desktop_entry_action",
        action="store_const",
        const=EntryAction.UNINSTALL,
        help="take 2048 out of the Linux applications menu, then exit",
    )
    args = parser.parse_args(argv)
    return Options(
        size=args.size,
        fullscreen=args.fullscreen,
        seed=args.seed,
        leave_files=args.seed is not None,
        data_dir=args.data_dir,
        frames=args.frames or (1 if args.start_all else None),
        start_all=args.start_all,
        sound=args.sound,
        import_path=args.shared_file if args.import_path is None else args.import_path,
        desktop_entry_action=args.desktop_entry_action,
        status=args.status,
        backup_path=args.backup_path,
        restore_path=args.restore_path,
        licenses=args.licenses,
    )


def program_name() -> str:
    """The program as it was started, for --help and --version: `2048` (the executable),
    `play2048`, `main.py`, or `python3 -m game`."""
    name = os.path.basename(sys.argv[0]) if sys.argv else ""
    if name == "__main__.py":  # python -m game
        return f"{os.path.basename(sys.executable)} -m game"
    return name or "play2048"


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value
