"""What storage tells the player: a key and its particulars, never words. game/text/notice_words.py
turns a notice into a sentence in the player's language (`notice_text(notice, lang)`)."""

from __future__ import annotations

import enum
import errno
from collections.abc import Mapping
from dataclasses import dataclass, field


class NoticeKey(enum.StrEnum):
    SECOND_COPY = "second_copy"  # another copy holds the lock: this one saves nothing
    CANNOT_SAVE = "cannot_save"  # the data folder cannot be made or locked (error, folder)
    LOCK_UNUSABLE = "lock_unusable"  # game.lock cannot be used or mended (error, folder)
    SAVE_FAILED = "save_failed"  # a save failed; the next one tries again (error)
    SAVE_WORKS = "save_works"  # after SAVE_FAILED, a save worked
    SETTINGS_RESET = "settings_reset"  # some settings took their defaults (names)
    NEWER_FILE = "newer_file"  # written by a newer version: left untouched, not saved (file)
    NEWER_BACKUP_KEPT = "newer_backup_kept"  # a newer backup beside a good file (file, kept)
    RESTORED_FROM_BACKUP = "restored_from_backup"  # damaged; the backup was used (file, kept)
    DAMAGED = "damaged"  # damaged, and no good backup (file, kept)
    NOT_READABLE = "not_readable"  # may not be read: left in place, not saved over (file, error)
    BACKUP_NOT_READABLE = "backup_not_readable"  # its backup only: left; the file saves (file)
    LOAD_FAILED = "load_failed"  # a fault of the game's reading it: left, not saved over (file)
    # The database of everything kept (game/kept_games/archive/); their words: game/text/'s
    # notice_<key>. A write it is refused is SAVE_FAILED, then SAVE_WORKS, as above.
    ARCHIVE_FAILED = "archive_failed"  # a disk error: no more games kept this run (error)
    ARCHIVE_FULL = "archive_full"  # the disk is full: no more games kept this run
    ARCHIVE_READ_ONLY = "archive_read_only"  # the file or its disk is read-only: none kept
    ARCHIVE_NOT_ALLOWED = "archive_not_allowed"  # the game may not use the file: none kept
    ARCHIVE_BUSY = "archive_busy"  # another program holds it: moves queued until it lets go
    ARCHIVE_FREE = "archive_free"  # after ARCHIVE_BUSY: the moves queued were written
    ARCHIVE_HELD_TOO_LONG = "archive_held_too_long"  # held so long the queue is full
    ARCHIVE_BUSY_AT_START = "archive_busy_at_start"  # held at the start: none kept this run
    ARCHIVE_SET_ASIDE = "archive_set_aside"  # unreadable, kept aside, a new one begun (kept)
    ARCHIVE_RESTORED = "archive_restored"  # unreadable, kept aside, its backup put back
    # (kept, made: when the backup was made, games: how many it holds)
    ARCHIVE_SIDE_FILE_ASIDE = "archive_side_file_aside"  # an odd -wal/-shm moved aside (kept)
    ARCHIVE_EMPTIED = "archive_emptied"  # an empty file where games were kept: a new list
    ARCHIVE_REMADE = "archive_remade"  # deleted while running: made again, nothing lost
    ARCHIVE_REPLACED = "archive_replaced"  # another file put in its place: none kept
    ARCHIVE_DAMAGED = "archive_damaged"  # damage found while running: backup at next start
    ARCHIVE_NEWER = "archive_newer"  # a newer version's: left untouched, nothing kept


@dataclass(frozen=True)
class Notice:
    """A message for the player. `fields` hold its particulars as text: `file` (a file's
    name) and `size` (its board size, for a game), `kept` (the name a damaged file was kept
    as), `error` (an errno name such as "ENOSPC"), `folder`, `names` (settings, comma-separated)."""

    key: NoticeKey
    fields: Mapping[str, str] = field(default_factory=dict)


# The "error" of a save the game itself refused to write: it would not have loaded again.
REFUSED = "REFUSED"


def error_name(error: OSError) -> str:
    """The errno name of an error ("ENOSPC"), or "unknown"."""
    return errno.errorcode.get(error.errno or 0, "unknown")
