"""Saving and loading a game (R18): exact round trips, and malformed saves refused by name."""

from __future__ import annotations

import copy
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.engine import SAVE_VERSION, Direction, Game

SIZES = (4, 5, 6)
KEYS = (
    "version",
    "size",
    "grid",
    "score",
    "moves",
    "won",
    "undos_left",
    "undo_enabled",
    "seconds",
    "random_state",
    "history",
)


def played_game(size: int = 4, seed: int = 5) -> Game:
    """A game with a win, a full undo history, two undos used and time on the clock."""
    rows = [[0] * size for _ in range(size)]
    rows[0][:2] = [1024, 1024]
    game = Game.from_grid(rows, seed=seed)
    assert game.move(Direction.LEFT).won_now
    for step in range(7):
        directions = game.valid_directions()
        game.move(directions[step % len(directions)])
    assert game.undo() and game.undo()
    game.advance_clock(12.75)
    return game


def save(size: int = 4) -> dict:
    return played_game(size).to_dict()


def replay(game: Game, steps: int = 30) -> list:
    """Moves and undos in a fixed pattern; what each returned, and the final save."""
    results = []
    for step in range(steps):
        if step % 7 == 6:
            results.append(game.undo())
        else:
            results.append(game.move(list(Direction)[step % 4]))
    return [results, game.to_dict()]


# -- round trips ----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_r18_round_trip_is_exact(size):
    """R18: from_dict(to_dict()) is the same game, field by field."""
    game = played_game(size)
    saved = game.to_dict()
    assert set(saved) == set(KEYS)
    assert saved["version"] == SAVE_VERSION
    assert (saved["won"], saved["undos_left"], saved["seconds"]) == (True, 3, 12.75)
    assert len(saved["history"]) == 3
    loaded = Game.from_dict(saved)
    assert loaded.to_dict() == saved
    assert (loaded.grid, loaded.score, loaded.moves) == (game.grid, game.score, game.moves)
    assert (loaded.won, loaded.undos_left, loaded.undo_enabled) == (True, 3, True)
    assert loaded.seconds == 12.75
    assert loaded.over == game.over


@pytest.mark.parametrize("size", SIZES)
def test_r18_round_trip_through_json_keeps_the_future(size):
    """R18: a save written as JSON and read back plays on exactly like the original:
    same spawns (random state) and same undos (history)."""
    game = played_game(size)
    text = json.dumps(game.to_dict(), allow_nan=False)
    loaded = Game.from_dict(json.loads(text))
    assert replay(loaded) == replay(game)


def test_r18_round_trip_keeps_undo_turned_off():
    """R14, R18: the undo setting and a fresh game's state survive a save."""
    game = Game.new(5, seed=8, undo_enabled=False)
    game.move(Direction.UP)
    loaded = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert loaded.undo_enabled is False
    assert not loaded.undo()
    assert loaded.to_dict() == game.to_dict()


def test_r18_round_trip_keeps_a_saved_gauss_value():
    """R18: every part of the random state survives, the spare Gaussian value included."""
    saved = save()
    saved["random_state"][2] = 0.25
    assert Game.from_dict(saved).to_dict() == saved


def test_r18_loaded_game_does_not_share_the_save():
    """Changing the save dict after loading does not change the game."""
    saved = save()
    loaded = Game.from_dict(saved)
    expected = loaded.to_dict()
    saved["grid"][0][0] = 0
    saved["history"][0]["grid"][0][0] = 0
    saved["random_state"][1][0] ^= 1
    assert loaded.to_dict() == expected


def test_r2_largest_tile_is_accepted():
    """R2: 2^17 is a tile on 4x4."""
    saved = save()
    saved["grid"][3][3] = 2**17
    assert Game.from_dict(saved).grid[3][3] == 2**17


# -- malformed saves ------------------------------------------------------------------------------


def set_at(path, value):
    """A change to the save: the item at `path` (keys and indices) becomes `value`."""

    def change(data):
        *parents, last = path
        for key in parents:
            data = data[key]
        data[last] = value

    return change


def delete_at(*path):
    def change(data):
        *parents, last = path
        for key in parents:
            data = data[key]
        del data[last]

    return change


def mt_state(words=None, position=624, gauss=None):
    """A random state as saved: [3, 624 words and a position, gauss]."""
    words = [1] * 624 if words is None else words
    return [3, [*words, position], gauss]


