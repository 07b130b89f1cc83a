"""Packaging: what each system's download holds, and that it plays and installs.

The spec tests run build/2048.spec with stand-ins for PyInstaller's build steps, as if on
Windows, macOS and Linux, and look at what it asks for; nothing is built. The icon tests read
the icon files as macOS, Windows and the Linux menu do. The tarball test packs the Linux
release around a stand-in for the executable (or the real one: GAME2048_EXE=dist/2048) and
runs its install.sh into a temporary home. The wheel tests build the wheel with pip and
install it into a fresh virtual environment (pip fetches the dependencies, or takes them from
its cache), then run `play2048` from a folder that is not the checkout. The source archive's
tests build it as a packager does, install it, play the installed game and collect the tests
it carries. The tests that build (marked slow) take a few seconds each.
"""

from __future__ import annotations

import ast
import email.parser
import importlib.util
import itertools
import os
import plistlib
import re
import shutil
import site
import struct
import subprocess
import sys
import tarfile
import tempfile
import types
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers.paths import ROOT
from helpers.solver import KERNEL_NOT_BUILT
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import game
from game import __version__
from game.cli import parse_args
from game.kept_games.share.shared_file import SHARE_SUFFIX
from game.launch import desktop_entry, notices
from game.platform import assets
from game.platform.identity import APP_ID
from game.text import LANGUAGES
from game.text.catalogs import DOMAIN

# Builds, installs or packs the game: seconds each (make test-fast leaves them out).
pytestmark = pytest.mark.packaging

SPEC = ROOT / "build" / "2048.spec"
EXE_ENV = "GAME2048_EXE"  # the built executable, for the tarball test to pack instead
ASSETS = ROOT / "assets"  # at the top of the source; in the package (a wheel, the executable):
IN_PACKAGE = "game/assets"


def build_script(name: str) -> types.ModuleType:
    """A module of build/, loaded from its file (build/ is no package), under the name the
    spec imports it by."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "build" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


bundle_files = build_script("bundle_files")


def every_asset() -> set[str]:
    """Every file of the assets, as a path relative to their folder ("fonts/...")."""
    found = set()
    for folder, _, files in os.walk(ASSETS):
        for name in files:
            found.add((Path(folder) / name).relative_to(ASSETS).as_posix())
    return found


def under(folder: str, files: set[str]) -> set[str]:
    return {f"{folder}/{name}" for name in files}


def test_the_assets_folder_has_what_the_game_loads():
    files = every_asset()
    assert {
        "fonts/ClearSans-Bold.ttf",
        "icon/icon.png",
        "icon/icon.ico",
        "icon/icon.icns",
        f"linux/{APP_ID}.desktop",
        f"linux/icons/hicolor/512x512/apps/{APP_ID}.png",
        f"linux/{APP_ID}.xml",
        f"linux/{APP_ID}.metainfo.xml",
        "sfx/slide.wav",
        "LICENSES",
    } <= files


def test_the_assets_are_at_the_top_level_the_design_names():
    # main.py, pyproject.toml, game, assets, tests, build: the package holds only code.
    assert (ROOT / "assets" / "fonts").is_dir()
    assert not (ROOT / "game" / "assets").exists()


# -- the executable, as each system gets it -------------------------------------------------


class _Recorder:
    """Stands in for PyInstaller's Analysis, PYZ, EXE, COLLECT and BUNDLE: keeps what the spec
    passes, and is what the spec gets back."""

    pure = scripts = ()  # what the spec reads from an Analysis
    binaries, datas = ("the libraries",), ("the assets",)

    def __init__(self, calls: dict[str, tuple[tuple, dict]], name: str) -> None:
        self.calls, self.name = calls, name

    def __call__(self, *args, **kwargs) -> _Recorder:
        self.calls[self.name] = (args, kwargs)
        return self


class _Kept:
    """Stands in for each class of PyInstaller's Windows version resource: keeps its args."""

    def __init__(self, *args, **kwargs) -> None:
        self.args, self.kwargs = args, kwargs

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self.args}{self.kwargs}"


def fake_versioninfo(monkeypatch) -> None:
    """PyInstaller's version resource module needs Windows' pefile: a stand-in elsewhere."""
    names = ["VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable"]
    names += ["StringStruct", "VarFileInfo", "VarStruct"]
    versioninfo = types.ModuleType("versioninfo")
    for name in names:
        setattr(versioninfo, name, type(name, (_Kept,), {}))
    win32 = types.ModuleType("win32")
    win32.versioninfo = versioninfo
    for name, module in [
        ("PyInstaller", types.ModuleType("PyInstaller")),
        ("PyInstaller.utils", types.ModuleType("utils")),
        ("PyInstaller.utils.win32", win32),
        ("PyInstaller.utils.win32.versioninfo", versioninfo),
    ]:
        monkeypatch.setitem(sys.modules, name, module)


def run_spec(monkeypatch, platform: str = sys.platform) -> dict[str, tuple[tuple, dict]]:
    """What the spec asks PyInstaller for, as if on `platform` (a sys.platform value)."""
    calls: dict[str, tuple[tuple, dict]] = {}
    names = ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
    namespace = {
        "__name__": "__main__",
        "__file__": str(SPEC),
        "SPECPATH": str(SPEC.parent),
        "DISTPATH": tempfile.mkdtemp(),  # where the spec writes the notices
        **{name: _Recorder(calls, name) for name in names},
    }
    monkeypatch.setattr(sys, "path", list(sys.path))  # the spec adds its folders
    monkeypatch.setattr(sys, "platform", platform)
    if platform == "win32":
        fake_versioninfo(monkeypatch)
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return calls


def bundled_files(datas) -> dict[str, Path]:
    """Where each data file lands in the bundle -> the file it comes from."""
    return {f"{folder}/{Path(source).name}": Path(source) for source, folder in datas}


