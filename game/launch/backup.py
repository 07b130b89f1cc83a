"""`play2048 --backup FILE` and `play2048 --restore FILE`: everything the game keeps for this
player (every game, the games in play, the statistics and goals, the practice, the settings) in
one file, and back.

The file is a zip of two members: `games.sqlite3`, a copy of the database made with SQLite's
backup API (whole even while the game runs and writes), and `settings.json`, the settings as
the game writes them. A restore also takes a bare database, such as the game's own backups
beside it (the settings then stay as they are). It checks all of it before it touches anything
(the database is ours, of a version this game reads, every page whole, every row one the game
reads back; the settings whole), refuses while the game runs (it holds the lock), keeps the
current database as a backup (game/kept_games/archive/backups.py) and only then puts the
file's in its place. Each says in a sentence what it did, or why not, and exits 0 or 1.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
import tempfile
import zipfile
from datetime import UTC, datetime
from pathlib import Path

from game.cli import Options
from game.core.settings import Settings
from game.kept_games.archive import rows
from game.kept_games.archive.backups import (
    BACKUP_NAMES,
    copy_into,
    keep_backup,
    open_copy,
    whole,
)
from game.kept_games.archive.database_file import set_aside
from game.kept_games.archive.tables import SCHEMA_OBJECTS
from game.platform.files import DamagedFile
from game.storage.envelope import SETTINGS_FORMAT, decode_document, encode_document
from game.storage.folders import Folders
from game.storage.schema import ARCHIVE_FILE, ARCHIVE_SIDE_FILES, SETTINGS_FILE, parse_settings
from game.storage.store import Storage

MEMBERS = {ARCHIVE_FILE, SETTINGS_FILE}
MAX_DATABASE_BYTES = 4 << 30  # far beyond a lifetime of play (a million moves: some 60 MB)
MAX_SETTINGS_BYTES = 1 << 20


def run(options: Options, folders: Folders) -> int:
    """--backup or --restore, said on the terminal: 0 if it was done, 1 if not."""
    try:
        if options.backup_path is not None:
            said = back_up(folders, Path(options.backup_path))
        else:
            assert options.restore_path is not None
            said = restore(folders, Path(options.restore_path))
    except Refused as refused:
        print(refused, file=sys.stderr)
        return 1
    print(said)
    return 0


class Refused(Exception):
    """Why the backup or restore was not done, in the player's words."""


def back_up(folders: Folders, target: Path) -> str:
    """Write everything kept to `target`; what was written, in a sentence. Refused if not."""
    database = folders.data / ARCHIVE_FILE
    if not database.is_file():
        raise Refused(f"Nothing is kept in {folders.data} yet: there is nothing to back up.")
    settings = Storage(folders.data, config_dir=folders.config).load_settings()
    part = target.with_name(target.name + ".part")
    try:
        with tempfile.TemporaryDirectory() as scratch:
            copy = Path(scratch) / ARCHIVE_FILE
            with contextlib.closing(
                sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)
            ) as db:
                copy_into(db, copy)  # what the database holds now, its log included
            with contextlib.closing(open_copy(copy)) as check:
                games = whole(check)
            with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as archive:
                archive.write(copy, ARCHIVE_FILE)
                archive.writestr(
                    SETTINGS_FILE, encode_document(SETTINGS_FORMAT, settings.to_dict())
                )
        os.replace(part, target)
    except (OSError, sqlite3.Error, ValueError) as error:
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise Refused(f"The backup could not be written to {target}: {error}.") from None
    return f"Backed up to {target}: {_games(games)}, the games in play, statistics and settings."


