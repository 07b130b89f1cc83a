"""Attacks on the player's files, against the real game (main.py, or the app played on command
by bench/archive_player.py where an attack needs moves made), headless: FIFOs and planted
links, files of another user, a data folder that is a file or deleted while the game runs, a
full and a read-only disk, files of a newer version, a damaged or doctored solver cache, crash
logs through a link, SIGKILL in the middle of saving, and the database of everything kept
(games.sqlite3: the game in play, the statistics, the kept games) held by another process, its
-wal damaged after a kill, its folder deleted between moves. The settings are attacked in
settings.json, what the game keeps in the database. Each attack says what it did and whether
what the player has held; what was kept is read back as the next start reads it
(`Archive.load_kept`, `Archive.list_games`) or as `main.py --status` tells it.

    python bench/storage_attacks.py [--kills N] [--only NAME ...]

`--kills 0` leaves out the SIGKILL soak (the longest part); `--only` runs the attacks named.
Some attacks need root (a tmpfs of a few megabytes; a file of another user's, which root then
plays as "nobody"); without it they are skipped and say so. POSIX only. Exit status 1 if any
attack broke something.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import shutil
import signal
import site
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core.settings import Settings  # noqa: E402
from game.kept_games.archive.database_file import REMADE_SUFFIX  # noqa: E402
from game.kept_games.archive.failures import notice  # noqa: E402
from game.kept_games.archive.games_archive import (  # noqa: E402
    MAX_UNCOMMITTED_BATCHES,
    Archive,
    Kept,
)
from game.kept_games.archive.tables import SCHEMA_VERSION  # noqa: E402
from game.launch.crashlog import write_crash_log  # noqa: E402
from game.launch.gamelog import LOG_NAME  # noqa: E402
from game.solver.bitboard import BitLayout  # noqa: E402
from game.solver.table_cache import cache_path, save_tables  # noqa: E402
from game.storage.envelope import SETTINGS_FORMAT, encode_document  # noqa: E402
from game.storage.schema import ARCHIVE_FILE, BACKUP_SUFFIX, SETTINGS_FILE  # noqa: E402
from game.storage.store import LOCK_NAME, Storage  # noqa: E402
from game.text import notice_text, tr  # noqa: E402

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
NOBODY = 65534
WAL, SHM = ARCHIVE_FILE + "-wal", ARCHIVE_FILE + "-shm"
SETTINGS_BACKUP = SETTINGS_FILE + BACKUP_SUFFIX
# The player's own settings, not the defaults: settings that come back are these.
MINE = replace(Settings(), volume=30, theme="dark")


class Broken(Exception):
    """What the player has did not hold."""


class Skipped(Exception):
    """The attack cannot be made on this machine."""


def check(condition: bool, what: str) -> None:
    if not condition:
        raise Broken(what)


# -- running the real game -----------------------------------------------------------------------


def run_game(data: Path, frames: int = 3, *, as_nobody: bool = False, timeout: float = 90):
    """main.py on `data` for a few frames, quitting as the player would; its completed process."""
    command = [sys.executable, "main.py", "--frames", str(frames), "--data-dir", str(data)]
    env, preexec = ENV, None
    if as_nobody:
        command[0] = nobody_python()
        paths = [str(ROOT), *site.getsitepackages()]
        env = dict(ENV, PYTHONPATH=os.pathsep.join(paths), HOME=str(data.parent))
        preexec = _become_nobody
    try:
        return subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, timeout=timeout, preexec_fn=preexec
        )
    except subprocess.TimeoutExpired:
        raise Broken(f"the game hung: still running after {timeout:.0f} s") from None


def start_game(data: Path, frames: int = 400) -> subprocess.Popen:
    """main.py on `data` for `frames` frames (some seconds), left running."""
    return subprocess.Popen(
        [sys.executable, "main.py", "--frames", str(frames), "--data-dir", str(data)],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def ended_well(game: subprocess.Popen) -> None:
    try:
        _, errors = game.communicate(timeout=90)
    except subprocess.TimeoutExpired:
        game.kill()
        raise Broken("the game hung: still running after 90 s") from None
    check(game.returncode == 0, f"the game ended with {game.returncode}: {errors[-400:]!r}")
    check(b"Traceback" not in crashes(errors), f"a traceback: {errors[-400:]!r}")


def status(data: Path) -> dict:
    """`main.py --status`: what the game says it keeps, read as the game reads it."""
    done = subprocess.run(
        [sys.executable, "main.py", "--status", "--data-dir", str(data)],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    check(done.returncode == 0, f"--status ended with {done.returncode}: {done.stderr[-400:]}")
    return json.loads(done.stdout)


def _become_nobody() -> None:
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)


def nobody_python() -> str:
    """An interpreter of this Python's version that another user may run."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for candidate in (sys.executable, shutil.which(version, path="/usr/local/bin:/usr/bin")):
        if candidate and _runs_as_nobody(candidate):
            return candidate
    raise Skipped(f"no {version} that the user nobody may run")


