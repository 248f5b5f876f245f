"""The kinds of source a content folder holds, each a loader of one folder, registered once.

``kind`` – what a kind is (:class:`SourceKind`: ``load(folder) -> topics + diagnostics``);
``registry`` – the kinds the corpus reads; ``lrr``, ``wiki``, ``notes``, ``ti3``,
``comparisons`` – the kinds shipped.
"""

__all__ = ["comparisons", "kind", "lrr", "notes", "registry", "reuse", "ti3", "wiki"]
