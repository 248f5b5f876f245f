"""``rulesite build``: a site engine's build into a staging folder, swapped in.

The engine (:mod:`rulesite.adapters.registry`) builds the site into a folder of this
build's own; the site is then swapped into the output by :mod:`rulesite.publish.swap`,
so a failed build leaves the last good site in place.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from rulesite.adapters import registry
from rulesite.adapters.project import site_url as address_of
from rulesite.adapters.site_engine import BuildSettings
from rulesite.core.report import BuildReport
from rulesite.publish.site_address import address_warning
from rulesite.publish.swap import check_output, identity, output_lock, protected_folders, swap

ROOT = Path(__file__).resolve().parent.parent
CONFIG_FILE = ROOT / "mkdocs.yml"


class BuildInterrupted(KeyboardInterrupt):
    """Ctrl+C stopped the build; ``replaced`` says whether the output had already been swapped."""

    def __init__(self, replaced: bool) -> None:
        super().__init__()
        self.replaced = replaced


@dataclass(frozen=True)
class Timings:
    """Seconds spent in the generator's own stages and in the site engine."""

    generator: float  # the generator's work and the staging and swap around the build
    mkdocs: float  # everything else: the engine loading its configuration and building
    loading: float  # the part of ``generator`` spent reading and merging the sources
    # CPU seconds the generator's workers spent compressing pages while the engine rendered
    # the next ones, the short links' writing thread's and its Node script's: on a free core
    # this overlaps the engine's time; on a busy machine it slows the engine.
    background: float = 0.0


def build_site(
    content_dir: Path,
    out_dir: Path,
    *,
    strict: bool = False,
    config_file: Path = CONFIG_FILE,
    engine: str = registry.DEFAULT,
    previous: Path | None = None,
    site_url: str | None = None,
    precache_mb: float | None = None,
) -> tuple[BuildReport, Timings]:
    """Build the site from ``content_dir`` into ``out_dir``, replacing it only on success.

    Args:
        content_dir: a folder of rule sources in the formats of ``content/``.
        out_dir: where the built site goes; its parent must be writable.
        strict: links to topics without a page and the engine's warnings are errors.
        config_file: the project's configuration the site is built with (``mkdocs.yml``).
        engine: a registered site engine's name (:mod:`rulesite.adapters.registry`).
        previous: an earlier content folder: the site gets a What changed page against it.
        site_url: where the site will be served; ``None`` takes the configuration's.
        precache_mb: megabytes a reader's first visit precaches; ``None``: the configuration's.

    Raises:
        SourceError: a source is broken (or, with ``strict``, a link has no target);
            ``out_dir`` is left untouched.
        BuildBusy: another build is writing into the same folder.
        OutputRefused: ``out_dir`` is not a folder this tool may replace (nothing built).
        BuildInterrupted: Ctrl+C; says whether ``out_dir`` had been replaced already.
    """
    started = time.perf_counter()
    chosen = registry.site_engine(engine)
    settings = BuildSettings(
        Path(content_dir), Path(config_file), strict, previous, site_url, precache_mb
    )
    check_output(out_dir, protected_folders(content_dir, Path(config_file).parent))
    out_dir = out_dir.resolve()
    replaced = False
    new_site: tuple[int, int] | None = None
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        with output_lock(out_dir):
            staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-staging-", dir=out_dir.parent))
            try:
                site_dir = staging / "site"
                built = chosen.build(settings, site_dir)
                new_site = identity(site_dir)
                old = swap(site_dir, out_dir)
                replaced = True
                if old is not None:
                    shutil.rmtree(old, ignore_errors=True)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
        total = time.perf_counter() - started
        timings = Timings(
            generator=built.generator,
            mkdocs=total - built.generator,
            loading=built.loading,
            background=built.background,
        )
    except KeyboardInterrupt as interrupt:
        # Up to the return: the caller learns whether the new site is already in place,
        # from the folder itself (the signal may land between the swap and ``replaced``).
        in_place = new_site is not None and identity(out_dir) == new_site
        raise BuildInterrupted(replaced or in_place) from interrupt
    # A build for publishing names its address everywhere (og:url, sitemap.xml, rules.json).
    address = address_warning(address_of(settings), config_file, given=site_url is not None)
    return built.report.warned(address), timings
