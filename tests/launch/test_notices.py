"""`--licenses`: the licences of Python and of every distribution the game bundles, with
their texts, made from the installed distributions' metadata."""

from __future__ import annotations

import importlib.metadata as metadata

import pytest

from game.launch import notices
from game.main import main


def test_the_notices_name_every_bundled_distribution_with_its_licence_text():
    text = notices.notices_text()
    names = {dist.metadata["Name"].lower() for dist in notices.bundled_distributions()}
    assert {"pygame-ce", "platformdirs", "filelock"} <= names
    assert "pytest" not in names  # a test's tool is not bundled
    for dist in notices.bundled_distributions():
        assert f"\n{dist.metadata['Name']} {dist.metadata['Version']}\nLicence: " in text
        for file in dist.files or []:
            if file.parts[0].endswith(".dist-info") and "licenses" in file.parts:
                assert file.read_text(encoding="utf-8").strip() in text
    assert "PSF-2.0" in text


def test_the_notices_name_the_libraries_pygame_ce_bundles():
    text = notices.notices_text()
    bundled = [f.name for f in metadata.distribution("pygame-ce").files if notices._is_library(f)]
    assert all(f"    {name}\n" in text for name in bundled)


def test_licenses_prints_the_notices_and_exits_0(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--licenses"])
    assert done.value.code == 0
    assert capsys.readouterr().out == notices.notices_text()
