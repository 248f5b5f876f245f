"""``engine/RULES.md`` lists every rule reference the engine makes, with a test that exists."""

from __future__ import annotations

import re
from pathlib import Path

from rule_citations import ENGINE, cited_rules, engine_sources

TESTS = Path(__file__).resolve().parent
ROW = re.compile(r"^\| `([^`]+)` \| ([^|]+) \| ([^|]+) \| `([\w.]+)::(test_\w+)` \|$")


def _rows() -> dict[str, tuple[str, str, str, str]]:
    rows = {}
    for line in (ENGINE / "RULES.md").read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            rule, what, source, file, test = match.groups()
            assert rule not in rows, f"{rule} has two rows"
            rows[rule] = (what.strip(), source.strip(), file, test)
    return rows


def test_every_rule_the_engine_cites_has_a_row() -> None:
    rows = _rows()
    missing = {
        f"{rule} ({path.name})"
        for path in engine_sources()
        for rule in cited_rules(path)
        if rule not in rows
    }
    assert not missing, f"cited by the engine but not in engine/RULES.md: {sorted(missing)}"


def test_every_row_names_its_source_and_an_existing_test() -> None:
    rows = _rows()
    assert len(rows) >= 100
    for rule, (what, source, file, test) in rows.items():
        assert what and source, rule
        text = (TESTS / file).read_text(encoding="utf-8")
        assert re.search(rf"^def {test}\(", text, re.MULTILINE), f"{rule}: no {file}::{test}"


def test_the_scanner_finds_citations_in_code_and_prose(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text(
        '"""Docstring citing (16.3, 37.3) and LRR 6.4."""\n'
        'STEM = "movement-transport-"\n'
        "# a comment citing (78.7.2)\n"
        'RULES = ("89.2", f"{STEM}3", "3-note-1", "utf-8", "(cost 3)")\n',
        encoding="utf-8",
    )
    assert cited_rules(module) == {
        "16.3",
        "37.3",
        "6.4",
        "78.7.2",
        "89.2",
        "movement-transport-3",
        "3-note-1",
    }


def test_a_wrong_citation_would_fail(tmp_path: Path) -> None:
    """The check is live: a reference the table lacks is reported."""
    module = tmp_path / "bad.py"
    module.write_text('RULES = ("79",)\n', encoding="utf-8")
    assert cited_rules(module) - set(_rows()) == {"79"}