def restore(folders: Folders, source: Path) -> str:
    """Put everything `source` holds in place of what is kept now (kept as a backup first);
    what was restored, in a sentence. Refused, with nothing touched, if it is not whole or the
    game runs."""
    storage = Storage(folders.data, config_dir=folders.config, lock_wait=0.0).open()
    try:
        if storage.read_only:
            raise Refused(
                "2048 is running (or its data folder cannot be written): quit it, "
                "then restore again. Nothing was changed."
            )
        fresh = folders.data / (ARCHIVE_FILE + ".restoring")
        try:
            games, settings = _checked(source, fresh)
            database = folders.data / ARCHIVE_FILE
            kept = _keep_current(database)
            os.replace(fresh, database)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(fresh)
        if settings is not None:
            storage.save_settings(settings)
        if not storage.flush():
            raise Refused(f"Your games were restored from {source}, but not the settings.")
    finally:
        storage.close()
    what = "statistics and settings" if settings is not None else "statistics (not settings)"
    before = f" What was kept before is now {kept}." if kept else ""
    return f"Restored from {source}: {_games(games)}, the games in play, {what}.{before}"


def _checked(source: Path, fresh: Path) -> tuple[int, Settings | None]:
    """The file's database, written to `fresh` and checked whole, and its settings (None for
    a bare database, such as one of the game's own backups: the settings stay as they are)."""
    raw_settings = None
    try:
        if zipfile.is_zipfile(source):
            raw_settings = _unpacked(source, fresh)
        else:
            with contextlib.closing(open_copy(source)) as bare:
                copy_into(bare, fresh)
        with contextlib.closing(open_copy(fresh)) as copy:
            games = whole(copy)
            _every_row_reads(copy)
        if raw_settings is None:
            return games, None
        settings, rejected = parse_settings(decode_document(raw_settings, SETTINGS_FORMAT)[1])
    except (zipfile.BadZipFile, OSError, sqlite3.Error, ValueError, DamagedFile) as error:
        raise Refused(f"{source} cannot be restored: {error}. Nothing was changed.") from None
    if rejected:
        raise Refused(
            f"{source} cannot be restored: its settings {rejected} are not ones this version "
            "reads. Nothing was changed."
        )
    return games, settings


def _unpacked(source: Path, fresh: Path) -> bytes:
    """A backup file's database written to `fresh`; its settings' bytes."""
    with zipfile.ZipFile(source) as archive:
        members = {info.filename: info for info in archive.infolist()}
        if set(members) != MEMBERS:
            raise Refused(f"{source} is not a backup of 2048: it holds {sorted(members)}.")
        if (
            members[ARCHIVE_FILE].file_size > MAX_DATABASE_BYTES
            or members[SETTINGS_FILE].file_size > MAX_SETTINGS_BYTES
        ):
            raise Refused(f"{source} is too big to be a backup of 2048.")
        with archive.open(ARCHIVE_FILE) as packed, open(fresh, "wb") as unpacked:
            while chunk := packed.read(1 << 20):
                unpacked.write(chunk)
        return archive.read(SETTINGS_FILE)


def _every_row_reads(copy: sqlite3.Connection) -> None:
    """ValueError unless the copy has exactly our tables and the game reads back each row."""
    found = set(copy.execute("SELECT type, name FROM sqlite_master").fetchall())
    if found != SCHEMA_OBJECTS:
        raise ValueError("not the tables of 2048's kept games")
    problems = copy.execute("PRAGMA integrity_check").fetchall()
    if problems != [("ok",)]:
        raise ValueError(f"damaged: {problems[0][0]}")
    in_play, stats, _ = rows.kept_rows(copy)
    for size, game, session in in_play:
        rows.in_play_of((game, session), size)
    if stats is not None:
        rows.stats_of(stats)
    for game_id in [row[0] for row in copy.execute("SELECT id FROM games")]:
        row, steps = rows.game_rows(copy, game_id)
        rows.record_of(row[:-1], row[-1], steps)


def _keep_current(database: Path) -> str:
    """Where the database kept now went ('' if there is none): copied to the newest backup,
    its log written into it first, or, if it cannot be read, set aside as damaged files are.
    Either way nothing of it is left beside the restored one."""
    if not os.path.lexists(database):
        return ""
    try:
        with contextlib.closing(sqlite3.connect(database, isolation_level=None)) as current:
            current.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            keep_backup(current, database)
    except sqlite3.Error:
        return set_aside(database, datetime.now(UTC)).name
    for side in ARCHIVE_SIDE_FILES:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{database}{side}")
    return BACKUP_NAMES[0]


def _games(count: int) -> str:
    return "1 kept game" if count == 1 else f"{count} kept games"
