"""docs/rules.md is the rules document the code, the tests and the README cite: it holds every
rule id they name."""

from __future__ import annotations

import re

from helpers.paths import ROOT

RULE_ID = re.compile(r"\bR(\d+[a-d]?)\b")


def defined_ids() -> set[str]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    return set(re.findall(r"\*\*R(\d+[a-d]?)\*\*", text))


def test_the_rules_document_numbers_its_rules_r1_to_r23():
    ids = defined_ids()
    assert {str(n) for n in range(1, 24)} <= ids
    assert {"5a", "5b", "5c", "5d", "10a"} <= ids


def test_every_rule_the_code_and_tests_cite_is_in_the_rules_document():
    ids = defined_ids()
    sources = [*ROOT.glob("game/**/*.py"), *ROOT.glob("tests/*.py"), ROOT / "README.md"]
    for path in sources:
        cited = set(RULE_ID.findall(path.read_text(encoding="utf-8")))
        assert cited <= ids, (path.name, cited - ids)


def test_the_readme_points_at_the_rules_document():
    assert "docs/rules.md" in (ROOT / "README.md").read_text(encoding="utf-8")
