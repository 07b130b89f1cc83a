"""Every string a player reads: both languages, the clock's format, notices in Greek (the
catalogs themselves: test_catalogs.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from game.storage.notices import Notice, NoticeKey
from game.text import HELP, LANGUAGES, format_clock, help_lines, notice_text, tr
from game.text.paths import shown_path


def test_help_has_every_page_in_both_languages_with_the_pads_names():
    assert set(HELP) == {"controls", "rules", "strategy", "solver", "practice"}
    for lang in ("en", "el"):
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


_FIELDS = {"file": "game", "size": "5", "error": "ENOSPC", "names": "theme,volume"}


@pytest.mark.parametrize("key", list(NoticeKey))
@pytest.mark.parametrize("fields", [_FIELDS, {**_FIELDS, "file": "statistics", "kept": "x.bak"}])
def test_every_storage_notice_reads_in_both_languages(key, fields):
    notice = Notice(key, {**fields, "folder": "/data/2048"})
    english, greek = notice_text(notice, "en"), notice_text(notice, "el")
    assert english and greek and english != greek, key
    for text in (english, greek):
        assert "{" not in text and "}" not in text, (key, text)
    assert notice_text(notice, "xx") == english  # an unknown language falls back to English


def test_a_notice_names_the_file_as_a_player_would_and_says_why():
    full = Notice(NoticeKey.SAVE_FAILED, {"error": "ENOSPC"})
    assert "the disk is full" in notice_text(full, "en")
    assert "ο δίσκος είναι γεμάτος" in notice_text(full, "el")
    damaged = Notice(NoticeKey.DAMAGED, {"file": "game", "size": "5", "kept": "k"})
    assert notice_text(damaged, "en") == (
        "Your saved 5×5 game could not be read and had no good backup, so a new game was "
        "started. The damaged file is kept as k."
    )
    statistics = Notice(NoticeKey.DAMAGED, {"file": "statistics"})
    assert notice_text(statistics, "en") == (
        "Your statistics and best scores could not be read and had no good backup, so they "
        "start again from zero."
    )
    reset = Notice(NoticeKey.SETTINGS_RESET, {"names": "volume,window_size"})
    assert notice_text(reset, "en").endswith("defaults: volume, window size.")
    assert "ένταση, μέγεθος παραθύρου" in notice_text(reset, "el")
    odd = Notice(NoticeKey.SAVE_FAILED, {"error": "EIO"})
    assert "disk error (EIO)" in notice_text(odd, "en")


def test_the_settings_file_s_notices_speak_of_the_settings_in_the_plural():
    """ "Your settings was saved", "your settings itself was read": the settings are the one
    file these notices are of now."""
    keys = ("newer_file", "newer_backup_kept", "restored_from_backup", "damaged",
            "not_readable", "backup_not_readable", "load_failed")  # fmt: skip
    for key in keys:
        fields = {"file": "settings.json", "kept": "k", "error": "EACCES"}
        said = notice_text(Notice(NoticeKey(key), fields), "en")
        assert "settings" in said, key
        for wrong in ("settings was", "settings itself", "settings is ", "its backup"):
            assert wrong not in said, (key, said)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_of_a_thing_reads_in_the_singular(lang):
    # "1 games" and "1 moves" on the games list, "1 moves a second" in the settings.
    assert tr("games_footer", "en", page=1, pages=1, n=1) == "Page 1/1 · 1 game"
    assert tr("games_moves", "en", n=1) == "1 move" and tr("games_moves", "en", n=2) == "2 moves"
    assert tr("value_pace", "en", n="1") == "1 move a second"
    assert tr("chart_scores", "en", n=1) == "Your last score"  # was "Your last 1 scores"
    assert tr("chart_scores", "en", n=2) == "Your last 2 scores"
    assert tr("games_moves", "el", n=1) == "1 κίνηση"
    assert tr("replay_speed", lang, n="0.5") != tr("replay_speed", lang, n="1")  # many, not one


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX paths and names")
def test_a_path_is_shown_as_a_player_reads_it_whatever_its_bytes(monkeypatch, tmp_path):
    home = tmp_path / os.fsdecode(b"h\xf4me")  # Latin-1 bytes: lone surrogates in the name
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: home))
    assert shown_path(home / "Documents" / "2048") == "~/Documents/2048"
    assert shown_path(home) == "~"
    away = tmp_path / "a\nb" / os.fsdecode(b"caf\xe9")  # a line break, a Latin-1 name
    assert shown_path(away) == f"{tmp_path}/a\ufffdb/caf\ufffd"
    assert shown_path(away).encode("utf-8")  # what the fonts and message boxes take


# -- the player's language, as the system keeps it ----------------------------------------------

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "el_GR.UTF-8"}, "el"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANGUAGE": "el:en", "LANG": "en_US.UTF-8"}, "el"),  # LANGUAGE's list comes first
        ({"LANGUAGE": "fr:el", "LANG": "fr_FR.UTF-8"}, "el"),  # the first one we speak
        ({"LANGUAGE": "de", "LANG": "de_DE.UTF-8"}, "en"),  # none: English
        ({"LANGUAGE": "el", "LANG": "C"}, "en"),  # a C locale turns LANGUAGE off (gettext)
        ({"LC_ALL": "el_GR.UTF-8", "LANG": "en_US.UTF-8"}, "el"),
        ({"LC_MESSAGES": "el_GR.UTF-8"}, "el"),
    ],
)
def test_the_language_follows_the_system_s_preferred_list(monkeypatch, environment, expected):
    from game.text import system_language

    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert system_language() == expected


def test_a_mac_app_opened_from_the_finder_reads_the_system_s_languages(monkeypatch):
    """No locale variables there: the order of System Settings' preferred languages."""
    import subprocess

    import game.text as text

    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(text.sys, "platform", "darwin")
    listed = '(\n    "de-DE",\n    "el-GR",\n    "en-GB"\n)\n'
    done = subprocess.CompletedProcess([], 0, stdout=listed, stderr="")
    monkeypatch.setattr(text.subprocess, "run", lambda *args, **kwargs: done)
    assert text.preferred_languages() == ["de-DE", "el-GR", "en-GB"]
    assert text.system_language() == "el"

    def missing(*args, **kwargs):
        raise FileNotFoundError("defaults")

    monkeypatch.setattr(text.subprocess, "run", missing)
    assert text.system_language() == "en"
