"""Every string a player reads, in English and Greek.

tr("key", lang, **fields)    a sentence (game/text/strings.py holds them all)
help_lines(page, lang)       a help page's paragraphs (game/text/help_pages.py)
notice_text(notice, lang)    a storage notice's sentence (game/text/notices.py)
"""

from __future__ import annotations

import locale
import os

from game.text.help_pages import COSTS_HELP, HELP, REVIEW_HELP
from game.text.notices import NOTICES, notice_text
from game.text.strings import STRINGS, tr

LANGUAGES = ("en", "el")

__all__ = [
    "COSTS_HELP",
    "HELP",
    "LANGUAGES",
    "NOTICES",
    "PAD_LABELS",
    "REVIEW_HELP",
    "STRINGS",
    "first_tip",
    "format_clock",
    "help_lines",
    "notice_text",
    "system_language",
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
    and the page's own `fields` filled in (the solver's page: `search`, the search in use)."""
    lines = HELP.get(lang, HELP["en"]).get(page) or HELP["en"][page]
    labels = {**PAD_LABELS, **(pad_labels or {}), **fields}
    return [line.format(**labels) for line in lines]


def system_language() -> str:
    """The player's language from the system's locale: Greek if it is Greek, else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return "el" if value.lower().startswith("el") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "el" if code.lower().startswith(("el", "greek")) else "en"


def first_tip(lang: str) -> tuple[str, ...]:
    """A newcomer's words on how to play, in the info line's place until the first move."""
    return (tr("first_tip_move", lang), tr("first_tip_help", lang))


def format_clock(seconds: float) -> str:
    """m:ss under an hour, then h:mm:ss."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