def test_the_spec_bundles_every_asset_where_the_game_looks_for_it(tmp_path, monkeypatch):
    analysis_args, analysis_kwargs = run_spec(monkeypatch)["Analysis"]
    files = bundled_files(analysis_kwargs["datas"])
    notices = files.pop("./THIRD-PARTY-NOTICES.txt")  # beside the game's package folder
    assert "pygame-ce" in notices.read_text(encoding="utf-8")
    catalogs = {inside for inside in files if inside.startswith("game/text/locale/")}
    assert catalogs == every_catalog()  # the compiled catalogs, where gettext looks (game/text)
    files = {inside: source for inside, source in files.items() if inside not in catalogs}
    assert set(files) == under(IN_PACKAGE, every_asset())
    for inside, source in files.items():
        assert source == ASSETS / Path(inside).relative_to(IN_PACKAGE)
    # The entry is the installed game's, run as `python -m game` runs it (see the spec).
    assert [Path(script) for script in analysis_args[0]] == [
        Path(game.__file__).parent / "__main__.py"
    ]

    # Lay the data out as the executable unpacks it, with game/platform/assets.py where the frozen
    # module is (PyInstaller gives it the file name it has inside the bundle): it finds them.
    for inside, source in files.items():
        (tmp_path / inside).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, tmp_path / inside)
    frozen_module = tmp_path / "game" / "platform" / "assets.py"
    frozen_module.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(assets.__file__, frozen_module)
    spec = importlib.util.spec_from_file_location("frozen_assets", frozen_module)
    frozen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(frozen)
    assert frozen.assets_dir() == tmp_path / "game" / "assets"
    assert frozen.asset_path("fonts", "ClearSans-Bold.ttf").is_file()


def test_the_executable_leaves_out_no_module_the_game_imports():
    # Left out by the spec, a module the game needs is a crash at the first import in the
    # executable only (the kept games' sqlite3 once was). This reads the game's own imports,
    # wherever they stand; the next tests run the program, its libraries' imports included.
    imported = set()
    for source in [ROOT / "main.py", *(ROOT / "game").rglob("*.py")]:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module)
    excluded = set(bundle_files.EXCLUDES)
    needed = {name for name in imported for part in _prefixes(name) if part in excluded}
    assert not needed


