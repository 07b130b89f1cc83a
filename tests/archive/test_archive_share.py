"""R22: a kept game exported to one small file and imported on another machine replays and
reviews the same; a damaged or hostile file gives a clear message and loses nothing kept."""

from __future__ import annotations

import json
import os
import re
import threading
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers.archive import random_actions, recorded
from helpers.paths import ROOT

from game.core.engine import BOARD_SIZES, MAX_SIZE, MIN_SIZE
from game.core.replay import replay
from game.kept_games.archive.changes import utc_text
from game.kept_games.archive.games_archive import Archive
from game.kept_games.share import shared_file as share
from game.kept_games.share.shared_file import (
    MAX_SECONDS,
    MAX_SHARE_BYTES,
    SHARE_FORMAT,
    SHARE_VERSION,
    ShareError,
    encode_record,
    export_game,
    export_name,
    import_game,
    read_shared,
)
from game.kept_games.share.transfer import export_to
from game.text import MESSAGES, tr


@pytest.fixture
def shared(tmp_path):
    """A real game exported to a file: (its record, the file)."""
    think = [0.4 + (i % 7) * 0.3 for i in range(150)]
    archive, _, _, _ = recorded(
        tmp_path / "mine", seed=7, actions=random_actions(7, 150), think=think
    )
    record = archive.load(archive.list_games()[0].game_id)
    path = export_game(record, tmp_path / export_name(record.summary))
    return record, path


@pytest.fixture
def friend(tmp_path):
    """The friend's archive, with a game of their own already kept."""
    archive, _, _, _ = recorded(tmp_path / "friend", seed=8, actions=random_actions(8, 40))
    return archive


def keeps(archive: Archive):
    """Everything the archive holds, to compare before and after."""
    return [archive.load(s.game_id) for s in archive.list_games()]


def test_an_exported_game_imports_and_replays_the_same_R22(shared, friend):
    record, path = shared
    assert path.name.startswith("2048-4x4-") and path.name.endswith(".2048.json")
    result = import_game(friend, path)
    assert not result.already_kept
    imported = friend.load(result.game_id)
    assert imported.summary.imported and imported.steps == record.steps
    assert imported.start == record.start
    assert [p.grid for p in replay(imported)] == [p.grid for p in replay(record)]
    assert len(path.read_bytes()) < 2_000 + 40 * len(record.steps) + len(json.dumps(record.start))


def test_the_same_game_imported_twice_is_kept_once(shared, friend):
    _, path = shared
    first = import_game(friend, path)
    again = import_game(friend, path)
    assert again.already_kept and again.game_id == first.game_id
    assert friend.count_games() == 2


def document(record) -> dict:
    return json.loads(encode_record(record))


def write(tmp_path, name: str, content) -> Path:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    return path


def doctored(record, **changes):
    data = document(record)
    data["game"].update(changes)
    return data


