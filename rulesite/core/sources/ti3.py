"""The 3rd-edition summary (``ti3/<page>.txt``, ``:: HEADING ::`` sections), one page per
block, split and placed by its fact file (``ti3/<page>.meta.yaml``)."""

from __future__ import annotations

from functools import partial

from rulesite.core.loaders.facts import SUFFIX as FACTS_SUFFIX
from rulesite.core.loaders.facts import Facts
from rulesite.core.loaders.ti3_summary import load_ti3_summary
from rulesite.core.model import Topic
from rulesite.core.sources.kind import Loaded, SourceFolder, check_facts_have_sources, fact_files


class Ti3Summaries:
    """``ti3/``: the summaries' pages, in their files' order and their blocks' order."""

    folder = "ti3"
    pages = (".txt",)
    facts = (FACTS_SUFFIX,)

    def load(self, source: SourceFolder) -> Loaded:
        facts = fact_files(source)
        summaries = source.files(".txt")
        pages: list[Topic] = []
        for path in summaries:
            load = partial(load_ti3_summary, facts=facts.get(path.stem, Facts()))
            pages.extend(source.read(load, path) or ())
        check_facts_have_sources(source, facts, {p.stem for p in summaries})
        return source.loaded(pages)