def _prefixes(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


# Installed in every process of the program (sitecustomize, found first on PYTHONPATH, runs in
# the solver's spawned processes too): a module the spec leaves out is not found, as in the
# executable, and who asked for it is written down.
WITHOUT_EXCLUDED = """
import os, sys

EXCLUDED = {excluded!r}
ONLY_IN_SPAWNED = {only_in_spawned!r}  # the processes the game starts, not the game itself


class LeftOut:
    \"""One of the finders the program had, that finds no module the spec leaves out: so no
    finder does, and the import fails as in the executable, where it is not there at all.\"""

    def __init__(self, finder):
        self.finder = finder

    def __getattr__(self, name):
        return getattr(self.finder, name)

    def find_spec(self, name, path=None, target=None):
        if any(name == gone or name.startswith(gone + ".") for gone in EXCLUDED):
            frame = sys._getframe(1)
            while frame is not None and frame.f_globals.get("__name__", "").startswith(
                ("importlib", "sitecustomize")
            ):
                frame = frame.f_back
            by = frame.f_globals.get("__name__", "?") if frame is not None else "?"
            with open(os.environ["GAME2048_LEFT_OUT_LOG"], "a", encoding="utf-8") as log:
                log.write(f"{{name}} {{by}}\\n")
            return None
        return self.finder.find_spec(name, path, target)


if not ONLY_IN_SPAWNED or "--multiprocessing-fork" in sys.argv:
    sys.meta_path[:] = [LeftOut(finder) for finder in sys.meta_path]
"""


def run_without_excluded(
    tmp_path: Path,
    argv: list[str],
    excluded: Sequence[str] = tuple(bundle_files.EXCLUDES),
    only_in_spawned: bool = False,
) -> subprocess.CompletedProcess:
    """`python argv...` from the checkout, with the modules the spec leaves out missing (or
    `excluded`, and only in the processes the game spawns)."""
    site = tmp_path / "left-out"
    site.mkdir(exist_ok=True)
    code = WITHOUT_EXCLUDED.format(excluded=tuple(excluded), only_in_spawned=only_in_spawned)
    (site / "sitecustomize.py").write_text(code, encoding="utf-8")
    log = tmp_path / "left-out.log"
    log.touch()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env |= {"PYTHONPATH": str(site), "GAME2048_LEFT_OUT_LOG": str(log)}
    return subprocess.run(
        [sys.executable, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


def missing_modules(stderr: str, log: Path | None = None) -> str:
    """The modules a run died without ("No module named ..."), each with who imported it."""
    names = sorted(set(re.findall(r"No module named '([^']+)'", stderr)))
    asked = {}
    if log is not None:
        for line in log.read_text(encoding="utf-8").splitlines():
            name, by = line.split(" ", 1)
            asked.setdefault(name, set()).add(by)
    return ", ".join(
        f"{name} (imported by {', '.join(sorted(asked[name]))})" if name in asked else name
        for name in names
    )


def test_the_libraries_import_without_the_modules_the_spec_leaves_out(tmp_path):
    # filelock 3.15 to 3.32 import asyncio as they load: built with one of them and asyncio
    # left out, the executable died at its start.
    libraries = "import filelock, platformdirs, pygame, pygame._sdl2.controller"
    done = run_without_excluded(tmp_path, ["-c", libraries])
    missing = missing_modules(done.stderr, tmp_path / "left-out.log")
    assert not missing, f"build/bundle_files.py EXCLUDES what a library needs: {missing}"
    assert done.returncode == 0, done.stderr


def test_the_game_starts_every_part_without_the_modules_the_spec_leaves_out(tmp_path):
    argv = ["main.py", "--frames", "10", "--start-all", "--data-dir", str(tmp_path / "data")]
    done = run_without_excluded(tmp_path, argv)
    missing = missing_modules(done.stderr, tmp_path / "left-out.log")
    assert not missing, f"build/bundle_files.py EXCLUDES what the game needs: {missing}"
    assert done.returncode == 0, done.stdout + done.stderr


def test_start_all_names_the_parts_whose_processes_lack_a_module(tmp_path):
    # The solver's processes and a review's import their modules afresh: one missing there
    # only is not seen at the start, nor in --frames alone; --start-all fails on it.
    argv = ["main.py", "--frames", "5", "--data-dir", str(tmp_path / "data")]
    gone = ["game.solver.search"]
    plain = run_without_excluded(tmp_path, argv, gone, only_in_spawned=True)
    assert plain.returncode == 0, plain.stderr
    done = run_without_excluded(tmp_path, [*argv, "--start-all"], gone, only_in_spawned=True)
    assert done.returncode == 1, done.stdout + done.stderr
    assert missing_modules(done.stderr) == "game.solver.search"
    verdict = done.stderr.splitlines()[-1]
    assert verdict.startswith("--start-all: the solver's processes played no move")
    assert "the review's process scored nothing" in verdict


def test_start_all_is_for_the_tests_only():
    assert parse_args(["--start-all"]).frames == 1  # a few frames, then the verdict
    assert parse_args(["--start-all", "--frames", "9"]).frames == 9
    assert parse_args([]).start_all is False


def every_catalog() -> set[str]:
    """Every language's compiled catalog, as a path in the package ("game/text/locale/el/...")."""
    return {
        f"game/text/locale/{lang}/LC_MESSAGES/{DOMAIN}.mo"
        for lang in LANGUAGES  # each one the game offers, English (the source) included
    }


# Greek read from a catalog: in the player's words, not the English a missing catalog gives.
READS_GREEK = "from game.text import tr; assert tr('new_game', 'el') == 'Νέο παιχνίδι'"


@pytest.mark.skipif(not os.environ.get(EXE_ENV), reason=f"no built executable named by {EXE_ENV}")
def test_the_frozen_game_reads_greek_from_its_catalog(tmp_path):
    """The built executable ($GAME2048_EXE) with a Greek system: it draws its words from the
    catalog it carries, and says so on stderr if it has none (game/text/catalogs.py)."""
    exe = Path(os.environ[EXE_ENV]).absolute()
    greek = {"LANGUAGE": "el", "LC_ALL": "el_GR.UTF-8"}  # the system's language, if "auto"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **greek)
    argv = [str(exe), "--frames", "30", "--data-dir", str(tmp_path / "data")]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No catalog" not in done.stderr, done.stderr


@pytest.mark.skipif(not os.environ.get(EXE_ENV), reason=f"no built executable named by {EXE_ENV}")
def test_the_frozen_game_starts_every_part(tmp_path):
    """The built executable ($GAME2048_EXE) plays with every part started
    (game/launch/start_all.py): a module PyInstaller did not take, or the spec left out, that any
    part imports, the game's or a library's, fails it here, by name."""
    exe = Path(os.environ[EXE_ENV]).absolute()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    argv = [str(exe), "--frames", "30", "--start-all", "--data-dir", str(tmp_path / "data")]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
    missing = missing_modules(done.stderr)
    assert not missing, f"{exe.name} lacks what it imports: {missing}\n{done.stderr}"
    assert done.returncode == 0, done.stdout + done.stderr  # each part answered
    licences = subprocess.run([str(exe), "--licenses"], capture_output=True, text=True, timeout=60)
    assert licences.returncode == 0, licences.stderr
    assert_names_every_bundled_licence(licences.stdout)


def assert_names_every_bundled_licence(text: str) -> None:
    """The notices name Python and each distribution the game bundles, with its licence."""
    assert "Python Software Foundation" in text or notices.PYTHON_LICENSE_PAGE in text
    for dist in notices.bundled_distributions():
        # By name: the executable is built from the lock, whose versions may differ from here.
        assert re.search(rf"\n{re.escape(dist.metadata['Name'])} \S+\nLicence: ", text)
    assert "libSDL2" in text or "SDL2" in text  # pygame-ce's own libraries, by name


def test_the_solver_worker_can_start_inside_any_build():
    # The executable starts as `python -m game` does; main.py is the checkout's way in.
    for entry in (ROOT / "game" / "__main__.py", ROOT / "main.py"):
        assert "multiprocessing.freeze_support()" in entry.read_text(encoding="utf-8")


@pytest.mark.parametrize("platform", ["linux", "freebsd14"])
def test_on_linux_the_executable_is_one_stripped_windowed_file(monkeypatch, platform):
    calls = run_spec(monkeypatch, platform)
    assert set(calls) == {"Analysis", "PYZ", "EXE"}  # no folder, no bundle
    args, exe = calls["EXE"]
    assert exe["name"] == "2048" and exe["console"] is False
    assert "exclude_binaries" not in exe  # one file: everything goes into the executable
    assert _Recorder.binaries in args and _Recorder.datas in args
    assert exe["strip"] is True and exe["upx"] is False
    # The window's icon comes from the assets at run time; `2048 --version` tells the version.
    assert exe["icon"] is None and exe["version"] is None
    assert bundle_files.target(platform).executable == "2048"


def test_on_windows_the_executable_is_one_file_with_the_icon_and_the_version(monkeypatch):
    calls = run_spec(monkeypatch, "win32")
    assert set(calls) == {"Analysis", "PYZ", "EXE"}
    args, exe = calls["EXE"]
    assert exe["name"] == "2048" and exe["console"] is False  # no console window
    assert "exclude_binaries" not in exe and _Recorder.datas in args
    assert Path(exe["icon"]) == ASSETS / "icon" / "icon.ico"
    resource = repr(exe["version"])
    for key in ("FileVersion", "ProductVersion"):
        assert f"StringStruct('{key}', '{__version__}')" in resource
    numbers = bundle_files.windows_version_numbers(__version__)
    assert f"'filevers': {numbers}" in resource and f"'prodvers': {numbers}" in resource
    assert bundle_files.target("win32").executable == "2048.exe"


def test_on_macos_the_game_is_an_app_bundle_around_one_folder(monkeypatch):
    calls = run_spec(monkeypatch, "darwin")
    assert set(calls) == {"Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"}
    exe_args, exe = calls["EXE"]
    assert exe["exclude_binaries"] is True and exe["console"] is False
    assert _Recorder.datas not in exe_args  # beside the executable, not inside it
    collect_args, collect = calls["COLLECT"]
    assert collect_args[0].name == "EXE"
    assert _Recorder.binaries in collect_args and _Recorder.datas in collect_args
    assert collect["strip"] is False  # the libraries are signed
    (folder,), bundle = calls["BUNDLE"]
    assert folder.name == "COLLECT"
    assert bundle["name"] == "2048.app"
    assert Path(bundle["icon"]) == ASSETS / "icon" / "icon.icns"
    assert bundle["bundle_identifier"] == APP_ID
    assert bundle["version"] == __version__
    plist = plistlib.loads(plistlib.dumps(bundle["info_plist"]))  # it is valid plist data
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == __version__
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleDevelopmentRegion"] == "en"
    assert plist["CFBundleLocalizations"] == list(LANGUAGES) == ["en", "el"]
    assert bundle_files.target("darwin").executable == "2048.app/Contents/MacOS/2048"
    # Exports go to Documents: macOS asks the player first, in these words.
    assert "Documents" in plist["NSDocumentsFolderUsageDescription"]


def test_on_macos_the_app_opens_a_shared_game(monkeypatch):
    """Finder opens a shared game (.2048.json) with the app: its type is declared, and the
    app is among those that open it (as the game's own, and among JSON's others)."""
    (_,), bundle = run_spec(monkeypatch, "darwin")["BUNDLE"]
    plist = plistlib.loads(plistlib.dumps(bundle["info_plist"]))
    (declared,) = plist["UTExportedTypeDeclarations"]
    shared_type = declared["UTTypeIdentifier"]
    assert shared_type.startswith(APP_ID + ".")
    assert "public.json" in declared["UTTypeConformsTo"]
    tags = declared["UTTypeTagSpecification"]
    assert tags["public.filename-extension"] == [SHARE_SUFFIX.removeprefix(".")]
    assert tags["public.mime-type"] == [desktop_entry.MIME_TYPE]
    opened = {
        kind: document["LSHandlerRank"]
        for document in plist["CFBundleDocumentTypes"]
        for kind in document["LSItemContentTypes"]
        if document["CFBundleTypeRole"] == "Viewer"
    }
    assert opened == {shared_type: "Owner", "public.json": "Alternate"}  # JSON stays JSON's


def test_the_release_workflow_runs_and_ships_what_the_spec_builds():
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    for platform, asset in [
        ("win32", "2048-windows-x86_64.exe"),
        ("darwin", "2048-macos-arm64.zip"),
        ("linux", "2048-linux-x86_64.tar.gz"),
    ]:
        assert f"executable: dist/{bundle_files.target(platform).executable}\n" in workflow
        assert f"asset: {asset}\n" in workflow
    assert "ditto -c -k --keepParent dist/2048.app" in workflow
    # The one-file Windows download has its licences beside it on the release page.
    assert (
        "cp dist/THIRD-PARTY-NOTICES.txt release/2048-windows-x86_64-THIRD-PARTY-NOTICES.txt"
        in workflow
    )
    assert "path: release/\n" in workflow
    assert "build/make_linux_tarball.py" in workflow
    # Built from the lock, hashes checked, and the built game started with every part.
    assert "pip install --require-hashes -r build/requirements.txt" in workflow
    assert "pip install --no-deps --no-build-isolation ." in workflow
    assert "-e ." not in workflow and "pip install pyinstaller" not in workflow.lower()
    assert "PYTHONHASHSEED: 0" in workflow  # as make exe: the same bytes from one checkout
    assert "pytest tests/packaging/test_packaging.py -k frozen_game" in workflow


# -- the lock the executable is built from ---------------------------------------------------

LOCK = ROOT / "build" / "requirements.txt"


def lock_pins() -> dict[str, tuple[str, str, list[str]]]:
    """Each package of the lock: its name -> (version, environment marker, hashes)."""
    pins = {}
    for line in LOCK.read_text(encoding="utf-8").replace("\\\n", " ").splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            requirement, *hashes = line.split("--hash=")
            pinned, _, marker = requirement.partition(";")
            name, _, version = pinned.strip().partition("==")
            pins[canonicalize_name(name)] = (version, marker.strip(), [h.strip() for h in hashes])
    return pins


def requirements_in() -> list[str]:
    text = (ROOT / "build" / "requirements.in").read_text(encoding="utf-8")
    return [line.split("#")[0].strip() for line in text.splitlines() if line.split("#")[0].strip()]


def test_the_lock_pins_every_requirement_with_the_hashes_of_its_files():
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = pyproject["project"]
    wanted = [*project["dependencies"], *requirements_in()]
    for extra in project["optional-dependencies"].values():
        wanted += extra
    pins = lock_pins()
    for text in wanted:  # each within its range, on every system
        requirement = Requirement(text)
        version, marker, _ = pins[canonicalize_name(requirement.name)]
        assert requirement.specifier.contains(version, prereleases=True), (text, version)
        assert not marker, text
    for name, (version, _, hashes) in pins.items():
        assert version and hashes and all(h.startswith("sha256:") for h in hashes), name
    # Resolved for the three systems the release builds on, not just this one: PyInstaller's
    # own requirements on Windows and on macOS are there, each for its system.
    assert pins["pefile"][1] == pins["pywin32-ctypes"][1] == "sys_platform == 'win32'"
    assert pins["macholib"][1] == "sys_platform == 'darwin'"
    # The game is built by the lock's setuptools (no build isolation): the one pyproject.toml
    # asks for.
    assert set(pyproject["build-system"]["requires"]) <= set(requirements_in())
    lines = LOCK.read_text(encoding="utf-8").splitlines()
    header = " ".join(itertools.takewhile(lambda line: line.startswith("#"), lines))
    assert "make lock" in header and "uv pip compile" in header and "--universal" in header


@pytest.mark.parametrize(
    ("version", "numbers"),
    [
        ("0.1.0", (0, 1, 0, 0)),
        ("1.0", (1, 0, 0, 0)),
        ("2", (2, 0, 0, 0)),
        ("0.2.0rc1", (0, 2, 0, 0)),
        ("1.2.3b2", (1, 2, 3, 0)),
        ("1.2.3.post1", (1, 2, 3, 0)),
        ("1.2.3.dev4", (1, 2, 3, 0)),
        ("1.2.3.4", (1, 2, 3, 4)),
        ("1.2.3.4.5", (1, 2, 3, 4)),
        ("1.0+local.7", (1, 0, 0, 0)),
    ],
)
def test_every_version_makes_the_four_numbers_of_a_windows_resource(version, numbers):
    assert bundle_files.windows_version_numbers(version) == numbers


@pytest.mark.parametrize("version", ["", "one", "1.x", "70000.0", "1.0 beta"])
def test_a_version_windows_cannot_hold_is_refused_before_the_build(version):
    with pytest.raises(ValueError):
        bundle_files.windows_version_numbers(version)


def test_the_version_has_one_home_that_the_package_and_the_build_read():
    import tomllib

    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = tomllib.loads(pyproject)["project"]
    assert "version" in project["dynamic"] and "version" not in project
    assert 'version = { attr = "game.__version__" }' in pyproject
    assert bundle_files.game_version(ROOT) == __version__


# The first major of each action that runs on the runners' current Node (24).
NODE24_MAJORS = {
    "actions/checkout": 5,
    "actions/setup-python": 6,
    "actions/upload-artifact": 6,
    "actions/download-artifact": 7,
}


def test_the_release_workflow_writes_only_where_it_releases_with_current_actions():
    import re

    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    top, _, jobs = workflow.partition("\njobs:\n")
    assert "contents: read" in top and "contents: write" not in top
    build, _, release = jobs.partition("\n  release:\n")
    assert "contents: write" not in build
    assert "contents: write" in release
    used = re.findall(r"uses: ([\w-]+/[\w-]+)@v(\d+)", workflow)
    assert {name for name, _ in used} == set(NODE24_MAJORS)
    for name, major in used:
        assert int(major) >= NODE24_MAJORS[name], f"{name}@v{major} runs on an old Node"


# -- the icons, as each system reads them --------------------------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_side(data: bytes) -> int:
    """The side of a square PNG, from its IHDR chunk."""
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width == height
    return width


def icns_images(data: bytes) -> dict[bytes, bytes]:
    """An ICNS file's images by type, after checking the container and its table of contents."""
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    blocks, offset = [], 8
    while offset < len(data):
        kind, length = struct.unpack(">4sI", data[offset : offset + 8])
        assert length >= 8 and offset + length <= len(data), kind
        blocks.append((kind, data[offset + 8 : offset + length]))
        offset += length
    assert offset == len(data)
    (toc_kind, toc), *images = blocks
    assert toc_kind == b"TOC "
    listed = [struct.unpack(">4sI", toc[i : i + 8]) for i in range(0, len(toc), 8)]
    assert listed == [(kind, 8 + len(png)) for kind, png in images]
    return dict(images)


def ico_images(data: bytes) -> dict[int, bytes]:
    """An ICO file's PNG images by side, each checked against its directory entry."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    images = {}
    for index in range(count):
        entry = data[6 + 16 * index : 22 + 16 * index]
        side, _, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", entry)
        images[side or 256] = data[offset : offset + size]  # 0 means 256
    return images


def test_the_macos_icon_is_a_well_formed_icns_of_pngs():
    images = icns_images((ASSETS / "icon" / "icon.icns").read_bytes())
    # Each type's side in pixels, as macOS reads it ("@2x" for Retina screens).
    sides = {b"ic11": 32, b"ic12": 64, b"ic07": 128, b"ic13": 256, b"ic08": 256}
    sides |= {b"ic14": 512, b"ic09": 512, b"ic10": 1024}
    assert {kind: png_side(png) for kind, png in images.items()} == sides


def test_the_windows_icon_is_an_ico_of_pngs_up_to_256():
    images = ico_images((ASSETS / "icon" / "icon.ico").read_bytes())
    assert {side: png_side(png) for side, png in images.items()} == {
        side: side for side in (16, 32, 48, 64, 128, 256)
    }


def test_every_system_gets_the_same_drawing():
    window = (ASSETS / "icon" / "icon.png").read_bytes()
    icns = icns_images((ASSETS / "icon" / "icon.icns").read_bytes())
    ico = ico_images((ASSETS / "icon" / "icon.ico").read_bytes())
    menu = ASSETS / "linux" / desktop_entry.icon_path(256)
    assert icns[b"ic08"] == icns[b"ic13"] == ico[256] == menu.read_bytes() == window


def test_the_linux_icons_have_the_side_their_folder_says():
    for size in desktop_entry.ICON_SIZES:
        png = assets.asset_path("linux", *desktop_entry.icon_path(size).parts).read_bytes()
        assert png_side(png) == size
    window_icon = assets.asset_path("icon", "icon.png").read_bytes()
    assert png_side(window_icon) == 256


# -- the Linux release ---------------------------------------------------------------------

STAND_IN = """#!/bin/sh
# Stands in for the built executable: the same desktop entry code, run as the frozen game.
case "$1" in
    --install-desktop-entry) action=install ;;
    --uninstall-desktop-entry) action=uninstall ;;
    *) exit 2 ;;
