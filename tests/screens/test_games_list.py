"""R22: the kept games' list and a chosen game as a player works them, by keyboard, pad and
mouse: reached from the pause menu (the game clock stands still meanwhile, R17), newest first,
a page at a time, each row saying what the game was; a game shared to a file and brought back
by a drop on the window or the command line; a damaged or hostile file refused in words, with
nothing kept lost."""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import sys
import threading
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pygame
import pytest
from helpers.devices import button, plug_pad
from helpers.games import (
    click,
    frame,
    keep_games,
    open_games,
    press,
    rect_of,
    settle,
    until_imported,
    wheel,
    words_drawn,
)
from helpers.keys import STEP
from helpers.storage import latin1_folder

from game.app import App, Options
from game.cli import parse_args
from game.core.engine import Direction, Game
from game.core.replay import replay
from game.kept_games.archive.games_archive import Archive
from game.kept_games.share import transfer as sharing
from game.kept_games.share.shared_file import export_game, export_name, read_shared
from game.kept_games.share.transfer import export_folder, export_to
from game.play import commands as cmd
from game.play.session import Session
from game.screens.games_list import ROWS_PER_PAGE as ROWS_BY_TEXT_SIZE
from game.screens.items import LIST_BUTTONS, Control, GameRow
from game.screens.menus import PAUSE_ITEMS
from game.screens.screen import Item, ScreenKind
from game.text import NOTICES, format_clock, told_text, tr
from game.view.games_view import when
from game.view.notice_board import NOTICE_SECONDS

ROWS_PER_PAGE = ROWS_BY_TEXT_SIZE["normal"]  # the list at the normal text size

KEPT = 8  # two pages: six games, then two


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kept")
    return folder, keep_games(folder, KEPT)


@pytest.fixture
def app(kept_app):
    """A seeded run: it reads the kept games and writes nothing."""
    return kept_app


def screen_ids(app) -> list[int]:
    return [summary.game_id for summary in app.screens.top.games.rows]


def focused(app):
    return app.screens.top.items[app.screens.top.focus]


# -- reaching the list -------------------------------------------------------------------------


def test_games_comes_before_settings_and_the_game_clock_stands_still_behind_it_R17(app):
    items = list(PAUSE_ITEMS)
    assert items.index(Item.GAMES) == items.index(Item.SETTINGS) - 1
    press(app, pygame.K_LEFT, pygame.K_DOWN)  # the clock runs from the first move
    app.frame(1.0, [])
    seconds = app.session.game.seconds
    assert seconds > 0
    open_games(app)
    for _ in range(3):
        app.frame(1.0, [])
    assert app.session.game.seconds == seconds and not app.session.clock_running
    press(app, pygame.K_ESCAPE)  # back to the pause menu, not to play
    assert not app.screens.games_open and app.screens.top.kind is ScreenKind.PAUSE


def test_the_list_is_newest_first_and_each_row_says_what_the_game_was_R22(app, kept):
    _, records = kept
    open_games(app)
    assert screen_ids(app) == [r.summary.game_id for r in records[:ROWS_PER_PAGE]]
    drawn = " · ".join(words_drawn(app))
    for record in records[:ROWS_PER_PAGE]:
        s = record.summary
        for words in (
            when(s.started_at),
            "4×4",
            tr("games_score", n=s.score),
            tr("games_tile", n=s.biggest_tile),
            tr("games_moves", n=s.moves),
            format_clock(s.seconds),
        ):
            assert words in drawn, words
    assert tr("outcome_in_play") in drawn and tr("outcome_left") in drawn  # how each ended
    assert tr("own_game") in drawn
    assert tr("games_footer", page=1, pages=2, n=KEPT) in drawn


