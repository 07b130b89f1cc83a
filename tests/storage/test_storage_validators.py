"""Issue 21: a saved game the game accepts never makes it write statistics it refuses. Each
value the two files share (the game's id, a win's moves, the score, the clock) has one
validator; a doctored save is either refused at loading or carried into statistics that load
again, and the storage never writes a file it would refuse to load."""

from __future__ import annotations

import pytest
from helpers.storage import played_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app import App, Options
from game.core.engine import MAX_COUNT, MAX_SECONDS
from game.core.stats import Stats
from game.play import commands as cmd
from game.play.session import Session
from game.play.stats_keeper import StatsKeeper
from game.storage.envelope import GAME_FORMAT, encode_document
from game.storage.notices import REFUSED, NoticeKey
from game.storage.schema import parse_game
from game.storage.store import Storage

SESSION_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.text(max_size=40), st.floats(allow_nan=False)
)


def doctored_save(draw) -> dict:
    """A real game's save with the values the statistics take from it changed at will."""
    game = played_game(4, seed=draw(st.integers(0, 50)), moves=draw(st.integers(0, 40)))
    data = game.to_dict()
    data["won"] = draw(st.booleans())
    data["moves"] = draw(st.one_of(st.integers(0, 3), st.integers(0, MAX_COUNT)))
    data["score"] = draw(st.integers(0, MAX_COUNT))
    data["seconds"] = draw(st.floats(0, MAX_SECONDS))
    session = {
        "game_id": draw(
            st.one_of(st.text(max_size=70), st.from_regex(r"[0-9a-f]{1,64}", fullmatch=True))
        ),
        "assisted": draw(st.booleans()),
        "started": draw(st.booleans()),
        "phase": draw(st.sampled_from(["playing", "won_banner", "continuing", "game_over"])),
        draw(st.text(min_size=1, max_size=10)): draw(SESSION_VALUES),
    }
    return {"game": data, "session": session}


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.composite(doctored_save)(), st.integers(0, 3))
def test_a_save_the_game_accepts_never_makes_records_it_refuses(tmp_path_factory, save, moves):
    try:
        parse_game(4, save)
    except ValueError:
        return  # refused at loading: set aside, nothing carried on (test_storage_corrupt.py)
    folder = tmp_path_factory.mktemp("data")
    with Storage(folder).open() as storage:
        (folder / "game-4.json").write_bytes(encode_document(GAME_FORMAT, save))
        saved = storage.load_game(4)
        session = Session.restore(saved.game, saved.session)
        stats_keeper = StatsKeeper(storage.load_stats())
        stats_keeper.adopt(session)  # as the app does at every start
        for direction in session.game.valid_directions()[:moves]:
            stats_keeper.handle(session.handle(cmd.Move(direction)), session)
        assert storage.save_game(session.game, session.state_dict())
        assert storage.save_stats(stats_keeper.stats)
        assert storage.pop_notices() == []
    # The next start reads back both files, with nothing set aside and nothing reset.
    again = Storage(folder)
    assert again.load_game(4) is not None
    assert again.load_stats() == stats_keeper.stats
    assert again.pop_notices() == []


def test_the_doctored_saves_of_the_issue_keep_their_records_through_two_starts(tmp_path):
    """A game id that is not hex, and a win with no move, through the real app twice."""
    game = played_game(4, seed=3, moves=12)
    data = game.to_dict()
    data["won"], data["moves"] = True, 0
    save = {"game": data, "session": {"game_id": "NOT-HEX!", "started": True}}
    (tmp_path / "game-4.json").write_bytes(encode_document(GAME_FORMAT, save))
    for _ in range(2):
        app = App(Options(data_dir=str(tmp_path), sound=False))
        try:
            assert app.storage.pop_notices() == []
            best = app.stats_keeper.best(4)
            stats = app.stats_keeper.stats
        finally:
            app.close()
    assert best == game.score  # the statistics were written, and read back, both times
    assert stats.sizes() and stats.for_size(4).games_won == 0  # a win no move made


def test_a_save_that_would_not_load_again_is_never_written(tmp_path, monkeypatch):
    with Storage(tmp_path).open() as storage:
        good = Stats().score_reached(4, assisted=False, score=8, biggest_tile=8)
        assert storage.save_stats(good)
        on_disk = (tmp_path / "stats.json").read_bytes()
        # A fault of this version: statistics with a value their own loading refuses.
        monkeypatch.setattr(Stats, "to_dict", lambda self: {"sizes": "none"})
        assert not storage.save_stats(good)
        assert (tmp_path / "stats.json").read_bytes() == on_disk
        [notice] = storage.pop_notices()
        assert notice.key is NoticeKey.SAVE_FAILED and notice.fields["error"] == REFUSED
        assert not storage.flush()  # the crash message will not claim it was saved
