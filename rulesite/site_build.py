"""``build_site.py``'s build: a site engine's build into a staging folder, swapped in.

MkDocs runs through its public command line (in this process, so its plugin's
report reaches the caller); the ``rules`` plugin does the generating. Zensical
builds the generated tree (:mod:`rulesite.adapters.zensical`). Either way the
site is swapped into the output by :mod:`rulesite.publish.swap`, so a failed
build leaves the last good site in place.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import click
from mkdocs.__main__ import cli as mkdocs_cli

from rulesite.adapters import zensical
from rulesite.adapters.tree import PREVIOUS_VARIABLE, with_warning, write_tree
from rulesite.adapters.zensical.builder import project_config, rules_options
from rulesite.core.errors import SourceError
from rulesite.core.model import Diagnostic
from rulesite.core.report import BuildReport
from rulesite.publish.site_address import address_warning
from rulesite.publish.swap import (
    check_output,
    identity,
    output_lock,
    protected_folders,
    swap,
)

ROOT = Path(__file__).resolve().parent.parent
CONFIG_FILE = ROOT / "mkdocs.yml"
CONTENT_VARIABLE = "RULES_CONTENT"  # mkdocs.yml reads the plugin's `content` from it


class BuildInterrupted(KeyboardInterrupt):
    """Ctrl+C stopped the build; ``replaced`` says whether the output had already been swapped."""

    def __init__(self, replaced: bool) -> None:
        super().__init__()
        self.replaced = replaced


@dataclass(frozen=True)
class Timings:
    """Seconds spent in the generator's own stages and in MkDocs."""

    generator: float  # the plugin's work and the staging and swap around the build
    mkdocs: float  # everything else: MkDocs loading its configuration and building
    loading: float  # the part of ``generator`` spent reading and merging the sources
    # CPU seconds the plugin's workers spent compressing pages while MkDocs rendered the next
    # ones, the short links' writing thread's and its Node script's: on a free core this overlaps
    # MkDocs's time; on a busy machine it slows MkDocs.
    background: float = 0.0