def _runs_as_nobody(python: str) -> bool:
    try:
        done = subprocess.run(
            [python, "-c", "import pygame, platformdirs, filelock"],
            preexec_fn=_become_nobody,
            env=dict(ENV, PYTHONPATH=os.pathsep.join([str(ROOT), *site.getsitepackages()])),
            capture_output=True,
            timeout=30,
        )
    except OSError:
        return False
    return done.returncode == 0


def game_ok(done: subprocess.CompletedProcess) -> None:
    check(done.returncode == 0, f"the game ended with {done.returncode}: {done.stderr[-400:]!r}")
    errors = crashes(done.stderr)
    check(b"Traceback" not in errors, f"a traceback: {errors[-400:]!r}")


def crashes(stderr: bytes) -> bytes:
    """What the game wrote to stderr, less the logging module's own reports of a log line it
    could not write (a full disk: its traceback is not the game's)."""
    kept, skipping = [], False
    for line in stderr.splitlines(keepends=True):
        if line.startswith(b"--- Logging error ---"):
            skipping = True
        elif skipping and line.startswith(b"Arguments: "):
            skipping = False
        elif not skipping:
            kept.append(line)
    return b"".join(kept)


class Player:
    """bench/archive_player.py: the real app in a process of its own, played on command."""

    def __init__(self, data: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "bench/archive_player.py", str(data)],
            cwd=ROOT,
            env=ENV,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def ask(self, command: str) -> dict:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            self.process.kill()
            raise Broken(f"the game ended: {self.process.communicate()[1][-400:]!r}")
        return json.loads(line)

    def send(self, command: str) -> None:
        """A command, not waiting for its answer (a kill comes in the middle of it)."""
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def quit(self) -> dict:
        """Quit as the player does; what `quit` answered, once the process has ended well."""
        end = self.ask("quit")
        _, errors = self.process.communicate(timeout=60)
        check(self.process.returncode == 0, f"the game ended with {self.process.returncode}")
        check(b"Traceback" not in crashes(errors.encode()), f"a traceback: {errors[-400:]!r}")
        return end

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.communicate(timeout=30)


def seeded(data: Path, moves: int = 6) -> dict:
    """A data folder with the player's settings and a real game some moves in (the real app
    played them and quit); that game as it is kept."""
    with Storage(data) as storage:
        storage.save_settings(MINE)
    player = Player(data)
    player.ask(f"play {moves}")
    end = player.quit()
    game = kept_game(data)
    check(game is not None and game["moves"] == end["steps"] > 0, f"seeding failed: {end}")
    check(settings_of(data) == MINE, "seeding failed: the settings changed")
    return game


def kept(data: Path) -> Kept:
    """What the next start plays on from, read without writing anything."""
    archive = Archive.open(data, background=False, read_only=True)
    try:
        return archive.load_kept()
    finally:
        archive.close()


def kept_game(data: Path, size: int = 4) -> dict | None:
    in_play = kept(data).in_play.get(size)
    return None if in_play is None else in_play[0].to_dict()


def kept_steps(data: Path) -> list[int]:
    """The steps of each kept game, as the next start reads them."""
    archive = Archive.open(data, read_only=True)
    try:
        return [summary.steps for summary in archive.list_games()]
    finally:
        archive.close()


def settings_of(folder: Path) -> Settings:
    """The settings the next start would load (read only: nothing set aside or written)."""
    return Storage(folder).load_settings()


