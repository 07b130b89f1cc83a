"""The one set of checks every reader of an outside file uses (game/core/checks.py): each names
the field that is wrong, and none lets a value of another JSON type pass for the one expected."""

from __future__ import annotations

import math

import pytest

from game.core import checks
from game.core.rules import MAX_COUNT, MAX_SECONDS


@pytest.mark.parametrize("wrong", [True, -1, MAX_COUNT + 1, 1.0, "3", None])
def test_a_count_is_a_whole_number_in_its_bounds_and_never_a_flag(wrong):
    with pytest.raises(ValueError, match=r"^own\.4\.best_score: "):
        checks.count(wrong, "own.4.best_score")
    assert checks.count(MAX_COUNT, "x") == MAX_COUNT and checks.count(0, "x") == 0


@pytest.mark.parametrize("wrong", [math.nan, math.inf, -0.5, MAX_SECONDS * 2, 2**1100, False, "1"])
def test_a_clock_is_a_number_of_seconds_in_its_bounds(wrong):
    with pytest.raises(ValueError, match=r"^seconds: "):
        checks.seconds(wrong, "seconds")
    assert checks.seconds(3, "seconds") == 3.0 and type(checks.seconds(3, "seconds")) is float
    with pytest.raises(ValueError, match="from 0 to 60"):
        checks.seconds(61, "seconds", limit=60)


def test_a_field_is_named_by_its_path_when_missing_of_another_type_or_refused_by_its_check():
    data = {"won": 1, "score": -3, "history": []}
    with pytest.raises(ValueError, match=r"^save\.moves: missing"):
        checks.field(data, "moves", checks.count, "save")
    with pytest.raises(ValueError, match=r"^save\.won: expected bool"):
        checks.field(data, "won", bool, "save")  # 1 is not a flag
    with pytest.raises(ValueError, match=r"^save\.score: must be a whole number"):
        checks.field(data, "score", checks.count, "save")
    assert checks.field(data, "history", (list, tuple)) == []


def test_a_mapping_has_every_field_it_needs_and_no_other_but_those_it_may():
    assert checks.fields({"a": 1, "b": 2}, "x", {"a"}, {"b", "c"}) == {"a": 1, "b": 2}
    with pytest.raises(ValueError, match=r"^x: unexpected or missing fields \['a', 'd'\]"):
        checks.fields({"b": 2, "d": 4}, "x", {"a"}, {"b"})
    with pytest.raises(ValueError, match=r"^x: not a mapping"):
        checks.fields([("a", 1)], "x", {"a"})


@pytest.mark.parametrize("key", ["2", "9", "04", "4 ", "٤", "four", ""])
def test_sizes_are_board_sizes_written_as_plain_numbers(key):
    assert checks.by_size({"3": "a", "8": "b"}, "own") == {3: "a", 8: "b"}
    with pytest.raises(ValueError, match=r"^own: .* is not a board size"):
        checks.by_size({key: 0}, "own")
