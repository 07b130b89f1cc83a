"""A friend's shared game (.2048.json) opens in the game by a double-click: on Linux the file
type is registered with the desktop and the entry opens it (%f), the game takes the file as
its one argument, as --import does, and a file the system hands over as a drop (macOS) is
imported too. macOS's document types: tests/packaging/test_packaging.py."""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest
from helpers.desktop import parse_exec, read_entry
from helpers.games import keep_games, until_imported
from helpers.keys import STEP

from game.app import App, Options
from game.cli import parse_args
from game.core.replay import replay
from game.kept_games.share.import_queue import MAX_WAITING_IMPORTS
from game.kept_games.share.shared_file import SHARE_SUFFIX, export_game
from game.launch import desktop_entry as de
from game.platform.assets import asset_path
from game.platform.identity import APP_ID
from game.play import events as ev
from game.text import tr

MIME = "{http://www.freedesktop.org/standards/shared-mime-info}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


@pytest.fixture(scope="module")
def shared(tmp_path_factory) -> tuple[Path, object]:
    """A friend's game, exported as the game exports it: the file and the record."""
    folder = tmp_path_factory.mktemp("friend")
    (record,) = keep_games(folder / "data", 1)
    return export_game(record, folder / f"a game{SHARE_SUFFIX}"), record


# -- the file type, on Linux ----------------------------------------------------------------


def test_the_file_type_names_the_shared_games_in_english_and_greek():
    package = ET.parse(asset_path("linux", de.MIME_PACKAGE)).getroot()  # well-formed XML
    assert package.tag == f"{MIME}mime-info"
    (kind,) = package.findall(f"{MIME}mime-type")
    assert kind.get("type") == de.MIME_TYPE
    assert [glob.get("pattern") for glob in kind.findall(f"{MIME}glob")] == [f"*{SHARE_SUFFIX}"]
    comments = {c.get(XML_LANG, "en"): c.text for c in kind.findall(f"{MIME}comment")}
    assert set(comments) == {"en", "el"} and all(comments.values())
    assert kind.find(f"{MIME}sub-class-of").get("type") == "application/json"
    assert kind.find(f"{MIME}icon").get("name") == APP_ID  # the game's icon, in the menu's theme


def test_the_entry_opens_the_file_type_with_the_file_as_the_game_s_argument(tmp_path, shared):
    path, _ = shared
    game = ["/usr/bin/python3", "-m", "game"]
    (entry, *_) = de.install({"HOME": str(tmp_path)}, command=game)
    fields = read_entry(entry)
    assert de.MIME_TYPE in fields["MimeType"].split(";")
    *command, field_code = parse_exec(fields["Exec"])
    assert command == game and field_code == "%f"
    # What the desktop runs: %f becomes the file opened, or nothing when the menu starts it.
    assert parse_args([str(path)]).import_path == str(path)
    assert parse_args([]).import_path is None


GIO = shutil.which("gio")
TOOLS = [database.tool for database in de.FILE_TYPE_DATABASES]


@pytest.mark.skipif(
    GIO is None or not all(shutil.which(tool) for tool in TOOLS),
    reason=f"needs gio (apt: libglib2.0-bin) and {' and '.join(TOOLS)}"
    " (apt: shared-mime-info, desktop-file-utils)",
)
def test_the_desktop_opens_a_shared_game_with_the_game_once_installed(tmp_path, shared):
    """As GLib (GNOME's file manager) sees it: the file is a shared game, which the game's
    entry opens; after the uninstall it is plain JSON again and nothing is left behind."""
    path, _ = shared
    home = tmp_path / "home"
    share = home / ".local" / "share"
    environ = {"HOME": str(home), "PATH": os.environ["PATH"]}
    gio_env = environ | {"XDG_DATA_HOME": str(share), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}

    def gio(*args: str) -> str:
        done = subprocess.run([GIO, *args], env=gio_env, capture_output=True, text=True)
        return done.stdout

    assert de.run(de.EntryAction.INSTALL, environ, platform="linux") == 0
    assert f"standard::content-type: {de.MIME_TYPE}" in gio("info", "-a", "standard", str(path))
    default = gio("mime", de.MIME_TYPE).splitlines()[0]
    assert default.endswith(f": {de.ENTRY_NAME}"), default
    assert de.run(de.EntryAction.UNINSTALL, environ, platform="linux") == 0
    assert de.MIME_TYPE not in gio("info", "-a", "standard", str(path))
    assert sorted(home.rglob("*")) == [home / ".local", share]


