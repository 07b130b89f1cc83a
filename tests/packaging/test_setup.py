"""Setting up a fresh checkout: the Makefile's .venv (a Python too old, or one without venv or
pip, stops with what to install and leaves no .venv behind), `.ci/run` where the desktop
entry's checker cannot be installed, and the README's commands. The Makefile runs with a
temporary VENV and a stand-in PYTHON, so nothing here touches the checkout's own .venv."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.paths import ROOT

# Builds, installs or packs the game: seconds each (make test-fast leaves them out).
pytestmark = pytest.mark.packaging

MAKE = shutil.which("make")
needs_make = pytest.mark.skipif(
    MAKE is None or os.name == "nt", reason="the Makefile is for make on Linux and macOS"
)

# Python 3.10 as `make` meets it: the code it is given runs as 3.10 would run it; anything
# else it is asked (making a venv) is written down and fails.
PYTHON_3_10 = """#!{python}
import sys
with open({log!r}, "a") as log:
    log.write(" ".join(sys.argv[1:]) + "\\n")
sys.version_info = (3, 10, 12, "final", 0)
sys.version = "3.10.12 (main, Nov  6 2024, 20:22:13) [GCC 11.4.0]"
if sys.argv[1] == "-c":
    exec(sys.argv[2])
else:
    sys.exit(1)
"""
# Debian's Python without python3-venv: its venv module makes a .venv with no pip in it and
# fails, as ensurepip is missing.
PYTHON_WITHOUT_VENV = """#!/bin/sh
if [ "$1" = -m ] && [ "$2" = venv ]; then
    "{python}" -m venv --without-pip "$3"
    echo "The virtual environment was not created successfully because ensurepip is not available."
    exit 1
