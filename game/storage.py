"""Saves, settings and statistics on disk: small JSON files, written atomically, one writer.

The promise to the player: the game in progress comes back exactly after any quit or crash, the
best scores only ever rise, and no bad file, full disk or second copy of the game costs anything.

How the app uses it (all of it pure Python; nothing here touches pygame):

    data_dir = resolve_data_dir(args.data_dir)     # --data-dir > $GAME2048_DATA_DIR > user data
    storage = Storage(data_dir, background=True).open()  # takes game.lock, or stays read-only
    settings = storage.load_settings()             # Settings, defaults for anything unreadable
    stats = storage.load_stats()                   # Stats (game/stats.py), merged with its backup
    saved = storage.load_game(4)                   # SavedGame(game, session) or None
    storage.save_game(game, session.state_dict())  # after every move, on quit, focus loss, minimise
    storage.save_settings(settings); storage.save_stats(stats)
    for text in storage.pop_notices(): show(text)  # plain-English messages, each to show once
    storage.close()                                # on quit: writes what is pending, unlocks

After an unexpected exception: save_game(...), then flush(), then crashlog.write_crash_log(...),
so the game is on disk before the player is told it is safe.

New game needs no call of its own: save the new game, and it replaces the old one. Saving never
raises for a disk problem: the game plays on in memory, one notice tells the player, and the
next save tries again.

A save costs about 0.25 ms of JSON and 1 ms of disk on a quiet machine, but the disk part (two
fsyncs) can stall for 20 ms or more while other programs write. `Storage(data_dir,
background=True)` takes the disk part off the frame: the save is encoded on the spot, and one
writer thread writes it, the newest save of each file winning over one not yet written. Loads
wait for the writes before them; `flush()` waits for all; `close()` flushes, and so does the end
of the program even without `close()`. Without `background`, every save is written before it
returns (what the tests mostly use).

Files, in the data folder (mode 0700; files 0600):

    game-4.json, game-5.json, game-6.json   the game in progress per board size (R18)
    settings.json, stats.json               settings; statistics and best scores (R9, R19, R20)
    NAME.bak                                the last good copy, rewritten after every good save
    NAME.corrupt-YYYYmmdd-HHMMSS            a file that could not be read, set aside, never deleted
    game.lock                               held by the running copy that may write
    logs/                                   crash logs (game/crashlog.py)

Every file is one line of JSON, and its first bytes never change from one version to the next:

    {"crc32":"1a2b3c4d","format":"2048-game","version":1,"data":{...}}

`crc32` is the CRC-32 (lower-case hex) of the file's bytes from `"format"` on, preceded by `{`,
so a truncated, zero-filled or bit-flipped file is told from a good one before anything in it
is believed. `format` names the kind of file, `version` its layout. An older version is
upgraded in memory (`UPGRADES`); a newer one is left exactly as it is, and that part of the game
runs without saving. When the engine's Game.to_dict() layout changes, bump the game version here
and add the step that upgrades the old data.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import re
import threading
import time
import traceback
import zlib
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, fields
from functools import partial, reduce
from pathlib import Path
from typing import Any, NamedTuple

import platformdirs
from filelock import FileLock, Timeout

from game.engine import BOARD_SIZES, MAX_SIZE, MIN_SIZE, Game
from game.stats import Stats, upgrade_from_version_1

APP_NAME = "2048"
DATA_DIR_ENV = "GAME2048_DATA_DIR"
LOCK_NAME = "game.lock"
SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = ".tmp"
MAX_FILE_BYTES = 1 << 20  # a real file is a few dozen kilobytes; anything huge is not ours

GAME_FORMAT = "2048-game"
SETTINGS_FORMAT = "2048-settings"
STATS_FORMAT = "2048-stats"
VERSIONS: Mapping[str, int] = {GAME_FORMAT: 1, SETTINGS_FORMAT: 1, STATS_FORMAT: 2}
# (format, version) -> a function turning that version's data into the next version's data.
UPGRADES: Mapping[tuple[str, int], Callable[[Any], Any]] = {
    (STATS_FORMAT, 1): upgrade_from_version_1,  # version 2 notes the game in play per size
}

_HEADER = re.compile(rb'\{"crc32":"([0-9a-f]{8})",')


def resolve_data_dir(
    cli_value: str | os.PathLike[str] | None = None, environ: Mapping[str, str] = os.environ
) -> Path:
    """Where the game keeps its files: --data-dir, else $GAME2048_DATA_DIR, else the user's
    data folder (platformdirs). Never the program's own folder."""
    chosen = cli_value or environ.get(DATA_DIR_ENV)
    if chosen:
        return Path(chosen).expanduser().absolute()
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def game_file(size: int) -> str:
    if type(size) is not int or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size: {size!r} is not a board size")
    return f"game-{size}.json"