def test_the_keyboard_goes_down_the_list_onto_the_next_page_and_back(app, kept):
    _, records = kept
    open_games(app)
    press(app, *[pygame.K_DOWN] * ROWS_PER_PAGE)  # past the page's last game: the next page
    assert app.screens.top.games.page == 1 and app.screens.top.focus == 0
    assert focused(app).summary == records[ROWS_PER_PAGE].summary
    press(app, pygame.K_UP)
    assert (
        app.screens.top.games.page == 0
        and focused(app).summary == records[ROWS_PER_PAGE - 1].summary
    )
    press(app, pygame.K_END)
    assert focused(app).summary == records[-1].summary  # the oldest
    press(app, pygame.K_HOME, pygame.K_RIGHT)  # a page on, the focus on its first game
    assert (
        app.screens.top.games.page == 1 and focused(app).summary == records[ROWS_PER_PAGE].summary
    )
    press(app, pygame.K_RIGHT)  # no page after the last
    assert app.screens.top.games.page == 1
    press(app, pygame.K_RETURN)
    assert (
        app.screens.top.kind is ScreenKind.GAME
        and app.games_screens.record == records[ROWS_PER_PAGE]
    )


def test_the_pad_pages_opens_a_game_goes_back_and_start_leaves(app, kept):
    _, records = kept
    plug_pad(app)
    open_games(app)
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_DPAD_DOWN)])
    frame(app, [button(pygame.CONTROLLER_BUTTON_A)])  # the game opens
    assert app.screens.top.kind is ScreenKind.GAME and app.games_screens.record == records[1]
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_B)])  # back, onto the same game
    assert app.screens.top.kind is ScreenKind.GAMES and focused(app).summary == records[1].summary
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)])
    assert app.screens.top.games.page == 1
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_START)])
    assert not app.screens.games_open and app.screens.top.kind is ScreenKind.PAUSE


def test_the_mouse_turns_pages_with_the_buttons_and_the_wheel_and_clicks_a_game(app, kept):
    _, records = kept
    open_games(app)
    next_page = ROWS_PER_PAGE + LIST_BUTTONS.index(Item.NEXT_PAGE)
    click(app, rect_of(app, next_page).center)
    assert app.screens.top.games.page == 1 and screen_ids(app) == [
        r.summary.game_id for r in records[ROWS_PER_PAGE:]
    ]
    wheel(app, rect_of(app, 0).center, 1)  # the wheel up: toward the newest
    assert app.screens.top.games.page == 0
    card = rect_of(app, 2)
    app.frame(STEP, [pygame.event.Event(pygame.MOUSEMOTION, pos=card.center, rel=(0, 0))])
    assert app.screens.top.focus == 2  # the focus follows the mouse
    click(app, card.center)
    assert app.screens.top.kind is ScreenKind.GAME and app.games_screens.record == records[2]


def test_a_game_offers_replay_review_and_export_and_back_returns_to_its_row(app, kept):
    _, records = kept
    open_games(app)
    press(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)
    assert app.screens.top.items == [
        Control.REPLAY,
        Control.REVIEW,
        Control.PRACTISE,
        Control.EXPORT,
        Item.BACK,
    ]
    drawn = words_drawn(app)
    for words in (tr("replay"), tr("review"), tr("export"), tr("back")):
        assert words in drawn
    assert (
        tr("game_detail", score=records[2].summary.score, tile=records[2].summary.biggest_tile)
        in drawn
    )
    press(app, pygame.K_ESCAPE)
    assert app.screens.top.kind is ScreenKind.GAMES and focused(app) == GameRow(records[2].summary)


def test_with_nothing_kept_the_list_says_so_and_back_still_leaves(tmp_path):
    app = App(
        Options(seed=1, leave_files=True, data_dir=str(tmp_path), sound=False)
    )  # reads, finds no file
    try:
        open_games(app)
        assert app.screens.top.items == list(LIST_BUTTONS)
        drawn = " ".join(words_drawn(app))  # as wrapped to the window
        assert tr("games_none") in drawn and tr("games_unreadable") not in drawn
        assert app.screens.top.items[app.screens.top.focus] is Item.BACK  # the only one that acts
        press(app, pygame.K_RETURN)
        assert not app.screens.games_open
    finally:
        app.close()


