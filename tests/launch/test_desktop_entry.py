"""The Linux desktop entry: `play2048 --install-desktop-entry` puts the game into the
applications menu where the freedesktop.org rules say (XDG_DATA_HOME), with an entry that
starts this same game, named by the game's id, replacing an earlier version's, and
`--uninstall-desktop-entry` takes out exactly what went in (the shared game's file type and
the AppStream metadata too: tests/archive/test_open_shared.py and test_appstream.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers.desktop import parse_exec, read_entry, unescape_string
from helpers.paths import ROOT

from game.launch import desktop_entry as de
from game.platform.assets import asset_path
from game.platform.identity import APP_ID
from game.text.paths import shown_path

VALIDATOR = shutil.which("desktop-file-validate")
needs_validator = pytest.mark.skipif(
    VALIDATOR is None, reason="desktop-file-validate is not installed (apt: desktop-file-utils)"
)


def command_of(entry: Path) -> list[str]:
    """The installed entry's command, without its field code."""
    *command, field_code = parse_exec(read_entry(entry)["Exec"])
    assert field_code == "%f"
    return command


def tree(root: Path) -> set[str]:
    return {path.relative_to(root).as_posix() for path in root.rglob("*") if not path.is_dir()}


# -- the entry itself ----------------------------------------------------------------------


