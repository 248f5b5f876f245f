"""The rules as data: ``rules.json``, ``rules.jsonl`` and ``r/<id>.json``, each checked against
``rules.schema.json``, on the seeds, the transcription's form and the 150-page corpus."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource

from bench.upstream_corpus import write_upstream_corpus
from rulesite.adapters.tree import short_link_texts
from rulesite.core.generate import GeneratedSite, generate
from rulesite.publish.previews import SiteFacts
from rulesite.publish.sources_git import git_provenance
from tests.generator.upstream_form import write_upstream_form

REPO = Path(__file__).resolve().parents[2]
SITE = "https://rules.example/ti4/"


@functools.cache
def site(folder: str = "seeds") -> GeneratedSite:
    if folder == "seeds":
        return generate(REPO / "content")
    write = write_upstream_form if folder == "upstream" else write_upstream_corpus
    return generate(write(Path(tempfile.mkdtemp()) / "content"))


@functools.cache
def exported(folder: str = "seeds", site_url: str = "") -> dict[str, str]:
    return site(folder).export.files(site_url)


def data(folder: str = "seeds", site_url: str = "") -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(exported(folder, site_url)["rules.json"])
    return loaded


def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(exported()["rules.schema.json"])
    return loaded


def line_validator() -> jsonschema.Draft202012Validator:
    """A validator of one line of rules.jsonl (or an r/<id>.json file) by the schema's ``line``."""
    registry = Registry().with_resource("rules.schema.json", Resource.from_contents(schema()))
    return jsonschema.Draft202012Validator(
        {"$ref": "rules.schema.json#/$defs/line"}, registry=registry
    )


def topic(folder: str, key: int | str) -> dict[str, Any]:
    found: dict[str, Any] = next(
        t for t in data(folder)["topics"] if key in (t["number"], t["slug"])
    )
    return found


def items(folder: str = "upstream") -> list[dict[str, Any]]:
    return [item for t in data(folder)["topics"] for key in ("rules", "notes") for item in t[key]]


