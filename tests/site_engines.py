"""The registered site engines, as the tests run them (rulesite/adapters/registry.py)."""

from __future__ import annotations

from rulesite.adapters.registry import engine_names, site_engine

# Every registered engine: the build tests run each of them.
ALL = engine_names()


def _one_per_theme() -> tuple[str, ...]:
    """A registered engine for each front end a reader can be shown (engines of one theme
    show the same pages: ProperDocs's are MkDocs's), the default first."""
    first: dict[str, str] = {}
    for name in ALL:
        first.setdefault(site_engine(name).theme, name)
    return tuple(first.values())


# One engine a theme: the tests of what a reader sees run each of these.
ONE_PER_THEME = _one_per_theme()
