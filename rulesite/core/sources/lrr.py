"""The Living Rules Reference's topics (``rules/``): prose pages, rule cards and fact files,
the forms of each topic merged into one page (:func:`rulesite.core.merge.merge_lrr`).

    rules/<stem>.md          the topic in prose (or the transcription's R_<stem>.md)
    rules/<stem>.yaml        its rule cards, with the official numbers
    rules/<stem>.meta.yaml   facts a source lacks (its topic number, its title)
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from rulesite.core.loaders.comparison import SUFFIX as COMPARISON_SUFFIX
from rulesite.core.loaders.facts import SUFFIX as FACTS_SUFFIX
from rulesite.core.loaders.facts import Facts
from rulesite.core.loaders.markdown import load_markdown, topic_stem
from rulesite.core.loaders.rule_cards import load_rule_cards
from rulesite.core.merge import Merged, indexed_entry, merge_lrr
from rulesite.core.model import Diagnostic, Location
from rulesite.core.sources.kind import (
    Loaded,
    SourceFolder,
    by_slug,
    check_facts_have_sources,
    fact_files,
)
from rulesite.core.step_reuse import Reused

_MERGED: Reused[Merged] = Reused()  # a topic's merge, by its forms, facts and index entry


class LrrTopics:
    """``rules/``: each topic from its prose, its rule cards, or both, with its facts."""

    folder = "rules"
    pages = (".md", ".yaml")
    facts = (FACTS_SUFFIX,)

    def load(self, source: SourceFolder) -> Loaded:
        facts = fact_files(source)
        cards_files = [p for p in source.files(".yaml") if _is_cards(p)]
        prose = by_slug(source, (source.read(load_markdown, p) for p in _prose_files(source)))
        cards = by_slug(source, (source.read(load_rule_cards, p) for p in cards_files))
        check_facts_have_sources(source, facts, set(prose) | set(cards))
        topics = []
        for stem in sorted(set(prose) | set(cards)):
            worded, numbered, known = prose.get(stem), cards.get(stem), facts.get(stem, Facts())
            # Unchanged forms are the same objects (each file is read once while unchanged).
            merged = _MERGED.get(
                (worded, numbered),
                (known, indexed_entry(worded or numbered, source.index)),
                partial(merge_lrr, worded, numbered, known, source.index),
            )
            source.errors.extend(merged.errors)
            source.warnings.extend(merged.warnings)
            source.notices.extend(merged.notices)
            topics.append(merged.topic)
        return source.loaded(topics)


def _is_cards(path: Path) -> bool:
    return not path.name.endswith((FACTS_SUFFIX, COMPARISON_SUFFIX))


def _prose_files(source: SourceFolder) -> list[Path]:
    """The prose files to read: where the transcription's ``R_x.md`` stands beside an
    ``x.md`` of the same topic, it is the one read (the whole transcription dropped over
    the seed pages is the newer text), and the build summary says which file was set aside."""
    by_stem: dict[str, list[Path]] = {}
    for path in source.files(".md"):
        by_stem.setdefault(topic_stem(path), []).append(path)
    chosen = []
    for stem, paths in by_stem.items():
        kept = next((p for p in paths if p.stem != stem), paths[0])
        chosen.append(kept)
        source.notices.extend(
            Diagnostic(
                Location(source.name(path), 1),
                f"set aside: {kept.name}, the transcription's page of topic '{stem}', is read",
                other=Location(source.name(kept), 1),
            )
            for path in paths
            if path != kept
        )
    return sorted(chosen)
