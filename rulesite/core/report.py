"""The summary printed at the end of a build: what was built and what needs attention."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulesite.core.corpus import Corpus
from rulesite.core.links import LinkedCorpus, UnresolvedLink
from rulesite.core.model import Diagnostic, iter_rules
from rulesite.core.render.removed import removed_markup


@dataclass(frozen=True)
class BuildReport:
    """Counts and problems of one build."""

    topics: int
    rules: int
    links_resolved: int
    unresolved: tuple[UnresolvedLink, ...]
    warnings: tuple[Diagnostic, ...]
    # Worth knowing, not wrong: topics the index lacks, a seed page the transcription's replaces.
    notices: tuple[Diagnostic, ...]
    removed: tuple[Diagnostic, ...]  # markup the sanitiser kept off the pages
    # MkDocs's own warnings, known only to whoever ran MkDocs (``rulesite.site_build``).
    mkdocs_warnings: tuple[str, ...] = ()
    index: str = ""  # which topic index numbered the topics
    indexed_topics: int = 0  # how many topics that index lists
    covered_topics: int = 0  # how many of those this build holds

    @classmethod
    def of(cls, corpus: Corpus, linked: LinkedCorpus) -> BuildReport:
        """The report of a build that produced ``linked`` from ``corpus``."""
        return cls(
            topics=len(corpus.topics),
            rules=sum(1 for topic in corpus.topics for _ in iter_rules(topic.rules)),
            links_resolved=linked.resolved_count,
            unresolved=linked.unresolved,
            # A link to nothing is a mistake (a warning); a link to a known topic is a gap.
            warnings=corpus.warnings
            + tuple(Diagnostic(u.location, u.message) for u in linked.unresolved if u.gap is None),
            notices=corpus.notices,
            removed=removed_markup(linked, corpus.comparisons),
            index=corpus.index.label,
            indexed_topics=len(corpus.index.topics),
            covered_topics=len(corpus.covered_numbers()),
        )

    def warned(self, warning: Diagnostic | None) -> BuildReport:
        """This report with one more warning (``None``: as it is)."""
        return self if warning is None else replace(self, warnings=(*self.warnings, warning))

    def lines(self, list_warnings: bool = True) -> list[str]:
        """The summary as lines of text, problems listed one per line.

        ``list_warnings=False`` leaves the warnings' own lines out (the count stays), for a
        caller that reports each warning on its own.
        """
        out = [
            *([f"topic index: {self.index}"] if self.index else []),
            f"topics: {self.topics}",
            f"rules: {self.rules}",
            *(
                [f"LRR topics held: {self.covered_topics} of {self.indexed_topics}"]
                if self.indexed_topics
                else []
            ),
            f"links resolved: {self.links_resolved}",
            f"links unresolved: {len(self.unresolved)}",
            *(f"  {link}" for link in self.unresolved),
            f"notices: {len(self.notices)}",
            *(f"  {notice}" for notice in self.notices),
            f"warnings: {len(self.warnings) + len(self.mkdocs_warnings)}",
            *(f"  {warning}" for warning in self.warnings if list_warnings),
            *(f"  mkdocs: {message}" for message in self.mkdocs_warnings if list_warnings),
            f"markup removed: {len(self.removed)}",
            *(f"  {removed}" for removed in self.removed),
        ]
        return out