@pytest.mark.parametrize(
    ("folder", "site_url"),
    [("seeds", ""), ("seeds", SITE), ("upstream", ""), ("upstream", SITE), ("corpus", "")],
)
def test_every_build_of_the_export_is_valid_against_its_schema(folder: str, site_url: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema())
    validator = jsonschema.Draft202012Validator(schema())
    assert list(validator.iter_errors(data(folder, site_url))) == []
    lines = line_validator()
    texts = exported(folder, site_url)["rules.jsonl"].splitlines()
    assert len(texts) == sum(1 + len(t["rules"]) + len(t["notes"]) for t in data(folder)["topics"])
    # Every line of the fixtures; of the 150-page corpus (3,000 lines of a few shapes), a tenth.
    for text in texts[:: 10 if folder == "corpus" else 1]:
        assert list(lines.iter_errors(json.loads(text))) == [], text
    files = list(site(folder).export.item_files(site_url))
    for path, text in files[:: max(1, len(files) // 200)]:  # a sample of r/<id>.json
        assert path.startswith("r/") and path.endswith(".json")
        assert list(lines.iter_errors(json.loads(text))) == [], path


def test_the_schema_refuses_what_the_export_must_not_hold() -> None:
    broken = data()
    broken["topics"][0]["rules"][0]["number"] = "not a number"
    validator = jsonschema.Draft202012Validator(schema())
    assert not validator.is_valid(broken)
    for key in ("sources_date", "version", "counts"):
        broken = data()
        del broken[key]
        assert not validator.is_valid(broken)
    broken = data("upstream")
    next(t for t in broken["topics"] if t["notes"])["notes"][0]["card"] = 3
    assert not validator.is_valid(broken)
    assert not line_validator().is_valid({"type": "rule", "id": "1.1"})


def test_89_2_3_is_exported_with_its_letter_form_text_html_urls_and_file() -> None:
    rule = next(r for r in topic("seeds", 89)["rules"] if r["number"] == "89.2.3")
    assert rule["id"] == "89.2.3"
    assert rule["letter"] == "89.2c"
    assert rule["url"] == "rules/tactical-action/#89.2.3"
    assert rule["short_url"] == "r/89.2.3/"
    assert rule["data_url"] == "r/89.2.3.json"
    assert rule["text"] and "<" not in rule["text"]
    assert rule["html"].strip()


def test_with_the_sites_address_every_url_is_absolute() -> None:
    whole = data("upstream", SITE)
    assert whole["site_url"] == SITE
    rule = next(r for r in topic("upstream", 78)["rules"] if r["number"] == "78.7.2")
    absolute = next(t for t in whole["topics"] if t["number"] == 78)
    same = next(r for r in absolute["rules"] if r["number"] == "78.7.2")
    for key in ("url", "short_url", "data_url"):
        assert same[key] == SITE + rule[key]
    assert all(
        ref["url"].startswith(SITE) for item in absolute["rules"] for ref in item["refers_to"]
    )
    assert data("upstream")["site_url"] is None


def test_78_7_b_is_one_small_request_for_its_words_and_address() -> None:
    files = dict(site("upstream").export.item_files(SITE))
    by_letter = json.loads(files["r/78.7b.json"])
    assert by_letter == json.loads(files["r/78.7.2.json"])
    assert by_letter["number"] == "78.7.2" and by_letter["letter"] == "78.7b"
    assert by_letter["text"] == "Second words under it, to be quoted as a letter."
    assert by_letter["url"] == f"{SITE}rules/space-combat/#78.7.2"
    assert by_letter["topic"] == {
        "number": 78,
        "name": "Space Combat",
        "slug": "space_combat",
        "url": f"{SITE}rules/space-combat/",
    }
    assert len(files["r/78.7b.json"]) < 2_000


def test_the_data_files_are_written_beside_the_short_links() -> None:
    written = dict(short_link_texts(site("upstream"), SiteFacts(url=SITE)))
    assert "r/78.7b/index.html" in written and "r/78.7b.json" in written
    assert "r/f-arborec-stymie-omega-promissory-note-1.json" in written
    assert "r/13-note-1.json" in written


def test_13_a_topic_of_one_opening_paragraph_has_its_definition_and_notes() -> None:
    attacker = topic("upstream", 13)
    assert attacker["definition"] == {
        "text": "Words that say which side this topic names.",
        "html": "Words that say which side this topic names.",
    }
    assert attacker["rules"] == []
    assert [n["id"] for n in attacker["notes"]] == ["13-note-1", "13-note-2"]
    assert attacker["notes"][1]["subnotes"] == ["The subnote."]
    assert topic("upstream", 78)["definition"]["text"] == "Opening words."


def test_every_rule_topic_of_the_corpus_has_its_definition() -> None:
    rule_topics = [t for t in data("corpus")["topics"] if t["kind"] == "rules"]
    assert len(rule_topics) == 110
    assert all(t["definition"] and t["definition"]["text"] for t in rule_topics)
    assert data("corpus")["counts"]["definitions"] == 110


def test_notes_pages_give_every_ruling_with_its_card_and_anchor() -> None:
    arborec = topic("upstream", "f_arborec")
    assert arborec["kind"] == "factions"
    assert [(n["card"], n["number"], n["id"]) for n in arborec["notes"]] == [
        ("Stymie (Promissory Note)", 1, "f-arborec-stymie-promissory-note-1"),
        ("Stymie (Promissory Note)", 2, "f-arborec-stymie-promissory-note-2"),
        ("Stymie Ω (Promissory Note)", 1, "f-arborec-stymie-omega-promissory-note-1"),
    ]
    revised = arborec["notes"][2]
    assert revised["url"] == "factions/arborec/#f-arborec-stymie-omega-promissory-note-1"
    assert revised["short_url"] == "r/f-arborec-stymie-omega-promissory-note-1/"
    lettered = arborec["notes"][1]["text"].splitlines()
    assert lettered == [
        "A second ruling, with lettered items:",
        "The first lettered item.",
        "The second lettered item.",
    ]
    corpus = data("corpus")
    on_pages = sum(len(t["notes"]) for t in corpus["topics"] if t["kind"] != "rules")
    assert on_pages == 10 * 10 * 3 + 30 * 8 * 3  # every ruling of every notes page


def test_the_links_between_rules_go_both_ways() -> None:
    every = items("corpus")
    by_id = {item["id"]: item for item in every}
    rule = by_id["5.2"]  # "see rule 6.2"
    assert {"id": "6.2", "url": "rules/topic-006/#6.2"} in rule["refers_to"]
    assert {"id": "5.2", "url": "rules/topic-005/#5.2"} in by_id["6.2"]["referenced_by"]
    for item in every:
        for ref in item["refers_to"]:
            if ref["id"] in by_id:
                assert {"id": item["id"], "url": item["url"]} in by_id[ref["id"]]["referenced_by"]


def test_8_2_steps_the_lrr_numbers_i_ii_iii_have_no_letter_form() -> None:
    rules = {r["number"]: r for r in topic("upstream", 8)["rules"]}
    assert [rules[n]["letter"] for n in ("8.2.1", "8.2.2", "8.2.3")] == [None, None, None]
    anchors = {a.id for a in site("upstream").anchors}
    assert "8.2.1" in anchors and "8.2a" not in anchors
    assert rules["8.5"]["text"] == "Voting\nWords that open the voting rules."
    assert next(r for r in topic("upstream", 78)["rules"] if r["number"] == "78.7.2")["letter"]


def test_the_export_says_its_index_coverage_and_counts() -> None:
    assert data("upstream")["index"] == {
        "version": "LRR 2.0",
        "name": "content/topics.yaml",
        "topics": 101,
        "held": 7,
    }
    counts = data("upstream")["counts"]
    assert counts["notes"] == sum(len(t["notes"]) for t in data("upstream")["topics"])
    assert counts["rules"] == sum(len(t["rules"]) for t in data("upstream")["topics"])


def test_related_topics_and_referenced_by_give_numbers_and_root_urls() -> None:
    combat = topic("upstream", 78)
    cannon = next(r for r in combat["related"] if r["number"] == 77)
    assert cannon["url"] == "rules/space-cannon/"
    assert any(r["number"] == 77 for r in combat["referenced_by"])
    gap = next(r for r in topic("upstream", 77)["related"] if r["url"] is None)
    assert gap["number"] is not None


def test_words_from_a_source_are_sanitised_in_the_export() -> None:
    notes = topic("upstream", 77)["notes"]
    assert all("<abbr" not in note["html"] for note in notes)


def _copy(tmp_path: Path, topics_yaml: str = "") -> Path:
    content = write_upstream_form(tmp_path / "content")
    if topics_yaml:
        index = content / "topics.yaml"
        index.write_text(topics_yaml + index.read_text(encoding="utf-8"), encoding="utf-8")
    return content


def test_a_fresh_copy_outside_git_is_dated_by_nothing_not_by_its_files_times(
    tmp_path: Path,
) -> None:
    content = _copy(tmp_path)
    assert git_provenance(content) is None
    whole = json.loads(generate(content).export.files()["rules.json"])
    assert (whole["version"], whole["sources_date"], whole["sources_from"]) == (None, None, None)


def test_the_topic_index_can_give_the_sources_version_and_date(tmp_path: Path) -> None:
    content = _copy(tmp_path, 'sources_version: "tirules 0123abcd"\nsources_date: "2025-03-04"\n')
    whole = json.loads(generate(content).export.files()["rules.json"])
    assert (whole["version"], whole["sources_date"], whole["sources_from"]) == (
        "tirules 0123abcd",
        "2025-03-04",
        "topics.yaml",
    )


def _git(folder: Path, *args: str, date: str = "2024-05-06T23:30:00-02:00") -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
        "GIT_AUTHOR_DATE": date,
        "GIT_COMMITTER_DATE": date,
    }
    done = subprocess.run(
        ["git", "-C", str(folder), *args], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_a_content_folder_kept_in_git_is_dated_by_its_last_commit_in_utc(tmp_path: Path) -> None:
    content = _copy(tmp_path, 'sources_date: "2001-01-01"\n')
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "sources")
    commit = _git(tmp_path, "rev-parse", "HEAD")
    (tmp_path / "elsewhere.txt").write_text("not a source")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "other", date="2030-01-01T00:00:00+00:00")
    found = git_provenance(content)
    assert found is not None
    # The commit that changed the content folder, not the later one beside it; 23:30 at
    # -02:00 is the next day in UTC.
    assert (found.version, found.date, found.origin) == (f"git {commit[:12]}", "2024-05-07", "git")
    whole = json.loads(generate(content, sources=found).export.files()["rules.json"])
    assert whole["sources_date"] == "2024-05-07" and whole["sources_from"] == "git"


