"""No broken internal link or anchor, and no id twice, on any built page, whichever engine
built the site.

The seed content is built by every registered site engine, and a synthetic corpus in
the community transcription's form (``bench/upstream_corpus.py``: rule, component and
faction pages) by one engine of each theme (tests/site_engines.py); every link of every
page must lead to a file of the site and, with a fragment, to an element of that page,
and no page may hold one id twice (a link to the second would open the first). Each
build's rules as data are valid against the schema it ships (``tests/export_check.py``).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from bench.upstream_corpus import write_upstream_corpus
from rulesite.core.generate import generate
from tests.export_check import export_problems
from tests.generator.test_page_urls import NAMES, odd_named_files
from tests.link_check import broken_links, repeated_ids
from tests.site_engines import ALL, ONE_PER_THEME

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _build(content: Path, out: Path, engine: str) -> Path:
    command = [sys.executable, "-m", "rulesite", "build", "--content", str(content)]
    command += ["--out", str(out), "--engine", engine]
    result = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=900, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return out


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_upstream_corpus(tmp_path_factory.mktemp("upstream") / "content")


@pytest.mark.parametrize("engine", ALL)
def test_every_link_of_the_seed_site_leads_somewhere(tmp_path: Path, engine: str) -> None:
    site = _build(ROOT / "content", tmp_path / "site", engine)
    assert (site / "rules" / "tactical-action" / "index.html").is_file()
    assert broken_links(site) == []
    assert repeated_ids(site) == []
    assert export_problems(site) == []
    # The links a chat preview, an install and an offline reader follow, on every engine.
    for page in ("index.html", "rules/movement/index.html", "r/89.2/index.html"):
        text = (site / page).read_text("utf-8")
        assert text.count('property="og:image"') == 1, (engine, page)
        assert 'rel="manifest"' in text, (engine, page)
    for file in ("assets/preview/social.png", "manifest.webmanifest", "offline/index.html"):
        assert (site / file).is_file(), (engine, file)


@pytest.mark.parametrize("engine", ONE_PER_THEME)
def test_every_link_of_a_transcription_form_site_leads_somewhere(
    tmp_path: Path, corpus: Path, engine: str
) -> None:
    site = _build(corpus, tmp_path / "site", engine)
    assert (site / "factions").is_dir() and (site / "components").is_dir()
    assert broken_links(site) == []
    assert repeated_ids(site) == []
    assert export_problems(site) == []


def _leads_to_a_page(site: Path, url: str) -> bool:
    """Whether ``url`` (from the site root, or absolute) names a page of ``site``; the only
    query it may have is the search's own (``?rule=42.1``: the rule to show)."""
    parts = urlsplit(url)
    path = unquote(parts.path).lstrip("/")
    query_ok = not parts.query or re.fullmatch(r"rule=[0-9.]+", parts.query) is not None
    return query_ok and (site / path / "index.html").is_file()


@pytest.mark.parametrize("engine", ALL)
def test_pages_named_with_hash_query_or_percent_are_linked_by_every_engine(
    tmp_path: Path, engine: str
) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    for name, text in odd_named_files().items():
        (content / name).write_text(text, encoding="utf-8")
    site = _build(content, tmp_path / "site", engine)
    assert broken_links(site) == []
    written = [site / "rules" / name / "index.html" for name in NAMES]
    assert all(page.is_file() for page in written)
    sitemap = re.findall(r"<loc>http://[^/]+/([^<]*)</loc>", (site / "sitemap.xml").read_text())
    exported = json.loads((site / "rules.json").read_text("utf-8"))
    urls = [
        *sitemap,
        *(topic["url"] for topic in exported["topics"]),
        *(rule["url"] for topic in exported["topics"] for rule in topic["rules"]),
        *(
            entry["url"]
            for entry in json.loads((site / "assets/rules-index.json").read_text()).values()
        ),
    ]
    search = site / "search" / "search_index.json"
    index = json.loads((search if search.is_file() else site / "search.json").read_text("utf-8"))
    urls += [doc["location"] for doc in index.get("docs", index.get("items", []))]
    odd = [url for url in urls if any(encoded in url for _, encoded in NAMES.values())]
    assert len(odd) >= 4 * len(NAMES)  # sitemap, rules.json, rules index, search
    assert [url for url in odd if not _leads_to_a_page(site, url.partition("#")[0])] == []
    refresh = (site / "r" / "42.1" / "index.html").read_text("utf-8")
    assert "url=../../rules/q%23frag/#42.1" in refresh


def test_the_link_check_finds_a_missing_page_and_a_missing_anchor(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text(
        '<p id="x"><a href="#x">here</a> <a href="#y">gone</a> <a href="../b/">gone</a>'
        ' <a href="https://example.org/">out</a> <a href="../a/#x">back</a></p>'
    )
    assert broken_links(tmp_path) == ["a/index.html: #y (no anchor)", "a/index.html: ../b/"]


def test_the_export_check_finds_a_rule_the_schema_refuses(tmp_path: Path) -> None:
    site = generate(ROOT / "content")
    for path, text in [*site.export.files().items(), *site.export.item_files()]:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    assert export_problems(tmp_path) == []
    data = json.loads((tmp_path / "rules.json").read_text(encoding="utf-8"))
    data["topics"][0]["rules"][0]["number"] = "eighty-nine"
    (tmp_path / "rules.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "r" / "89.2.3.json").write_text('{"type": "rule"}', encoding="utf-8")
    problems = export_problems(tmp_path)
    assert any(p.startswith("rules.json: 'eighty-nine'") for p in problems), problems
    assert any(p.startswith("r/89.2.3.json: ") for p in problems), problems


def test_the_id_check_finds_an_id_written_twice(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text('<p id="x">one</p><a name="x"></a><li id="x">two</li>')
    (tmp_path / "b.html").write_text('<p id="x">one</p><a name="x">named, not an id</a>')
    assert repeated_ids(tmp_path) == ["a.html: x"]