MALFORMED = [
    # missing fields
    *[(f"missing {key}", delete_at(key), key) for key in KEYS],
    # version
    ("version 2", set_at(["version"], 2), "version"),
    ("version 0", set_at(["version"], 0), "version"),
    ("version as text", set_at(["version"], "1"), "version"),
    ("version as float", set_at(["version"], 1.0), "version"),
    ("version as bool", set_at(["version"], True), "version"),
    ("version null", set_at(["version"], None), "version"),
    # size
    ("size 2", set_at(["size"], 2), "size"),
    ("size 9", set_at(["size"], 9), "size"),
    ("size as text", set_at(["size"], "4"), "size"),
    ("size as float", set_at(["size"], 4.0), "size"),
    ("size as bool", set_at(["size"], True), "size"),
    ("size unlike the grid", set_at(["size"], 5), "grid"),
    # grid
    ("grid as text", set_at(["grid"], "2 2 0 0"), "grid"),
    ("grid of three rows", delete_at("grid", 0), "grid"),
    ("grid of five rows", lambda d: d["grid"].append([0, 0, 0, 0]), "grid"),
    ("grid not square", delete_at("grid", 1, 0), "grid"),
    ("grid row too long", lambda d: d["grid"][2].append(0), "grid"),
    ("grid row as tuple", set_at(["grid", 0], (0, 0, 0, 0)), "grid"),
    ("grid row as text", set_at(["grid", 0], "0000"), "grid"),
    ("tile 1", set_at(["grid", 1, 1], 1), "grid"),
    ("tile 3", set_at(["grid", 1, 1], 3), "grid"),
    ("tile 6", set_at(["grid", 1, 1], 6), "grid"),
    ("tile -2", set_at(["grid", 1, 1], -2), "grid"),
    ("tile 2.0", set_at(["grid", 1, 1], 2.0), "grid"),
    ("tile as bool", set_at(["grid", 1, 1], True), "grid"),
    ("tile as text", set_at(["grid", 1, 1], "2"), "grid"),
    ("tile null", set_at(["grid", 1, 1], None), "grid"),
    ("tile above 2^17", set_at(["grid", 1, 1], 2**18), "grid"),
    # counters and flags
    ("negative score", set_at(["score"], -4), "score"),
    ("score as bool", set_at(["score"], True), "score"),
    ("score as float", set_at(["score"], 1.5), "score"),
    ("score as text", set_at(["score"], "0"), "score"),
    ("score null", set_at(["score"], None), "score"),
    ("negative moves", set_at(["moves"], -1), "moves"),
    ("moves as bool", set_at(["moves"], False), "moves"),
    ("moves as float", set_at(["moves"], 2.0), "moves"),
    ("won as int", set_at(["won"], 1), "won"),
    ("won as 0", set_at(["won"], 0), "won"),
    ("won as text", set_at(["won"], "true"), "won"),
    ("won null", set_at(["won"], None), "won"),
    ("undos_left 6", set_at(["undos_left"], 6), "undos_left"),
    ("undos_left -1", set_at(["undos_left"], -1), "undos_left"),
    ("undos_left as bool", set_at(["undos_left"], True), "undos_left"),
    ("undos_left as float", set_at(["undos_left"], 5.0), "undos_left"),
    ("undo_enabled as int", set_at(["undo_enabled"], 1), "undo_enabled"),
    ("undo_enabled as text", set_at(["undo_enabled"], "yes"), "undo_enabled"),
    ("undo_enabled null", set_at(["undo_enabled"], None), "undo_enabled"),
    # the clock
    ("seconds NaN", set_at(["seconds"], float("nan")), "seconds"),
    ("seconds inf", set_at(["seconds"], float("inf")), "seconds"),
    ("seconds -inf", set_at(["seconds"], float("-inf")), "seconds"),
    ("negative seconds", set_at(["seconds"], -1.0), "seconds"),
    ("seconds beyond any float", set_at(["seconds"], 10**400), "seconds"),
    ("seconds as text", set_at(["seconds"], "1"), "seconds"),
    ("seconds as bool", set_at(["seconds"], True), "seconds"),
    ("seconds null", set_at(["seconds"], None), "seconds"),
    # the random state
    ("random state as text", set_at(["random_state"], "seed"), "random_state"),
    ("random state empty", set_at(["random_state"], []), "random_state"),
    ("random state short", delete_at("random_state", 2), "random_state"),
    ("random state version 2", set_at(["random_state", 0], 2), "random_state"),
    ("random state version as bool", set_at(["random_state", 0], True), "random_state"),
    ("random state of 624 words", delete_at("random_state", 1, 0), "random_state"),
    ("random state word -1", set_at(["random_state", 1, 5], -1), "random_state"),
    ("random state word 2^32", set_at(["random_state", 1, 5], 2**32), "random_state"),
    ("random state word as float", set_at(["random_state", 1, 5], 1.0), "random_state"),
    ("random state word as bool", set_at(["random_state", 1, 5], True), "random_state"),
    ("random state position 625", set_at(["random_state", 1, 624], 625), "random_state"),
    ("random state position -1", set_at(["random_state", 1, 624], -1), "random_state"),
    ("random state position bool", set_at(["random_state", 1, 624], True), "random_state"),
    ("random state gauss as text", set_at(["random_state", 2], "x"), "random_state"),
    ("random state gauss as int", set_at(["random_state", 2], 0), "random_state"),
    ("random state all zero", set_at(["random_state"], mt_state([0] * 624)), "random_state"),
    # the undo history
    ("history as text", set_at(["history"], "none"), "history"),
    ("history of six moves", lambda d: d["history"].extend(d["history"]), "history"),
    ("history entry as list", set_at(["history", 0], []), "history[0]"),
    ("history entry null", set_at(["history", 1], None), "history[1]"),
    ("history entry no grid", delete_at("history", 0, "grid"), "history[0].grid"),
    ("history entry no score", delete_at("history", 0, "score"), "history[0].score"),
    ("history entry no moves", delete_at("history", 2, "moves"), "history[2].moves"),
    ("history entry no random state", delete_at("history", 0, "random_state"), "history[0]"),
    ("history grid too small", delete_at("history", 0, "grid", 0), "history[0].grid"),
    ("history tile 3", set_at(["history", 0, "grid", 0, 0], 3), "history[0].grid"),
    ("history negative score", set_at(["history", 1, "score"], -2), "history[1].score"),
    ("history moves as bool", set_at(["history", 0, "moves"], True), "history[0].moves"),
    ("history bad random state", set_at(["history", 0, "random_state", 0], 4), "history[0]"),
]


