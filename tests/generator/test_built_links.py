"""No broken internal link or anchor on any built page, whichever engine built the site.

The seed content is built by every registered site engine, and a synthetic corpus in
the community transcription's form (``bench/upstream_corpus.py``: rule, component and
faction pages) by one engine of each theme (tests/site_engines.py); every link of every
page must lead to a file of the site and, with a fragment, to an element of that page.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bench.upstream_corpus import write_upstream_corpus
from tests.link_check import broken_links
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


def test_the_link_check_finds_a_missing_page_and_a_missing_anchor(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text(
        '<p id="x"><a href="#x">here</a> <a href="#y">gone</a> <a href="../b/">gone</a>'
        ' <a href="https://example.org/">out</a> <a href="../a/#x">back</a></p>'
    )
    assert broken_links(tmp_path) == ["a/index.html: #y (no anchor)", "a/index.html: ../b/"]