# -- sharing -----------------------------------------------------------------------------------


def test_exported_games_go_to_the_player_s_documents():
    import platformdirs

    assert export_folder().parent == platformdirs.user_documents_path()


def test_an_exported_game_comes_back_by_a_drop_and_by_the_command_line_R22(tmp_path):
    keep_games(tmp_path / "mine", 2)
    mine = App(Options(data_dir=str(tmp_path / "mine"), sound=False))
    mine.games_screens.export_dir = tmp_path / "documents" / "2048"
    try:
        open_games(mine)
        press(mine, pygame.K_RETURN)
        record = mine.games_screens.record
        mine.command(cmd.Select(mine.screens.top.items.index(Control.EXPORT)))
    finally:
        mine.close()
    path = tmp_path / "documents" / "2048" / export_name(record.summary)
    assert path.is_file()
    assert mine.view.notices[-1] == tr("export_done", file=str(path))  # the exact path
    friend = App(Options(data_dir=str(tmp_path / "friend"), sound=False))
    try:
        friend.frame(STEP, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
        until_imported(friend)
        assert friend.view.notices[-1] == tr("import_done")
        open_games(friend)
        press(friend, pygame.K_RETURN)
        assert replay(friend.games_screens.record) == replay(record)  # every position, exactly
        assert friend.games_screens.record.summary.imported
    finally:
        friend.close()
    again = App(parse_args(["--import", str(path), "--data-dir", str(tmp_path / "friend")]))
    try:
        until_imported(again)
        assert again.view.notices[-1] == tr("import_already")  # kept once, not twice
        assert again.archive.count_games() == 1
    finally:
        again.close()


def test_a_game_dropped_while_the_list_shows_appears_in_it_focused_R22(tmp_path):
    [shared] = keep_games(tmp_path / "theirs", 1, moves=25)
    path = tmp_path / "shared.2048.json"
    export_game(shared, path)
    keep_games(tmp_path / "mine", 3)
    app = App(Options(data_dir=str(tmp_path / "mine"), sound=False))
    try:
        open_games(app)
        press(app, pygame.K_DOWN, pygame.K_DOWN)
        assert app.screens.top.focus == 2
        app.frame(STEP, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
        until_imported(app)
        assert app.view.notices[-1] == tr("import_done")
        assert app.screens.top.kind is ScreenKind.GAMES and len(app.screens.top.games.rows) == 4
        assert replay(app.archive.load(focused(app).summary.game_id)) == replay(shared)
    finally:
        app.close()


def _doctored(path):
    document = json.loads(path.read_bytes())
    document["game"]["score"] += 4
    return json.dumps(document).encode()


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda path, bad: bad.write_bytes(b"\x00\xff not a game"), "import_not_json"),
        (lambda path, bad: bad.write_bytes(_doctored(path)), "import_diverges"),
        (lambda path, bad: os.symlink(path, bad), "import_not_a_file"),
        (lambda path, bad: bad.write_bytes(b'{"format": "2048-shared-game"}'), "import_damaged"),
    ],
)
def test_a_dropped_damaged_or_hostile_file_says_why_and_loses_nothing(tmp_path, make, reason):
    keep_games(tmp_path / "data", 3)
    app = App(Options(data_dir=str(tmp_path / "data"), sound=False))
    try:
        open_games(app)
        press(app, pygame.K_RETURN)
        app.games_screens.export_dir = tmp_path / "out"
        app.command(cmd.Select(app.screens.top.items.index(Control.EXPORT)))
        path = tmp_path / "out" / export_name(app.games_screens.record.summary)
        before = [app.archive.load(s.game_id) for s in app.archive.list_games()]
        bad = tmp_path / "bad.2048.json"
        make(path, bad)
        app.frame(STEP, [pygame.event.Event(pygame.DROPFILE, file=str(bad))])
        until_imported(app)
        assert app.view.notices[-1] == tr(reason)
        assert [app.archive.load(s.game_id) for s in app.archive.list_games()] == before
        press(app, pygame.K_ESCAPE, pygame.K_ESCAPE)  # the game goes on as it was
        app.command(cmd.Move(Direction.LEFT))
        settle(app, 2)
        assert app.running
    finally:
        app.close()