def same_game(left: dict | None, right: dict | None) -> bool:
    """The same game, the clock aside (the game's own short run adds to it)."""
    fields = ("grid", "score", "moves", "undos_left", "history", "random_state")
    return left is not None and right is not None and all(left[f] == right[f] for f in fields)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def kinds(folder: Path, test: Callable[[int], bool], *marks: str) -> list[str]:
    """The names in `folder` of files of a kind (stat.S_ISFIFO, S_ISLNK...) with a mark."""
    return sorted(
        p.name
        for p in folder.iterdir()
        if test(p.lstat().st_mode) and any(mark in p.name for mark in marks)
    )


def leftovers(folder: Path) -> list[str]:
    """What a save on its way leaves: the settings' temporary files, a half-made database."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith((".tmp", REMADE_SUFFIX)))


# -- the attacks ---------------------------------------------------------------------------------


def fifos(work: Path) -> str:
    """FIFOs at the settings' place and the database's side files, then at the database's."""
    data = work / "data"
    game = seeded(data)
    for name in (SETTINGS_FILE, WAL, SHM):
        with contextlib.suppress(FileNotFoundError):
            (data / name).unlink()
        os.mkfifo(data / name)
    started = time.perf_counter()
    game_ok(run_game(data))
    seconds = time.perf_counter() - started
    check(settings_of(data) == MINE, "the settings did not come back from their backup")
    check(same_game(kept_game(data), game), "the game in play did not come back")
    aside = kinds(data, stat.S_ISFIFO, ".corrupt-", ".aside-")
    check(len(aside) == 3, f"the FIFOs were not kept: {aside}")
    (data / ARCHIVE_FILE).unlink()  # only a backup can bring the games back: the game goes on
    os.mkfifo(data / ARCHIVE_FILE)
    game_ok(run_game(data))
    aside = kinds(data, stat.S_ISFIFO, ARCHIVE_FILE + ".corrupt-")
    check(len(aside) == 1, "the FIFO at the database's place was not set aside")
    check(stat.S_ISREG((data / ARCHIVE_FILE).lstat().st_mode), "no new database")
    in_play = kept_game(data)
    check(in_play is not None, "the database in its place did not keep the game played")
    then = "the game in play back from a backup" if same_game(in_play, game) else "a new one"
    return (
        f"FIFOs at settings.json, -wal and -shm: played in {seconds:.1f} s, settings from their "
        f"backup, the game in play back, FIFOs kept; one at games.sqlite3: set aside, {then}"
    )


def planted_links(work: Path) -> str:
    """Links at the names the game writes, before it starts, and at the database's own name
    while it runs, all to a private file outside."""
    data, outside = work / "data", work / "outside"
    game = seeded(data)
    outside.mkdir(mode=0o700)
    target = outside / "secret"
    target.write_bytes(b"not the game's")
    before_start = [SETTINGS_FILE, SETTINGS_BACKUP, WAL, SHM, ARCHIVE_FILE + REMADE_SUFFIX]
    before_start += [LOCK_NAME, cache_path(data).name, f"logs/{LOG_NAME}"]
    (data / "logs").mkdir(mode=0o700, exist_ok=True)
    for name in before_start:
        with contextlib.suppress(FileNotFoundError):
            (data / name).unlink()
        (data / name).symlink_to(target)
    before = snapshot(outside)
    game_ok(run_game(data))
    check(snapshot(outside) == before, "a file outside the data folder was written")
    check(same_game(kept_game(data), game), "the game in play did not come back")
    check(stat.S_ISREG((data / SETTINGS_FILE).lstat().st_mode), "no settings saved")
    running = start_game(data)
    time.sleep(2.0)
    (data / "planted").symlink_to(target)
    os.replace(data / "planted", data / ARCHIVE_FILE)
    ended_well(running)
    check(snapshot(outside) == before, "written through the link that replaced the database")
    game_ok(run_game(data))  # the next start finds a link at the database's place
    check(snapshot(outside) == before, "a file outside the data folder was written")
    aside = kinds(data, stat.S_ISLNK, ARCHIVE_FILE + ".corrupt-")
    check(len(aside) == 1, "the link at the database's place was not set aside")
    check(stat.S_ISREG((data / ARCHIVE_FILE).lstat().st_mode), "no new database")
    then = "back from a backup" if same_game(kept_game(data), game) else "a new database"
    return (
        f"{len(before_start)} links to a private file outside, and the database replaced by "
        f"one mid-run: it is untouched; the game in play back, the link then set aside, {then}"
    )


