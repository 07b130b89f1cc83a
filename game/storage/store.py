"""`Storage`: the game's files in one data folder (game/storage/__init__.py says which, and
what happens to each), loaded at once, saved on the writer thread or at once, under game.lock.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import threading
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from game.core.settings import Settings
from game.platform.files import (
    DamagedFile,
    atomic_write,
    make_private_folder,
    remove_leftovers,
    set_aside,
    take_lock,
)
from game.storage.copies import LEFT_IN_PLACE, Copy, Status, read_copy
from game.storage.envelope import SETTINGS_FORMAT, decode_document, encode_document
from game.storage.notices import REFUSED, Notice, NoticeKey, error_name
from game.storage.schema import BACKUP_SUFFIX, SETTINGS_FILE, parse_settings
from game.storage.writer import FileWriter

LOCK_NAME = "game.lock"
log = logging.getLogger("game.storage")


class Storage:
    """The game's files in one data folder. Loads work at once; saving needs `open()`, which
    takes the lock (a second running copy stays read-only and says so)."""

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        *,
        config_dir: str | os.PathLike[str] | None = None,
        lock_wait: float = 1.0,
        background: bool = False,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.config_dir = self.data_dir if config_dir is None else Path(config_dir)  # settings
        self.read_only = True  # until open() holds the lock
        self.notices: list[Notice] = []
        self._guard = threading.Lock()  # notices and _unsaved: the writer thread changes them too
        self._lock_wait = lock_wait
        self._lock: FileLock | None = None
        self._opened = False
        self._background = background
        self._writer: FileWriter | None = None
        self._held: set[str] = set()  # files never written this run (newer, or not read)
        self._no_backup: set[str] = set()  # files whose backup may not be read: left alone
        self._unsaved: set[str] = set()  # files whose last save asked for is not on disk
        self._readers: dict[str, tuple[str, Callable[[Any], Any]]] = {}  # name: (kind, parse)
        self._told: set[Hashable] = set()  # what the player was told about, once each
        self._failing: set[str] = set()  # files whose last write failed (the writer's own)
        self._on_disk: dict[str, bytes] = {}  # each file's bytes as this run read or wrote them

    # -- the lock ---------------------------------------------------------------------------

    def open(self) -> Storage:
        """Make the data folder and take the lock. Waits up to `lock_wait` seconds for a copy
        that is just quitting; if another copy keeps it, this one plays without saving."""
        if self._opened:
            return self
        self._opened = True  # tried once: a second open() says nothing twice
        try:
            make_private_folder(self.data_dir)
            lock = self._take_lock(self._lock_wait)
        except Timeout:
            self._notice(NoticeKey.SECOND_COPY)
            return self
        except OSError as error:
            lock = self._mend_lock(error)
            if lock is None:
                return self
        self._lock = lock
        self.read_only = False
        for folder in {self.data_dir, self.config_dir}:
            remove_leftovers(folder)  # from a copy killed mid-save
        if self._background:
            self._writer = FileWriter(self._write)
        return self

    def _mend_lock(self, error: OSError) -> FileLock | None:
        """The lock after an error taking it. A lock file of ours the game may not open (chmod
        000) is given back its mode (chmod keeps the file a copy may hold locked), and a link
        planted at its place just then is tried again (take_lock removes links), so the lock
        is tried once more. None, and one notice saying what to do, if that fails too or the
        trouble was the folder's."""
        path = self.data_dir / LOCK_NAME
        try:
            info = os.lstat(path)
        except OSError:
            info = None
        ours = info is not None and info.st_uid == getattr(os, "getuid", lambda: info.st_uid)()
        if info is None or not (stat.S_ISLNK(info.st_mode) or stat.S_ISREG(info.st_mode) and ours):
            self._notice(NoticeKey.CANNOT_SAVE, error=error_name(error), folder=str(self.data_dir))
            return None
        try:
            if stat.S_ISREG(info.st_mode):
                os.chmod(path, 0o600)
            return self._take_lock(self._lock_wait)
        except Timeout:
            self._notice(NoticeKey.SECOND_COPY)
        except OSError as again:
            log.warning("the lock %s cannot be used: %s", path, again)
            self._notice(
                NoticeKey.LOCK_UNUSABLE, error=error_name(again), folder=str(self.data_dir)
            )
        return None

    def _take_lock(self, wait: float) -> FileLock:
        # The writer thread may take it anew (a deleted folder), and the main thread lets it go.
        return take_lock(self.data_dir / LOCK_NAME, wait)

    def close(self) -> None:
        """Write what is still pending, then let go of the lock. Safe to call twice."""
        self.read_only = True  # from now on nothing more is asked to be written
        if self._writer is not None:
            self._writer.stop()
            self._writer = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every save asked for so far is written or has failed, at most `timeout`
        seconds. True only if each file's last save asked for is on disk: none failed, none was
        refused (a read-only copy, a file held back), none is still on its way."""
        written = self._writer.flush(timeout) if self._writer is not None else True
        with self._guard:
            return written and not self._unsaved

    def __enter__(self) -> Storage:
        return self.open()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def pop_notices(self) -> list[Notice]:
        """The messages for the player since the last call, oldest first."""
        with self._guard:
            notices, self.notices = self.notices, []
        return notices

    # -- settings ---------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        found = self._load(SETTINGS_FILE, SETTINGS_FORMAT, parse_settings)
        if not found:
            return Settings()
        settings, rejected = found[0]
        if rejected:
            self._notice(
                NoticeKey.SETTINGS_RESET,
                about=("settings", tuple(rejected)),
                names=",".join(rejected),
            )
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Written only when they changed: the same bytes, already on disk, are not written
        again (a save at every quit and lost focus would rewrite them for nothing)."""
        data = settings.to_dict()
        return self._save(SETTINGS_FILE, SETTINGS_FORMAT, data, parse_settings, if_changed=True)

    # -- loading ----------------------------------------------------------------------------

    def _load(self, name: str, kind: str, parse: Callable[[Any], Any]) -> list[Any]:
        """The good values of the file and its backup, main file first. Sets aside what is
        damaged, mends a missing or damaged copy from the good one, and tells the player; leaves
        alone, and never saves over, what it could not read."""
        self.flush()  # a save still on its way is newer than the file
        folder = self._folder(name)
        main = read_copy(folder / name, kind, parse)
        backup = read_copy(folder / (name + BACKUP_SUFFIX), kind, parse)
        good = [copy.value for copy in (main, backup) if copy.status is Status.GOOD]
        unread = [copy for copy in (main, backup) if copy.status in LEFT_IN_PLACE]
        if unread == [backup] and main.status is Status.GOOD:
            # The main copy is the newest: it is played and saved; the backup is left as it is.
            self._no_backup.add(name)
            self._notice(
                NoticeKey.BACKUP_NOT_READABLE,
                about=(NoticeKey.BACKUP_NOT_READABLE, name),
                error=backup.error,
                file=name,
            )
            return good
        if unread:
            self._held.add(name)
            failed = unread[0].status is Status.FAILED
            key = NoticeKey.LOAD_FAILED if failed else NoticeKey.NOT_READABLE
            self._notice(key, about=(key, name), error=unread[0].error, file=name)
            return good
        if main.status is Status.GOOD and backup.status is Status.NEWER:
            kept = self._set_aside(backup.path, "newer")
            if kept is None:  # the newer copy cannot be moved: never write over it
                self._held.add(name)
                if not self.read_only:
                    self._notice(NoticeKey.NEWER_FILE, about=("newer", name), file=name)
                return good
            self._notice(NoticeKey.NEWER_BACKUP_KEPT, kept=kept.name, file=name)
            backup = Copy(backup.path, Status.MISSING)
        if Status.NEWER in (main.status, backup.status):
            self._held.add(name)
            self._notice(NoticeKey.NEWER_FILE, about=("newer", name), file=name)
            return []
        if backup.status is Status.DAMAGED:
            self._set_aside(backup.path, "corrupt")
        if main.status is Status.DAMAGED:
            kept = self._set_aside(main.path, "corrupt")
            self._notice(
                NoticeKey.RESTORED_FROM_BACKUP if good else NoticeKey.DAMAGED,
                # A file set aside is gone: finding damage again is news. One left in place is not.
                about=None if kept else ("damaged", name, main.raw),
                kept=kept.name if kept else "",
                file=name,
            )
        if good and not self.read_only:
            raw = main.raw if main.status is Status.GOOD else backup.raw
            for copy in (main, backup):
                if copy.status is not Status.GOOD:
                    with contextlib.suppress(OSError):  # the next save will say so
                        atomic_write(copy.path, raw)
            with self._guard:
                self._on_disk[name] = raw
        return good

    def _set_aside(self, path: Path, tag: str) -> Path | None:
        """Rename a file to NAME.<tag>-<time>, never deleting it. None when this copy may not
        write or the rename fails."""
        if self.read_only or not os.path.lexists(path):
            return None
        return set_aside(path, tag)

    # -- saving -----------------------------------------------------------------------------

    def _save(
        self,
        name: str,
        kind: str,
        data: Any,
        parse: Callable[[Any], Any],
        *,
        if_changed: bool = False,
    ) -> bool:
        raw = encode_document(kind, data)
        with self._guard:
            written = name not in self._unsaved and self._on_disk.get(name) == raw
        if if_changed and written and os.path.isfile(self._folder(name) / name):
            return True  # the same bytes are there (and the file was not deleted meanwhile)
        with self._guard:
            self._unsaved.add(name)  # until it is on disk
            self._readers[name] = (kind, parse)
        if self.read_only or name in self._held:
            return False
        if self._writer is not None:
            self._writer.submit(name, raw)
            return True
        return self._write(name, raw)

    def _write(self, name: str, raw: bytes) -> bool:
        """Write a file and then its backup; a disk error becomes one notice per failing run.
        Never what the game would refuse to load: that file stays as it was."""
        if not self._readable(name, raw):
            self._notice(NoticeKey.SAVE_FAILED, about=("refused", name), error=REFUSED)
            return False
        folder = self._folder(name)
        try:
            copies = [name] if name in self._no_backup else [name, name + BACKUP_SUFFIX]
            for path in (folder / copy for copy in copies):
                try:
                    atomic_write(path, raw)
                except FileNotFoundError:
                    if not self._make_folder_again(folder):
                        raise
                    atomic_write(path, raw)
        except OSError as error:
            if not self._failing:
                self._notice(NoticeKey.SAVE_FAILED, error=error_name(error))
            self._failing.add(name)
            return False
        with self._guard:
            self._unsaved.discard(name)
            self._on_disk[name] = raw
        if name in self._failing:
            self._failing.discard(name)
            if not self._failing:  # every file that failed is saved again, not just a small one
                self._notice(NoticeKey.SAVE_WORKS)
        return True

    def _readable(self, name: str, raw: bytes) -> bool:
        """Whether the bytes of a save would load again, with the checks a load makes: a value
        the game would refuse (a fault of this version) must never reach the disk, where the
        next start would set the file aside and lose what it held."""
        with self._guard:
            kind, parse = self._readers[name]
        try:
            parse(decode_document(raw, kind)[1])
        except (DamagedFile, ValueError) as error:
            log.error("not saving %s, which would not load again: %s", name, error)
            return False
        return True

    def _folder(self, name: str) -> Path:
        """The folder a file lives in: the settings with the configuration, the rest together."""
        return self.config_dir if name == SETTINGS_FILE else self.data_dir

    def _make_folder_again(self, folder: Path) -> bool:
        """The folder was deleted while the game ran: make it again, and, the data folder, take
        the lock anew inside it, so that this copy stays the one that writes. False if the
        folder is there (the error was another) or cannot be had."""
        if folder.is_dir():
            return False
        if folder != self.data_dir:  # the settings' own folder holds no lock
            try:
                make_private_folder(folder)
            except OSError:
                return False
            return True
        try:
            make_private_folder(self.data_dir)
            lock = self._take_lock(0)
        except Timeout:  # another copy started meanwhile and holds the new folder
            self.read_only = True
            self._notice(NoticeKey.SECOND_COPY)
            return False
        except OSError:
            return False
        old, self._lock = self._lock, lock
        if old is not None:
            with contextlib.suppress(OSError):
                old.release()
        return True

    def _notice(self, key: NoticeKey, *, about: Hashable = None, **fields: str) -> None:
        """Tell the player; `about` names what it is about, to tell it only once."""
        with self._guard:
            if about is not None:
                if about in self._told:
                    return
                self._told.add(about)
            self.notices.append(Notice(key, fields))