esac
exec "{python}" -c '
import sys
sys.frozen, sys.executable = True, sys.argv[2]
from game.launch import desktop_entry as entry
sys.exit(entry.run(entry.EntryAction(sys.argv[1])))
' "$action" "$0"
"""


def game_executable(tmp_path: Path) -> Path:
    """$GAME2048_EXE (the real one), else a stand-in that runs the same code."""
    if os.environ.get(EXE_ENV):
        return Path(os.environ[EXE_ENV]).absolute()
    stand_in = tmp_path / "stand-in" / "2048"
    stand_in.parent.mkdir()
    stand_in.write_text(STAND_IN.format(python=sys.executable))
    stand_in.chmod(0o755)
    (stand_in.parent / notices.NOTICES).write_text(notices.notices_text(), encoding="utf-8")
    return stand_in


@pytest.mark.skipif(os.name == "nt", reason="install.sh is for Linux")
def test_the_linux_tarball_installs_into_the_menu_and_uninstalls_cleanly(tmp_path):
    exe = game_executable(tmp_path)
    tarball = build_script("make_linux_tarball").make_tarball(exe, tmp_path / "release.tar.gz")
    with tarfile.open(tarball) as tar:
        members = {member.name: member for member in tar.getmembers()}
    folder = "2048-linux-x86_64"
    files = {f"{folder}/{name}" for name in ("2048", "install.sh", "LICENSE", notices.NOTICES)}
    assert set(members) == {folder} | files
    with tarfile.open(tarball) as tar:
        shipped = tar.extractfile(f"{folder}/{notices.NOTICES}").read().decode("utf-8")
    assert_names_every_bundled_licence(shipped)
    assert members[f"{folder}/2048"].mode == members[f"{folder}/install.sh"].mode == 0o755
    assert all(member.uid == 0 and member.uname == "" for member in members.values())

    unpacked = tmp_path / "unpacked"
    unpacked.mkdir()
    subprocess.run(["tar", "xzf", str(tarball)], cwd=unpacked, check=True)
    install = unpacked / folder / "install.sh"
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": os.environ["PATH"], "HOME": str(home)}  # no XDG_DATA_HOME: ~/.local/share

    done = subprocess.run([str(install)], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    game = home / ".local" / "bin" / "2048"
    assert game.read_bytes() == exe.read_bytes() and os.access(game, os.X_OK)
    share = home / ".local" / "share"
    entry = share / "applications" / desktop_entry.ENTRY_NAME
    exec_line = next(line for line in entry.read_text().splitlines() if line.startswith("Exec="))
    assert exec_line == f"Exec={game} %f"
    installed = {path.relative_to(home) for path in home.rglob("*") if path.is_file()}
    expected = {path.relative_to(home) for path in desktop_entry.installed_files(env)}
    # The AppStream metadata is among them, as software centres look for it.
    assert (share / "metainfo" / desktop_entry.METAINFO).relative_to(home) in expected
    made = {  # the file-type databases, made again by their tools where they are installed
        (share / database.folder / name).relative_to(home)
        for database in desktop_entry.FILE_TYPE_DATABASES
        for name in database.made
    }
    # And nothing else, no save folder.
    assert installed - made == expected | {game.relative_to(home)}
    validator = shutil.which("desktop-file-validate")
    if validator:
        subprocess.run([validator, str(entry)], check=True)

    undone = subprocess.run(
        [str(install), "--uninstall"], env=env, capture_output=True, text=True, timeout=120
    )
    assert undone.returncode == 0, undone.stdout + undone.stderr
    assert [path for path in home.rglob("*") if path.is_file()] == []
    # No folder the install made is left behind, empty.
    assert sorted(home.rglob("*")) == [home / ".local", home / ".local" / "share"]
    # The game never played here, so it kept no folder to name (tests/packaging/test_install_sh.py
    # names those it kept).
    assert "stay where they are" not in undone.stdout


# -- the wheel -----------------------------------------------------------------------------


def copy_of_the_checkout(tmp_path_factory) -> Path:
    """The checkout without its scratch files: a build writes into its source folder, and a
    copy keeps the build's scratch files (and any left from earlier builds) out of this one."""
    source = tmp_path_factory.mktemp("source") / "game2048"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            *(".git", ".venv*", "dist", ".work", "*.egg-info", "__pycache__", ".*_cache"),
            *(".hypothesis", "*.so", "*.pyd"),
        ),
    )
    return source


