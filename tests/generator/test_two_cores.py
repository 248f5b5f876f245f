"""Reading many sources on two cores (rulesite/loaders/two_cores.py): the same corpus, the
same diagnostics, as reading them all in one process."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.corpus import write_corpus
from rulesite.corpus import load_content
from rulesite.errors import SourceError
from rulesite.loaders import two_cores
from tests.generator.content_folder import named_unless_in_a_helper

TOPICS = 300  # 600 sources: over MIN_FILES, so a helper process reads part of them


def _one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(two_cores, "MIN_FILES", 1_000_000)


def test_a_large_corpus_read_on_two_cores_is_the_one_read_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = write_corpus(tmp_path / "content", TOPICS)
    assert len(list((content / "rules").iterdir())) >= two_cores.MIN_FILES
    shared = load_content(content)
    _one_process(monkeypatch)
    assert load_content(content) == shared
    assert len(shared.topics) == TOPICS


def test_broken_sources_read_by_either_process_give_the_same_diagnostics(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first files go to the helper, the last are read by the build itself."""
    content = write_corpus(tmp_path / "content", TOPICS)
    sources = sorted((content / "rules").iterdir())
    for broken in (sources[0], sources[len(sources) // 2], sources[-1]):
        broken.write_text("---\n---\n\n## Nonsense\n", encoding="utf-8")
    with pytest.raises(SourceError) as shared:
        load_content(content)
    _one_process(monkeypatch)
    with pytest.raises(SourceError) as alone:
        load_content(content)
    assert shared.value.diagnostics == alone.value.diagnostics
    names = {diagnostic.location.path for diagnostic in shared.value.diagnostics}
    assert {f"content/rules/{path.name}" for path in (sources[0], sources[-1])} <= names


def test_what_a_helper_that_died_was_reading_is_read_by_the_build(tmp_path: Path) -> None:
    jobs = [(named_unless_in_a_helper, tmp_path, f"source {n}") for n in range(500)]
    reads = two_cores.read_all(jobs)
    assert [read.value for read in reads] == [name for _, _, name in jobs]


def test_without_forkserver_every_source_is_read_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A system whose multiprocessing has no forkserver (Windows): no helper, the same reads."""
    jobs = [(named_unless_in_a_helper, tmp_path, f"source {n}") for n in range(500)]
    monkeypatch.setattr(two_cores.multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    monkeypatch.setattr(two_cores, "ProcessPoolExecutor", None)  # would fail if it were started
    reads = two_cores.read_all(jobs)
    assert [read.value for read in reads] == [name for _, _, name in jobs]
