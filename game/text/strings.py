"""`tr`, to say a sentence by key in the player's language: `{name}` fields are filled from
keyword arguments. The English is game/text/messages.py's; every other language's is its
catalog's (game/text/catalogs.py). A sentence a catalog lacks reads in English, so a new
string never shows up blank."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.text.catalogs import Message, translation
from game.text.messages import MESSAGES

# The field whose number picks a counted sentence's form ("1 move", "2 moves").
COUNTED = ("n", "count")


def tr(key: str, lang: str = "en", **fields: object) -> str:
    message = MESSAGES.get(key)
    if message is None:  # a key with no sentence: the key itself, not a blank
        return key
    return say(message, lang, **fields)


def say(message: Message, lang: str = "en", **fields: object) -> str:
    """A marked sentence in `lang`, its fields filled in."""
    catalog = translation(lang)
    if message.plural is None:
        text = catalog.pgettext(message.key, message.text)
    else:
        count = next((fields[name] for name in COUNTED if name in fields), 0)
        text = catalog.npgettext(message.key, message.text, message.plural, _whole(count))
    return text.format(**fields) if fields else text


def _whole(count: object) -> int:
    """gettext's plural rules count whole numbers: a fraction ("0.5 moves/s") takes a form
    for many, as it does in English and Greek."""
    number = float(str(count))
    return int(number) if number.is_integer() else 2


@dataclass(frozen=True)
class Say:
    """A field of a sentence that is itself words of the player's language (the action's name
    in "Undo is now on U", a goal's name): worded with the sentence, in its language."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)
