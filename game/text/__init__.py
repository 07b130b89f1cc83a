"""Every string a player reads, in English and Greek.

tr("key", lang, **fields)    a sentence (game/text/messages.py holds the English, the catalogs
                             of game/text/locale/ every other language: game/text/strings.py)
help_lines(page, lang)       a help page's paragraphs (game/text/help_pages.py)
notice_text(notice, lang)    a storage notice's sentence (game/text/notice_words.py)
say(message, lang, **fields) a marked sentence (a help page's paragraph) in the player's words

May import: game.core. Never pygame.
"""

from __future__ import annotations

import locale
import os
import re
import subprocess
import sys
from collections.abc import Mapping

from game.core.settings import Settings
from game.text.help_pages import CONTROL_WORDS, COSTS_HELP, HELP, REVIEW_HELP
from game.text.messages import MESSAGES
from game.text.notice_words import NOTICES, is_notice, notice_text, notice_words
from game.text.paths import shown_path
from game.text.strings import Say, say, tr

LANGUAGES = ("en", "el")

__all__ = [
    "COSTS_HELP",
    "HELP",
    "LANGUAGES",
    "MESSAGES",
    "NOTICES",
    "PAD_LABELS",
    "REVIEW_HELP",
    "Say",
    "first_tip",
    "format_clock",
    "help_lines",
    "say",
    "notice_text",
    "system_language",
    "told_text",
    "tr",
]


PAD_LABELS = {
    "a": "A",
    "b": "B",
    "x": "X",
    "y": "Y",
    "back": "Back",
    "start": "Start",
    "lb": "LB",
    "rb": "RB",
}


def help_lines(
    page: str, lang: str = "en", pad_labels: dict[str, str] | None = None, **fields: str
) -> list[str]:
    """A help page's paragraphs; the gamepad's buttons named as the player's pad prints them,
    the player's keys and buttons (the defaults' unless given), and the page's own `fields`
    filled in (the solver's page: `search`, the search in use)."""
    labels = {**PAD_LABELS, **CONTROL_WORDS, **(pad_labels or {}), **fields}
    return [say(line, lang, **labels) for line in HELP[page]]


def language_of(settings: Settings) -> str:
    """The language the player reads: the one chosen, or the system's for "auto"."""
    return system_language() if settings.language == "auto" else settings.language


def system_language() -> str:
    """The player's language: the first of the system's preferred languages this game speaks,
    else English (see `preferred_languages`)."""
    for code in preferred_languages():
        lang = code.strip().lower()[:2]
        if lang in LANGUAGES:
            return lang
    return "en"


def preferred_languages() -> list[str]:
    """The player's languages, most wanted first, as the system keeps them: on Linux and other
    Unix, gettext's order (LANGUAGE's list, then LC_ALL, LC_MESSAGES or LANG; a "C" locale means
    none); where none is set (a macOS app opened from the Finder, Windows), the system's own
    list of preferred languages."""
    locale_name = next(
        (os.environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(name)),
        "",
    )
    if locale_name.split(".")[0] in ("C", "POSIX"):
        return []
    codes = [code for code in os.environ.get("LANGUAGE", "").split(":") if code]
    if locale_name:
        codes.append(locale_name)
    return codes or _system_languages()


def _system_languages() -> list[str]:
    if sys.platform == "darwin":  # the order of System Settings > Language & Region
        try:
            listed = subprocess.run(
                ["defaults", "read", "-g", "AppleLanguages"],
                capture_output=True,
                text=True,
                timeout=2,
                check=True,
            ).stdout
        except (OSError, subprocess.SubprocessError):
            listed = ""
        return re.findall(r'"?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)"?\s*,?\s*$', listed, re.M)
    if sys.platform == "win32":  # the display language
        import ctypes

        language_id = ctypes.windll.kernel32.GetUserDefaultUILanguage()
        return [locale.windows_locale.get(language_id, "")]
    try:
        return [locale.getlocale()[0] or ""]
    except ValueError:
        return []


def told_text(key: str, fields: Mapping[str, object], lang: str) -> str:
    """What the game tells (`ev.Told`: a key and its facts) in the player's words: a storage or
    archive notice's by notice_words.py, a field of words of its own (`Say`) in the same
    language, a path as the player reads it (paths.py)."""
    if is_notice(key):
        return notice_words(key, fields, lang)
    return tr(key, lang, **{name: _shown(value, lang) for name, value in fields.items()})


def _shown(value: object, lang: str) -> object:
    if isinstance(value, Say):
        return told_text(value.key, value.fields, lang)
    return shown_path(value) if isinstance(value, os.PathLike) else value


def first_tip(lang: str, help_keys: str) -> tuple[str, ...]:
    """A newcomer's words on how to play, in the info line's place until the first move;
    `help_keys`: the keys that open the help now (the player's own, once remapped)."""
    return (tr("first_tip_move", lang), tr("first_tip_help", lang, keys=help_keys))


def format_clock(seconds: float) -> str:
    """m:ss under an hour, then h:mm:ss."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
