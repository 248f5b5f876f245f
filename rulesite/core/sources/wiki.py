"""Community wiki exports (``wiki/<page>.txt``): a page of its own, or joined to the rule
topic of the same name (its FAQ and sections on that page:
:func:`rulesite.core.merge.merge_wiki`)."""

from __future__ import annotations

from rulesite.core.loaders.wiki import load_wiki
from rulesite.core.merge import merge_wiki
from rulesite.core.sources.kind import Loaded, SourceFolder, by_slug


class WikiPages:
    """``wiki/``: one page per export."""

    folder = "wiki"
    pages = (".txt",)
    facts = ()

    def load(self, source: SourceFolder) -> Loaded:
        wiki = by_slug(source, (source.read(load_wiki, p) for p in source.files(".txt")))
        return source.loaded(joining=wiki.values(), join=merge_wiki)