def test_the_exported_file_is_named_from_the_home_folder_as_a_player_knows_it_R22(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    folder = tmp_path / "Documents" / "2048"
    record = keep_games(tmp_path / "mine", 1)[0]
    key, fields = export_to(record, folder)
    shown = "~/Documents/2048/" if sys.platform != "win32" else f"{folder}{os.sep}"
    assert key == "export_done" and fields["file"] == folder / export_name(record.summary)
    assert shown + export_name(record.summary) in told_text(key, fields, "en")
    (tmp_path / "Blocked").write_text("a file where the folder should be")
    key, fields = export_to(record, tmp_path / "Blocked" / "2048")
    blocked = "~/Blocked/2048" if sys.platform != "win32" else str(tmp_path / "Blocked" / "2048")
    assert key == "export_failed" and blocked in told_text(key, fields, "el")  # said the same way


def test_kept_games_that_cannot_be_read_are_said_to_be_so_R22(tmp_path):
    (tmp_path / "games.sqlite3").mkdir()  # not a file the game can read
    app = App(Options(seed=1, leave_files=True, data_dir=str(tmp_path), sound=False))
    try:
        open_games(app)
        assert tr("games_unreadable") in " ".join(words_drawn(app))
    finally:
        app.close()


def test_the_game_plays_on_while_a_long_file_is_checked_R22(tmp_path, monkeypatch):
    # Checking a file replays its every move: the longest take some twenty seconds. The game
    # keeps drawing and playing meanwhile, and says what came of it when it is done.
    keep_games(tmp_path / "mine", 1)
    mine = App(Options(data_dir=str(tmp_path / "mine"), sound=False))
    path = tmp_path / "shared.2048.json"
    try:
        export_game(mine.archive.load(mine.archive.list_games()[0].game_id), path)
    finally:
        mine.close()
    release = threading.Event()
    read = sharing.read_shared

    def slow_read(file):
        assert release.wait(30)
        return read(file)

    monkeypatch.setattr(sharing, "read_shared", slow_read)
    friend = App(Options(data_dir=str(tmp_path / "friend"), sound=False))
    try:
        friend.frame(STEP, [pygame.event.Event(pygame.DROPFILE, file=str(path))])
        moves = friend.session.game.moves
        for direction in (Direction.LEFT, Direction.DOWN, Direction.RIGHT, Direction.UP):
            drawn = friend.frames_drawn
            friend.command(cmd.Move(direction))
            settle(friend, 5)
            assert friend.frames_drawn > drawn  # drawn while the file is read
        assert friend.session.game.moves > moves and friend.games_screens.imports.reading
        assert tr("import_done") not in friend.view.notices  # not before it is checked
        release.set()
        until_imported(friend)
        assert friend.view.notices[-1] == tr("import_done")
    finally:
        release.set()
        friend.close()


def test_a_fault_of_the_game_s_own_while_reading_a_file_is_not_hidden(tmp_path, monkeypatch):
    def broken(file):
        raise RuntimeError("a bug, not a bad file")

    monkeypatch.setattr(sharing, "read_shared", broken)
    archive = Archive.open(tmp_path, background=False)
    try:
        importing = sharing.Importing(tmp_path / "any.2048.json", archive)
        assert importing.wait(10)
        with pytest.raises(RuntimeError):
            importing.outcome()  # raised on the game's own thread, to the crash handler
    finally:
        archive.close()


# -- what no file, folder or clock may break (issue 21) -------------------------------------------


def _dated(path, started_at: str) -> bytes:
    document = json.loads(path.read_bytes())
    document["game"]["started_at"] = started_at
    return json.dumps(document).encode()


@pytest.mark.parametrize("started_at", ["9999-12-31T23:59:59Z", "0999-12-31T23:59:59Z"])
def test_a_friend_s_file_dated_where_no_game_can_be_is_refused_in_words(tmp_path, started_at):
    keep_games(tmp_path / "mine", 1)
    mine = App(Options(data_dir=str(tmp_path / "mine"), sound=False))
    try:
        bad = tmp_path / "dated.2048.json"
        export_game(mine.archive.load(mine.archive.list_games()[0].game_id), bad)
        bad.write_bytes(_dated(bad, started_at))
    finally:
        mine.close()
    friend = App(Options(data_dir=str(tmp_path / "friend"), sound=False))
    try:
        friend.frame(STEP, [pygame.event.Event(pygame.DROPFILE, file=str(bad))])
        until_imported(friend)
        assert friend.view.notices[-1] == tr("import_bad_date")
        assert friend.archive.count_games() == 0
    finally:
        friend.close()


@pytest.fixture
def ahead_of_utc(monkeypatch):
    """The player's clock 14 hours ahead of UTC (Kiribati's Line Islands, the furthest)."""
    monkeypatch.setenv("TZ", "<+14>-14")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="the time zone is set another way here")