# -- writing and reading one file ---------------------------------------------------------------


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the file at `path` by `data` so that a crash at any moment leaves either the old
    file or the new one: a temporary file in the same folder, flushed and fsynced, renamed over
    the old one with os.replace, then the folder fsynced where the system allows. On any error
    the temporary file is removed and the error raised; the old file is untouched."""
    path = Path(path)
    temp = path.with_name(path.name + TEMP_SUFFIX)
    try:
        fd = os.open(
            temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600
        )
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                if written <= 0:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(temp))
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable. Windows cannot open a folder this way, and some file
    systems refuse: the file is in place by then, so a refusal is no error."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def encode_document(kind: str, data: Any, version: int | None = None) -> bytes:
    """The bytes of a file of this kind holding `data` (JSON-ready), with its checksum."""
    body = json.dumps(
        {"format": kind, "version": VERSIONS[kind] if version is None else version, "data": data},
        separators=(",", ":"),
        allow_nan=False,
    ).encode("ascii")
    return b'{"crc32":"%08x",' % zlib.crc32(body) + body[1:]


class DamagedFile(ValueError):
    """The bytes are not a whole, good file of the expected kind."""


def decode_document(raw: bytes, kind: str) -> tuple[int, Any]:
    """(version, data) of a file of this kind; DamagedFile if the bytes are not one."""
    header = _HEADER.match(raw)
    if header is None:
        raise DamagedFile("no 2048 file header")
    body = b"{" + raw[header.end() :]
    if zlib.crc32(body) != int(header.group(1), 16):
        raise DamagedFile("checksum does not match: the file is damaged")
    try:
        document = json.loads(body.decode("ascii"), parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        raise DamagedFile(f"not JSON: {error}") from None
    if type(document) is not dict or document.get("format") != kind:
        raise DamagedFile(f"not a {kind} file")
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise DamagedFile("version: not a version number")
    if "data" not in document:
        raise DamagedFile("data: missing")
    return version, document["data"]


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a 2048 file holds")


def upgrade(kind: str, version: int, data: Any) -> Any:
    """Data of an older version of this kind brought to the current version, in memory."""
    while version < VERSIONS[kind]:
        step = UPGRADES.get((kind, version))
        if step is None:
            raise DamagedFile(f"version: no way to read version {version}")
        data = step(data)
        version += 1
    return data


# -- what the files hold ------------------------------------------------------------------------


class SavedGame(NamedTuple):
    """A game in progress and the session's state beside it (phase, assisted, ...)."""

    game: Game
    session: dict[str, Any]


_SESSION_VALUE_TYPES = (bool, int, float, str, type(None))
_SESSION_MAX_ENTRIES = 32
_SESSION_MAX_TEXT = 200


def check_session_state(state: Any) -> dict[str, Any]:
    """The session's state must be a small mapping of names to plain values (str, int, float,
    bool or None), which the session reads back itself. ValueError otherwise."""
    if type(state) is not dict:
        raise ValueError("session: not a mapping")
    if len(state) > _SESSION_MAX_ENTRIES:
        raise ValueError("session: too many entries")
    for key, value in state.items():
        if type(key) is not str or not 0 < len(key) <= _SESSION_MAX_TEXT:
            raise ValueError(f"session: {key!r} is not a name")
        if type(value) not in _SESSION_VALUE_TYPES:
            raise ValueError(f"session.{key}: not a plain value")
        if type(value) is float and not math.isfinite(value):
            raise ValueError(f"session.{key}: not a finite number")
        if type(value) is str and len(value) > _SESSION_MAX_TEXT:
            raise ValueError(f"session.{key}: too long")
    return dict(state)


def _parse_game(size: int, data: Any) -> SavedGame:
    if type(data) is not dict or set(data) != {"game", "session"}:
        raise ValueError("expected a game and a session")
    game = Game.from_dict(data["game"])
    if game.size != size:
        raise ValueError(f"size: a {game.size}x{game.size} game in the {size}x{size} file")
    return SavedGame(game, check_session_state(data["session"]))


ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
AUTOPLAY_PACES = ("1", "2", "5", "10", "20", "max")  # moves per second, or as fast as it can
LANGUAGES = ("auto", "en", "el")
WINDOW_SIDE_RANGE = (200, 16384)
_THEME_NAME = re.compile(r"[a-z0-9_-]{1,32}")


