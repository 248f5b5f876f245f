"""``rules.json`` at the site root, checked against ``rules.schema.json`` beside it."""

from __future__ import annotations

import functools
import json
import tempfile
from pathlib import Path
from typing import Any

import jsonschema

from rulesite.core.generate import generate
from tests.generator.upstream_form import write_upstream_form

REPO = Path(__file__).resolve().parents[2]


@functools.cache
def exported(folder: str = "seeds") -> tuple[dict[str, Any], dict[str, Any]]:
    content = (
        REPO / "content"
        if folder == "seeds"
        else write_upstream_form(Path(tempfile.mkdtemp()) / "content")
    )
    texts = generate(content).texts
    return json.loads(texts["rules.json"]), json.loads(texts["rules.schema.json"])


def _topic(data: dict[str, Any], number: int) -> dict[str, Any]:
    return next(t for t in data["topics"] if t["number"] == number)


def test_the_export_is_valid_against_its_schema_for_seeds_and_a_corpus_folder() -> None:
    for folder in ("seeds", "upstream"):
        data, schema = exported(folder)
        jsonschema.Draft202012Validator.check_schema(schema)
        jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)


def test_the_schema_refuses_what_the_export_must_not_hold() -> None:
    data, schema = exported()
    broken = json.loads(json.dumps(data))
    broken["topics"][0]["rules"][0]["number"] = "not a number"
    validator = jsonschema.Draft202012Validator(schema)
    assert not validator.is_valid(broken)
    del broken["sources_date"]
    assert not validator.is_valid(broken)


def test_89_2_3_is_exported_with_its_letter_form_text_html_and_urls() -> None:
    data, _ = exported()
    rule = next(r for r in _topic(data, 89)["rules"] if r["number"] == "89.2.3")
    assert rule["letter"] == "89.2c"
    assert rule["url"] == "rules/tactical-action/#89.2.3"
    assert rule["short_url"] == "r/89.2.3/"
    assert rule["text"] and "<" not in rule["text"]
    assert rule["html"].strip()


def test_the_export_says_its_index_version_coverage_and_sources_date() -> None:
    data, _ = exported()
    assert data["index"] == {
        "version": "LRR 2.0",
        "name": "content/topics.yaml",
        "topics": 101,
        "held": 2,
    }
    assert len(data["sources_date"]) == 10


def test_related_topics_and_referenced_by_give_numbers_and_root_urls() -> None:
    data, _ = exported("upstream")
    combat = _topic(data, 78)
    cannon = next(r for r in combat["related"] if r["number"] == 77)
    assert cannon["url"] == "rules/space-cannon/"
    assert any(r["number"] == 77 for r in combat["referenced_by"])
    gap = next(r for r in _topic(data, 77)["related"] if r["url"] is None)
    assert gap["number"] is not None


def test_words_from_a_source_are_sanitised_in_the_export() -> None:
    data, _ = exported("upstream")
    notes = _topic(data, 77)["notes"]
    assert all("<abbr" not in note["html"] for note in notes)
