"""MkDocs as a site engine: the ``rules`` plugin (entry point ``mkdocs.plugins: rules``, which
ProperDocs loads too) and MkDocs's build and server run with it (``run``)."""

from __future__ import annotations

from pathlib import Path

from rulesite.adapters.site_engine import BuildSettings, EngineBuild
from rulesite.publish.csp import POLICY

__all__ = ["ENGINE", "added_files", "banner", "incremental", "plugin", "run"]


class MkDocsEngine:
    """MkDocs and Material, the ``rules`` plugin doing the generating, in this process."""

    name = "mkdocs"
    theme = "material"

    def build(self, settings: BuildSettings, site_dir: Path) -> EngineBuild:
        from rulesite.adapters.mkdocs import run

        return run.build(settings, site_dir)

    def serve(self, settings: BuildSettings, dev_addr: str) -> int:
        from rulesite.adapters.mkdocs import run

        return run.serve(settings, dev_addr)

    def policy(self) -> str:
        return POLICY


ENGINE = MkDocsEngine()