fi
exec "{python}" "$@"
"""


def stand_in(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(0o755)
    return path


def make(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    return subprocess.run(
        [MAKE, "--no-print-directory", "-C", str(ROOT), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@needs_make
def test_make_with_python_3_10_says_what_to_install_and_makes_no_venv(tmp_path):
    log = tmp_path / "python.log"
    python = stand_in(tmp_path / "python3", PYTHON_3_10.format(python=sys.executable, log=str(log)))
    venv = tmp_path / "venv"
    done = make(f"PYTHON={python}", f"VENV={venv}", "play")
    assert done.returncode != 0
    assert "needs Python 3.11 or newer, and " + f"{python} is 3.10.12." in done.stderr
    assert not venv.exists()
    assert "venv" not in log.read_text()  # stopped before making one


@needs_make
def test_make_without_python3_venv_names_it_and_leaves_no_venv(tmp_path):
    python = stand_in(tmp_path / "python3", PYTHON_WITHOUT_VENV.format(python=sys.executable))
    venv = tmp_path / "venv"
    done = make(f"PYTHON={python}", f"VENV={venv}", "play")
    assert done.returncode != 0
    assert "python3-venv" in done.stderr
    assert not venv.exists()


@needs_make
def test_a_venv_without_pip_left_from_before_is_not_trusted(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = stand_in(tmp_path / "python3", PYTHON_WITHOUT_VENV.format(python=sys.executable))
    done = make(f"PYTHON={python}", f"VENV={venv}", "play")
    assert done.returncode != 0
    assert "python3-venv" in done.stderr
    assert not venv.exists()


@needs_make
def test_a_working_venv_from_before_is_kept(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    kept = venv / "kept"
    kept.touch()
    done = make(f"PYTHON={sys.executable}", f"VENV={venv}", f"{venv}/.ready")
    assert done.returncode == 0, done.stderr
    assert kept.exists() and (venv / ".ready").exists()


# -- .ci/run ----------------------------------------------------------------------------------

# Stand-ins for the commands .ci/run meets before its first `make`, which is where these stop.
FAKE_MAKE = '#!/bin/sh\necho "make $*" >> "{log}"\nexit 3\n'
FAKE_ID = "#!/bin/sh\necho {uid}\n"
FAKE_SUDO_WITH_PASSWORD = '#!/bin/sh\necho "sudo $*" >> "{log}"\nexit 1\n'
FAKE_SUDO = '#!/bin/sh\necho "sudo $*" >> "{log}"\n[ "$1" = -n ] && shift\n"$@"\n'
# apt-get that installs a stand-in checker that writes down what it checks; {missing} is a
# package its archive does not have.
FAKE_APT_GET = """#!/bin/sh
echo "apt-get $*" >> "{log}"
case "$*" in
*install*{missing}) exit 100 ;;
*install*desktop-file-utils) tool=desktop-file-validate ;;
*install*appstream) tool=appstreamcli ;;
*) exit 0 ;;
esac
printf '#!/bin/sh\\necho "%s $*" >> "{log}"\\n' "$tool" > "{bin}/$tool"
"{chmod}" +x "{bin}/$tool"
"""
LINUX = "assets/linux/io.github.desktop2048.Desktop2048"


def run_ci(
    tmp_path: Path, uid: int, missing: str = "no-such-package", **commands: str
) -> tuple[subprocess.CompletedProcess, str]:
    """.ci/run from a copy of the checkout's script, with only the commands given (and
    dirname) on PATH, and apt-get's archive without the package `missing`."""
    (tmp_path / ".ci").mkdir()
    script = shutil.copy(ROOT / ".ci" / "run", tmp_path / ".ci" / "run")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "commands.log"
    log.touch()
    (bin_dir / "dirname").symlink_to(shutil.which("dirname"))
    for name, text in {"make": FAKE_MAKE, "id": FAKE_ID, **commands}.items():
        filled = text.format(
            log=log, uid=uid, bin=bin_dir, chmod=shutil.which("chmod"), missing=missing
        )
        stand_in(bin_dir / name, filled)
    done = subprocess.run(
        [shutil.which("bash"), script],
        env={"PATH": str(bin_dir)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done, log.read_text()


@pytest.mark.skipif(os.name == "nt", reason=".ci/run is a bash script for Linux")
@pytest.mark.parametrize(
    ("uid", "commands"),
    [
        (1000, {"apt-get": FAKE_APT_GET}),  # no sudo
        (1000, {"apt-get": FAKE_APT_GET, "sudo": FAKE_SUDO_WITH_PASSWORD}),
        (0, {}),  # root on a system without apt-get
    ],
    ids=["no sudo", "sudo asks a password", "no apt-get"],
)
def test_ci_run_skips_the_desktop_entry_check_it_cannot_install_and_goes_on(
    tmp_path, uid, commands
):
    done, log = run_ci(tmp_path, uid, **commands)
    assert done.returncode == 3, done.stderr  # it went on to its first make, which stops here
    assert "desktop-file-utils package" in done.stderr
    assert "appstream package" in done.stderr
    assert "apt-get" not in log
    assert log.splitlines()[-1] == "make lint"


@pytest.mark.skipif(os.name == "nt", reason=".ci/run is a bash script for Linux")
@pytest.mark.parametrize("uid", [1000, 0], ids=["with sudo", "as root"])
def test_ci_run_installs_the_checkers_of_the_menu_s_files_where_it_can(tmp_path, uid):
    done, log = run_ci(tmp_path, uid, sudo=FAKE_SUDO, **{"apt-get": FAKE_APT_GET})
    assert done.returncode == 3, done.stderr
    assert "Skipping" not in done.stderr
    assert "apt-get install -y -q --no-install-recommends desktop-file-utils" in log
    assert "apt-get install -y -q --no-install-recommends appstream" in log
    assert log.endswith(
        f"desktop-file-validate {LINUX}.desktop\n"
        f"appstreamcli validate --no-net {LINUX}.metainfo.xml\nmake lint\n"
    )


@pytest.mark.skipif(os.name == "nt", reason=".ci/run is a bash script for Linux")
def test_ci_run_checks_what_it_could_install_and_skips_the_rest_saying_so(tmp_path):
    done, log = run_ci(tmp_path, 0, missing="appstream", **{"apt-get": FAKE_APT_GET})
    assert done.returncode == 3, done.stderr
    assert "appstream package" in done.stderr and "desktop-file-utils" not in done.stderr
    assert log.endswith(f"desktop-file-validate {LINUX}.desktop\nmake lint\n")


# -- the README -------------------------------------------------------------------------------


def test_the_readme_starts_nothing_with_a_python_a_fresh_machine_may_lack():
    """`python` does not exist on Debian, and the system's `python3` has no pygame: the README's
    commands go through make or .venv's Python."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    bare = re.findall(r"(?:^ {4}|`)(python3? .*)", readme, flags=re.MULTILINE)
    assert bare == []


def test_the_readme_is_the_player_s_and_contributing_the_developer_s():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = readme.splitlines()
    # The two commands come first, under the title; the first screen then says what the game is.
    assert (
        lines[2:4]
        == [line for line in lines if line.startswith(("    make play ", "    make test "))][:2]
    )
    first_screen = "\n".join(lines[:24])
    assert "A desktop 2048: slide the tiles, merge equal ones" in first_screen
    sections = re.findall(r"^## (.+)$", readme, flags=re.MULTILINE)
    player_s = ["Download", "Playing", "Your games", "When something goes wrong", "Uninstalling"]
    assert [next(s for s in sections if s.startswith(p)) for p in player_s] == [
        s for s in sections if s.startswith(tuple(player_s))
    ], "the player's sections, in this order"
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for developer_s in ("make test-lowest", "make test-pure-solver", ".ci/run", "## Where things"):
        assert developer_s in contributing and developer_s not in readme


def test_every_relative_link_of_the_documents_names_a_file_of_the_source():
    for document in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md", *os.listdir(ROOT / "docs")):
        path = ROOT / document if (ROOT / document).exists() else ROOT / "docs" / document
        if path.suffix != ".md":
            continue
        for target in re.findall(r"\]\(([^)#]+)\)", path.read_text(encoding="utf-8")):
            if not target.startswith(("http://", "https://")):
                assert (path.parent / target).exists(), f"{path.name} links {target}"


def test_the_changelog_has_a_heading_for_this_version():
    import game

    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## \[{re.escape(game.__version__)}\] - ", changelog, re.MULTILINE)
