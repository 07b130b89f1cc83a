"""`tr`, to look a sentence up by key in the player's language: `{name}` fields are filled from
keyword arguments. The sentences are game/text/english.py's and game/text/greek.py's. A key
missing in Greek falls back to English, so a new string never shows up blank."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.text.english import ENGLISH
from game.text.greek import GREEK

STRINGS: dict[str, dict[str, str]] = {"en": ENGLISH, "el": GREEK}


# The field whose number picks a sentence's singular: a key with a "_one" twin ("1 move",
# "1 game") reads that twin when this field is 1.
COUNTED = ("n", "count")


def tr(key: str, lang: str = "en", **fields: object) -> str:
    table = STRINGS.get(lang, STRINGS["en"])
    if any(str(fields.get(name)) == "1" for name in COUNTED) and f"{key}_one" in table:
        key = f"{key}_one"
    text = table.get(key) or STRINGS["en"].get(key, key)
    return text.format(**fields) if fields else text


@dataclass(frozen=True)
class Say:
    """A field of a sentence that is itself words of the player's language (the action's name
    in "Undo is now on U", a goal's name): worded with the sentence, in its language."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)