def test_git_is_asked_nothing_a_hostile_repository_could_run(tmp_path: Path) -> None:
    content = _copy(tmp_path)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "sources")
    ran = tmp_path / "ran"
    for key in ("core.fsmonitor", "core.pager", "gpg.program"):
        _git(tmp_path, "config", key, f"touch {ran}")
    _git(tmp_path, "config", "log.showSignature", "true")
    assert git_provenance(content) is not None
    assert not ran.exists()


def test_a_bare_repository_planted_in_the_content_folder_is_not_read(tmp_path: Path) -> None:
    # A bare repository's files beside the sources, with a commit git would otherwise date
    # them by: the content folder's own files are what it is.
    content = _copy(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "a.txt").write_text("not a source")
    _git(elsewhere, "init", "-q")
    _git(elsewhere, "add", ".")
    _git(elsewhere, "commit", "-q", "-m", "planted", date="2030-01-01T00:00:00+00:00")
    _git(content, "init", "-q", "--bare")
    _git(elsewhere, "push", "-q", str(content), "HEAD:refs/heads/planted")
    _git(content, "symbolic-ref", "HEAD", "refs/heads/planted")
    assert _git(content, "log", "-1", "--format=%cI", "--", ".").startswith("2030")
    assert git_provenance(content) is None


def test_a_bad_sources_date_in_the_topic_index_is_named_with_its_line(tmp_path: Path) -> None:
    from rulesite.core.errors import SourceError

    content = _copy(tmp_path, 'sources_date: "2025-13-40"\n')
    with pytest.raises(SourceError) as error:
        generate(content)
    assert "content/topics.yaml:1: sources_date must be a date" in str(error.value)
