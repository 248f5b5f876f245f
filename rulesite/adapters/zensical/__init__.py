"""Zensical as a site engine: the generated tree built, finished and served by Zensical.

Zensical reads ``mkdocs.yml`` but runs no MkDocs plugin, so the adapter builds the
tree :mod:`rulesite.adapters.tree` writes, then applies the same finishing step as
the MkDocs plugin (:mod:`rulesite.adapters.finish`).
"""

from __future__ import annotations

import time
from pathlib import Path

from rulesite.adapters.project import precache_mb, tree_options
from rulesite.adapters.site_engine import BuildSettings, EngineBuild
from rulesite.adapters.tree import write_tree
from rulesite.adapters.zensical.builder import ZensicalBuild, build, site_policy
from rulesite.adapters.zensical.server import serve

__all__ = ["ENGINE", "ZensicalBuild", "build", "serve"]


class ZensicalEngine:
    """``zensical build`` and ``zensical serve`` on the tree the generator writes."""

    name = "zensical"
    theme = "zensical"

    def build(self, settings: BuildSettings, site_dir: Path) -> EngineBuild:
        started = time.perf_counter()
        options = tree_options(settings)
        tree = site_dir.parent / "tree"  # beside the site, in the build's own folder
        site = write_tree(settings.content_dir, tree, options)
        generated = time.perf_counter() - started
        run = build(
            tree,
            site_dir,
            config_file=settings.config_file,
            cache_dir=options.cache_dir,
            node_modules=options.node_modules,
            precache_mb=precache_mb(settings),
            site_url=settings.site_url,
        )
        return EngineBuild(
            report=site.report,
            generator=generated + run.finishing,
            loading=site.loading_seconds,
            background=run.background,
        )

    def serve(self, settings: BuildSettings, dev_addr: str) -> int:
        return serve(settings, dev_addr)

    def policy(self) -> str:
        return site_policy()


ENGINE = ZensicalEngine()
