"""Edition comparisons (``ti3/<page>.comparison.yaml``): a 3rd-edition page's steps set
against the 4th-edition rules, resolved by the corpus once every topic is loaded."""

from __future__ import annotations

from rulesite.core.loaders.comparison import SUFFIX, load_comparison
from rulesite.core.sources.kind import Loaded, SourceFolder


class Comparisons:
    """``ti3/*.comparison.yaml``: no page of their own (the site writes the comparison page)."""

    folder = "ti3"
    pages = ()
    facts = (SUFFIX,)

    def load(self, source: SourceFolder) -> Loaded:
        found = (source.read(load_comparison, path) for path in source.files(SUFFIX))
        return source.loaded(comparisons=filter(None, found))
