"""What a site engine is to the rest of the generator: the settings of one build, what the
build gives back, and the few things every engine does.

An engine is an adapter package under ``rulesite/adapters/`` whose ``ENGINE`` object has
the shape of :class:`SiteEngine`, registered once in :mod:`rulesite.adapters.registry`.
The command line, the build (``rulesite.site_build``), the benchmarks and the tests find
it there by name; none of them names an engine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from rulesite.core.report import BuildReport

__all__ = ["BuildSettings", "EngineBuild", "SiteEngine"]


@dataclass(frozen=True)
class BuildSettings:
    """What one build or server is asked to do, beside the project's ``mkdocs.yml``.

    ``None`` leaves a setting to ``config_file`` (the ``rules`` plugin's options there).
    """

    content_dir: Path  # the rule sources
    config_file: Path  # the project's mkdocs.yml: site name, theme, Markdown, plugin options
    strict: bool = False  # links to topics without a page and the engine's warnings are errors
    previous: Path | None = None  # an earlier content folder: a What changed page against it
    site_url: str | None = None  # where the site will be served (sitemap, short links)
    precache_mb: float | None = None  # megabytes precached on a reader's first visit

    def resolved(self) -> BuildSettings:
        """The same settings with absolute paths, as an engine in another process reads them."""
        previous = self.previous.resolve() if self.previous else None
        return replace(
            self,
            content_dir=self.content_dir.resolve(),
            config_file=self.config_file.resolve(),
            previous=previous,
        )


@dataclass(frozen=True)
class EngineBuild:
    """What one engine's build gives back: the generator's report and where the time went.

    Seconds are wall-clock: ``generator`` is the generator's own work (reading, rendering,
    finishing), ``loading`` the part of it spent reading and merging the sources;
    ``background`` is CPU seconds of helpers that ran beside the engine (compressing
    workers, Node). The engine's own time is the rest of the build's.
    """

    report: BuildReport
    generator: float = 0.0
    loading: float = 0.0
    background: float = 0.0


class SiteEngine(Protocol):
    """A site engine, as the generator drives it."""

    @property
    def name(self) -> str:
        """Its name on the command line (``--engine NAME``)."""
        ...

    @property
    def theme(self) -> str:
        """The front end its pages have (``material``, ``zensical``): engines of one theme
        show a reader the same page."""
        ...

    def build(self, settings: BuildSettings, site_dir: Path) -> EngineBuild:
        """Build the finished site into ``site_dir``, which does not exist yet.

        Raises:
            SourceError: a source is broken, or the engine failed (``file:line: what``).
            KeyboardInterrupt: Ctrl+C; nothing of the engine's is left running.
        """
        ...

    def serve(self, settings: BuildSettings, dev_addr: str) -> int:
        """Serve the site at ``dev_addr`` (``HOST:PORT``), rebuilt on every edit of a source,
        until Ctrl+C; returns the exit status.

        Raises:
            SourceError: the first build failed: there is nothing to serve.
        """
        ...

    def policy(self) -> str:
        """The Content-Security-Policy of the engine's pages (their ``<meta>`` adds Trusted
        Types to it: :func:`rulesite.publish.csp.page_policy`)."""
        ...