def another_users_files(work: Path) -> str:
    """The settings, their backup and the database root's, played as nobody: 0600 (may not
    be read), then the database 0644 (read, may not be written)."""
    if os.geteuid() != 0:
        raise Skipped("needs root, to make a file another user's")
    data = work / "data"
    game = seeded(data)
    os.chmod(work, 0o755)
    for path in [data, *data.rglob("*")]:
        os.chown(path, NOBODY, NOBODY, follow_symlinks=False)
    theirs = (SETTINGS_FILE, SETTINGS_BACKUP, ARCHIVE_FILE)
    said = []
    for mode in (0o600, 0o644):
        for name in theirs:
            os.chown(data / name, 0, 0)
            os.chmod(data / name, 0o600 if name != ARCHIVE_FILE else mode)
        before = snapshot(data)
        game_ok(run_game(data, as_nobody=True))
        after = snapshot(data)
        changed = [name for name in theirs if after.get(name) != before[name]]
        check(not changed, f"{oct(mode)}: changed {changed}")
        owners = [(data / name).stat().st_uid for name in theirs]
        check(owners == [0, 0, 0], f"{oct(mode)}: owners now {owners}")
        aside = [n for n in after if ".corrupt-" in n or ".aside-" in n]
        check(not aside, f"{oct(mode)}: set aside {aside}")
        check(same_game(kept_game(data), game), f"{oct(mode)}: the game did not come back")
        said.append(oct(mode)[2:])
    return (
        f"settings.json and its backup root's 0600, games.sqlite3 root's {' then '.join(said)}, "
        "played as nobody: each left exactly as it was, the game in play intact"
    )


def folder_is_a_file(work: Path) -> str:
    blocker = work / "data"
    blocker.write_bytes(b"a file where the folder should be")
    game_ok(run_game(blocker))
    game_ok(run_game(work / ("x" * 300) / "data"))
    check(blocker.read_bytes() == b"a file where the folder should be", "the file changed")
    return "a file in place of the data folder, and a path too long: played, nothing touched"


def folder_deleted(work: Path) -> str:
    data = work / "data"
    game = seeded(data)
    running = start_game(data)
    time.sleep(2.5)
    shutil.rmtree(data)
    ended_well(running)
    check(data.is_dir() and stat.S_IMODE(data.stat().st_mode) == 0o700, "no private folder")
    check(same_game(kept_game(data), game), "the game in play was not kept again")
    check(settings_of(data) == MINE, "the settings were not saved again")
    return "the data folder deleted while the game ran: made again (0700), all saved at quit"


