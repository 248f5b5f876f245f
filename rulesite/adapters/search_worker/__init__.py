"""The site's search worker: one file beside the engine's own search worker that runs it
inside the site's search (this folder's scripts: queries folded as players type them,
typos forgiven, results ranked as a reader expects).

Both engines name their worker ``assets/javascripts/workers/search.<hash>.min.js`` in each
page's configuration; the theme's config block (``rulesite/theme/main.html``) names
``rules-search.<hash>.min.js`` instead, which this writes: ``common.js`` and the adapter
for the engine (``material.js`` or ``zensical.js``) in one file (a first visit loads the
worker: one request more than the engine's alone), told the engine worker's name, which
the adapter loads.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

__all__ = ["MATERIAL", "ZENSICAL", "search_workers"]

WORKERS = "assets/javascripts/workers"
PREFIX = "rules-"
MATERIAL = "material.js"  # the adapter for Material's lunr worker (MkDocs, ProperDocs)
ZENSICAL = "zensical.js"  # the adapter for Zensical's worker
_COMMON = "common.js"


def _script(name: str) -> str:
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


def search_workers(site_dir: Path, adapter: str) -> dict[Path, bytes]:
    """The site's search worker for each engine worker the built site holds (one), by path:
    ``rules-search.<hash>.min.js``, with ``adapter`` (:data:`MATERIAL`, :data:`ZENSICAL`)."""
    workers = {}
    for engine in sorted((site_dir / WORKERS).glob("search.*.js")):
        text = (
            "// Written by the build (rulesite/adapters/search_worker/): the site's search\n"
            f"// around this engine's own worker, {engine.name}.\n"
            f"self.ENGINE_WORKER = {json.dumps(engine.name)};\n"
            f"{_script(_COMMON)}\n{_script(adapter)}"
        )
        workers[engine.with_name(PREFIX + engine.name)] = text.encode("utf-8")
    return workers