@dataclass(frozen=True)
class Settings:
    """The player's settings. Unknown theme names are the view's to refuse (it owns the list)."""

    size: int = 4
    theme: str = "classic"
    animation: str = "normal"
    volume: int = 80  # 0..100
    muted: bool = False
    fullscreen: bool = False
    window_size: tuple[int, int] = (540, 720)
    undo_enabled: bool = True
    autoplay_pace: str = "5"
    language: str = "auto"

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a file's data, and the names of the fields that were present but
        unusable: each of those, and each missing one, takes its default on its own."""
        values: dict[str, Any] = {}
        rejected: list[str] = []
        for name, check in _SETTING_CHECKS.items():
            if name not in data:
                continue
            if check(data[name]):
                values[name] = tuple(data[name]) if name == "window_size" else data[name]
            else:
                rejected.append(name)
        return cls(**values), rejected


def _is_window_size(value: Any) -> bool:
    low, high = WINDOW_SIDE_RANGE
    return (
        type(value) is list
        and len(value) == 2
        and all(type(side) is int and low <= side <= high for side in value)
    )


def _one_of(choices: tuple[Any, ...]) -> Callable[[Any], bool]:
    return lambda value: type(value) is type(choices[0]) and value in choices


def _is_bool(value: Any) -> bool:
    return type(value) is bool


_SETTING_CHECKS: Mapping[str, Callable[[Any], bool]] = {
    "size": _one_of(BOARD_SIZES),
    "theme": lambda value: type(value) is str and _THEME_NAME.fullmatch(value) is not None,
    "animation": _one_of(ANIMATION_SPEEDS),
    "volume": lambda value: type(value) is int and 0 <= value <= 100,
    "muted": _is_bool,
    "fullscreen": _is_bool,
    "window_size": _is_window_size,
    "undo_enabled": _is_bool,
    "autoplay_pace": _one_of(AUTOPLAY_PACES),
    "language": _one_of(LANGUAGES),
}


def _parse_settings(data: Any) -> tuple[Settings, list[str]]:
    if type(data) is not dict:
        raise ValueError("settings: not a mapping")
    return Settings.from_dict(data)


# -- notices ------------------------------------------------------------------------------------


class Notice(str):
    """A message for the player: the string is its plain English text; `key` names the message
    and `fields` hold its particulars (file names, board size), for showing it in another
    language."""

    key: str
    fields: dict[str, str]

    def __new__(cls, key: str, text: str, **fields: str) -> Notice:
        notice = super().__new__(cls, text)
        notice.key = key
        notice.fields = fields
        return notice


def _what(name: str) -> str:
    """The file `name` as a player would call it."""
    if name == SETTINGS_FILE:
        return "settings"
    if name == STATS_FILE:
        return "statistics and best scores"
    size = name.removeprefix("game-").removesuffix(".json")
    return f"saved {size}×{size} game"


def _fallback(name: str) -> str:
    if name == SETTINGS_FILE:
        return "the default settings are used"
    if name == STATS_FILE:
        return "they start again from zero"
    return "a new game was started"


def _reason(error: OSError) -> str:
    if error.errno == errno.ENOSPC:
        return "the disk is full"
    if error.errno == errno.EROFS:
        return "the disk is read-only"
    if isinstance(error, PermissionError) or error.errno in (errno.EACCES, errno.EPERM):
        return "the game is not allowed to write in its data folder"
    return f"of a disk error ({error.strerror or error})"


# -- the storage --------------------------------------------------------------------------------


_GOOD, _MISSING, _DAMAGED, _NEWER = "good", "missing", "damaged", "newer"


@dataclass(frozen=True)
class _Copy:
    """What was found at one path: its status, its bytes, and the value read from them."""

    path: Path
    status: str
    raw: bytes = b""
    value: Any = None


class _Writer:
    """One thread writing files in the background: for each file the newest bytes asked for,
    files in the order first asked. It outlives the main thread only to finish its work."""

    def __init__(self, write: Callable[[str, bytes], object]) -> None:
        self._write = write
        self._pending: dict[str, bytes] = {}
        self._writing = False
        self._stopping = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="storage-writer")
        self._thread.start()

    def submit(self, name: str, raw: bytes) -> None:
        with self._changed:
            self._pending[name] = raw
            self._changed.notify_all()

    def flush(self) -> None:
        """Wait until everything asked for is written (or could not be)."""
        with self._changed:
            while (self._pending or self._writing) and self._thread.is_alive():
                self._changed.wait(0.1)

    def stop(self) -> None:
        """Write what is pending, then end the thread."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
        self._thread.join()

    def _run(self) -> None:
        main = threading.main_thread()
        while True:
            with self._changed:
                while not self._pending:
                    if self._stopping or not main.is_alive():
                        return
                    self._changed.wait(0.1)
                name = next(iter(self._pending))
                raw = self._pending.pop(name)
                self._writing = True
            try:
                self._write(name, raw)
            except Exception:  # disk errors are handled in _write; a bug must not stop saving
                traceback.print_exc()
            finally:
                with self._changed:
                    self._writing = False
                    self._changed.notify_all()


