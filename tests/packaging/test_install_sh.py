"""install.sh has the desktop's file-type databases made again, so a shared game opens in
the game by a double-click on a fresh account: by update-desktop-database and
update-mime-database where they are installed, and says so in one line where they are not."""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest
from test_packaging import build_script, game_executable

from game.launch import desktop_entry

pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(os.name == "nt", reason="install.sh is for Linux"),
]

TOOLS = [database.tool for database in desktop_entry.FILE_TYPE_DATABASES]
# What install.sh and the game's stand-in run, and nothing else: no system's own tools.
COMMANDS = ["sh", "cp", "chmod", "mv", "mkdir", "dirname", "rmdir", "rm"]
RECORDING = '#!/bin/sh\necho "${{0##*/}} $*" >> "{log}"\n'


def unpacked_install(tmp_path: Path) -> Path:
    tarball = build_script("make_linux_tarball").make_tarball(
        game_executable(tmp_path), tmp_path / "release.tar.gz"
    )
    with tarfile.open(tarball) as tar:
        tar.extractall(tmp_path / "unpacked")  # our own archive, just made
    return tmp_path / "unpacked" / "2048-linux-x86_64" / "install.sh"


def bin_folder(tmp_path: Path, log: Path | None) -> Path:
    """The commands install.sh needs; with `log`, stand-ins for the tools that write there."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for command in COMMANDS:
        (folder / command).symlink_to(shutil.which(command))
    if log is not None:
        for tool in TOOLS:
            (folder / tool).write_text(RECORDING.format(log=log))
            (folder / tool).chmod(0o755)
    return folder


def run(install: Path, home: Path, path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": str(path), "HOME": str(home)}
    done = subprocess.run(
        [str(install), *args], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_install_and_uninstall_make_the_file_type_databases_again(tmp_path):
    install, log = unpacked_install(tmp_path), tmp_path / "tools.log"
    home, path = tmp_path / "home", bin_folder(tmp_path, log)
    home.mkdir()
    share = home / ".local" / "share"
    done = run(install, home, path)
    assert sorted(log.read_text().splitlines()) == [
        f"update-desktop-database {share / 'applications'}",
        f"update-mime-database {share / 'mime'}",
    ]
    assert "not found" not in done.stdout + done.stderr

    (share / "applications" / "someone-else.desktop").write_text("[Desktop Entry]\n")
    log.unlink()
    undone = run(install, home, path, "--uninstall")
    # The other program's entry is still there: its database is made again without the game.
    assert log.read_text().splitlines() == [f"update-desktop-database {share / 'applications'}"]
    # A game never played keeps no folder, and none is named.
    assert "stay where they are" not in undone.stdout


def test_without_the_tools_the_install_says_a_double_click_may_need_a_new_login(tmp_path):
    install, home = unpacked_install(tmp_path), tmp_path / "home"
    home.mkdir()
    done = run(install, home, bin_folder(tmp_path, None))
    (line,) = [line for line in done.stdout.splitlines() if "not found" in line]
    assert line.startswith("update-mime-database and update-desktop-database not found")
    assert "log in again" in line


def test_the_uninstall_names_only_the_folders_the_game_kept(tmp_path):
    install, home = unpacked_install(tmp_path), tmp_path / "home"
    saves = home / ".local" / "share" / desktop_entry.APP_ID
    saves.mkdir(parents=True)
    path = bin_folder(tmp_path, tmp_path / "tools.log")
    run(install, home, path)
    undone = run(install, home, path, "--uninstall")
    _, _, kept = undone.stdout.partition("stay where they are")
    named = [line.strip() for line in kept.splitlines() if line.startswith("  ~/")]
    assert named == [f"~/.local/share/{desktop_entry.APP_ID}"]
