"""The gettext catalogs: how a sentence is marked for them (N_, NP_) and how the player's
language's catalog is read (`translation`).

The catalogs live in game/text/locale/ (docs/translating.md): game2048.pot, the template
Babel extracts from the marks; <lang>/LC_MESSAGES/game2048.po, one a language; and beside each
its game2048.mo, compiled from it when the game is built or installed (setup.py), which the
standard library's gettext reads."""

from __future__ import annotations

import functools
import gettext
import logging
from dataclasses import dataclass
from pathlib import Path

DOMAIN = "game2048"
LOCALE_DIR = Path(__file__).parent / "locale"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Message:
    """A sentence as the code writes it: its key (the catalogs' msgctxt), its English (the
    msgid) and, for a counted one, its English plural (msgid_plural)."""

    key: str
    text: str
    plural: str | None = None


def N_(key: str, text: str) -> Message:  # noqa: N802 (gettext's name for a mark)
    """Marks a sentence for the catalogs; it is translated when it is said, not here."""
    return Message(key, text)


def NP_(key: str, singular: str, plural: str) -> Message:  # noqa: N802
    """Marks a counted sentence: its English singular and plural."""
    return Message(key, singular, plural)


def by_key(*messages: Message) -> dict[str, Message]:
    return {message.key: message for message in messages}


@functools.cache
def translation(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang`, read once. Without one (a language the game does not have, a
    build that left it out) the sentences read in English, the source text itself."""
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    except OSError as problem:  # no catalog, or one that cannot be read
        if lang != "en":
            log.warning("No catalog for %r, so the words are English: %s", lang, problem)
        return gettext.NullTranslations()
