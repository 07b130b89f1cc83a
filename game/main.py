"""The game's process from its start: the command line read, the desktop entry's actions, the
log set up where it will be, and the App built and run to its end, guarded. `play2048`,
`python -m game` and the executable all start here."""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence

from game.app import App
from game.cli import Options, parse_args
from game.kept_games.share.inbox import hand_over
from game.launch import backup, desktop_entry
from game.launch.gamelog import start_log
from game.launch.guard import run_guarded
from game.launch.notices import licenses_text
from game.launch.status import print_status
from game.loop import Clock
from game.platform.terminal import holding_stderr, not_on_screen
from game.storage.folders import Folders
from game.view import window


def main(argv: Sequence[str] | None = None) -> None:
    terminal = logging.StreamHandler()
    terminal.addFilter(not_on_screen)  # what the player reads in the window is not repeated
    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s", handlers=[terminal])
    options = parse_args(argv)
    if options.licenses:
        print(licenses_text(), end="")
        sys.exit(0)
    if options.desktop_entry_action is not None:
        sys.exit(desktop_entry.run(options.desktop_entry_action))
    if options.status:  # before the log: it writes nothing at all
        sys.exit(print_status(Folders.for_player(options.data_dir)))
    if options.backup_path is not None or options.restore_path is not None:
        sys.exit(backup.run(options, Folders.for_player(options.data_dir)))
    if options.import_path is not None and (handed := _hand_over(options)) is not None:
        sys.exit(handed)
    with holding_stderr() as held:
        shown = window.start_video()
        if not shown:
            held.drop()  # what SDL's drivers said as they failed: NO_DISPLAY says it plainly
    if not shown:
        print(window.NO_DISPLAY, file=sys.stderr)
        sys.exit(1)
    folders = Folders.for_player(options.data_dir)
    start_log(folders.logs)  # first: whatever happens next is logged
    sys.exit(run_app(options, folders=folders))


def _hand_over(options: Options) -> int | None:
    """A shared file opened while the game runs goes to the running copy (its inbox), where a
    second window could keep nothing: the exit status, said on the terminal; None when no
    copy runs (this start imports it)."""
    path = options.import_path
    try:
        if not hand_over(Folders.for_player(options.data_dir).data, path):
            return None
    except OSError as error:
        print(f"2048 is running, but {path} could not be handed to it: {error}.", file=sys.stderr)
        return 1
    print(f"2048 is running: {path} was handed to it, which keeps its game.")
    return 0


def run_app(options: Options, clock: Clock | None = None, folders: Folders | None = None) -> int:
    """Build the game and run it to its end, guarded (see game/launch/guard.py)."""
    folders = folders or Folders.for_player(options.data_dir)
    return run_guarded(lambda: App(options, clock, folders), folders.logs)