class _Heard(logging.Handler):
    """What MkDocs and the plugin logged during one build."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.diagnostics: list[Diagnostic] = []
        self.report: BuildReport | None = None
        self.seconds = 0.0
        self.loading = 0.0
        self.background = 0.0

    def emit(self, record: logging.LogRecord) -> None:
        diagnostic = getattr(record, "rules_diagnostic", None)
        if diagnostic is not None:
            self.diagnostics.append(diagnostic)
        elif record.levelno >= logging.ERROR:
            self.errors.append(record.getMessage())
        elif record.levelno >= logging.WARNING and not hasattr(record, "rules_warning"):
            self.warnings.append(record.getMessage())  # MkDocs's own: the plugin's are counted
        report = getattr(record, "rules_report", None)
        if report is not None:
            self.report = report
            self.seconds = getattr(record, "rules_seconds", 0.0)
            self.loading = getattr(record, "rules_loading", 0.0)
            self.background = getattr(record, "rules_background", 0.0)


@contextlib.contextmanager
def _listening() -> Iterator[_Heard]:
    logger = logging.getLogger("mkdocs")
    heard = _Heard()
    logger.addHandler(heard)
    try:
        yield heard
    finally:
        logger.removeHandler(heard)


@contextlib.contextmanager
def environment_variable(name: str, value: str) -> Iterator[None]:
    previous = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if previous is None:
            del os.environ[name]
        else:
            os.environ[name] = previous


def _run_mkdocs(args: list[str], heard: _Heard, config_file: Path) -> None:
    """``mkdocs ARGS`` in this process; its printed log is dropped (``heard`` keeps it).

    Raises:
        SourceError: a source is broken (the plugin's diagnostics), or MkDocs failed.
        KeyboardInterrupt: Ctrl+C.
    """
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            mkdocs_cli.main(args, prog_name="mkdocs", standalone_mode=False)
    except click.exceptions.Abort as interrupt:
        raise KeyboardInterrupt from interrupt
    except (click.ClickException, SystemExit) as error:
        if heard.diagnostics:
            raise SourceError(heard.diagnostics) from error
        detail = "; ".join([*heard.errors, *heard.warnings]) or str(error)
        raise SourceError.at(str(config_file), 1, f"MkDocs: {detail}") from error


def build_site(
    content_dir: Path,
    out_dir: Path,
    *,
    strict: bool = False,
    config_file: Path = CONFIG_FILE,
    engine: str = "mkdocs",
    previous: Path | None = None,
) -> tuple[BuildReport, Timings]:
    """Build the site from ``content_dir`` into ``out_dir``, replacing it only on success.

    Args:
        content_dir: a folder of rule sources in the formats of ``content/``.
        out_dir: where the built site goes; its parent must be writable.
        strict: MkDocs's strict mode: links to topics without a page and warnings are errors.
        config_file: the MkDocs configuration the site is built with.
        engine: ``mkdocs`` (with the ``rules`` plugin) or ``zensical``
            (:mod:`rulesite.adapters.zensical.builder`, on the generated tree).
        previous: an earlier content folder: the site gets a What changed page against it.

    Raises:
        SourceError: a source is broken (or, with ``strict``, a link has no target);
            ``out_dir`` is left untouched.
        BuildBusy: another build is writing into the same folder.
        OutputRefused: ``out_dir`` is not a folder this tool may replace (nothing built).
        BuildInterrupted: Ctrl+C; says whether ``out_dir`` had been replaced already.
    """
    started = time.perf_counter()
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
                if engine == "zensical":
                    heard = _build_with_zensical(
                        content_dir, staging, config_file, strict, previous
                    )
                else:
                    args = ["build", "-f", str(config_file), "-d", str(site_dir)]
                    args += ["--strict"] if strict else []
                    with (
                        environment_variable(CONTENT_VARIABLE, str(Path(content_dir).resolve())),
                        environment_variable(
                            PREVIOUS_VARIABLE, str(previous.resolve()) if previous else ""
                        ),
                        _listening() as heard,
                    ):
                        _run_mkdocs(args, heard, config_file)
                if heard.report is None:
                    raise SourceError.at(str(config_file), 1, "the `rules` plugin is not enabled")
                new_site = identity(site_dir)
                old = swap(site_dir, out_dir)
                replaced = True
                if old is not None:
                    shutil.rmtree(old, ignore_errors=True)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
        total = time.perf_counter() - started
        report = replace(heard.report, mkdocs_warnings=tuple(heard.warnings))
        timings = Timings(
            generator=heard.seconds,
            mkdocs=total - heard.seconds,
            loading=heard.loading,
            background=heard.background,
        )
    except KeyboardInterrupt as interrupt:
        # Up to the return: the caller learns whether the new site is already in place,
        # from the folder itself (the signal may land between the swap and ``replaced``).
        in_place = new_site is not None and identity(out_dir) == new_site
        raise BuildInterrupted(replaced or in_place) from interrupt
    return report, timings


def _build_with_zensical(
    content_dir: Path, staging: Path, config_file: Path, strict: bool, previous: Path | None
) -> _Heard:
    """The generated tree, built by Zensical into ``staging/site``; reports as MkDocs's run does.

    Raises:
        SourceError: a source is broken, or Zensical failed or built a site that fails its checks.
    """
    started = time.perf_counter()
    tree_options = replace(zensical.tree_options(config_file, strict), previous=previous)
    site = write_tree(content_dir, staging / "tree", tree_options)
    generated = time.perf_counter() - started
    run = zensical.build(
        staging / "tree",
        staging / "site",
        config_file=config_file,
        cache_dir=tree_options.cache_dir,
        node_modules=tree_options.node_modules,
        precache_mb=float(rules_options(project_config(config_file)).get("precache_mb", 0)),
    )
    heard = _Heard()
    site_url = project_config(config_file).get("site_url")
    heard.report = with_warning(site, address_warning(site_url, config_file)).report
    heard.seconds = generated + run.finishing
    heard.loading = site.loading_seconds
    heard.background = run.background
    return heard
