"""Packaging: the wheel and the executable carry every asset, and an installed wheel plays.

The wheel tests build the wheel with pip and install it into a fresh virtual environment (pip
fetches the dependencies, or takes them from its cache), then run `play2048` from a folder
that is not the checkout. The spec test runs build/2048.spec with stand-ins for PyInstaller's
build steps and looks at the data list it hands over.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game import __version__, assets

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "2048.spec"


def every_asset() -> set[str]:
    """Every file under assets/, as a path relative to the checkout ("assets/fonts/...")."""
    found = set()
    for folder, _, files in os.walk(ROOT / "assets"):
        for name in files:
            found.add((Path(folder) / name).relative_to(ROOT).as_posix())
    return found


def test_the_assets_folder_has_what_the_game_loads():
    files = every_asset()
    assert {
        "assets/fonts/ClearSans-Bold.ttf",
        "assets/icon/icon.png",
        "assets/icon/icon.ico",
        "assets/sfx/slide.wav",
        "assets/LICENSES",
    } <= files


# -- the executable ------------------------------------------------------------------------


class _Recorder:
    """Stands in for PyInstaller's Analysis, PYZ and EXE: keeps what the spec passes."""

    pure = scripts = binaries = datas = ()  # what the spec reads from an Analysis

    def __init__(self, calls: dict[str, tuple[tuple, dict]], name: str) -> None:
        self.calls, self.name = calls, name

    def __call__(self, *args, **kwargs) -> _Recorder:
        self.calls[self.name] = (args, kwargs)
        return self


def run_spec() -> dict[str, tuple[tuple, dict]]:
    calls: dict[str, tuple[tuple, dict]] = {}
    namespace = {
        "__name__": "__main__",
        "__file__": str(SPEC),
        "SPECPATH": str(SPEC.parent),
        **{name: _Recorder(calls, name) for name in ("Analysis", "PYZ", "EXE")},
    }
    saved_path = list(sys.path)
    try:
        exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    finally:
        sys.path[:] = saved_path
    return calls


def bundled_files(datas) -> dict[str, Path]:
    """Where each data file lands in the bundle -> the file it comes from."""
    return {f"{folder}/{Path(source).name}": Path(source) for source, folder in datas}


def test_the_spec_bundles_every_asset_where_the_game_looks_for_it(tmp_path, monkeypatch):
    analysis_args, analysis_kwargs = run_spec()["Analysis"]
    files = bundled_files(analysis_kwargs["datas"])
    assert set(files) == every_asset()
    for inside, source in files.items():
        assert source == ROOT / inside
    assert [Path(script) for script in analysis_args[0]] == [ROOT / "main.py"]

    # Lay the data out as the executable unpacks it: the resolver finds it there first.
    for inside, source in files.items():
        (tmp_path / inside).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, tmp_path / inside)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.assets_dir() == tmp_path / "assets"
    assert assets.asset_path("fonts", "ClearSans-Bold.ttf").is_file()


def test_the_executable_is_one_windowed_file_named_2048():
    _, exe = run_spec()["EXE"]
    assert exe["name"] == "2048"
    assert exe["console"] is False
    assert "exclude_binaries" not in exe  # one file: everything goes into the executable
    main_py = (ROOT / "main.py").read_text(encoding="utf-8")
    assert "multiprocessing.freeze_support()" in main_py  # the solver's worker, when frozen


def test_the_windows_executable_gets_the_icon_and_the_version():
    _, exe = run_spec()["EXE"]
    icon = ROOT / "assets" / "icon" / "icon.ico"
    assert icon.is_file()
    if sys.platform == "win32":
        assert Path(exe["icon"]) == icon
        assert f"'ProductVersion', '{__version__}'" in str(exe["version"])
    else:
        # Only Windows keeps them in the file; elsewhere the game sets its window's icon.
        assert exe["icon"] is None and exe["version"] is None


# -- the wheel -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # Built from a copy of the checkout: pip builds in the source folder, and a copy keeps the
    # build's scratch files (and any left from earlier builds) out of this one.
    source = tmp_path_factory.mktemp("source") / "game2048"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "dist", ".work", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
        ),
    )
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-w", str(out), "-q"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (built,) = out.glob("game2048-*.whl")
    return built


def test_the_wheel_holds_every_asset(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    in_wheel = {name.removeprefix("game/") for name in names if name.startswith("game/assets/")}
    assert in_wheel == every_asset()


def test_the_installed_wheel_plays_from_any_folder(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", str(wheel)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "GAME2048_DATA_DIR", "VIRTUAL_ENV")
    }
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")

    where = subprocess.run(
        [str(python), "-c", "from game.assets import assets_dir; print(assets_dir())"],
        cwd=elsewhere,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assets_dir = Path(where.stdout.strip())
    assert assets_dir.is_relative_to(venv.resolve()), "the installed game must use its own assets"

    play = shutil.which("play2048", path=str(scripts))
    assert play is not None, "pip install made no play2048 command"
    data = tmp_path / "data"
    result = subprocess.run(
        [play, "--frames", "30", "--data-dir", str(data)],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert (data / "settings.json").is_file()
