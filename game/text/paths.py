"""A path as the player reads it: every path a sentence shows goes through `shown_path`."""

from __future__ import annotations

import os
import sys
import unicodedata
from pathlib import Path

UNREADABLE = "\ufffd"  # the sign for a character that cannot be shown


def shown_path(path: str | os.PathLike[str]) -> str:
    """`path` under the player's home from "~" (not on Windows, whose players do not know the
    sign), each character that cannot be drawn shown as "�": a name's bytes that are not UTF-8
    (which the system hands over as lone surrogates, as for an old Latin-1 name) and control
    characters."""
    path = Path(path)
    try:
        home = Path.home()
    except RuntimeError:  # no home to be found: the whole path, then
        home = None
    if sys.platform != "win32" and home is not None and path.is_relative_to(home):
        path = Path("~") / path.relative_to(home)
    return "".join(
        UNREADABLE if unicodedata.category(char) in ("Cs", "Cc") else char for char in str(path)
    )
