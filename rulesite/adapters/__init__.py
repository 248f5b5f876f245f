"""The site engines' side: what each engine needs to build the generated site.

``tree`` writes the generated site as plain files any engine builds; ``finish`` is
the one finishing step every engine's build ends with (policy, search records,
compression, offline worker); ``mkdocs`` is the ``rules`` plugin (ProperDocs loads
it too); ``zensical`` builds and serves the tree with Zensical.
"""

__all__ = ["finish", "mkdocs", "tree", "zensical"]
