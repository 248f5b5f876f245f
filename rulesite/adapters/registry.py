"""The site engines the generator builds with: one registration each.

A registration names the engine, its adapter package (whose ``ENGINE`` is a
:class:`~rulesite.adapters.site_engine.SiteEngine`) and one line for ``--help``. The
package is imported only when the engine is used: ``rulesite --help`` loads none.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from rulesite.adapters.site_engine import SiteEngine

__all__ = ["DEFAULT", "REGISTERED", "Registration", "engine_names", "site_engine"]


@dataclass(frozen=True)
class Registration:
    """One site engine: its name, its adapter package, what it is in a line."""

    name: str
    package: str
    summary: str


REGISTERED = (
    Registration(
        "mkdocs", "rulesite.adapters.mkdocs", "MkDocs and Material with the `rules` plugin"
    ),
    Registration(
        "zensical", "rulesite.adapters.zensical", "Zensical on the generated tree, then finished"
    ),
    Registration(
        "properdocs",
        "rulesite.adapters.properdocs",
        "ProperDocs, MkDocs 1.x's maintained fork, with the same plugin (its own process)",
    ),
)
DEFAULT = REGISTERED[0].name


def engine_names() -> tuple[str, ...]:
    """Every registered engine's name, the default first."""
    return tuple(registration.name for registration in REGISTERED)


def site_engine(name: str) -> SiteEngine:
    """The engine registered as ``name``.

    Raises:
        KeyError: no engine of that name.
    """
    for registration in REGISTERED:
        if registration.name == name:
            engine: SiteEngine = importlib.import_module(registration.package).ENGINE
            return engine
    raise KeyError(f"no site engine {name!r}; registered: {', '.join(engine_names())}")
