"""The reference says how much of the LRR it holds, and search answers a topic it lacks
with that topic's number, name and "not in this reference yet", leading to Coverage."""

from __future__ import annotations

import functools
import json
import re
import tempfile
from dataclasses import replace
from pathlib import Path

from bench.upstream_corpus import write_upstream_corpus
from rulesite.adapters.tree import generated_texts
from rulesite.adapters.zensical.search import zensical_search
from rulesite.core.generate import GeneratedSite, generate
from rulesite.core.search_index import search_records
from tests.generator.upstream_form import write_upstream_form

REPO = Path(__file__).resolve().parents[2]


@functools.cache
def seed_site() -> GeneratedSite:
    return generate(REPO / "content")


@functools.cache
def upstream_site() -> GeneratedSite:
    content = write_upstream_form(Path(tempfile.mkdtemp()) / "content")
    (content / "topics.yaml").unlink()  # numbered by the shipped index
    return generate(content)


def test_the_home_page_says_how_many_lrr_topics_it_holds_and_links_coverage() -> None:
    for site, held in ((seed_site(), 2), (upstream_site(), 7)):
        home = site.texts["index.md"]
        assert f"It holds {held} of 101 topics</strong>" in home
        assert "not all of its rules yet" in home
        assert 'href="coverage/">Coverage</a>' in home
        assert "gathers the rules" not in home
        assert "lists them all" not in home


def test_78_7_b_a_number_of_a_lacking_topic_is_answered_with_its_name() -> None:
    texts = generated_texts(seed_site())
    entries = json.loads(texts["search/numbers/78.json"])
    assert entries == {"*": ["coverage/#topic-78", "78 Space Combat: not in this reference yet"]}
    assert 78 in json.loads(texts["search/numbers.json"])
    # A topic the build holds has no such entry.
    assert "*" not in json.loads(texts["search/numbers/89.json"])


def test_a_lacking_topic_is_a_text_search_result_leading_to_its_coverage_row() -> None:
    site = seed_site()
    records = search_records(site.anchors, site.directly_indexed, site.gaps)
    gap = next(d for d in records["pages"] if d["location"] == "coverage/?rule=topic-78")
    assert gap["title"] == "78 Space Combat"
    assert "not in this reference yet" in gap["text"]
    assert gap["tags"] == ["Space Combat"]
    held = {d["location"] for d in records["pages"]}
    assert "coverage/?rule=topic-89" not in held
    coverage = site.texts["coverage.md"]
    assert re.search(r'<li id="topic-78">78 Space Combat <small>\(not in this', coverage)


def test_a_lacking_topics_name_is_escaped_in_its_search_entry() -> None:
    site = seed_site()
    hostile = replace(site, gaps=((78, "<img src=x onerror=alert(1)>"),))
    records = search_records(hostile.anchors, (), hostile.gaps)
    assert "<img" not in json.dumps(records["pages"])
    texts = generated_texts(hostile)
    assert "<img" in texts["search/numbers/78.json"]  # drawn as text by rules.js, not HTML


def test_zensical_search_lists_a_lacking_topic_by_its_name_first_after_topic_pages() -> None:
    """Zensical reads no boost: its order and fields rank a lacking topic's entry above every
    page but the topic pages (as GAP_BOOST does under MkDocs), its name first in its title
    and in its path (rulesite.adapters.zensical.search)."""
    site = seed_site()
    records = search_records(site.anchors, site.directly_indexed, site.gaps)
    # Zensical's own items, the topic pages last: they are listed first all the same.
    own = [{"location": "coverage/", "title": "Coverage", "text": ""}] + [
        {"location": url, "title": title, "text": ""} for url, title in records["topics"].items()
    ]
    items = zensical_search({"config": {}, "items": own}, records)["items"]
    gap = next(i for i in items if i["location"] == "coverage/#topic-78")
    assert gap["title"] == "Space Combat — LRR 78"
    assert gap["path"] == ["Coverage", "Space Combat"]
    assert "not in this reference yet" in gap["text"]
    kinds = [
        "topic"
        if i["location"] in records["topics"]
        else "gap"
        if "#topic-" in i["location"]
        else ""
        for i in items
    ]
    first_gap, last_gap = kinds.index("gap"), len(kinds) - kinds[::-1].index("gap")
    assert set(kinds[:first_gap]) == {"topic"} and kinds.count("topic") == 2
    assert set(kinds[first_gap:last_gap]) == {"gap"} and "gap" not in kinds[last_gap:]
    assert last_gap - first_gap == len(site.gaps)


def test_a_lacking_topics_name_is_escaped_in_zensicals_search_items() -> None:
    site = seed_site()
    hostile = replace(site, gaps=((78, "<img src=x onerror=alert(1)>"),))
    records = search_records(hostile.anchors, (), hostile.gaps)
    items = zensical_search({"config": {}, "items": []}, records)["items"]
    gap = next(i for i in items if i["location"] == "coverage/#topic-78")
    assert gap["title"] == "&lt;img src=x onerror=alert(1)&gt; — LRR 78"
    assert "<img" not in json.dumps(items)


def test_a_build_of_every_topic_says_it_holds_them_all_and_counts_their_rules() -> None:
    content = write_upstream_corpus(Path(tempfile.mkdtemp()) / "content")
    index = content / "topics.yaml"
    lines = index.read_text(encoding="utf-8").splitlines()
    # The index of exactly the corpus's 101 numbered topics: no gap left.
    kept = [line for line in lines if not re.match(r"- \{number: 10[2-9],", line)]
    index.write_text("\n".join(kept) + "\n", encoding="utf-8")
    site = generate(content)
    assert site.gaps == ()
    home, coverage = site.texts["index.md"], site.texts["coverage.md"]
    assert "not all of its rules yet" not in home + coverage
    assert "<strong>It holds all 101 topics</strong>" in home
    assert "with 1818 numbered rules" in home  # 12 rules with 3 subrules twice: 101 × 18
    assert "holds all 101 topics the Living Rules Reference numbers" in coverage
    assert "with 1818 numbered rules and 1240 notes" in coverage


def test_coverage_names_the_living_rules_references_publisher_for_the_rest() -> None:
    coverage = seed_site().texts["coverage.md"]
    assert "holds 2 of the 101 topics" in coverage and "not all of its rules yet" in coverage
    assert (
        "published by Fantasy Flight Games: <a href="
        '"https://www.fantasyflightgames.com/en/products/twilight-imperium-fourth-edition/">'
    ) in coverage


def test_the_home_page_says_a_and_an_as_they_are_said() -> None:
    home = seed_site().texts["index.md"]
    assert "an action phase, step by step" in home
    assert "a action" not in home