def test_kept_games_whose_dates_the_list_cannot_show_are_listed_and_counted_R22(
    tmp_path, ahead_of_utc
):
    # Kept before imports checked the date: a friend's game of 9999-12-31 (past the last day a
    # date can have, once in local time ahead of UTC) and one an older version wrote as
    # "999-12-31..." (a year unpadded, which its own reader refused).
    records = keep_games(tmp_path, 3)
    archive = Archive.open(tmp_path, background=False)
    last_day = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)
    far = replace(records[0], summary=replace(records[0].summary, uid="far", started_at=last_day))
    far_id = archive.add_record(far)
    old = replace(records[1], summary=replace(records[1].summary, uid="old"))
    unpadded_id = archive.add_record(old)
    archive.close()
    with sqlite3.connect(tmp_path / "games.sqlite3") as connection:
        connection.execute(
            "UPDATE games SET started_at = '999-12-31T23:59:59Z' WHERE id = ?", (unpadded_id,)
        )
    connection.close()
    app = App(Options(seed=5, data_dir=str(tmp_path), sound=False))
    try:
        open_games(app)  # drawn, in local time
        settle(app, 3)
        assert len(app.screens.top.games.rows) == app.screens.top.games.total == 5  # all, counted
        drawn = " · ".join(words_drawn(app))
        assert drawn.count(tr("date_unknown")) == 2
        for record in records:
            assert when(record.summary.started_at) in drawn
        assert tr("games_footer", page=1, pages=1, n=5) in drawn
        for game_id in (unpadded_id, far_id):  # the newest two, opened
            press(app, pygame.K_RETURN)
            assert app.games_screens.record.summary.game_id == game_id
            settle(app, 3)
            assert tr("game_title_undated") in words_drawn(app)
            press(app, pygame.K_ESCAPE, pygame.K_DOWN)
    finally:
        app.close()


def told(app) -> str:
    """The latest notice, once it is the one on screen: drawn, measured with the game's own
    fonts."""
    while len(app.view.notices) > 1:
        app.frame(NOTICE_SECONDS, [])  # those before it, gone by
    settle(app, 3)
    return app.view.notices[0]


