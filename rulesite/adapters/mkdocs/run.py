"""MkDocs's build and server run in this process, a build's settings in its configuration.

The settings reach the ``rules`` plugin as its options (:func:`config_overrides`), given
to MkDocs's own ``load_config`` and ``serve`` over the project's ``mkdocs.yml``; the
build's report comes back from the plugin itself (:meth:`RulesPlugin.outcome`). MkDocs's
own warnings, which only its log carries, are gathered from its log.

The same code runs ProperDocs (:mod:`rulesite.adapters.properdocs`), in a process where
``mkdocs`` is ProperDocs.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.commands.serve import serve as mkdocs_serve
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, ConfigurationError
from mkdocs.utils.yaml import yaml_load

from rulesite.adapters.mkdocs.plugin import RulesPlugin
from rulesite.adapters.site_engine import BuildSettings, EngineBuild
from rulesite.core.errors import SourceError, printable

PLUGIN = "rules"
EXIT_STOPPED = 130  # the shell's status for a command stopped by Ctrl+C
# Where MkDocs logs: ``mkdocs``, or ``properdocs`` where ProperDocs stands in for it.
LOGGER = mkdocs_build.__module__.partition(".")[0]


class _Heard(logging.Handler):
    """MkDocs's own errors and warnings during one build (the plugin's are in its report)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.errors: list[str] = []
        self.warnings: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:
            self.errors.append(record.getMessage())
        elif not record.name.startswith(f"{LOGGER}.plugins.rulesite."):
            self.warnings.append(record.getMessage())


@contextlib.contextmanager
def _logged_to(handler: logging.Handler) -> Iterator[None]:
    """MkDocs's log goes to ``handler`` only (nothing printed unless it prints)."""
    logger = logging.getLogger(LOGGER)
    propagate, level = logger.propagate, logger.level
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(min(handler.level, logging.WARNING))
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate, logger.level = propagate, level


def config_overrides(settings: BuildSettings) -> dict[str, Any]:
    """What ``settings`` change in the project's configuration: the ``rules`` plugin's
    options (content folder, earlier folder, precache budget), strict mode, the site's URL.

    Raises:
        SourceError: the configuration cannot be read.
    """
    try:
        with settings.config_file.open("rb") as file:
            project = yaml_load(file) or {}
    except (OSError, ConfigurationError) as error:
        raise SourceError.at(str(settings.config_file), 1, f"MkDocs: {error}") from None
    ours: dict[str, Any] = {"content": str(settings.content_dir.resolve())}
    if settings.previous is not None:
        ours["previous"] = str(settings.previous.resolve())
    if settings.precache_mb is not None:
        ours["precache_mb"] = settings.precache_mb
    try:
        plugins = _with_options(project.get("plugins") or [], ours)
    except ValueError as error:
        raise SourceError.at(str(settings.config_file), 1, f"MkDocs: plugins: {error}") from None
    return {
        "plugins": plugins,
        "strict": settings.strict,
        "site_url": settings.site_url,  # None: the configuration's own
    }


def _with_options(plugins: list[Any] | dict[str, Any], ours: dict[str, Any]) -> dict[str, Any]:
    """The project's plugins, the ``rules`` plugin's options updated, in MkDocs's mapping
    form: ``serve`` loads the configuration again for every rebuild from the same
    overrides, and MkDocs takes apart the one-key mappings of the list form as it reads them.
    """
    named = plugins.items() if isinstance(plugins, dict) else map(_named, plugins)
    return {
        name: {**(options or {}), **ours} if name == PLUGIN else options for name, options in named
    }


def _named(plugin: str | dict[str, Any]) -> tuple[str, Any]:
    """A plugin of the list form (``search`` or ``{rules: {...}}``) as its name and options."""
    if isinstance(plugin, str):
        return plugin, {}
    if not isinstance(plugin, dict) or len(plugin) != 1:
        raise ValueError(f"a plugin is a name or a mapping of one name, not {plugin!r}")
    [(name, options)] = plugin.items()
    return name, options


def build(settings: BuildSettings, site_dir: Path) -> EngineBuild:
    """``mkdocs build`` of ``settings`` into ``site_dir`` (see the module).

    Raises:
        SourceError: a source is broken (the plugin's diagnostics), the configuration is
            not valid, or MkDocs failed.
    """
    config_file = str(settings.config_file)
    heard = _Heard()
    with _logged_to(heard):
        try:
            config = load_config(config_file, site_dir=str(site_dir), **config_overrides(settings))
        except (ConfigurationError, Abort) as error:
            detail = "; ".join(heard.errors) or str(error)
            raise SourceError.at(config_file, 1, f"MkDocs: {detail}") from None
        plugin = config.plugins.get(PLUGIN)
        if not isinstance(plugin, RulesPlugin):
            raise SourceError.at(config_file, 1, "the `rules` plugin is not enabled")
        config.plugins.on_startup(command="build", dirty=False)
        try:
            mkdocs_build(config)
        except Abort as error:
            if plugin.failure is not None:
                raise SourceError(plugin.failure.diagnostics) from None
            detail = "; ".join([*heard.errors, *heard.warnings]) or str(error)
            raise SourceError.at(config_file, 1, f"MkDocs: {detail}") from None
        finally:
            config.plugins.on_shutdown()
    outcome = plugin.outcome()
    return replace(outcome, report=replace(outcome.report, mkdocs_warnings=tuple(heard.warnings)))


def serve(settings: BuildSettings, dev_addr: str) -> int:
    """``mkdocs serve`` of ``settings`` at ``dev_addr`` until Ctrl+C; its log printed as
    MkDocs's command prints it. Returns the exit status: 0 once stopped by Ctrl+C while
    serving (MkDocs's server shuts down cleanly), 130 if stopped during the first build."""
    printed = logging.StreamHandler(sys.stderr)
    printed.setLevel(logging.INFO)
    printed.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
    with _logged_to(printed):
        try:
            overrides = config_overrides(settings)
            # Dirty: an edit rebuilds only what it changed (the plugin's ``incremental``);
            # not under --strict, where MkDocs's warning that a build is dirty stops it.
            mkdocs_serve(
                config_file=str(settings.config_file),
                dev_addr=dev_addr,
                build_type=None if settings.strict else "dirty",
                **overrides,
            )
        except (SourceError, ConfigurationError, Abort) as error:
            print(printable(f"serving stopped: {error}"), file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            print("stopped", file=sys.stderr)
            return EXIT_STOPPED
    return 0
