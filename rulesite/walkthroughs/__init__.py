"""Interactive walkthroughs: the engine's wheel, Pyodide and the widget, added to the site.

Interface used by the site build (``rulesite.site_build``):

- ``load_walkthroughs(content_dir)`` reads ``content/walkthroughs/*.yaml``
  (raises ``SourceError`` with file and line for a broken one);
- ``Walkthroughs.embed_html(page_slug)`` gives the HTML to place on a topic page
  ("" when the page has none);
- ``Walkthroughs.write_assets(docs_dir, site_config)`` writes the engine wheel,
  the Pyodide runtime and each walkthrough's JSON into the staged docs folder.

This first version embeds nothing; the walkthrough work fills it in.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Walkthroughs:
    """The walkthroughs found in a content folder."""

    def embed_html(self, page_slug: str) -> str:
        return ""

    def write_assets(self, docs_dir: Path, site_config: dict[str, Any]) -> None:
        return None


def load_walkthroughs(content_dir: Path) -> Walkthroughs:
    return Walkthroughs()