@contextlib.contextmanager
def small_disk(work: Path, size_kb: int) -> Iterator[Path]:
    if os.geteuid() != 0:
        raise Skipped("needs root, to mount a small tmpfs")
    mount = work / "disk"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(mount)],
        capture_output=True,
    )
    if done.returncode:
        raise Skipped(f"cannot mount a tmpfs: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def filled(disk: Path) -> Path:
    """Fill the disk to its last byte; the file that fills it."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    with contextlib.suppress(OSError):
        while os.write(fd, b"\0" * 65536):
            pass
    with contextlib.suppress(OSError):
        while os.write(fd, b"\0" * 512):
            pass
    os.close(fd)
    return filler


def full_disk(work: Path) -> str:
    """Three starts on a full disk, then room made; the disk full in the middle of play and
    room made while the player plays on; full again, and the player quits before room is made."""
    with small_disk(work, 4096) as disk:
        data = disk / "data"
        game = seeded(data)
        filler = filled(disk)
        before = snapshot(data)
        for _ in range(3):
            game_ok(run_game(data))
        after = snapshot(data)
        mine = (SETTINGS_FILE, SETTINGS_BACKUP, ARCHIVE_FILE)
        check(all(after.get(name) == before[name] for name in mine), "a file changed")
        check(not leftovers(data), f"left behind: {leftovers(data)}")
        filler.unlink()
        game_ok(run_game(data))
        check(snapshot(data)[ARCHIVE_FILE] != before[ARCHIVE_FILE], "no save once room was made")
        check(same_game(kept_game(data), game), "the last good save did not come back")
        refused, works = (
            notice_text(notice(key, error="ENOSPC"), "en") for key in ("save_failed", "save_works")
        )

        player = Player(data)
        player.ask("play 10")
        player.ask("idle 0.5")
        filler = filled(disk)
        during = player.ask("play 20")["steps"] - 10
        player.ask("idle 1")
        on_disk = moves_kept(data)
        filler.unlink()
        player.ask("idle 2")
        end = player.quit()
        moves = game["moves"] + end["steps"]
        check(on_disk == moves - during, f"the disk was not full: {on_disk} kept of {moves}")
        check(refused in end["notices"] and works in end["notices"], f"told {end['notices']}")
        check(moves_kept(data) == moves, f"kept {moves_kept(data)} moves of {moves}")
        check(kept_steps(data) == [moves], f"kept steps {kept_steps(data)}, played {moves}")

        player = Player(data)
        player.ask("play 5")
        player.ask("idle 0.5")
        filler = filled(disk)
        player.ask("play 5")
        started = time.perf_counter()
        end = player.quit()
        seconds = time.perf_counter() - started
        filler.unlink()
        check(refused in end["notices"], f"not told: {end['notices']}")
        written = moves + 5
        check(moves_kept(data) == written, f"kept {moves_kept(data)} moves, {written} written")
        check(kept_steps(data) == [written], f"kept steps {kept_steps(data)}, {written} written")
        check(not leftovers(data), f"left behind: {leftovers(data)}")
    return (
        "three starts on a full tmpfs: the last good save intact, saved once room was made; "
        f"full in play: {during} moves waited, all {moves} kept once room was made, told both; "
        f"full at quit ({seconds:.1f} s): the last {written} written moves intact"
    )


def moves_kept(data: Path) -> int | None:
    """The moves of the 4x4 game in play as the next start reads it."""
    game = kept_game(data)
    return None if game is None else game["moves"]


def read_only_disk(work: Path) -> str:
    with small_disk(work, 4096) as disk:
        data = disk / "data"
        game = seeded(data)
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        game_ok(run_game(data))
        told = status(data)
        in_play = told["sizes"].get("4", {}).get("in_play") or {}
        check(in_play.get("moves") == game["moves"], f"--status read {told}")
        check(told["kept_games"] == 1 and not told["notices"], f"--status read {told}")
        check(same_game(kept_game(data), game), "the game did not come back")
    return "a read-only tmpfs: played without saving; the game in play and its record read back"


def newer_backup(work: Path) -> str:
    data = work / "data"
    seeded(data)
    newer = encode_document(SETTINGS_FORMAT, {"from": "the future"}, version=99)
    (data / SETTINGS_BACKUP).write_bytes(newer)
    game_ok(run_game(data))
    check(settings_of(data) == MINE, "the good settings file was not the one played")
    kept_as = [p.name for p in data.iterdir() if p.is_file() and p.read_bytes() == newer]
    check(len(kept_as) == 1 and ".newer-" in kept_as[0], f"the newer backup: {kept_as}")
    return f"a newer version's settings backup beside a good file: played on, kept as {kept_as[0]}"


def newer_database(work: Path) -> str:
    """The database of a newer version (its user_version above ours): never written, never
    set aside, and said."""
    data = work / "data"
    seeded(data)
    with contextlib.closing(sqlite3.connect(data / ARCHIVE_FILE)) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = snapshot(data)[ARCHIVE_FILE]
    for _ in range(2):
        game_ok(run_game(data))
    check(snapshot(data)[ARCHIVE_FILE] == before, "the newer database was written")
    names = sorted(p.name for p in data.iterdir() if p.name.startswith(ARCHIVE_FILE))
    check(names == [ARCHIVE_FILE], f"beside it now: {names}")
    told = status(data)
    check([n["key"] for n in told["notices"]] == ["archive_newer"], f"--status said {told}")
    check(settings_of(data) == MINE, "the settings were lost")
    return "games.sqlite3 of a newer version: two runs played, left byte for byte, said newer"


# -- the solver's cache and the crash logs -------------------------------------------------------


def solver_cache(work: Path) -> str:
    """The solver's cache in a child process with 1.5 GB of address space at most."""
    fresh = BitLayout(4)
    tables = {"left": fresh.left, "right": fresh.right, "spread": fresh.spread}
    path = cache_path(work)
    cases: dict[str, Callable[[], None]] = {
        "a link to /dev/zero": lambda: os.symlink("/dev/zero", path),
        "a FIFO": lambda: os.mkfifo(path),
        "a sparse 3 GB file": lambda: _sparse(path, 3 << 30),
        "a doctored file with a good checksum": lambda: save_tables(
            work, {**tables, "left": list(range(1 << 16))}
        ),
    }
    save_tables(work, tables)
    raw = path.read_bytes()
    chooser = random.Random(3)
    for index in range(20):
        flip = bytearray(raw)
        flip[chooser.randrange(len(raw))] ^= 1 << chooser.randrange(8)
        cases[f"bit flip {index + 1}"] = lambda flip=bytes(flip): path.write_bytes(flip)
    probe = (
        "import sys; from game.solver.bitboard import BitLayout\n"
        "from game.core.engine import shift\n"
        "lay = BitLayout(4, sys.argv[1])\n"
        "grid = ((2, 2, 4, 8), (0, 0, 0, 0), (16, 16, 0, 0), (0, 2, 0, 2))\n"
        "b = lay.from_grid(grid)\n"
        "assert lay.move(b, 2) == lay.from_grid(shift(grid, 'left').grid)\n"
    )
    for label, make in cases.items():
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        make()
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", probe, str(work)],
            cwd=ROOT,
            capture_output=True,
            timeout=60,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (3 << 29, 3 << 29)),
        )
        seconds = time.perf_counter() - started
        check(done.returncode == 0, f"{label}: {done.stderr.decode()[-300:]}")
        check(seconds < 30, f"{label}: {seconds:.0f} s")
        check(stat.S_ISREG(path.lstat().st_mode), f"{label}: the cache was not rebuilt")
    return f"{len(cases)} bad caches (device link, FIFO, 3 GB, doctored, bit flips): rebuilt"