@dataclass(frozen=True)
class Built:
    path: Path
    output: str  # what the build printed, the build backend's own lines included


@pytest.fixture(scope="module")
def wheel_build(tmp_path_factory) -> Built:
    source = copy_of_the_checkout(tmp_path_factory)
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(  # -v: pip shows what setuptools says
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-w", str(out), "-v"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = out.glob("game2048-*.whl")
    return Built(built, done.stdout + done.stderr)


@pytest.fixture(scope="module")
def wheel(wheel_build) -> Path:
    return wheel_build.path


@pytest.mark.slow
def test_the_wheel_builds_without_a_warning(wheel_build):
    # setuptools warned six times a build ("Package would be ignored") while the assets'
    # folders were package data in no package it was told of.
    warned = re.findall(r"^.*(?:Warning\b|would be ignored).*$", wheel_build.output, re.M)
    assert warned == []


@pytest.mark.slow
def test_the_wheel_holds_every_asset(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    in_wheel = {name for name in names if name.startswith(f"{IN_PACKAGE}/")}
    assert in_wheel == under(IN_PACKAGE, every_asset())
    assert {name for name in names if name.endswith(".mo")} == every_catalog()  # compiled


# A link's target, or a picture's: "[text](target)", "![words](target)".
LINK_TARGET = re.compile(r"\]\(([^)]*)\)")
PICTURE_TARGET = re.compile(r"!\[[^\]]*\]\(([^)]*)\)")
LINK_OR_PICTURE = re.compile(r"!?\[[^\]]*\]\([^)]*\)")


def assert_fit_for_an_index(description: str) -> None:
    """No picture and no relative link, which an index, knowing no repository, would show
    broken; and it is the README's text: each line, but for its links and pictures."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "![" not in description
    for picture in PICTURE_TARGET.findall(readme):
        assert picture not in description  # nor its file named instead
    for target in LINK_TARGET.findall(description):
        assert target.startswith(("http://", "https://", "#")), target
    heading = next(line for line in readme.splitlines() if line.startswith("# "))
    assert heading in description.splitlines()
    for line in readme.splitlines():
        for words in LINK_OR_PICTURE.split(line):
            assert words in description, line


def setup_py(monkeypatch) -> tuple[dict, dict]:
    """setup.py run here with setup() a stand-in: its names, and what it passes to setup()."""
    import runpy

    import setuptools

    passed = {}
    monkeypatch.setattr(setuptools, "setup", lambda **options: passed.update(options))
    monkeypatch.chdir(ROOT)  # it reads the files of the folder it runs in, as a build does
    return runpy.run_path("setup.py"), passed


def test_the_index_gets_the_readme_with_its_pictures_out_and_each_file_link_as_a_path(
    monkeypatch,
):
    names, passed = setup_py(monkeypatch)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert passed["long_description"] == names["index_description"](readme)
    assert passed["long_description_content_type"] == "text/markdown"
    assert_fit_for_an_index(passed["long_description"])
    markdown = (
        "# Title\n\n![A picture](docs/a.png)\nSee [the rules](docs/rules.md), [`a.md`](a.md) "
        "and [b.md](b.md) ![inline](i.png)with [the site](https://example.org/) and [R1](#r1).\n"
    )
    assert names["index_description"](markdown) == (
        "# Title\n\nSee the rules (`docs/rules.md` in the source), `a.md` and `b.md` with "
        "[the site](https://example.org/) and [R1](#r1).\n"
    )


@pytest.mark.slow
def test_the_wheel_s_description_is_the_readme_without_pictures_or_relative_links(wheel):
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        metadata = email.parser.Parser().parsestr(archive.read(name).decode("utf-8"))
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert_fit_for_an_index(metadata.get_payload())


@dataclass(frozen=True)
class Installed:
    scripts: Path  # where pip put play2048
    python: Path


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Installed:
    """A fresh virtual environment with the wheel installed."""
    venv = tmp_path_factory.mktemp("installed") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", str(wheel)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    return Installed(scripts, python)


def outside_env(**changes: str) -> dict[str, str]:
    """This environment without what would point the installed game back at the checkout."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "GAME2048_DATA_DIR", "VIRTUAL_ENV", "XDG_DATA_HOME")
    }
    return env | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"} | changes


def assets_of(python: Path, cwd: Path) -> Path:
    """The assets folder the game that `python` imports (from `cwd`) finds."""
    code = "from game.platform.assets import assets_dir; print(assets_dir())"
    where = subprocess.run(
        [str(python), "-c", code],
        cwd=cwd,
        env=outside_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert where.returncode == 0, where.stderr
    return Path(where.stdout.strip())


def plays(argv: list[str], cwd: Path) -> None:
    """The game of `argv` plays 30 frames from `cwd` and keeps its settings."""
    data = cwd / "data"
    played = subprocess.run(
        [*argv, "--frames", "30", "--data-dir", str(data)],
        cwd=cwd,
        env=outside_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert played.returncode == 0, played.stderr
    assert (data / "settings.json").is_file()


@pytest.mark.slow
def test_the_installed_wheel_plays_from_any_folder(installed, tmp_path):
    assets_dir = assets_of(installed.python, tmp_path)
    venv = installed.scripts.parent.resolve()
    assert assets_dir.is_relative_to(venv), "the installed game must use its own assets"
    assert assets_dir.as_posix().endswith(f"/{IN_PACKAGE}")

    play = shutil.which("play2048", path=str(installed.scripts))
    assert play is not None, "pip install made no play2048 command"
    plays([play], tmp_path)
    read = subprocess.run(
        [str(installed.python), "-c", READS_GREEK], cwd=tmp_path, env=outside_env(), timeout=60
    )
    assert read.returncode == 0, "the wheel's Greek catalog was not read"


@pytest.mark.slow
@pytest.mark.skipif(os.name == "nt", reason="a desktop entry is for Linux desktops")
def test_the_installed_wheel_puts_the_game_into_the_menu(installed, tmp_path):
    home = tmp_path / "home"
    code = (
        "from game.launch import desktop_entry as d; raise SystemExit(d.run(d.EntryAction.INSTALL))"
    )
    result = subprocess.run(
        [str(installed.python), "-c", code],
        cwd=tmp_path,
        env=outside_env(HOME=str(home)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    share = home / ".local" / "share"
    entry = (share / "applications" / desktop_entry.ENTRY_NAME).read_text(encoding="utf-8")
    assert f"Exec={installed.python} -m game %f\n" in entry
    for size in desktop_entry.ICON_SIZES:
        shipped = ASSETS / "linux" / desktop_entry.icon_path(size)
        assert (share / desktop_entry.icon_path(size)).read_bytes() == shipped.read_bytes()


# -- the source archive -----------------------------------------------------------------------

# What building, testing and playing leave in a checkout, none of it source: planted in the
# copy the archive is built from, each must stay out of it.
SCRATCH = [
    "build/.work/2048/warn-2048.txt",  # PyInstaller's
    "build/.work/setuptools/lib/game/engine.py",  # setuptools'
    "dist/2048",
    ".venv/pyvenv.cfg",
    ".pytest_cache/README.md",
    ".hypothesis/examples/0",
    "tests/__pycache__/conftest.cpython-311.pyc",
    "build/__pycache__/bundle_files.cpython-311.pyc",
    "game/solver/_kernel.cpython-311-x86_64-linux-gnu.so",
]
# Beside assets/, game/, tests/, build/ and docs/ (all of each), what the tests read or run.
READ_BY_THE_TESTS = [
    "main.py",
    "Makefile",
    ".ci/run",
    ".github/workflows/release.yml",
    "README.md",
    "CONTRIBUTING.md",
    "CHANGELOG.md",
    "pyproject.toml",
    "setup.py",
    "LICENSE",
]
BUILD_SDIST = "import sys, setuptools.build_meta as b; print(b.build_sdist(sys.argv[1]))"


@dataclass(frozen=True)
class SourceArchive:
    path: Path
    sources: set[str]  # the files it is built from that a packager's test run needs
    backend: list[str]  # folders that give a Python the build backend pyproject.toml asks for


@pytest.fixture(scope="module")
def backend(tmp_path_factory) -> list[str]:
    """Nothing when this Python's setuptools is what pyproject.toml's build asks for; else a
    folder where pip puts one (as its build isolation would)."""
    import importlib.metadata
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    requires = pyproject["build-system"]["requires"]
    try:
        if all(
            Requirement(text).specifier.contains(importlib.metadata.version(Requirement(text).name))
            for text in requires
        ):
            return []
    except importlib.metadata.PackageNotFoundError:
        pass
    folder = tmp_path_factory.mktemp("backend")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--target", str(folder), *requires],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return [str(folder)]


@pytest.fixture(scope="module")
def sdist(tmp_path_factory, backend) -> SourceArchive:
    """The source archive, built by setuptools' own build hook, from a copy of the checkout
    with scratch files planted in it."""
    source = copy_of_the_checkout(tmp_path_factory)
    sources = {"game/solver/_kernel.c", *READ_BY_THE_TESTS}
    for folder in ("assets", "tests", "build", "docs"):
        for path in (source / folder).rglob("*"):
            if path.is_file():
                sources.add(path.relative_to(source).as_posix())
    for name in SCRATCH:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text("scratch", encoding="utf-8")
    out = tmp_path_factory.mktemp("sdist")
    built = subprocess.run(
        [sys.executable, "-c", BUILD_SDIST, str(out)],
        cwd=source,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(backend)),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    return SourceArchive(out / built.stdout.splitlines()[-1], sources, backend)


def sdist_files(archive: Path) -> set[str]:
    """The files of a source archive, without its top folder ("game/core/engine.py", ...)."""
    with tarfile.open(archive) as tar:
        return {m.name.split("/", 1)[1] for m in tar.getmembers() if m.isfile()}


@pytest.mark.slow
def test_the_source_archive_holds_the_assets_the_kernel_and_what_the_tests_need(sdist):
    files = sdist_files(sdist.path)
    assert under("assets", every_asset()) <= files  # at its top, as in the checkout
    assert not [name for name in files if name.startswith(f"{IN_PACKAGE}/")]
    assert "game/solver/_kernel.c" in files
    assert sorted(sdist.sources - files) == []
    assert sorted(files & set(SCRATCH)) == []


def bare_install(venv: Path, backend: list[str], *what: str) -> Installed:
    """`pip install *what` as a packager would: pip builds it (no build isolation, offline)
    into a bare virtual environment, which borrows this Python's libraries (pygame, pytest,
    pip itself) after its own, so the game it runs is the installed one."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    where = [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
    own = Path(subprocess.run(where, check=True, capture_output=True, text=True).stdout.strip())
    borrowed = [*backend, *site.getsitepackages()]  # the backend before an older one
    (own / "borrowed.pth").write_text("\n".join(borrowed) + "\n", encoding="utf-8")
    install = ["install", "-q", "--no-deps", "--no-build-isolation", "--no-index"]
    install += ["--ignore-installed", *what]  # the one this Python has is not it
    done = subprocess.run(
        [str(python), "-m", "pip", *install],
        env=outside_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return Installed(scripts, python)


@pytest.fixture(scope="module")
def installed_from_sdist(sdist, tmp_path_factory) -> Installed:
    """The source archive installed as a packager would."""
    venv = tmp_path_factory.mktemp("from-sdist") / "venv"
    return bare_install(venv, sdist.backend, str(sdist.path))


@pytest.mark.slow
def test_the_game_installed_from_the_source_archive_plays_with_its_own_assets(
    installed_from_sdist, tmp_path
):
    venv = installed_from_sdist.scripts.parent.resolve()
    assets_dir = assets_of(installed_from_sdist.python, tmp_path)
    assert assets_dir.is_relative_to(venv), "the installed game must use its own assets"
    assert assets_dir.as_posix().endswith(f"/{IN_PACKAGE}")  # mapped into the package
    installed = {p.relative_to(assets_dir).as_posix() for p in assets_dir.rglob("*") if p.is_file()}
    assert installed == every_asset()
    plays([str(installed_from_sdist.python), "-m", "game"], tmp_path)
    greek = [str(installed_from_sdist.python), "-c", READS_GREEK]
    read = subprocess.run(greek, cwd=tmp_path, env=outside_env(), capture_output=True, text=True)
    assert read.returncode == 0, read.stderr  # the build compiled the archive's catalogs
    if shutil.which("cc"):  # the archive's C source built the compiled solver
        kernel = "import game.solver._kernel as k; print(k.__file__)"
        compiled = subprocess.run(
            [str(installed_from_sdist.python), "-c", kernel],
            cwd=tmp_path,
            env=outside_env(),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert compiled.returncode == 0, compiled.stderr
        assert Path(compiled.stdout.strip()).is_relative_to(venv)


def unpack(archive: Path, into: Path) -> Path:
    """The source archive unpacked into `into`: its one top folder."""
    with tarfile.open(archive) as tar:
        # The "data" filter came in 3.11.4 (Debian 12 ships 3.11.2): our own archive, read
        # without it where it is missing.
        tar.extractall(into, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    (unpacked,) = into.iterdir()
    return unpacked


@pytest.mark.slow
def test_the_tests_in_the_source_archive_are_all_collected(sdist, installed_from_sdist, tmp_path):
    unpacked = unpack(sdist.path, tmp_path)
    collected = subprocess.run(
        [str(installed_from_sdist.python), "-m", "pytest", "--collect-only", "-qq"]
        + ["-o", "addopts=", "-p", "no:cacheprovider"],  # one line a file: "tests/...py: 12"
        cwd=unpacked,
        env=outside_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert collected.returncode == 0, collected.stdout + collected.stderr
    files = {line.split(": ")[0] for line in collected.stdout.splitlines() if ".py: " in line}
    assert files == {
        path.relative_to(ROOT).as_posix() for path in (ROOT / "tests").rglob("test_*.py")
    }


def kernel_tests(python: Path, cwd: Path) -> subprocess.CompletedProcess:
    """The compiled solver's tests, run by `python` in the unpacked source archive `cwd`."""
    return subprocess.run(
        [str(python), "-m", "pytest", "tests/solver/test_solver_kernel.py", "-p", "no:randomly"]
        + ["-o", "addopts=", "-p", "no:cacheprovider"],
        cwd=cwd,
        env=outside_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.slow
@pytest.mark.skipif(not shutil.which("cc"), reason="no C compiler to build the compiled solver")
def test_a_packager_is_told_how_to_build_the_compiled_solver_and_its_tests_then_run(
    sdist, installed_from_sdist, tmp_path
):
    # In the unpacked archive the tests import the game from its folder, where the compiled
    # solver is not built: its tests skip, and the run says why and what to do, top and bottom.
    unpacked = unpack(sdist.path, tmp_path / "source")
    before = kernel_tests(installed_from_sdist.python, unpacked)
    assert before.returncode == 0, before.stdout + before.stderr
    assert re.search(r"\b\d+ skipped", before.stdout) and " passed" not in before.stdout
    said = before.stdout.replace("\n", " ")
    assert said.count(KERNEL_NOT_BUILT) == 2, before.stdout  # the header and under the counts
    assert "pip install --no-deps -e ." in KERNEL_NOT_BUILT

    # The command it names, as a packager runs it (here offline, with this build backend).
    built = bare_install(tmp_path / "venv", sdist.backend, "-e", str(unpacked))
    after = kernel_tests(built.python, unpacked)
    assert after.returncode == 0, after.stdout + after.stderr
    assert "compiled solver: built" in after.stdout
    assert "skipped" not in after.stdout and re.search(r"\b\d+ passed", after.stdout)


# -- a checkout: `python main.py`, and the editable install of `make play` and `make test` ----


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    """A fresh clone's files: a copy of this checkout without its scratch files."""
    return copy_of_the_checkout(tmp_path_factory)


@pytest.mark.slow
def test_main_py_in_a_checkout_plays_with_the_assets_at_its_top(checkout, tmp_path):
    # Nothing installed: the game, and so its assets, come from main.py's own folder.
    assert assets_of(Path(sys.executable), checkout) == checkout / "assets"
    plays([sys.executable, str(checkout / "main.py")], tmp_path)


# An editable install puts the game on the path after the libraries it borrows from this
# Python (bare_install): a game installed among them would be found first.
GAME_AMONG_THE_LIBRARIES = Path(game.__file__).resolve().parent.parent in {
    Path(folder).resolve() for folder in site.getsitepackages()
}


@pytest.fixture(scope="module")
def editable(checkout, backend, tmp_path_factory) -> Installed:
    """The checkout installed as `make play` and `make test` install it: editable."""
    venv = tmp_path_factory.mktemp("editable") / "venv"
    return bare_install(venv, backend, "-e", str(checkout))


@pytest.mark.slow
@pytest.mark.skipif(GAME_AMONG_THE_LIBRARIES, reason="this Python has the game installed")
def test_the_editable_install_plays_with_the_assets_at_the_checkouts_top(
    editable, checkout, tmp_path
):
    assert assets_of(editable.python, tmp_path) == checkout / "assets"
    plays([str(editable.python), "-m", "game"], tmp_path)


# -- the compiled solver: an accelerator, never a requirement ----------------------------------


# setup.py's own extension and build command, run on their own: no metadata, no install.
BUILD_EXTENSION = """
import runpy, sys, setuptools
kept = {}
setuptools.setup = lambda **options: kept.update(options)
runpy.run_path("setup.py")
dist = setuptools.Distribution({"ext_modules": kept["ext_modules"], "cmdclass": kept["cmdclass"]})
command = dist.get_command_obj("build_ext")
command.build_lib, command.build_temp = sys.argv[1], sys.argv[2]
command.ensure_finalized()
command.run()
"""


def build_extension(out: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", BUILD_EXTENSION, str(out / "lib"), str(out / "temp")],
        cwd=ROOT,
        env=dict(os.environ, **env),
        capture_output=True,
        text=True,
    )


def test_a_build_without_a_c_compiler_goes_on_without_the_compiled_solver(tmp_path):
    """Where no compiler works, the build of the solver's tree fails quietly and the build
    succeeds: the game then plays with the Python tree (tests/solver/test_solver_kernel.py shows it
    says nothing of it at start)."""
    built = build_extension(tmp_path / "none", CC="false", LDSHARED="false")
    assert built.returncode == 0, built.stderr
    assert not list((tmp_path / "none").rglob("_kernel*.so")), built.stderr
    built = build_extension(tmp_path / "cc")  # with the compiler, the same build makes it
    if shutil.which("cc"):
        assert built.returncode == 0, built.stderr
        assert list((tmp_path / "cc").rglob("_kernel*")), built.stderr
