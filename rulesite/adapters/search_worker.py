"""The site's search worker: a file beside the engine's own search worker that runs it
inside the site's search (``rulesite/assets/search/``: queries folded as players type them,
results ranked as a reader expects).

Both engines name their worker ``assets/javascripts/workers/search.<hash>.min.js`` in each
page's configuration; the theme's config block (``rulesite/theme/main.html``) names
``rules-search.<hash>.min.js`` instead, which this writes: it tells the site's adapter for
the engine (``material.js`` or ``zensical.js``) the engine worker's name, and loads it.
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["MATERIAL", "ZENSICAL", "search_workers"]

WORKERS = "assets/javascripts/workers"
PREFIX = "rules-"
MATERIAL = "material.js"  # the adapter for Material's lunr worker (MkDocs, ProperDocs)
ZENSICAL = "zensical.js"  # the adapter for Zensical's worker


def search_workers(site_dir: Path, adapter: str) -> dict[Path, bytes]:
    """The site's search worker for each engine worker the built site holds (one), by path:
    ``rules-search.<hash>.min.js``, loading ``adapter`` (:data:`MATERIAL`, :data:`ZENSICAL`)."""
    workers = {}
    for engine in sorted((site_dir / WORKERS).glob("search.*.js")):
        text = (
            "// Written by the build (rulesite/adapters/search_worker.py): the site's search\n"
            f"// around this engine's own worker, {engine.name}.\n"
            f"self.ENGINE_WORKER = {json.dumps(engine.name)};\n"
            f'importScripts("../../search/common.js", "../../search/{adapter}");\n'
        )
        workers[engine.with_name(PREFIX + engine.name)] = text.encode("utf-8")
    return workers
