"""Material's templates compiled once, not on every build: a Jinja bytecode cache.

MkDocs builds a fresh Jinja environment per build and compiles every theme
template it renders with; keeping the compiled templates on disk (keyed by
Jinja on each template's source, so an edited template is recompiled) saves
that work on every later build and every ``serve`` rebuild.
"""

from __future__ import annotations

from pathlib import Path

import jinja2
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files

PLUGIN_NAME = "rulesite-jinja-cache"


class _NoOptions(Config):
    """Configured by the build (the cache folder), not by mkdocs.yml."""


class JinjaBytecodeCache(BasePlugin[_NoOptions]):
    """Gives the theme's Jinja environment a bytecode cache in ``folder``."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder

    def on_env(
        self, env: jinja2.Environment, /, *, config: MkDocsConfig, files: Files
    ) -> jinja2.Environment:
        """MkDocs's event: the environment exists, no page is rendered yet."""
        self.folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(self.folder))
        return env


def add_jinja_cache(config: MkDocsConfig, folder: Path) -> None:
    """Make the build of ``config`` keep compiled templates in ``folder``."""
    config.plugins[PLUGIN_NAME] = JinjaBytecodeCache(folder)
