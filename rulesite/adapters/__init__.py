"""The site engines' side: what each engine needs to build the generated site.

``site_engine`` is what an engine is to the rest (settings in, the build's report back as
a value); ``registry`` names every engine, each an adapter package here: ``mkdocs`` (the
``rules`` plugin, in this process), ``properdocs`` (the same plugin under ProperDocs, in a
process of its own), ``zensical`` (the generated tree built and served by Zensical).
``tree`` writes the generated site as plain files any engine builds, ``project`` reads the
project's ``mkdocs.yml`` for engines that run no MkDocs plugin, and ``finish`` is the one
finishing step every engine's build ends with (policy, search records, compression,
offline worker).
"""

__all__ = [
    "finish",
    "mkdocs",
    "project",
    "properdocs",
    "registry",
    "site_engine",
    "tree",
    "zensical",
]