def test_an_export_to_and_from_folders_named_in_latin_1_says_where_it_went_R22(
    tmp_path, monkeypatch
):
    home = latin1_folder(tmp_path)
    monkeypatch.setenv("HOME", str(home))
    documents = latin1_folder(home, b"Docum\xe9nts")
    data = latin1_folder(tmp_path, b"donn\xe9es")
    keep_games(data, 1)
    app = App(Options(data_dir=str(data), sound=False))
    try:
        open_games(app)
        press(app, pygame.K_RETURN)
        name = export_name(app.games_screens.record.summary)
        app.games_screens.export_dir = documents / "2048"
        app.command(cmd.Select(app.screens.top.items.index(Control.EXPORT)))
        assert told(app) == tr("export_done", file=f"~/Docum\ufffdnts/2048/{name}")
        assert (documents / "2048" / name).is_file()
        app.games_screens.export_dir = data / "2048"  # outside the home: its path in full
        app.command(cmd.Select(app.screens.top.items.index(Control.EXPORT)))
        assert told(app) == tr("export_done", file=f"{tmp_path}/donn\ufffdes/2048/{name}")
        blocked = latin1_folder(tmp_path, b"bloqu\xe9") / "file"
        blocked.write_text("a file where the folder should be")
        app.games_screens.export_dir = blocked / "2048"
        app.command(cmd.Select(app.screens.top.items.index(Control.EXPORT)))
        assert told(app) == tr("export_failed", folder=f"{tmp_path}/bloqu\ufffd/file/2048")
    finally:
        app.close()


def test_a_data_folder_named_in_latin_1_that_cannot_be_made_is_named_in_the_notice(tmp_path):
    blocker = latin1_folder(tmp_path) / "data"
    blocker.write_text("a file where the folder should be")
    app = App(Options(data_dir=str(blocker / "2048"), sound=False))
    try:
        said = NOTICES["cannot_save"].text.format(
            folder=f"{tmp_path}/Ren\ufffde/data/2048",
            reason="there is a file where its data folder should be",
        )
        assert told(app) == said
    finally:
        app.close()


def test_two_exports_of_one_game_are_both_kept_R22(tmp_path):
    keep_games(tmp_path / "mine", 1)
    app = App(Options(data_dir=str(tmp_path / "mine"), sound=False))
    out = tmp_path / "out"
    try:
        open_games(app)
        press(app, pygame.K_RETURN)
        app.games_screens.export_dir = out
        name = export_name(app.games_screens.record.summary)
        stem = name.removesuffix(".2048.json")
        app.command(cmd.Select(app.screens.top.items.index(Control.EXPORT)))
        first = (out / name).read_bytes()
        (out / "gone.txt").symlink_to(out / "nowhere")
        (out / f"{stem} (3).2048.json").symlink_to(out / "gone.txt")  # a link: never followed
        for _ in range(2):
            app.command(cmd.Select(app.screens.top.items.index(Control.EXPORT)))
        assert (out / name).read_bytes() == first  # the first export, as it was
        assert app.view.notices[-2:] == [
            tr("export_done", file=str(out / f"{stem} (2).2048.json")),
            tr("export_done", file=str(out / f"{stem} (4).2048.json")),
        ]
        assert (out / f"{stem} (3).2048.json").is_symlink() and not (out / "nowhere").exists()
        for number in (2, 4):
            assert read_shared(out / f"{stem} ({number}).2048.json") == read_shared(out / name)
    finally:
        app.close()


def test_an_export_that_fails_leaves_no_file_behind(tmp_path, monkeypatch):
    record = keep_games(tmp_path / "mine", 1)[0]

    def disk_full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", disk_full)
    out = tmp_path / "out"
    assert export_to(record, out) == ("export_failed", {"folder": out})
    assert list(out.iterdir()) == []  # not even the name it had taken


def test_a_won_game_played_on_says_it_was_won_while_it_is_in_play(tmp_path):
    """After Keep going the row read "in play", with no sign of the 2048 (issue 33)."""
    app = App(Options(seed=3, data_dir=str(tmp_path), sound=False))
    try:
        near_win = ((1024, 1024, 0, 0), (0, 0, 0, 0), (0, 0, 2, 0), (0, 0, 0, 0))
        app.use_session(Session(Game.from_grid(near_win, seed=3), started=True))
        app.command(cmd.Move(Direction.LEFT))  # 2048 (R10)
        app.command(cmd.KeepGoing())
        app.command(cmd.Move(app.session.game.valid_directions()[0]))
        assert app.session.game.won and not app.session.game.over
        open_games(app)
        drawn = " · ".join(words_drawn(app))
        assert f"{tr('outcome_in_play_won')} · " in drawn
    finally:
        app.close()
