"""Where the tests find the checkout, and the scripts they start as processes of their own."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent  # the checkout (or the unpacked source archive)
CHILDREN = TESTS / "helpers" / "children"  # run by their path, never imported