class Storage:
    """The game's files in one data folder. Loads work at once; saving needs `open()`, which
    takes the lock (a second running copy stays read-only and says so)."""

    def __init__(
        self, data_dir: str | os.PathLike[str], *, lock_wait: float = 1.0, background: bool = False
    ) -> None:
        self.data_dir = Path(data_dir)
        self.read_only = True  # until open() holds the lock
        self.notices: list[Notice] = []
        self._notices_lock = threading.Lock()  # the writer thread adds notices too
        self._lock_wait = lock_wait
        self._lock: FileLock | None = None
        self._background = background
        self._writer: _Writer | None = None
        self._newer: set[str] = set()  # files from a newer version: never written
        self._told: set[Hashable] = set()  # what the player was told about, once each
        self._save_failing = False

    # -- the lock ---------------------------------------------------------------------------

    def open(self) -> Storage:
        """Make the data folder and take the lock. Waits up to `lock_wait` seconds for a copy
        that is just quitting; if another copy keeps it, this one plays without saving."""
        if self._lock is not None:
            return self
        try:
            self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            lock = FileLock(str(self.data_dir / LOCK_NAME), timeout=self._lock_wait, mode=0o600)
            lock.acquire()
        except Timeout:
            self._notice(
                "second_copy",
                "Another copy of 2048 is already running, so this one will not save anything: "
                "your games, settings and scores stay as that copy keeps them.",
            )
            return self
        except OSError as error:
            self._notice(
                "cannot_save",
                f"The game cannot save, because {_reason(error)}. You can still play; nothing "
                "will be kept after you quit.",
                error=errno.errorcode.get(error.errno or 0, "unknown"),
            )
            return self
        self._lock = lock
        self.read_only = False
        if self._background:
            self._writer = _Writer(self._write)
        for leftover in self.data_dir.glob("*.json*" + TEMP_SUFFIX):  # from a copy killed mid-save
            with contextlib.suppress(OSError):
                leftover.unlink()
        return self

    def close(self) -> None:
        """Write what is still pending, then let go of the lock. Safe to call twice."""
        self.read_only = True  # from now on nothing more is asked to be written
        if self._writer is not None:
            self._writer.stop()
            self._writer = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def flush(self) -> bool:
        """Wait until every save asked for so far is on disk (or could not be written).
        True when this copy may save and the last write worked."""
        if self._writer is not None:
            self._writer.flush()
        return not self.read_only and not self._save_failing

    def __enter__(self) -> Storage:
        return self.open()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def pop_notices(self) -> list[Notice]:
        """The messages for the player since the last call, oldest first."""
        with self._notices_lock:
            notices, self.notices = self.notices, []
        return notices

    # -- the game in progress (R18) ---------------------------------------------------------

    def load_game(self, size: int) -> SavedGame | None:
        """The saved game of this board size, or None for a fresh start."""
        name = game_file(size)
        found = self._load(name, GAME_FORMAT, partial(_parse_game, size))
        return found[0] if found else None

    def save_game(self, game: Game, session_state: Mapping[str, Any] | None = None) -> bool:
        """Keep this game as its size's game in progress. False if it was not written; with
        `background`, True means it is on its way (a disk error then comes as a notice)."""
        data = {"game": game.to_dict(), "session": check_session_state(dict(session_state or {}))}
        return self._save(game_file(game.size), GAME_FORMAT, data)

    # -- settings ---------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        found = self._load(SETTINGS_FILE, SETTINGS_FORMAT, _parse_settings)
        if not found:
            return Settings()
        settings, rejected = found[0]
        if rejected:
            names = ", ".join(name.replace("_", " ") for name in rejected)
            self._notice(
                "settings_reset",
                f"Some settings could not be read and are back to their defaults: {names}.",
                about=("settings", tuple(rejected)),
                names=",".join(rejected),
            )
        return settings

    def save_settings(self, settings: Settings) -> bool:
        return self._save(SETTINGS_FILE, SETTINGS_FORMAT, settings.to_dict())

    # -- statistics and best scores (R9, R19, R20) ------------------------------------------

    def load_stats(self) -> Stats:
        """The statistics, each figure the better of the file and its backup (so a best
        score never goes down)."""
        copies = self._load(STATS_FILE, STATS_FORMAT, Stats.from_dict)
        return reduce(Stats.merged, copies) if copies else Stats()

    def save_stats(self, stats: Stats) -> bool:
        return self._save(STATS_FILE, STATS_FORMAT, stats.to_dict())

    # -- the machinery ----------------------------------------------------------------------

    def _load(self, name: str, kind: str, parse: Callable[[Any], Any]) -> list[Any]:
        """The good values of the file and its backup, main file first. Sets aside what is
        damaged, mends a missing or damaged copy from the good one, and tells the player."""
        self.flush()  # a save still on its way is newer than the file
        main = self._read(self.data_dir / name, kind, parse)
        backup = self._read(self.data_dir / (name + BACKUP_SUFFIX), kind, parse)
        copies = (main, backup)
        if any(copy.status == _NEWER for copy in copies):
            self._newer.add(name)
            self._notice(
                "newer_file",
                f"Your {_what(name)} was saved by a newer version of 2048. It is left untouched, "
                "and this version will not save it; update 2048 to carry on with it.",
                about=("newer", name),
                file=name,
            )
            return []
        good = [copy for copy in copies if copy.status == _GOOD]
        set_aside = {
            copy.path: self._set_aside(copy.path) for copy in copies if copy.status == _DAMAGED
        }
        if main.status == _DAMAGED:
            kept = set_aside[main.path]
            if good:
                key = "restored_from_backup"
                text = (
                    f"Your {_what(name)} could not be read, so its backup copy was loaded instead."
                )
            else:
                key = "unreadable"
                text = (
                    f"Your {_what(name)} could not be read and had no good backup, "
                    f"so {_fallback(name)}."
                )
            if kept:
                text += f" The damaged file is kept as {kept.name}."
            self._notice(
                key,
                text,
                # A file set aside is gone: finding damage again is news. One left in place is not.
                about=None if kept else ("damaged", name, main.raw),
                file=name,
                kept=kept.name if kept else "",
            )
        if good and not self.read_only:
            for copy in copies:
                if copy.status != _GOOD:
                    with contextlib.suppress(OSError):  # the next save will say so
                        atomic_write(copy.path, good[0].raw)
        return [copy.value for copy in good]

    def _read(self, path: Path, kind: str, parse: Callable[[Any], Any]) -> _Copy:
        try:
            with open(path, "rb") as file:
                raw = file.read(MAX_FILE_BYTES + 1)
        except FileNotFoundError:
            return _Copy(path, _MISSING)
        except OSError:
            return _Copy(path, _DAMAGED)
        try:
            if len(raw) > MAX_FILE_BYTES:
                raise DamagedFile("too big")
            version, data = decode_document(raw, kind)
            if version > VERSIONS[kind]:
                return _Copy(path, _NEWER, raw)
            return _Copy(path, _GOOD, raw, parse(upgrade(kind, version, data)))
        except Exception:  # whatever is wrong with a file, it must not crash the game
            return _Copy(path, _DAMAGED, raw)

    def _set_aside(self, path: Path) -> Path | None:
        """Rename a damaged file to NAME.corrupt-<time>, never deleting it. None when this copy
        may not write or the rename fails."""
        if self.read_only or not path.exists():
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        number = 1
        while target.exists():
            number += 1
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target

    def _save(self, name: str, kind: str, data: Any) -> bool:
        if self.read_only or name in self._newer:
            return False
        raw = encode_document(kind, data)
        if self._writer is not None:
            self._writer.submit(name, raw)
            return True
        return self._write(name, raw)

    def _write(self, name: str, raw: bytes) -> bool:
        """Write a file and then its backup; a disk error becomes one notice per failing run."""
        try:
            atomic_write(self.data_dir / name, raw)
            atomic_write(self.data_dir / (name + BACKUP_SUFFIX), raw)
        except OSError as error:
            if not self._save_failing:
                self._save_failing = True
                self._notice(
                    "save_failed",
                    f"Your progress cannot be saved right now, because {_reason(error)}. You can "
                    "keep playing; the game tries again at every save.",
                    error=errno.errorcode.get(error.errno or 0, "unknown"),
                )
            return False
        if self._save_failing:
            self._save_failing = False
            self._notice("save_works", "Saving works again.")
        return True

    def _notice(self, key: str, text: str, *, about: Hashable = None, **fields: str) -> None:
        """Tell the player; `about` names what it is about, to tell it only once."""
        with self._notices_lock:
            if about is not None:
                if about in self._told:
                    return
                self._told.add(about)
            self.notices.append(Notice(key, text, **fields))
