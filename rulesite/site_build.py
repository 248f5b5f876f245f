"""``build_site.py``'s build: MkDocs's own ``mkdocs build`` into a staging folder, swapped in.

MkDocs runs through its public command line (in this process, so its plugin's
report reaches the caller); the ``rules`` plugin does the generating. The site
is built next to the output and exchanged with it in one step only when the
build succeeded (``renameat2(RENAME_EXCHANGE)``), so a broken source, a failed,
an interrupted or a killed build leaves either the previous site exactly as it
was or the new one, never neither. One build at a time may write an output
folder: a second one started meanwhile stops at once, touching nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
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

from rulesite import zensical
from rulesite.errors import SourceError
from rulesite.model import Diagnostic
from rulesite.report import BuildReport
from rulesite.tree import write_tree
from rulesite.zensical import project_config, rules_options

ROOT = Path(__file__).resolve().parent.parent
CONFIG_FILE = ROOT / "mkdocs.yml"
CONTENT_VARIABLE = "RULES_CONTENT"  # mkdocs.yml reads the plugin's `content` from it
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2  # linux/fs.h


class BuildBusy(OSError):
    """Another build is writing the same output folder."""


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
    # ones, its Node script's and its forked search entries': on a free core this overlaps
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


@contextlib.contextmanager
def _only_build_into(out_dir: Path) -> Iterator[None]:
    """Hold the output's parent folder for this build; stale leftovers of killed builds go.

    The lock is the kernel's, on the folder itself: it ends with the process, however
    the process ends, and leaves no lock file behind.

    Raises:
        BuildBusy: another build holds it.
    """
    fd = os.open(out_dir.parent, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BuildBusy(f"another build is writing into {out_dir.parent}") from None
        olds = sorted(out_dir.parent.glob(f".{out_dir.name}-old-*"), key=_old_site_age)
        if olds and not os.path.lexists(out_dir):
            # Only the fallback swap leaves one, killed between its renames: the only copy.
            olds.pop().rename(out_dir)
        for stale in [*out_dir.parent.glob(f".{out_dir.name}-staging-*"), *olds]:
            shutil.rmtree(stale, ignore_errors=True)
        yield
    finally:
        os.close(fd)  # releases the lock


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
) -> tuple[BuildReport, Timings]:
    """Build the site from ``content_dir`` into ``out_dir``, replacing it only on success.

    Args:
        content_dir: a folder of rule sources in the formats of ``content/``.
        out_dir: where the built site goes; its parent must be writable.
        strict: MkDocs's strict mode: links to topics without a page and warnings are errors.
        config_file: the MkDocs configuration the site is built with.
        engine: ``mkdocs`` (with the ``rules`` plugin) or ``zensical``
            (:mod:`rulesite.zensical`, on the generated tree).

    Raises:
        SourceError: a source is broken (or, with ``strict``, a link has no target);
            ``out_dir`` is left untouched.
        BuildBusy: another build is writing into the same folder.
        BuildInterrupted: Ctrl+C; says whether ``out_dir`` had been replaced already.
    """
    started = time.perf_counter()
    out_dir = out_dir.resolve()
    replaced = False
    new_site: tuple[int, int] | None = None
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        with _only_build_into(out_dir):
            staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-staging-", dir=out_dir.parent))
            try:
                site_dir = staging / "site"
                if engine == "zensical":
                    heard = _build_with_zensical(content_dir, staging, config_file, strict)
                else:
                    args = ["build", "-f", str(config_file), "-d", str(site_dir)]
                    args += ["--strict"] if strict else []
                    with (
                        environment_variable(CONTENT_VARIABLE, str(Path(content_dir).resolve())),
                        _listening() as heard,
                    ):
                        _run_mkdocs(args, heard, config_file)
                if heard.report is None:
                    raise SourceError.at(str(config_file), 1, "the `rules` plugin is not enabled")
                new_site = _identity(site_dir)
                old = _swap(site_dir, out_dir)
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
        in_place = new_site is not None and _identity(out_dir) == new_site
        raise BuildInterrupted(replaced or in_place) from interrupt
    return report, timings


def _build_with_zensical(
    content_dir: Path, staging: Path, config_file: Path, strict: bool
) -> _Heard:
    """The generated tree, built by Zensical into ``staging/site``; reports as MkDocs's run does.

    Raises:
        SourceError: a source is broken, or Zensical failed or built a site that fails its checks.
    """
    started = time.perf_counter()
    tree_options = zensical.tree_options(config_file, strict)
    site = write_tree(content_dir, staging / "tree", tree_options)
    generated = time.perf_counter() - started
    run = zensical.build(
        staging / "tree",
        staging / "site",
        config_file=config_file,
        cache_dir=tree_options.cache_dir,
        node_modules=tree_options.node_modules,
        precache_mb=float(rules_options(project_config(config_file)).get("precache_mb", 20)),
    )
    heard = _Heard()
    heard.report = site.report
    heard.seconds = generated + run.finishing
    heard.loading = site.loading_seconds
    heard.background = run.background
    return heard


def _identity(folder: Path) -> tuple[int, int] | None:
    """Which folder is at ``folder`` (a rename keeps it); ``None`` when nothing is."""
    try:
        found = os.lstat(folder)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _old_site_age(old: Path) -> int:
    return int(old.name.rpartition("-")[2]) if old.name.rpartition("-")[2].isdigit() else 0


def _swap(new_site: Path, out_dir: Path) -> Path | None:
    """Put ``new_site`` where ``out_dir`` is in one step; returns where the old site went, to
    be removed. Every moment has either the old site or the new one at ``out_dir``."""
    if not os.path.lexists(out_dir):
        new_site.rename(out_dir)  # atomic: nothing there, then the new site
        return None
    try:
        _exchange(new_site, out_dir)
    except _NoExchange:
        return _swap_in_two_renames(new_site, out_dir)
    return new_site  # now holding the old site


class _NoExchange(Exception):
    """This system or filesystem cannot exchange two paths."""


def _exchange(first: Path, second: Path) -> None:
    """Swap two paths atomically: Linux's ``renameat2(RENAME_EXCHANGE)`` (glibc 2.28+).

    Raises:
        _NoExchange: not on this system or filesystem.
        OSError: the exchange failed.
    """
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is None:
        raise _NoExchange
    args = (_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE)
    if renameat2(*args) != 0:
        code = ctypes.get_errno()
        if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise _NoExchange
        raise OSError(code, os.strerror(code), str(second))


def _swap_in_two_renames(new_site: Path, out_dir: Path) -> Path:
    """The swap where no exchange exists: the old site steps aside, then the new one comes.

    Interrupted between the two, the old site goes back; killed there, the next build
    puts it back (``_only_build_into``).
    """
    old = out_dir.with_name(f".{out_dir.name}-old-{time.time_ns()}")
    out_dir.rename(old)
    try:
        new_site.rename(out_dir)
    except BaseException:
        old.rename(out_dir)
        raise
    return old