@needs_validator
def test_the_shipped_entry_passes_desktop_file_validate():
    result = subprocess.run(
        [VALIDATOR, str(asset_path("linux", de.ENTRY_NAME))], capture_output=True, text=True
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_the_shipped_entry_names_the_game_in_english_and_greek():
    assert de.APP_ID is APP_ID  # imported from its one home, not written again
    assert de.ENTRY_NAME.removesuffix(".desktop") == APP_ID
    entry = read_entry(asset_path("linux", de.ENTRY_NAME))
    assert entry["Type"] == "Application" and entry["Name"] == "2048"
    assert entry["Icon"] == APP_ID
    assert entry["StartupWMClass"] == APP_ID  # the window, however the game was started
    assert "Game" in entry["Categories"].split(";")
    assert entry["Terminal"] == "false"
    assert entry["Comment"] and entry["Comment[el]"] and entry["GenericName[el]"]
    assert {"Exec", "TryExec"} <= set(entry)  # the lines an install points at the game


def test_every_icon_size_of_the_menu_is_shipped():
    for size in de.ICON_SIZES:
        assert asset_path("linux", *de.icon_path(size).parts).is_file(), size
    assert min(de.ICON_SIZES) == 16 and max(de.ICON_SIZES) == 512


# -- install and uninstall -----------------------------------------------------------------


def test_install_puts_the_entry_and_the_icons_under_local_share(tmp_path):
    environ = {"HOME": str(tmp_path)}
    game = str(tmp_path / ".local" / "bin" / "2048")
    written = de.install(environ, command=[game])

    share = tmp_path / ".local" / "share"
    entry = share / "applications" / f"{APP_ID}.desktop"
    assert written[0] == entry
    assert sorted(written) == sorted(de.installed_files(environ))
    fields = read_entry(entry)
    assert command_of(entry) == [game]
    assert unescape_string(fields["TryExec"]) == game
    assert fields["Icon"] == APP_ID
    for size in de.ICON_SIZES:
        icon = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert icon.read_bytes() == asset_path("linux", *de.icon_path(size).parts).read_bytes()
    assert not [path for path in tmp_path.rglob("*.partial")]


def test_install_goes_where_xdg_data_home_says_when_it_is_absolute(tmp_path):
    elsewhere = tmp_path / "data"
    written = de.install({"HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(elsewhere)})
    assert written[0] == elsewhere / "applications" / f"{APP_ID}.desktop"
    assert all(path.is_relative_to(elsewhere) for path in written)
    assert not (tmp_path / "home").exists()


def test_install_tells_icon_caches_to_look_again(tmp_path):
    environ = {"HOME": str(tmp_path)}
    de.install(environ)
    theme = tmp_path / ".local" / "share" / "icons" / "hicolor"
    os.utime(theme, (0, 0))  # an old theme folder, which a cache made later would trust
    de.install(environ)
    assert theme.stat().st_mtime > 0


@pytest.mark.parametrize("value", ["", "relative/data"])
def test_an_empty_or_relative_xdg_data_home_is_ignored(tmp_path, value):
    environ = {"HOME": str(tmp_path), "XDG_DATA_HOME": value}
    assert de.data_home(environ) == tmp_path / ".local" / "share"


def test_uninstall_removes_exactly_what_install_put(tmp_path):
    environ = {"HOME": str(tmp_path)}
    share = tmp_path / ".local" / "share"
    others = [
        share / "applications" / "other.desktop",
        share / "icons" / "hicolor" / "48x48" / "apps" / "other.png",
        tmp_path / ".local" / "bin" / "other",
    ]
    for path in others:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("someone else's")
    before = tree(tmp_path)

    written = de.install(environ, command=["/opt/2048/2048"])
    assert tree(tmp_path) - before == {path.relative_to(tmp_path).as_posix() for path in written}
    removed = de.uninstall(environ)
    assert removed == written
    assert tree(tmp_path) == before
    assert all(path.read_text() == "someone else's" for path in others)


def test_uninstall_leaves_no_empty_folder_of_its_own_and_says_where_the_saves_stay(
    tmp_path, capsys
):
    environ = {"HOME": str(tmp_path), "GAME2048_DATA_DIR": str(tmp_path / "saves")}
    share = tmp_path / ".local" / "share"
    (share / "icons" / "hicolor" / "48x48" / "apps").mkdir(parents=True)
    (share / "icons" / "hicolor" / "index.theme").write_text("someone else's")
    (tmp_path / "saves").mkdir()  # the game played once: its folder is named
    de.install(environ, command=["/opt/2048/2048"])
    assert de.run(de.EntryAction.UNINSTALL, environ, platform="linux") == 0
    folders = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_dir()}
    # The theme's own folder holds someone else's file: it stays; every folder of ours is gone.
    assert folders == {
        *(".local", ".local/share", ".local/share/icons", ".local/share/icons/hicolor", "saves")
    }
    out = capsys.readouterr().out
    assert "remove these folders" in out
    listed = [line.strip() for line in out.splitlines() if line.startswith("  ")]
    assert listed[-1:] == [shown_path(tmp_path / "saves")]  # --data-dir's one folder: all


def test_uninstall_with_nothing_installed_is_no_error(tmp_path, capsys):
    assert de.uninstall({"HOME": str(tmp_path)}) == []
    assert de.run(de.EntryAction.UNINSTALL, {"HOME": str(tmp_path)}, platform="linux") == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_install_again_points_the_entry_at_the_new_place(tmp_path):
    environ = {"HOME": str(tmp_path)}
    de.install(environ, command=["/old/2048"])
    (entry, *_) = de.install(environ, command=["/new/2048"])
    assert command_of(entry) == ["/new/2048"]


AWKWARD = [
    ["/home/ann/.local/bin/2048"],
    ["/home/ann lee/.local/bin/2048"],
    ["/home/o\"neil/it's/2048"],
    ["/home/$USER/100%/back\\slash/`x`/2048"],
    ["/home/Άννα/Παιχνίδια/2048"],
    ["/tab\there/new\nline/2048"],
    ["/usr/bin/python3", "-m", "game"],
]


@pytest.mark.parametrize("command", AWKWARD)
def test_the_exec_line_gives_back_the_command_whatever_the_path(command):
    assert parse_exec(de.exec_value(command)) == command
    assert command_of_text(de.entry_text(command)) == command


def command_of_text(text: str) -> list[str]:
    (exec_line,) = [line for line in text.splitlines() if line.startswith("Exec=")]
    *command, field_code = parse_exec(exec_line.removeprefix("Exec="))
    assert field_code == "%f"
    return command


@needs_validator
@pytest.mark.parametrize("command", AWKWARD)
def test_an_installed_entry_passes_desktop_file_validate_whatever_the_path(tmp_path, command):
    (entry, *_) = de.install({"HOME": str(tmp_path)}, command=command)
    result = subprocess.run([VALIDATOR, str(entry)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_the_entry_starts_the_game_the_way_it_was_started(tmp_path):
    play = tmp_path / "bin" / "play2048"
    play.parent.mkdir()
    play.write_text("#!/bin/sh\n")
    main_py = tmp_path / "main.py"
    main_py.write_text("")
    python = "/usr/bin/python3"
    # The release's executable runs itself.
    assert de.launch_command("2048", "/opt/2048/2048", frozen=True) == ["/opt/2048/2048"]
    # The command pip made, by the path it was called by.
    assert de.launch_command(str(play), python, frozen=False) == [str(play)]
    # python main.py in a checkout, and python -m game.
    assert de.launch_command(str(main_py), python, frozen=False) == [python, str(main_py)]
    main_module = ROOT / "game" / "__main__.py"
    assert de.launch_command(str(main_module), python, False) == [python, "-m", "game"]
    assert de.launch_command("-c", python, frozen=False) == [python, "-m", "game"]


# -- what the player reads -----------------------------------------------------------------


def test_run_lists_what_it_added_and_what_it_removed(tmp_path, capsys):
    environ = {"HOME": str(tmp_path)}
    assert de.run(de.EntryAction.INSTALL, environ, platform="linux") == 0
    out = capsys.readouterr().out
    assert "applications menu" in out
    assert all(str(path) in out for path in de.installed_files(environ))
    assert de.run(de.EntryAction.UNINSTALL, environ, platform="linux") == 0
    out = capsys.readouterr().out
    assert "no longer" in out and all(str(path) in out for path in de.installed_files(environ))


def test_run_says_why_it_could_not_install_and_fails(tmp_path, capsys):
    blocked = tmp_path / "data"
    blocked.write_text("a file where the data folder should be")
    status = de.run(de.EntryAction.INSTALL, {"XDG_DATA_HOME": str(blocked)}, platform="linux")
    assert status == 1
    err = capsys.readouterr().err
    assert err.startswith("Could not install the desktop entry:") and str(blocked) in err


def test_a_write_that_fails_halfway_leaves_the_last_entry_whole(tmp_path, monkeypatch, capsys):
    environ = {"HOME": str(tmp_path)}
    (entry, *_) = de.install(environ, command=["/old/2048"])
    before = entry.read_bytes()

    def disk_full(path: Path, data: bytes) -> int:
        with path.open("wb") as file:
            file.write(data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", disk_full)
    assert de.run(de.EntryAction.INSTALL, environ, platform="linux") == 1
    assert "No space left on device" in capsys.readouterr().err
    assert entry.read_bytes() == before
    assert not list(tmp_path.rglob("*.partial"))


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_run_does_nothing_where_there_is_no_desktop_entry(tmp_path, capsys, platform):
    assert de.run(de.EntryAction.INSTALL, {"HOME": str(tmp_path)}, platform=platform) == 1
    assert "Linux" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_the_game_takes_the_options_and_exits_without_a_window(tmp_path, monkeypatch):
    """`play2048 --install-desktop-entry` installs and exits 0; the uninstall takes it out."""
    from game.main import main

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    entry = tmp_path / ".local" / "share" / "applications" / f"{APP_ID}.desktop"
    with pytest.raises(SystemExit) as installed:
        main(["--install-desktop-entry"])
    assert installed.value.code == 0 and entry.is_file()
    with pytest.raises(SystemExit) as removed:
        main(["--uninstall-desktop-entry"])
    assert removed.value.code == 0 and not entry.exists()


def test_the_window_is_known_by_the_entrys_name_unless_the_player_says_otherwise(monkeypatch):
    from game.view.window import _name_the_window_class

    monkeypatch.setattr("sys.argv", ["main.py"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "main.py")  # what pygame sets on import
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    _name_the_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == APP_ID
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == APP_ID
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my-own")
    _name_the_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "my-own"


# -- an install by a version from before the id ------------------------------------------------

# The entry the versions before the id installed as 2048.desktop, with its icons as 2048.png.
EARLIER_ENTRY = """[Desktop Entry]
Type=Application
Version=1.4
Name=2048
GenericName=Puzzle Game
GenericName[el]=Παιχνίδι λογικής
Comment=Slide the tiles, merge equal ones, make a 2048
Comment[el]=Σύρετε τα πλακίδια, ενώστε τα ίσα, φτιάξτε το 2048
Keywords=puzzle;tiles;numbers;merge;
Keywords[el]=γρίφος;πλακίδια;αριθμοί;ένωση;
Exec="/home/ann lee/.local/bin/2048"
TryExec=/home/ann lee/.local/bin/2048
Icon=2048
Terminal=false
Categories=Game;LogicGame;
StartupWMClass=2048
"""


def plant_earlier_install(share: Path, entry_text: str = EARLIER_ENTRY) -> list[Path]:
    entry = share / "applications" / "2048.desktop"
    icons = [share / de.icon_path(size, "2048") for size in de.ICON_SIZES]
    for path in [entry, *icons]:
        path.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(entry_text, encoding="utf-8")
    for icon in icons:
        icon.write_bytes(b"an earlier icon")
    return [entry, *icons]


def menu_entries(share: Path) -> list[str]:
    return sorted(path.name for path in (share / "applications").glob("*.desktop"))


def test_an_install_replaces_an_earlier_versions_entry_so_the_menu_shows_the_game_once(
    tmp_path,
):
    environ = {"HOME": str(tmp_path), "PATH": ""}
    share = tmp_path / ".local" / "share"
    earlier = plant_earlier_install(share)
    assert de.run(de.EntryAction.INSTALL, environ, platform="linux") == 0
    assert not [path for path in earlier if path.exists()]
    assert menu_entries(share) == [f"{APP_ID}.desktop"]
    assert all(path.is_file() for path in de.installed_files(environ))


def test_an_uninstall_takes_out_an_earlier_versions_install_too(tmp_path, capsys):
    environ = {"HOME": str(tmp_path), "PATH": ""}
    share = tmp_path / ".local" / "share"
    earlier = plant_earlier_install(share)
    assert de.run(de.EntryAction.UNINSTALL, environ, platform="linux") == 0
    out = capsys.readouterr().out
    assert "no longer" in out and all(str(path) in out for path in earlier)
    assert sorted(tmp_path.rglob("*")) == [tmp_path / ".local", share]  # no folder of its own


def test_another_programs_entry_named_2048_is_left_alone(tmp_path):
    environ = {"HOME": str(tmp_path), "PATH": ""}
    share = tmp_path / ".local" / "share"
    edited = EARLIER_ENTRY.replace("Name=2048", "Name=Another 2048")
    others = plant_earlier_install(share, edited)
    de.install(environ)
    de.uninstall(environ)
    assert [path.read_bytes() for path in others] == [
        edited.encode("utf-8"),
        *[b"an earlier icon"] * len(de.ICON_SIZES),
    ]


# -- the file-type databases ---------------------------------------------------------------------

# Stands in for update-mime-database and update-desktop-database: writes down how it was run.
DATABASE_TOOL = """#!/bin/sh
echo "$(basename "$0") $*" >> "{log}"
{more}
"""


def database_tools(tmp_path: Path, more: str = "") -> tuple[dict[str, str], Path]:
    """An environment whose PATH holds only stand-ins for the two tools, and their log."""
    tools, log = tmp_path / "tools", tmp_path / "tools.log"
    tools.mkdir()
    log.touch()
    for database in de.FILE_TYPE_DATABASES:
        script = tools / database.tool
        script.write_text(DATABASE_TOOL.format(log=log, more=more))
        script.chmod(0o755)
    return {"HOME": str(tmp_path / "home"), "PATH": str(tools)}, log


def test_install_and_uninstall_have_each_file_type_database_made_again(tmp_path):
    environ, log = database_tools(tmp_path)
    share = tmp_path / "home" / ".local" / "share"
    other_package = share / "mime" / "packages" / "someone-else.xml"
    other_entry = share / "applications" / "someone-else.desktop"
    made = [share / "mime" / "mime.cache", share / "applications" / "mimeinfo.cache"]
    for path in [other_package, other_entry, *made]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("someone else's")
    assert de.run(de.EntryAction.INSTALL, environ, platform="linux") == 0
    ran = [
        f"update-mime-database {share / 'mime'}",
        f"update-desktop-database {share / 'applications'}",
    ]
    assert log.read_text().splitlines() == ran
    assert de.run(de.EntryAction.UNINSTALL, environ, platform="linux") == 0
    assert log.read_text().splitlines() == ran * 2  # made again without the game's files
    assert all(path.read_text() == "someone else's" for path in [other_package, other_entry, *made])


def test_a_database_with_nothing_left_to_describe_goes_with_the_uninstall(tmp_path):
    environ, log = database_tools(tmp_path)
    home = tmp_path / "home"
    share = home / ".local" / "share"
    assert de.run(de.EntryAction.INSTALL, environ, platform="linux") == 0
    for database in de.FILE_TYPE_DATABASES:  # what the tools would have made
        for name in database.made:
            path = share / database.folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("made by the tool")
    log.write_text("")
    assert de.run(de.EntryAction.UNINSTALL, environ, platform="linux") == 0
    assert sorted(home.rglob("*")) == [home / ".local", share]
    assert log.read_text() == ""  # nothing to make a database of


def test_without_the_tools_the_install_goes_on_quietly(tmp_path, capsys):
    environ = {"HOME": str(tmp_path), "PATH": ""}
    assert de.run(de.EntryAction.INSTALL, environ, platform="linux") == 0
    assert capsys.readouterr().err == ""
    assert all(path.is_file() for path in de.installed_files(environ))


def test_a_tool_that_fails_is_named_and_the_entry_stays(tmp_path, capsys):
    environ, _ = database_tools(tmp_path, more='echo "the database is locked" >&2; exit 1')
    assert de.run(de.EntryAction.INSTALL, environ, platform="linux") == 0
    err = capsys.readouterr().err
    assert err.startswith("Could not update the list of file types:")
    assert "the database is locked" in err
    assert all(path.is_file() for path in de.installed_files(environ))
