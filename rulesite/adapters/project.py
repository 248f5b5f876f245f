"""The project's ``mkdocs.yml`` as an engine that runs no MkDocs plugin reads it.

Zensical (and any engine building the generated tree) takes the site's name, theme and
Markdown from the project's configuration, and the generator's settings from the
``rules`` plugin's options there, with a build's own settings over them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from rulesite.adapters.site_engine import BuildSettings
from rulesite.adapters.tree import TreeOptions
from rulesite.publish.previews import SiteFacts

PLUGIN = "rules"  # the generator's MkDocs plugin, as mkdocs.yml names it


class _EnvLoader(yaml.SafeLoader):
    """YAML with MkDocs's ``!ENV`` tag (``!ENV NAME`` or ``!ENV [NAME, default]``)."""


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    else:
        values = loader.construct_sequence(node)  # type: ignore[arg-type]
        names, default = values[:-1], values[-1]
    for name in names:
        if name in os.environ:
            return yaml.safe_load(os.environ[name])
    return default


_EnvLoader.add_constructor("!ENV", _env)


def project_config(path: Path) -> dict[str, Any]:
    """The project's ``mkdocs.yml``, its ``!ENV`` tags read from the environment."""
    config: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader=_EnvLoader) or {}
    return config


def rules_options(config: dict[str, Any]) -> dict[str, Any]:
    """The ``rules`` plugin's options in a project's configuration ({} without it)."""
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and PLUGIN in plugin:
            return dict(plugin[PLUGIN] or {})
    return {}


def tree_options(settings: BuildSettings) -> TreeOptions:
    """How the tree is generated for ``settings``: the project's docs folder, the ``rules``
    plugin's options there (paths relative to the file, as the plugin reads them), and
    the build's own settings over them."""
    project = project_config(settings.config_file)
    options = rules_options(project)
    root = settings.config_file.resolve().parent
    return TreeOptions(
        docs_dir=root / project.get("docs_dir", "docs"),
        strict_links=settings.strict or bool(options.get("strict_links")),
        previous=settings.previous,
        pyodide_url=(project.get("extra") or {}).get("pyodide_url") or "",
        cache_dir=root / options.get("cache", ".cache"),
        node_modules=root / options.get("node_modules", "node_modules"),
        site=SiteFacts.of(project, site_url(settings)),
    )


def site_url(settings: BuildSettings) -> str:
    """Where the site will be served: the build's setting, else the project's ("" unset)."""
    if settings.site_url is not None:
        return settings.site_url
    return str(project_config(settings.config_file).get("site_url") or "")


def precache_mb(settings: BuildSettings) -> float:
    """Megabytes a reader's first visit precaches: the build's setting, else the plugin's."""
    if settings.precache_mb is not None:
        return settings.precache_mb
    return float(rules_options(project_config(settings.config_file)).get("precache_mb") or 0)


def with_site_url(config: dict[str, Any], settings: BuildSettings) -> dict[str, Any]:
    """``config`` with the build's ``site_url``, where it gives one."""
    if settings.site_url is None:
        return config
    return {**config, "site_url": settings.site_url}
