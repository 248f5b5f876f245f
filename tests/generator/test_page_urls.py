"""A content file's name reaches URLs percent-encoded: ``#``, ``?`` and ``%`` in it are part
of the page's name, never a fragment, a query or an escape (the generated texts here; every
engine's built site in test_built_links.py)."""

from __future__ import annotations

import json

import pytest

from rulesite.adapters.tree import generated_texts, short_link_texts
from rulesite.core.anchors import page_url, relative_href
from rulesite.core.generate import GeneratedSite, generate
from rulesite.core.search_index import search_records
from tests.generator.content_folder import write_content

# Each name, its topic number and the name percent-encoded, as every link must spell it.
NAMES = {"q#frag": (42, "q%23frag"), "p?query=1": (43, "p%3Fquery%3D1"), "%41": (44, "%2541")}


def odd_named_files() -> dict[str, str]:
    """Three topics named with ``#``, ``?`` and ``%xx``, each citing the next one's rule."""
    files = {}
    numbers = [number for number, _ in NAMES.values()]
    for (name, (number, _)), cited in zip(NAMES.items(), numbers[1:] + numbers[:1], strict=True):
        files[f"rules/{name}.md"] = (
            f"---\ntitle: Odd {number}\n---\n\n## Rules Reference\n\n"
            f"1. A rule of its own; see {cited}.1.\n"
        )
        files[f"rules/{name}.meta.yaml"] = f"number: {number}\n"
    return files


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> GeneratedSite:
    return generate(write_content(tmp_path_factory.mktemp("odd"), odd_named_files()))


@pytest.fixture(scope="module")
def outputs(site: GeneratedSite) -> dict[str, str]:
    """Every text the site adds, the short links' pages and the search records among them."""
    records = search_records(site.anchors, site.directly_indexed, site.gaps)
    return {
        **generated_texts(site),
        **dict(short_link_texts(site)),
        "search records": json.dumps(records, ensure_ascii=False),
    }


def test_a_page_url_is_its_path_percent_encoded() -> None:
    assert page_url("rules/q#frag/") == "rules/q%23frag/"
    assert page_url("rules/p?query=1/") == "rules/p%3Fquery%3D1/"
    assert page_url("rules/%41/") == "rules/%2541/"
    assert relative_href("rules/movement/", page_url("rules/q#frag/") + "#42.1") == (
        "../q%23frag/#42.1"
    )


def test_no_url_names_a_page_by_its_raw_file_name(outputs: dict[str, str]) -> None:
    raw = [f"{name}/" for name in NAMES]
    assert [(path, r) for path, text in outputs.items() for r in raw if r in text] == []


@pytest.mark.parametrize(
    "output",
    [
        "r/42.1/index.html",  # a short link
        "index.md",  # the home list
        "rules-by-number.md",
        "rules.json",
        "assets/rules-index.json",
        "search/numbers/42.json",
        "search records",
    ],
)
def test_every_url_of_a_kind_names_the_page_percent_encoded(
    outputs: dict[str, str], output: str
) -> None:
    text = outputs[output]
    if output.startswith("r/"):
        assert "url=../../rules/q%23frag/#42.1" in text
    else:
        assert "q%23frag/" in text
    if output not in ("r/42.1/index.html", "search/numbers/42.json"):
        assert all(f"{encoded}/" in text for _, encoded in NAMES.values())


def test_a_rule_cited_across_odd_names_links_to_the_encoded_page(outputs: dict[str, str]) -> None:
    # q#frag cites 43.1 on p?query=1's page; %41 cites 42.1 on q#frag's.
    assert 'href="../p%3Fquery%3D1/#43.1"' in outputs["rules/q#frag.md"]
    assert 'href="../q%23frag/#42.1"' in outputs["rules/%41.md"]