HOSTILE = {
    "too_big": (lambda r: b" " * (MAX_SHARE_BYTES + 1), "import_too_big"),
    "not_json": (lambda r: b"\x00\xffnot json", "import_not_json"),
    "nested_deep": (lambda r: b"[" * 200_000 + b"]" * 200_000, "import_not_json"),
    "nan": (
        lambda r: encode_record(r).replace(b'"score":', b'"score":NaN,"x":'),
        "import_not_json",
    ),
    "a_list": (lambda r: [1, 2, 3], "import_not_a_game"),
    "other_format": (lambda r: {**document(r), "format": "2048-game"}, "import_not_a_game"),
    "newer": (lambda r: {**document(r), "version": SHARE_VERSION + 1}, "import_newer"),
    "version_text": (lambda r: {**document(r), "version": "1"}, "import_damaged"),
    "missing_field": (
        lambda r: {
            **document(r),
            "game": {k: v for k, v in document(r)["game"].items() if k != "moves"},
        },  # fmt: skip
        "import_damaged",
    ),
    "negative_score": (lambda r: doctored(r, score=-4), "import_damaged"),
    "huge_size": (lambda r: doctored(r, size=99), "import_size_not_offered"),
    "endless_clock": (lambda r: doctored(r, seconds=1e300), "import_damaged"),
    "clock_past_ten_years": (lambda r: doctored(r, seconds=MAX_SECONDS + 1), "import_damaged"),
    "bool_as_count": (lambda r: doctored(r, moves=True), "import_damaged"),
    # A step past what SQLite's integers hold (it once reached the game's thread as a crash).
    "origin_step_2_63": (
        lambda r: doctored(r, origin={"uid": "a" * 16, "step": 2**63}),
        "import_damaged",
    ),
    "origin_step_10_30": (
        lambda r: doctored(r, origin={"uid": "a" * 16, "step": 10**30}),
        "import_damaged",
    ),
    "bad_letter": (
        lambda r: doctored(r, steps="x" + document(r)["game"]["steps"][1:]),
        "import_damaged",
    ),  # fmt: skip
    "no_start": (lambda r: doctored(r, start={"grid": [[2]]}), "import_damaged"),
    "times_short": (lambda r: doctored(r, times=[]), "import_damaged"),
    "score_raised": (lambda r: doctored(r, score=r.summary.score + 1000), "import_diverges"),
    "moves_swapped": (
        lambda r: doctored(r, steps="".join(reversed(document(r)["game"]["steps"]))),
        "import_diverges",
    ),
    "clock_back": (
        lambda r: doctored(r, times=[*document(r)["game"]["times"][:-1], -1.0]),
        "import_damaged",
    ),
    "clock_reordered": (
        lambda r: doctored(r, times=list(reversed(sorted(document(r)["game"]["times"])))),
        "import_diverges",
    ),
    # A date the games list could not show (9999: past the last day in local time ahead of
    # UTC; 0999: once stored unpadded, refused by the archive's own reader), or no game has.
    "date_9999": (lambda r: doctored(r, started_at="9999-12-31T23:59:59Z"), "import_bad_date"),
    "date_0999": (lambda r: doctored(r, started_at="0999-12-31T23:59:59Z"), "import_bad_date"),
    "before_2048": (lambda r: doctored(r, started_at="2014-03-08T23:59:59Z"), "import_bad_date"),
    "days_ahead": (lambda r: doctored(r, started_at=utc_text(in_days(2))), "import_bad_date"),
    "date_unpadded": (lambda r: doctored(r, started_at="999-12-31T23:59:59Z"), "import_damaged"),
}


def in_days(days: float) -> datetime:
    return datetime.now(UTC) + timedelta(days=days)


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_damaged_or_hostile_file_is_refused_with_a_clear_message_and_nothing_lost(
    case, shared, friend, tmp_path
):
    record, _ = shared
    make, key = HOSTILE[case]
    path = write(tmp_path, "hostile.2048.json", make(record))
    before = keeps(friend)
    with pytest.raises(ShareError) as refused:
        import_game(friend, path)
    assert refused.value.key == key
    assert keeps(friend) == before


@pytest.mark.parametrize(
    "started_at",
    [datetime(2014, 3, 9, tzinfo=UTC), in_days(0), in_days(0.5)],  # 2048's first day, now,
    # a clock 12 h ahead
    ids=["first_day", "now", "clock_ahead"],
)
def test_a_file_dated_from_2048_s_first_day_to_a_little_ahead_of_now_is_kept(
    started_at, shared, friend, tmp_path
):
    record, _ = shared
    path = write(tmp_path, "dated.2048.json", doctored(record, started_at=utc_text(started_at)))
    kept = friend.load(import_game(friend, path).game_id)
    assert kept.summary.started_at == started_at.replace(microsecond=0)
    assert friend.list_games()[0].started_at == kept.summary.started_at


@pytest.mark.parametrize("year", [1, 999, 9999])
def test_a_date_the_archive_writes_it_reads_back_at_both_ends(year, shared, friend):
    # An older version wrote year 999 as "999-...", which its reader refused: the game was
    # counted in the list and never shown.
    record, _ = shared
    moment = datetime(year, 12, 31, 23, 59, 59, tzinfo=UTC)
    summary = replace(record.summary, uid=f"year-{year}", started_at=moment)
    game_id = friend.add_record(replace(record, summary=summary))
    assert friend.load(game_id).summary.started_at == moment
    assert [s.started_at for s in friend.list_games()].count(moment) == 1


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_a_game_of_every_size_offered_comes_back_from_its_file(size, friend, tmp_path):
    # Every size the engine holds, 3x3 to 8x8, is offered (issue 23): a friend's game on any
    # of them is kept, and replays exactly.
    archive, _, _, _ = recorded(
        tmp_path / "other", size=size, seed=size, actions=random_actions(size, 40)
    )
    record = archive.load(archive.list_games()[0].game_id)
    path = export_game(record, tmp_path / "sized.2048.json")
    kept = friend.load(import_game(friend, path).game_id)
    assert kept.summary.size == size and replay(kept) == replay(record)