@pytest.mark.parametrize(
    "change, field", [case[1:] for case in MALFORMED], ids=[case[0] for case in MALFORMED]
)
def test_r18_malformed_save_is_refused_by_name(change, field):
    """R18: a malformed save raises ValueError, and the message names the field."""
    saved = save()
    change(saved)
    with pytest.raises(ValueError, match=re.escape(field)):
        Game.from_dict(saved)


@pytest.mark.parametrize("data", [None, [], "save", 3, 2.5, True, ("version", 1)])
def test_r18_a_save_must_be_a_mapping(data):
    """R18: anything but a dict is refused."""
    with pytest.raises(ValueError, match="save"):
        Game.from_dict(data)


def test_r18_a_json_string_is_not_a_save():
    """R18: the save is the decoded dict, not its JSON text."""
    with pytest.raises(ValueError):
        Game.from_dict(json.dumps(save()))


def test_r18_the_valid_cases_above_do_load():
    """The base save and a plain random state load, so the refusals above are about the
    change made, not the base."""
    saved = save()
    Game.from_dict(copy.deepcopy(saved))
    saved["random_state"] = mt_state()
    saved["seconds"] = 7
    assert Game.from_dict(saved).seconds == 7.0


# -- junk never breaks loading --------------------------------------------------------------------

json_like = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from([0, 1, 2, 3, 4, 5, 6, 624, 625, 2**17, 2**32, -1, 10**400]),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), children, max_size=5)
    ),
    max_leaves=25,
)


def load_or_refuse(data) -> Game | None:
    """from_dict either loads the data or raises ValueError; nothing else."""
    try:
        game = Game.from_dict(data)
    except ValueError:
        return None
    # What loads is a working game whose own save loads back the same.
    text = json.dumps(game.to_dict())
    assert json.dumps(Game.from_dict(game.to_dict()).to_dict()) == text
    game.valid_directions()
    return game


@settings(max_examples=150, deadline=None)
@given(json_like)
def test_r18_junk_raises_only_value_error(data):
    """R18: any JSON-like junk is refused with ValueError, never another exception."""
    assert load_or_refuse(data) is None


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.data())
def test_r18_junk_fields_raise_only_value_error(data):
    """R18: a save whose fields are each either valid or junk: ValueError, never another
    exception."""
    valid = json.loads(BASE_SAVE)
    saved = {}
    for key in KEYS:
        choice = data.draw(st.sampled_from(["valid", "junk", "missing"]))
        if choice == "valid":
            saved[key] = valid[key]
        elif choice == "junk":
            saved[key] = data.draw(json_like, label=key)
    load_or_refuse(saved)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_r18_mutated_save_loads_or_raises_value_error(data):
    """R18: a valid save with one item replaced, deleted or added deep inside either still
    loads as a working game or raises ValueError."""
    saved = json.loads(BASE_SAVE)
    container = saved
    while True:
        keys = list(container) if isinstance(container, dict) else list(range(len(container)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        child = container[key]
        if isinstance(child, dict | list) and child and data.draw(st.booleans()):
            container = child
            continue
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            container[key] = data.draw(json_like)
        elif action == "delete":
            del container[key]
        elif isinstance(container, list):
            container.insert(key, data.draw(json_like))
        else:
            container[data.draw(st.text(max_size=6))] = data.draw(json_like)
        break
    load_or_refuse(saved)


BASE_SAVE = json.dumps(save())
