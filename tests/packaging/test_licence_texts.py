"""The licence texts of the libraries pygame-ce's wheel bundles without them (SDL2, freetype,
libpng...): committed from its source archive in build/licenses/pygame-ce-<version>/ by
build/fetch_licences.py, for the version the lock pins, and added by build/make_notices.py to
the executable's notices. No test here reaches the network."""

from __future__ import annotations

import importlib.metadata as metadata
import importlib.util
import io
import tarfile
import types

import pytest
from helpers.paths import ROOT

from game.launch import notices

REFRESH = "run `python build/fetch_licences.py` and commit what it changes"
LGPL_TITLE = "GNU LESSER GENERAL PUBLIC LICENSE"


def build_script(name: str) -> types.ModuleType:
    """A module of build/, loaded from its file (build/ is no package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "build" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fetch_licences = build_script("fetch_licences")
make_notices = build_script("make_notices")
LOCKED, LOCKED_HASHES = fetch_licences.locked()


# -- the committed texts --------------------------------------------------------------------


def test_the_lock_s_pygame_ce_has_its_licence_texts_and_no_other_version_has():
    folder = fetch_licences.folder(LOCKED)
    assert folder.is_dir(), (
        f"the lock pins pygame-ce {LOCKED} and build/licenses has no {folder.name}: {REFRESH}"
    )
    names = {path.name for path in folder.iterdir()}
    libraries = ["sdl2", "sdl2_image", "sdl2_mixer", "freetype", "png", "zlib", "ogg-vorbis"]
    assert {"LGPL.txt", *(f"LICENSE.{name}.txt" for name in libraries)} <= names
    assert LGPL_TITLE in (folder / "LGPL.txt").read_text(encoding="utf-8")
    others = sorted(path.name for path in fetch_licences.LICENCES.iterdir() if path != folder)
    assert not others, (
        f"build/licenses holds {others}, and the lock pins pygame-ce {LOCKED}: {REFRESH} "
        "(it removes the other versions)"
    )


def test_the_lock_gives_pygame_ce_s_version_and_the_hashes_of_its_files(tmp_path):
    assert LOCKED_HASHES and all(len(digest) == 64 for digest in LOCKED_HASHES)
    lock = tmp_path / "requirements.txt"
    lock.write_text(
        "pygame==2.6.0 \\\n    --hash=sha256:" + "a" * 64 + "\n"
        "pygame-ce==9.1 \\\n    --hash=sha256:" + "b" * 64 + " \\\n"
        "    --hash=sha256:" + "c" * 64 + "\n    # via game2048\n"
        "platformdirs==4.0 \\\n    --hash=sha256:" + "d" * 64 + "\n",
        encoding="utf-8",
    )
    assert fetch_licences.locked(lock) == ("9.1", {"b" * 64, "c" * 64})


# -- what build/fetch_licences.py takes from the archive, and what it refuses ----------------


def source_archive(files: dict[str, str]) -> bytes:
    packed = io.BytesIO()
    with tarfile.open(fileobj=packed, mode="w:gz") as tar:
        for name, text in files.items():
            content = text.encode("utf-8")
            member = tarfile.TarInfo(f"pygame_ce-9.1/{name}")
            member.size = len(content)
            tar.addfile(member, io.BytesIO(content))
    return packed.getvalue()


def test_the_licence_texts_are_taken_from_the_archive_s_docs_byte_for_byte():
    archive = source_archive(
        {
            "docs/LGPL.txt": LGPL_TITLE + "\r\n",
            "docs/licenses/LICENSE.sdl2.txt": "zlib licence\r\n",
            "docs/licenses/README.md": "not a licence",
            "docs/reST/index.rst": "not a licence",
            "src_c/LICENSE.x.txt": "not in docs/",
        }
    )
    assert fetch_licences.texts(archive) == {
        "LGPL.txt": LGPL_TITLE.encode() + b"\r\n",
        "LICENSE.sdl2.txt": b"zlib licence\r\n",
    }
    with pytest.raises(SystemExit, match="no docs/LGPL.txt"):
        fetch_licences.texts(source_archive({"README.rst": "pygame-ce"}))


def test_an_archive_whose_sha256_the_lock_does_not_list_is_refused():
    with pytest.raises(SystemExit, match="refused: .* none the lock lists for pygame-ce 9.1"):
        fetch_licences.checked(b"another archive", {"b" * 64}, "9.1")


def test_writing_a_version_s_texts_removes_the_other_versions(tmp_path, monkeypatch):
    monkeypatch.setattr(fetch_licences, "LICENCES", tmp_path)
    (tmp_path / "pygame-ce-9.0").mkdir()
    (tmp_path / "pygame-ce-9.0" / "LGPL.txt").write_text("old", encoding="utf-8")
    out = fetch_licences.write("9.1", {"LGPL.txt": b"new", "LICENSE.sdl2.txt": b"sdl"})
    assert out == tmp_path / "pygame-ce-9.1"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["pygame-ce-9.1"]
    assert (out / "LGPL.txt").read_bytes() == b"new"


# -- the executable's notices ---------------------------------------------------------------


def test_the_executable_s_notices_end_with_the_texts_of_the_lock_s_pygame_ce(tmp_path):
    installed = metadata.version("pygame-ce")
    if installed != LOCKED:
        pytest.skip(f"pygame-ce {installed} is installed, not the lock's {LOCKED}")
    text = make_notices.write_notices(tmp_path / notices.NOTICES).read_text(encoding="utf-8")
    assert text.startswith(notices.notices_text().rstrip() + "\n\n")
    title = f"Licence texts of the libraries pygame-ce {LOCKED} bundles, from its source archive"
    assert f"\n{title}\n" in text
    assert LGPL_TITLE in text
    for path in fetch_licences.folder(LOCKED).iterdir():
        assert f"\n{path.name}\n" in text
        assert path.read_text(encoding="utf-8").strip() in text
    assert "docs/licenses/." not in text  # the line that says where they are, for no folder
    assert text.endswith("\n") and not text.endswith("\n\n")


@pytest.mark.parametrize("missing", ["another version", "no folder"])
def test_without_the_texts_the_notices_say_in_one_line_where_they_are(
    tmp_path, monkeypatch, missing
):
    version = "2.5.2" if missing == "another version" else metadata.version("pygame-ce")
    if missing == "another version":
        monkeypatch.setattr(make_notices, "pygame_ce_version", lambda: version)
    else:
        monkeypatch.setattr(make_notices, "LICENCES", tmp_path / "licenses")
    text = make_notices.write_notices(tmp_path / notices.NOTICES).read_text(encoding="utf-8")
    line = (
        f"The licence texts of the libraries pygame-ce {version} bundles are in its source "
        "archive: docs/LGPL.txt and docs/licenses/."
    )
    assert text == f"{notices.notices_text().rstrip()}\n\n{line}\n"
