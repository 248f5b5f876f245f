"""The Zensical adapter: the generated tree built, finished and served by Zensical.

Zensical reads ``mkdocs.yml`` but runs no MkDocs plugin, so the adapter builds the
tree :mod:`rulesite.adapters.tree` writes, then applies the same finishing step as
the MkDocs plugin (:mod:`rulesite.adapters.finish`).
"""

from rulesite.adapters.zensical.builder import ZensicalBuild, build, tree_options
from rulesite.adapters.zensical.server import serve

__all__ = ["ZensicalBuild", "build", "serve", "tree_options"]