def _sparse(path: Path, size: int) -> None:
    with open(path, "wb") as file:
        file.truncate(size)


def crash_logs(work: Path) -> str:
    other = work / "someone-elses"
    other.mkdir()
    for day in range(1, 8):
        (other / f"crash-2020010{day}-120000-000000.txt").write_text("theirs")
    data = work / "data"
    data.mkdir()
    (data / "logs").symlink_to(other)
    before = snapshot(other)
    logs = data / "logs"
    check(write_crash_log(logs, RuntimeError("a test crash")) is None, "written through a link")
    check(snapshot(other) == before, "files behind the link changed")
    (data / "logs").unlink()
    (data / "logs").mkdir()
    for day in range(1, 8):
        (data / "logs" / f"crash-2099010{day}-120000-000000.txt").write_text("clock ahead")
    newest = write_crash_log(data / "logs", RuntimeError("a test crash"))
    check(newest is not None and newest.exists(), "the new log was pruned")
    return "logs a link to another folder: nothing written or pruned there; a new log survives"


# -- SIGKILL in the middle of saving --------------------------------------------------------------


def kills(work: Path, count: int) -> str:
    """SIGKILL in the middle of saving the settings, with the tests' child process
    (tests/helpers/children/storage_child.py), then the real game killed while it plays."""
    env = dict(ENV, GAME2048_SOAK_KILLS=str(count))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    command += ["tests/storage/test_storage_atomic.py", "-k", "killed"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    check(done.returncode == 0, done.stdout[-800:])
    real, lost = real_game_kills(work, 10)
    return (
        f"{count} SIGKILLs mid-save of the settings in each of two modes, and {real} kills of "
        f"the real game in play: nothing damaged, together, {lost} answered moves lost at most"
    )


def real_game_kills(work: Path, count: int) -> tuple[int, int]:
    """The real app killed at a random moment while it plays (every other kill on a game a
    kill already cut short). After each, as the next start reads it: nothing set aside or
    damaged, the game in play, its record and the statistics together, and no more lost than
    the moves still on their way (MAX_UNCOMMITTED_BATCHES and the command in flight)."""
    chooser = random.Random(9)
    worst = 0
    for index in range(count):
        data = work / f"killed-{index // 2}"
        before = sum(kept_steps(data)) if data.exists() else 0
        player = Player(data)
        answered = 0
        deadline = time.monotonic() + chooser.uniform(0.5, 4)
        while time.monotonic() < deadline:
            answered = player.ask("play 2")["steps"]
        player.send("play 2")
        time.sleep(chooser.uniform(0, 0.05))
        player.kill()
        archive = Archive.open(data, background=False)  # as the next start opens it
        try:
            said = archive.pop_notices()
            kept_now = archive.load_kept()
            said += archive.pop_notices()
            listed = archive.list_games()
        finally:
            archive.close()
        check(said == [], f"kill {index + 1}: {said}")
        steps = sum(summary.steps for summary in listed)
        made = steps - before
        worst = max(worst, answered - made)
        check(made >= answered - MAX_UNCOMMITTED_BATCHES, f"kill {index + 1}: {made}/{answered}")
        check(made <= answered + 2, f"kill {index + 1}: {made} steps kept of {answered} made")
        if steps == 0:
            continue
        check(4 in kept_now.in_play, f"kill {index + 1}: no game in play")
        game, session = kept_now.in_play[4]
        record = kept_now.records.get(session["game_id"])
        check(record is not None, f"kill {index + 1}: the game in play has no record")
        together = (record.moves, record.score) == (game.moves, game.score)
        check(together, f"kill {index + 1}: record {record}, game {game.moves} moves")
        playing = kept_now.stats.playing(4)
        counted = playing is not None and playing.game_id == session["game_id"]
        check(counted, f"kill {index + 1}: the statistics do not count the game in play")
    return count, worst


# -- the kept games (game/kept_games/archive/games_archive.py), attacked while the real app plays --


def archive_locked(work: Path) -> str:
    """Another process holds the kept games (BEGIN EXCLUSIVE) while the game is played."""
    data = work / "data"
    player = Player(data)
    before = player.ask("play 20")
    player.ask("idle 0.5")
    other = sqlite3.connect(data / ARCHIVE_FILE, isolation_level=None, timeout=0)
    other.execute("BEGIN EXCLUSIVE")
    held = player.ask("play 60")
    still = player.ask("idle 2")
    other.execute("ROLLBACK")
    other.close()
    player.ask("idle 1")
    end = player.quit()
    worst = max(held["worst_ms"], still["worst_ms"])
    made_while_held = held["steps"] - before["steps"]
    check(worst < 250, f"a frame waited {worst:.0f} ms while the games were held")
    check(kept_steps(data) == [end["steps"]], f"kept {kept_steps(data)}, played {end['steps']}")
    in_play = kept_game(data)
    check(in_play is not None and in_play["moves"] == end["steps"], "the game in play is behind")
    told = [tr(f"notice_archive_{key}") in end["notices"] for key in ("busy", "free")]
    check(all(told), f"not told what happened: {end['notices']}")
    return (
        f"held by another process for {made_while_held} moves: worst frame {worst:.1f} ms "
        f"(unheld {before['worst_ms']:.1f} ms; 5 s before the fix), {end['steps']}/"
        f"{end['steps']} steps and the game in play kept, told held then free"
    )


def _copy_opened(data: Path, scratch: Path) -> int:
    """The steps SQLite alone reads from a copy of the kept games (files as they are)."""
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir()
    for side in ("", "-wal", "-shm"):
        if (data / (ARCHIVE_FILE + side)).exists():
            shutil.copyfile(data / (ARCHIVE_FILE + side), scratch / (ARCHIVE_FILE + side))
    connection = sqlite3.connect(scratch / ARCHIVE_FILE)
    try:
        return connection.execute("SELECT count(*) FROM steps").fetchone()[0]
    except sqlite3.Error:
        return 0
    finally:
        connection.close()


def _zero_header(raw: bytes) -> bytes:
    return bytes(32) + raw[32:]


def _flip_a_frame(raw: bytes) -> bytes:
    size = 24 + int.from_bytes(raw[8:12], "big")
    at = 32 + ((len(raw) - 32) // size // 3) * size + 24 + 100
    return raw[:at] + bytes([raw[at] ^ 0x10]) + raw[at + 1 :]


def _cut_short(raw: bytes) -> bytes:
    return raw[: len(raw) // 3]


def damaged_wal(work: Path) -> str:
    """The game killed with its moves in the -wal; the -wal damaged three ways (and once not)
    before the next start. What is damaged is either set aside as it is (a new list begun), or
    left to SQLite's recovery (the moves before the damage): then the list and the game in play
    are all that SQLite alone reads of those files, no less."""
    damages = {"killed": None, "zeroed": _zero_header, "flipped": _flip_a_frame}
    damages["cut"] = _cut_short
    said = []
    for name, damage in damages.items():
        data = work / name
        player = Player(data)
        player.ask("play 150")
        player.kill()
        steps = _copy_opened(data, work / "scratch")
        wal = data / (ARCHIVE_FILE + "-wal")
        check(wal.stat().st_size > 0, "the moves were not in the -wal")
        if damage is not None:
            wal.write_bytes(damage(wal.read_bytes()))
        alone = _copy_opened(data, work / "scratch")
        database, log = (data / ARCHIVE_FILE).read_bytes(), wal.read_bytes()
        game_ok(run_game(data))
        aside = [p for p in data.iterdir() if ".corrupt-" in p.name]
        if damage is None:
            check(not aside and kept_steps(data) == [steps], f"{name}: {aside} {kept_steps(data)}")
            in_play = kept_game(data)
            check(in_play is not None and in_play["moves"] == steps, f"{name}: not the game")
            said.append(f"killed: {steps} steps, opened as they were")
            continue
        if not aside:  # SQLite's own recovery: the moves before the damage play on
            listed = kept_steps(data)
            check(listed == ([alone] if alone else []), f"{name}: kept {listed}, SQLite {alone}")
            in_play = kept_game(data)
            together = alone == 0 or (in_play is not None and in_play["moves"] == alone)
            check(together, f"{name}: the game in play is not its record's")
            said.append(f"{name}: {alone} of {steps} steps played on (SQLite's recovery)")
            continue
        [kept_aside] = [p for p in aside if not p.name.endswith(("-wal", "-shm"))]
        as_they_were = (
            kept_aside.read_bytes() == database and Path(f"{kept_aside}-wal").read_bytes() == log
        )
        check(as_they_were, f"{name}: the damaged files were not kept as they were")
        check(kept_steps(data) == [], f"{name}: the new list is not empty")
        said.append(f"{name}: {steps} steps kept aside (SQLite alone: {alone})")
    return "; ".join(said)


def archive_folder_deleted(work: Path) -> str:
    """The data folder deleted between moves; more moves; quit; the next start lists them."""
    data = work / "data"
    player = Player(data)
    player.ask("play 30")
    player.ask("idle 0.5")
    shutil.rmtree(data)
    player.ask("play 30")
    end = player.quit()
    check(tr("notice_archive_remade") in end["notices"], f"not told: {end['notices']}")
    game_ok(run_game(data))
    check(kept_steps(data) == [end["steps"]], f"kept {kept_steps(data)}, played {end['steps']}")
    in_play = kept_game(data)
    check(in_play is not None and in_play["moves"] == end["steps"], "the game in play is behind")
    return f"deleted after 30 moves, 30 more: {end['steps']}/{end['steps']} steps kept, told once"


ATTACKS: dict[str, Callable[[Path], str]] = {
    "fifos": fifos,
    "links": planted_links,
    "another-user": another_users_files,
    "folder-is-a-file": folder_is_a_file,
    "folder-deleted": folder_deleted,
    "full-disk": full_disk,
    "read-only-disk": read_only_disk,
    "newer-backup": newer_backup,
    "newer-database": newer_database,
    "solver-cache": solver_cache,
    "crash-logs": crash_logs,
    "archive-locked": archive_locked,
    "damaged-wal": damaged_wal,
    "archive-folder-deleted": archive_folder_deleted,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=300, help="SIGKILLs per mode (0: none)")
    parser.add_argument("--only", nargs="*", choices=[*ATTACKS, "kills"], help="these only")
    args = parser.parse_args()
    chosen = dict(ATTACKS)
    if args.kills:
        chosen["kills"] = lambda work: kills(work, args.kills)
    if args.only:
        chosen = {name: chosen[name] for name in args.only if name in chosen}
    broken = 0
    for name, attack in chosen.items():
        with tempfile.TemporaryDirectory(prefix="attack-") as folder:
            try:
                print(f"held     {name:<22} {attack(Path(folder))}", flush=True)
            except Skipped as why:
                print(f"skipped  {name:<22} {why}", flush=True)
            except Broken as what:
                broken += 1
                print(f"BROKEN   {name:<22} {what}", flush=True)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
