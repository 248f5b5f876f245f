"""Fuzzing the source formats: every damaged source is either read or
refused with ``file:line: what``, in bounded time; a failed build changes nothing.

Each real source file of content/ is mutated (tests/fuzz/mutations.py) and the whole
generator short of MkDocs is run on it: loading, merging, linking, rendering and the
sanitiser's report. Short by default; ``FUZZ_EXAMPLES=2000`` for a long run.
"""

from __future__ import annotations

import hashlib
import shutil
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesite.core.corpus import load_content
from rulesite.core.errors import SourceError
from rulesite.core.links import link_corpus
from rulesite.core.render.pages import render_site
from rulesite.core.render.removed import removed_markup
from rulesite.core.walkthroughs import load_walkthroughs
from rulesite.site_build import build_site
from tests.fuzz.mutations import EXAMPLES, mutated_text

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
SOURCES = sorted(p.relative_to(CONTENT).as_posix() for p in CONTENT.rglob("*") if p.is_file())
_LINE = r"^\S+:\d+: \S"  # every diagnostic reads `file:line: what`

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=10),  # a hang, not a slow case: one build step takes < 1 s
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)


def _content_with(tmp: Path, name: str, text: str) -> Path:
    content = tmp / "content"
    if content.exists():
        shutil.rmtree(content)
    shutil.copytree(CONTENT, content)
    (content / name).write_text(text, encoding="utf-8", errors="surrogatepass")
    return content


def _generate(content: Path) -> None:
    corpus = load_content(content)
    walkthroughs = load_walkthroughs(content)
    linked = link_corpus(corpus.topics)
    render_site(linked, walkthroughs.embed_html)
    removed_markup(linked, corpus.comparisons)


@pytest.mark.parametrize("name", SOURCES)
@FUZZ
@given(data=st.data())
def test_a_damaged_source_is_read_or_refused_with_file_and_line(
    tmp_path: Path, name: str, data: st.DataObject
) -> None:
    """Hypothesis over the source formats: no traceback, no hang past a per-case limit;
    a source that is refused says `file:line: what is wrong`."""
    text = data.draw(mutated_text((CONTENT / name).read_text("utf-8")))
    content = _content_with(tmp_path, name, text)
    try:
        _generate(content)
    except SourceError as error:
        assert error.diagnostics
        for diagnostic in error.diagnostics:
            assert diagnostic.location.line >= 1
            assert str(diagnostic).split(": ", 1)[0].count(":") >= 1, str(diagnostic)


def _tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        digest.update(path.relative_to(folder).as_posix().encode())
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()


@pytest.fixture(scope="module")
def good_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("fuzz-site") / "site"
    build_site(CONTENT, out)
    return out


@settings(FUZZ, max_examples=max(3, EXAMPLES // 8), deadline=timedelta(seconds=60))
@given(name=st.sampled_from(SOURCES), data=st.data())
def test_a_failed_build_leaves_the_site_as_it_was(
    tmp_path_factory: pytest.TempPathFactory, good_site: Path, name: str, data: st.DataObject
) -> None:
    """No output change on failure: a failed or interrupted build never damages the
    previous output."""
    text = data.draw(mutated_text((CONTENT / name).read_text("utf-8")))
    content = _content_with(tmp_path_factory.mktemp("fuzz"), name, text)
    before = _tree_digest(good_site)
    try:
        build_site(content, good_site)
    except SourceError:
        assert _tree_digest(good_site) == before
    else:  # it built: put the good site back for the next case
        build_site(CONTENT, good_site)