# -- the game takes the file ----------------------------------------------------------------


def test_the_file_as_the_only_argument_is_imported_as_import_does(tmp_path, shared):
    path, record = shared
    app = App(parse_args([str(path), "--data-dir", str(tmp_path / "me"), "--no-sound"]))
    try:
        until_imported(app)
        assert app.view.notices[-1] == tr("import_done")
        (kept,) = app.archive.list_games(limit=5)
        assert replay(app.archive.load(kept.game_id)) == replay(record)
    finally:
        app.close()


@pytest.mark.parametrize(
    "argv",
    [
        ["{file}", "--frames", "3", "--size", "5"],
        ["--frames", "3", "{file}", "--seed", "7"],
        ["--size", "5", "--frames", "3", "--", "{file}"],
    ],
)
def test_the_file_goes_anywhere_among_the_options(argv):
    options = parse_args([arg.format(file="/a b/g.2048.json") for arg in argv])
    assert options.import_path == "/a b/g.2048.json" and options.frames == 3


def test_import_and_a_file_together_are_refused(capsys):
    with pytest.raises(SystemExit) as refused:
        parse_args(["--import", "a.2048.json", "b.2048.json"])
    assert refused.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_a_file_the_system_hands_over_as_a_drop_is_imported(tmp_path, shared):
    """macOS gives a file opened with the app (a double-click, Open With, the Dock) as a drop
    on the window, queued before or after the first frame."""
    path, _ = shared
    app = App(Options(data_dir=str(tmp_path / "me"), sound=False))
    try:
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
        app.frame(STEP)  # the frame reads the system's queue
        until_imported(app)
        assert app.view.notices[-1] == tr("import_done")
        assert app.archive.count_games() == 1
    finally:
        app.close()


def test_files_dropped_by_the_hundred_are_read_one_at_a_time_and_each_answered(shared, tmp_path):
    """Issue 19: each dropped file started a thread of its own, without bound. Now one is read
    at a time, the rest wait their turn, and past the bound the player is told."""
    path, _ = shared
    app = App(Options(data_dir=str(tmp_path / "me"), sound=False))
    told: list[str] = []
    show = app.view.browsed

    def browsed(events, lang):
        told.extend(event.key for event in events if isinstance(event, ev.Told))
        show(events, lang)

    app.view.browsed = browsed
    dropped = [str(path)] * 2 + [str(tmp_path / f"missing {n}{SHARE_SUFFIX}") for n in range(110)]
    most = 0
    try:
        for file in dropped:
            pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=file))
        while True:
            app.frame(STEP)
            most = max(most, sum(t.name == "import" for t in threading.enumerate()))
            if not app.games_screens.imports.busy:
                break
            if app.games_screens.imports.reading is not None:
                assert app.games_screens.imports.reading.wait(30)
        kept = app.archive.count_games()
    finally:
        app.close()
    assert most <= 1
    waited = MAX_WAITING_IMPORTS + 1  # the one read at once, and those that waited their turn
    assert told[: 112 - waited] == ["import_too_many"] * (112 - waited)  # at once, on the drop
    assert sorted(told[112 - waited :]) == sorted(
        ["import_done", "import_already"] + ["import_unreadable"] * (waited - 2)
    )
    assert kept == 1
