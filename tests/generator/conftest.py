"""Expensive set-up the generator tests share, each done once per session.

The real content built through the command line (``built_site``), the community
transcription's form built and loaded (``upstream_site``, ``upstream_corpus``,
``upstream_linked``), and the hostile content folder built (``hostile_build``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.core.corpus import Corpus, load_content
from rulesite.core.generate import GeneratedSite, generate
from rulesite.core.links import LinkedCorpus, link_corpus
from rulesite.core.report import BuildReport
from rulesite.site_build import build_site
from tests.generator.site_once import BuiltSite, build_real_site
from tests.generator.upstream_form import UpstreamSite, write_upstream_form

HOSTILE = Path(__file__).resolve().parents[1] / "fixtures" / "hostile_content"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """``content/`` built with ``build_site.py``'s ``main``, once per session."""
    return build_real_site(tmp_path_factory.mktemp("built-site") / "site")


@pytest.fixture(scope="session")
def upstream_site(tmp_path_factory: pytest.TempPathFactory) -> UpstreamSite:
    """The transcription's form generated at a version of its links (and with a
    ``missing_topic_url``, if given); each combination is generated once per session."""
    sites: dict[tuple[str, str | None], GeneratedSite] = {}

    def site(version: str = "relative", missing_topic_url: str | None = None) -> GeneratedSite:
        key = (version, missing_topic_url)
        if key not in sites:
            content = write_upstream_form(tmp_path_factory.mktemp("upstream") / "content", version)
            sites[key] = generate(content, missing_topic_url=missing_topic_url)
        return sites[key]

    return site


@pytest.fixture(scope="session")
def upstream_corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """The transcription's form (relative links) loaded, once per session."""
    return load_content(write_upstream_form(tmp_path_factory.mktemp("upstream") / "content"))


@pytest.fixture(scope="session")
def upstream_linked(upstream_corpus: Corpus) -> LinkedCorpus:
    """``upstream_corpus`` linked, once per session."""
    return link_corpus(upstream_corpus.topics, upstream_corpus.index)


@pytest.fixture(scope="session")
def hostile_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[BuildReport, dict[str, str]]:
    """tests/fixtures/hostile_content built like any other content folder, once per session:
    its build report and every page (Pyodide's own files aside) by path."""
    out = tmp_path_factory.mktemp("hostile") / "site"
    report, _ = build_site(HOSTILE, out)
    pages = {
        p.relative_to(out).as_posix(): p.read_text("utf-8")
        for p in out.rglob("*.html")
        if "pyodide" not in p.parts
    }
    return report, pages
