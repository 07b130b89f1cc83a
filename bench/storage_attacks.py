"""Attacks on the game's files, against the real game (main.py, headless): FIFOs, planted links,
files of another user, a data folder that is a file or deleted while the game runs, a full and
a read-only disk, a damaged or doctored solver cache, crash logs through a link, SIGKILL in
the middle of saving, and the kept games held by another process, their -wal damaged after a
kill, their folder deleted between moves (bench/archive_player.py plays the real app for
those). Each attack says what it did and whether what the player has held.

    python bench/storage_attacks.py [--kills N] [--only NAME ...]

Some attacks need root (a tmpfs of a few kilobytes; a file of another user's, which root then
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.kept_games.archive.games_archive import Archive  # noqa: E402
from game.launch.crashlog import write_crash_log  # noqa: E402
from game.solver.bitboard import BitLayout  # noqa: E402
from game.solver.table_cache import cache_path, save_tables  # noqa: E402
from game.storage.envelope import GAME_FORMAT, encode_document  # noqa: E402
from game.storage.schema import ARCHIVE_FILE  # noqa: E402
from game.storage.store import Storage  # noqa: E402
from game.text import tr  # noqa: E402

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
NOBODY = 65534
FILES = ("game-4.json", "settings.json", "stats.json")


class Broken(Exception):
    """What the player has did not hold."""


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
            [python, "-c", "import sys"], preexec_fn=_become_nobody, capture_output=True, timeout=30
        )
    except OSError:
        return False
    return done.returncode == 0


def game_ok(done: subprocess.CompletedProcess) -> None:
    check(done.returncode == 0, f"the game ended with {done.returncode}: {done.stderr[-400:]!r}")
    check(b"Traceback" not in done.stderr, f"a traceback: {done.stderr[-400:]!r}")


def seeded(folder: Path, moves: int = 6) -> dict:
    """A data folder with a real game some moves in (played by the real app), and that game."""
    driver = subprocess.run(
        [sys.executable, "tests/app_driver.py", str(folder), "close", str(moves)],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )
    check(driver.returncode == 0, f"seeding failed: {driver.stderr[-400:]}")
    return json.loads(driver.stdout.splitlines()[0])


def saved_game(folder: Path) -> dict | None:
    saved = Storage(folder).load_game(4)
    return None if saved is None else saved.game.to_dict()


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


class Skipped(Exception):
    """The attack cannot be made on this machine."""


# -- the attacks ---------------------------------------------------------------------------------


def fifos(work: Path) -> str:
    data = work / "data"
    game = seeded(data)
    for name in FILES:
        (data / name).unlink()
        os.mkfifo(data / name)
    started = time.perf_counter()
    game_ok(run_game(data))
    seconds = time.perf_counter() - started
    check(same_game(saved_game(data), game), "the game did not come back from its backup")
    kept = [p for p in data.iterdir() if stat.S_ISFIFO(p.lstat().st_mode)]
    check(len(kept) == 3 and all(".corrupt-" in p.name for p in kept), "the FIFOs were not kept")
    return f"3 FIFOs in place of the files: started and quit in {seconds:.1f} s, backups used"


def planted_links(work: Path) -> str:
    """Links at the names the game writes, some before it starts, the temporary names while
    it runs (a start clears leftovers of its own), all to a private file outside."""
    data, outside = work / "data", work / "outside"
    seeded(data)
    outside.mkdir(mode=0o700)
    target = outside / "secret"
    target.write_bytes(b"not the game's")
    before_start = [n + s for n in FILES for s in ("", ".bak")]
    before_start += ["solver-rows-4x4-v2.bin", "game-5.json"]
    while_running = [n + s for n in FILES for s in (".tmp", ".bak.tmp")] + ["game-5.json.tmp"]
    for name in before_start:
        with contextlib.suppress(FileNotFoundError):
            (data / name).unlink()
        (data / name).symlink_to(target)
    before = snapshot(outside)
    game = subprocess.Popen(
        [sys.executable, "main.py", "--frames", "400", "--data-dir", str(data)],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    time.sleep(2.0)
    for name in while_running:
        (data / name).symlink_to(target)
    _, errors = game.communicate(timeout=90)
    check(game.returncode == 0, f"the game ended with {game.returncode}: {errors[-400:]!r}")
    check(snapshot(outside) == before, "a file outside the data folder was written")
    check(saved_game(data) is not None, "no game saved")
    planted = len(before_start) + len(while_running)
    return f"{planted} links to a private file outside, 5 planted mid-run: it is untouched"


def another_users_files(work: Path) -> str:
    if os.geteuid() != 0:
        raise Skipped("needs root, to make a file another user's")
    data = work / "data"
    game = seeded(data)
    os.chmod(work, 0o755)
    for path in [data, *data.iterdir()]:
        os.chown(path, NOBODY, NOBODY)
    for name in ("stats.json", "stats.json.bak"):
        os.chown(data / name, 0, 0)  # root's, 0600: nobody may not read them
    before = snapshot(data)
    game_ok(run_game(data, as_nobody=True))
    after = snapshot(data)
    check(all(after[n] == before[n] for n in ("stats.json", "stats.json.bak")), "stats changed")
    check(not [n for n in after if ".corrupt-" in n], "a file was set aside")
    check(same_game(saved_game(data), game), "the game did not come back")
    return "stats.json and its backup root's 0600, played as nobody: left exactly as they were"


def folder_is_a_file(work: Path) -> str:
    blocker = work / "data"
    blocker.write_bytes(b"a file where the folder should be")
    game_ok(run_game(blocker))
    game_ok(run_game(work / ("x" * 300) / "data"))
    check(blocker.read_bytes() == b"a file where the folder should be", "the file changed")
    return "a file in place of the data folder, and a path too long: played, nothing touched"


def folder_deleted(work: Path) -> str:
    data = work / "data"
    seeded(data)
    game = subprocess.Popen(
        [sys.executable, "main.py", "--frames", "400", "--data-dir", str(data)],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    time.sleep(2.5)
    shutil.rmtree(data)
    _, errors = game.communicate(timeout=90)
    check(game.returncode == 0, f"the game ended with {game.returncode}: {errors[-400:]!r}")
    check(data.is_dir() and stat.S_IMODE(data.stat().st_mode) == 0o700, "no private folder")
    check(saved_game(data) is not None, "the game was not saved after the folder came back")
    return "the data folder deleted while the game ran: made again (0700) and saved at quit"


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


def full_disk(work: Path) -> str:
    with small_disk(work, 512) as disk:
        data = disk / "data"
        game = seeded(data)
        filler = disk / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
        with contextlib.suppress(OSError):
            while os.write(fd, b"\0" * 4096):
                pass
        os.close(fd)
        before = snapshot(data)
        for _ in range(3):
            game_ok(run_game(data))
        check(same_game(saved_game(data), game), "the last good save was lost")
        check(not list(data.glob(".*.tmp")), "a temporary file was left behind")
        after = snapshot(data)
        check(all(after[name] == before[name] for name in FILES), "a file changed")
        filler.unlink()
        (data / "game-4.json.bak").unlink()
        game_ok(run_game(data))
        check((data / "game-4.json.bak").is_file(), "saving did not resume once room was made")
        check(same_game(saved_game(data), game), "the game did not come back")
    return "a full tmpfs: three runs played, the last good save intact; saves again once freed"


def read_only_disk(work: Path) -> str:
    with small_disk(work, 1024) as disk:
        data = disk / "data"
        game = seeded(data)
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        game_ok(run_game(data))
        check(same_game(saved_game(data), game), "the game did not come back")
    return "a read-only tmpfs: played without saving, the game intact"


def newer_backup(work: Path) -> str:
    data = work / "data"
    game = seeded(data)
    newer = encode_document(GAME_FORMAT, {"from": "the future"}, version=99)
    (data / "game-4.json.bak").write_bytes(newer)
    game_ok(run_game(data))
    check(same_game(saved_game(data), game), "the good main file was hidden")
    check(newer in snapshot(data).values(), "the newer backup was not kept")
    return "a newer version's backup beside a good file: the game plays on, the backup is kept"


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


def kills(work: Path, count: int) -> str:
    """SIGKILL in the middle of saving, with the tests' child process (tests/storage_child.py)."""
    env = dict(ENV, GAME2048_SOAK_KILLS=str(count))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    command += ["tests/test_storage_atomic.py", "-k", "killed"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    check(done.returncode == 0, done.stdout[-800:])
    real = real_game_kills(work, 10)
    return f"{count} SIGKILLs mid-save in each of two modes, and {real} kills of the real game"


def real_game_kills(work: Path, count: int) -> int:
    data = work / "killed"
    chooser = random.Random(9)
    for _ in range(count):
        game = subprocess.Popen(
            [sys.executable, "tests/app_driver.py", str(data), "close", "12"],
            cwd=ROOT,
            env=ENV,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(chooser.uniform(0.5, 4))
        game.send_signal(signal.SIGKILL)
        game.wait()
        storage = Storage(data)
        storage.load_game(4)
        storage.load_stats()
        check(storage.pop_notices() == [], "a kill left a damaged file")
    return count


# -- the kept games (game/kept_games/archive/games_archive.py), attacked while the real app plays --


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

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.communicate(timeout=30)


def kept_steps(data: Path) -> list[int]:
    """The steps of each kept game, as the next start reads them."""
    archive = Archive.open(data, read_only=True)
    try:
        return [summary.steps for summary in archive.list_games()]
    finally:
        archive.close()


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
    end = player.ask("quit")
    worst = max(held["worst_ms"], still["worst_ms"])
    made_while_held = held["steps"] - before["steps"]
    check(worst < 250, f"a frame waited {worst:.0f} ms while the games were held")
    check(kept_steps(data) == [end["steps"]], f"kept {kept_steps(data)}, played {end['steps']}")
    told = [tr(f"notice_archive_{key}") in end["notices"] for key in ("busy", "free")]
    check(all(told), f"not told what happened: {end['notices']}")
    return (
        f"held by another process for {made_while_held} moves: worst frame {worst:.1f} ms "
        f"(unheld {before['worst_ms']:.1f} ms; 5 s before the fix), {end['steps']}/"
        f"{end['steps']} steps kept, told held then free"
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
    before the next start."""
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
            said.append(f"killed: {steps} steps, opened as they were")
            continue
        [kept] = [p for p in aside if not p.name.endswith(("-wal", "-shm"))]
        as_they_were = kept.read_bytes() == database and Path(f"{kept}-wal").read_bytes() == log
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
    end = player.ask("quit")
    check(tr("notice_archive_remade") in end["notices"], f"not told: {end['notices']}")
    game_ok(run_game(data))
    check(kept_steps(data) == [end["steps"]], f"kept {kept_steps(data)}, played {end['steps']}")
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
        chosen = {name: chosen[name] for name in args.only}
    broken = 0
    for name, attack in chosen.items():
        with tempfile.TemporaryDirectory(prefix="attack-") as folder:
            try:
                print(f"held     {name:<17} {attack(Path(folder))}", flush=True)
            except Skipped as why:
                print(f"skipped  {name:<17} {why}", flush=True)
            except Broken as what:
                broken += 1
                print(f"BROKEN   {name:<17} {what}", flush=True)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
