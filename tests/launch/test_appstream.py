"""What Linux software centres show of the game: the AppStream metadata
(assets/linux/APP_ID.metainfo.xml), named by the game's id, in English and Greek, with
this version among its releases, valid as appstreamcli checks it, and installed with the
desktop entry beside the entry it launches."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from game import __version__
from game.core.engine import BOARD_SIZES
from game.launch import desktop_entry as de
from game.platform.assets import asset_path
from game.platform.identity import APP_ID
from game.text import LANGUAGES

APPSTREAMCLI = shutil.which("appstreamcli")
needs_appstreamcli = pytest.mark.skipif(
    APPSTREAMCLI is None, reason="appstreamcli is not installed (apt: appstream)"
)
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def metainfo() -> ET.Element:
    return ET.parse(asset_path("linux", de.METAINFO)).getroot()


def by_language(elements: list[ET.Element]) -> dict[str, list[ET.Element]]:
    found: dict[str, list[ET.Element]] = {}
    for element in elements:
        found.setdefault(element.get(XML_LANG, "en"), []).append(element)
    return found


def test_the_metadata_names_the_game_by_its_id_and_licences():
    component = metainfo()
    assert component.tag == "component" and component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID
    assert component.findtext("metadata_license") == "CC0-1.0"
    assert component.findtext("project_license") == "MIT"
    assert component.findtext("name") == "2048"
    launchable = component.find("launchable")
    assert launchable.get("type") == "desktop-id" and launchable.text == de.ENTRY_NAME
    assert component.findtext("provides/binary") == "2048"  # what install.sh installs
    assert component.findtext("provides/mediatype") == de.MIME_TYPE
    assert component.find("content_rating").get("type") == "oars-1.1"


def test_the_summary_and_every_part_of_the_description_are_in_english_and_greek():
    component = metainfo()
    summaries = by_language(component.findall("summary"))
    assert set(summaries) == {"en", "el"}
    for kind in ("p", "ul/li"):
        parts = by_language(component.findall(f"description/{kind}"))
        assert set(parts) == {"en", "el"} and len(parts["en"]) == len(parts["el"]) > 0, kind
        assert all(part.text.strip() for language in parts.values() for part in language)


def test_the_newest_release_is_this_version():
    (newest, *_) = metainfo().findall("releases/release")
    assert newest.get("version") == __version__
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", newest.get("date"))


@needs_appstreamcli
def test_appstreamcli_finds_the_metadata_valid():
    done = subprocess.run(
        [APPSTREAMCLI, "validate", "--no-net", str(asset_path("linux", de.METAINFO))],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@needs_appstreamcli
def test_installed_it_stands_beside_the_entry_it_launches(tmp_path):
    """Installed into a tree laid out as a system's (usr/share), appstreamcli finds the
    metadata where software centres look and the desktop entry its launchable names."""
    share = tmp_path / "usr" / "share"
    written = de.install({"HOME": str(tmp_path), "XDG_DATA_HOME": str(share)})
    installed = share / "metainfo" / de.METAINFO
    assert installed in written
    assert installed.read_bytes() == asset_path("linux", de.METAINFO).read_bytes()
    done = subprocess.run(
        [APPSTREAMCLI, "validate-tree", "--no-net", str(tmp_path)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert de.METAINFO in done.stdout  # it was found, and checked


def test_the_description_s_facts_are_the_game_s():
    """It said "boards of 4, 5 or 6 tiles a side" when the game had 3 to 8: the sizes and the
    languages it names, in English and in Greek, are the game's own."""
    items = by_language(metainfo().findall("description/ul/li"))
    english = " ".join(item.text or "" for item in items["en"])
    greek = " ".join(item.text or "" for item in items["el"])
    smallest, biggest = min(BOARD_SIZES), max(BOARD_SIZES)
    assert f"Boards of {smallest} to {biggest} tiles a side" in english
    assert f"{smallest} έως {biggest} πλακίδια" in greek
    named = {"en": "English", "el": "Greek"}
    assert set(named) == set(LANGUAGES)
    assert f"in {' or '.join(named[lang] for lang in LANGUAGES)}" in english
    sizes = {int(n) for n in re.findall(r"\b(\d) tiles? a side", english)}
    assert sizes <= set(BOARD_SIZES)