@pytest.mark.parametrize("size", [0, MIN_SIZE - 1, MAX_SIZE + 1, 16])
def test_a_game_of_a_size_this_game_does_not_offer_is_refused_in_words(
    size, shared, friend, tmp_path
):
    # Another game's board (a 2x2, a 9x9, a 16x16) or a doctored file: no one here can play it.
    record, _ = shared
    path = write(tmp_path, "sized.2048.json", doctored(record, size=size))
    before = keeps(friend)
    with pytest.raises(ShareError) as refused:
        import_game(friend, path)
    assert refused.value.key == "import_size_not_offered"
    assert "a board size this game does not offer" in tr(refused.value.key)
    assert keeps(friend) == before


def test_a_game_longer_than_a_shared_file_holds_is_neither_imported_nor_exported(
    shared, friend, tmp_path, monkeypatch
):
    record, path = shared
    most = len(record.steps) - 1
    monkeypatch.setattr(share, "MAX_STEPS", most)
    with pytest.raises(ShareError) as refused:
        import_game(friend, path)
    assert (refused.value.key, refused.value.fields) == ("import_too_long", {"most": most})
    assert f"up to {most} moves" in tr(refused.value.key, **refused.value.fields)
    assert friend.count_games() == 1  # the friend's own
    key, fields = export_to(record, tmp_path / "out")
    assert key == "export_too_long" and f"{most} moves" in tr(key, **fields)
    assert list((tmp_path / "out").iterdir()) == []  # no file left behind, not even empty


def test_a_link_is_not_followed(shared, friend, tmp_path):
    _, path = shared
    link = tmp_path / "link.2048.json"
    link.symlink_to(path)
    with pytest.raises(ShareError) as refused:
        import_game(friend, link)
    assert refused.value.key == "import_not_a_file"


def test_a_folder_or_a_missing_file_is_refused(friend, tmp_path):
    with pytest.raises(ShareError) as folder:
        import_game(friend, tmp_path)
    assert folder.value.key == "import_not_a_file"
    with pytest.raises(ShareError) as missing:
        import_game(friend, tmp_path / "gone.2048.json")
    assert missing.value.key == "import_unreadable"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_hanging(friend, tmp_path):
    fifo = tmp_path / "fifo.2048.json"
    os.mkfifo(fifo)
    errors = []

    def attempt():
        try:
            read_shared(fifo)
        except ShareError as error:
            errors.append(error.key)

    reader = threading.Thread(target=attempt, daemon=True)
    reader.start()
    reader.join(30)
    assert errors == ["import_not_a_file"]


def test_an_import_the_archive_cannot_keep_says_so_and_writes_nothing(shared, tmp_path):
    _, path = shared
    (tmp_path / "other").mkdir()
    archive = Archive.open(tmp_path / "other", read_only=True)
    with pytest.raises(ShareError) as refused:
        import_game(archive, path)
    assert refused.value.key == "import_cannot_keep"


def test_an_export_replaces_a_link_instead_of_writing_through_it(shared, tmp_path):
    record, _ = shared
    precious = tmp_path / "precious.txt"
    precious.write_bytes(b"keep me")
    link = tmp_path / "out.2048.json"
    link.symlink_to(precious)
    export_game(record, link)
    assert precious.read_bytes() == b"keep me"
    assert not link.is_symlink() and read_shared(link).steps == record.steps


def test_an_export_that_cannot_be_written_says_so(shared, tmp_path):
    record, _ = shared
    with pytest.raises(ShareError) as refused:
        export_game(record, tmp_path / "no" / "such" / "folder" / "game.2048.json")
    assert refused.value.key == "export_failed"


def test_the_file_names_its_format_and_version(shared):
    _, path = shared
    data = json.loads(path.read_bytes())
    assert (data["format"], data["version"]) == (SHARE_FORMAT, SHARE_VERSION)


def test_every_message_of_the_share_has_words_in_both_languages():
    source = (ROOT / "game" / "kept_games" / "share" / "shared_file.py").read_text()
    keys = set(re.findall(r'ShareError\(\s*"(\w+)"', source))
    assert {"import_too_big", "import_diverges", "export_failed"} <= keys
    for key in keys | {"import_done", "import_already", "export_done"}:
        assert key in MESSAGES and tr(key, "el") != tr(key, "en"), key
