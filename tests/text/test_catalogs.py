"""The gettext catalogs (game/text/locale/, docs/translating.md): the template in step with
the code, every language complete with the same {fields}, each read through the real `tr`,
counted sentences in the right form, and English words where a catalog is missing."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from game.text import LANGUAGES, tr
from game.text import catalogs as catalogs_module
from game.text.catalogs import DOMAIN, LOCALE_DIR

SOURCE_LANGUAGE = "en"  # its words are the msgids: its catalog's entries stay empty
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path):
    with path.open("rb") as file:
        return read_po(file)


def entries(catalog) -> list[tuple]:
    """What a translator is given: each message's context, text, plural and comments."""
    return [(m.context, m.id, tuple(m.auto_comments)) for m in catalog if m.id]


def fields(text: str) -> set[str]:
    return set(re.findall(r"{(\w*)[^{}]*}", text))


def test_the_template_is_what_the_code_marks_now():
    """A sentence added, changed or removed in the code and not extracted (make catalogs)."""
    with (LOCALE_DIR / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    extracted = [
        (context, message if len(message) > 1 else message[0], tuple(comments))
        for _, _, message, comments, context in extract_from_dir(
            LOCALE_DIR.parent, method_map, options_map
        )
    ]
    assert extracted, "nothing extracted: the marks or babel.cfg changed"
    assert entries(read(TEMPLATE)) == extracted, "the template is stale: run make catalogs"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_the_template_s_messages(lang):
    template = entries(read(TEMPLATE))
    assert entries(read(po_path(lang))) == template, f"{lang}: run make catalogs"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE])
def test_every_message_is_translated_with_the_same_fields(lang):
    catalog = read(po_path(lang))
    assert catalog.plural_forms == "nplurals=2; plural=(n != 1);"  # Greek's, as English's
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms) and not message.fuzzy, f"{lang}: {message.context} is not translated"
        if isinstance(message.id, tuple):
            singular, plural = message.id
            # A singular may leave the number out ("Your last score"); the last form has all.
            assert fields(forms[-1]) == fields(plural), message.context
            assert all(fields(form) <= fields(plural) | fields(singular) for form in forms)
        else:
            assert fields(forms[0]) == fields(message.id), message.context


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_is_the_po_s(lang):
    """A .po edited after the install: make test (or any install) compiles it again."""
    compiled = gettext.GNUTranslations(po_path(lang).with_suffix(".mo").open("rb"))
    for message in read(po_path(lang)):
        if message.id and message.string and not isinstance(message.id, tuple):
            key = f"{message.context}\x04{message.id}"
            assert compiled._catalog.get(key) == message.string, f"{lang}: reinstall"


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "1 move", "2 moves"),
        ("el", "1 κίνηση", "2 κινήσεις"),
    ],
)
def test_a_counted_sentence_reads_right_for_one_and_two(lang, one, two):
    assert (tr("games_moves", lang, n=1), tr("games_moves", lang, n=2)) == (one, two)
    singular = tr("games_footer", lang, page=1, pages=3, n=1)
    plural = tr("games_footer", lang, page=1, pages=3, n=2)
    assert singular.endswith(one.replace("κίνηση", "παιχνίδι").replace("move", "game"))
    assert plural.endswith(two.replace("κινήσεις", "παιχνίδια").replace("moves", "games"))


def test_a_missing_catalog_reads_in_english_not_blank(monkeypatch, tmp_path, caplog):
    try:
        with monkeypatch.context() as patch:
            patch.setattr(catalogs_module, "LOCALE_DIR", tmp_path)  # a build without catalogs
            catalogs_module.translation.cache_clear()
            assert tr("new_game", "el") == "New game"
            assert tr("games_moves", "el", n=1) == "1 move"
            assert "No catalog for 'el'" in caplog.text
    finally:
        catalogs_module.translation.cache_clear()
    assert tr("new_game", "el") == "Νέο παιχνίδι"
