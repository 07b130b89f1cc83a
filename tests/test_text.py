"""Every string a player reads: both languages, the clock's format, notices in Greek."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.storage import Notice
from game.text import HELP, STRINGS, format_clock, help_lines, notice_text, tr

ROOT = Path(__file__).resolve().parent.parent


def test_every_english_string_has_a_greek_one_or_is_the_same_in_both():
    same_in_both = {"title", "board", "stats_none", "value_en", "value_el"}
    missing = set(STRINGS["en"]) - set(STRINGS["el"]) - same_in_both
    assert not missing


def test_fields_are_the_same_in_both_languages():
    for key, english in STRINGS["en"].items():
        greek = STRINGS["el"].get(key, english)
        assert set(re.findall(r"{(\w+)}", english)) == set(re.findall(r"{(\w+)}", greek)), key


def test_help_has_every_page_in_both_languages_with_the_pads_names():
    for lang in ("en", "el"):
        assert set(HELP[lang]) == {"controls", "rules", "strategy", "solver"}
        lines = help_lines("controls", lang, {"a": "Cross"})
        assert any("Cross" in line for line in lines)
        assert not any("{" in line for line in lines)


def test_an_unknown_language_falls_back_to_english():
    assert tr("new_game", "xx") == "New game"
    assert tr("moves", "el", n=3) == "Κινήσεις 3"


@pytest.mark.parametrize(
    ("seconds", "shown"), [(0, "0:00"), (59.9, "0:59"), (61, "1:01"), (3600, "1:00:00")]
)
def test_the_clock_reads_m_ss_then_h_mm_ss(seconds, shown):
    assert format_clock(seconds) == shown


def storage_notice_keys() -> set[str]:
    """The keys storage gives its notices, read from its source."""
    source = (ROOT / "game" / "storage.py").read_text()
    keys = set(re.findall(r'self\._notice\(\s*"(\w+)"', source))
    keys |= set(re.findall(r'key = "(\w+)"', source))
    return keys


def test_every_storage_notice_has_a_greek_text():
    keys = storage_notice_keys()
    assert {"second_copy", "save_failed", "restored_from_backup"} <= keys
    for key in keys:
        notice = Notice(key, "English text", file="game-5.json", error="ENOSPC", names="theme")
        greek = notice_text(notice, "el")
        assert greek != "English text" and "{" not in greek, key
        assert notice_text(notice, "en") == "English text"
