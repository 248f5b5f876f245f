"""The process ProperDocs runs in: ``python -m rulesite.adapters.properdocs.child``.

    ... build SETTINGS_JSON SITE_DIR RESULT    the outcome (or the diagnostics) pickled
    ... serve SETTINGS_JSON HOST:PORT          until Ctrl+C; the exit status is the server's

Run by :mod:`rulesite.adapters.properdocs` only.
"""

from __future__ import annotations

import json
import pickle
import signal
import sys
from pathlib import Path

# From here on, every `import mkdocs...` in this process is ProperDocs's module.
import properdocs.replacement  # noqa: F401

from rulesite.adapters.mkdocs import run
from rulesite.adapters.site_engine import BuildSettings
from rulesite.core.errors import SourceError


def _settings(text: str) -> BuildSettings:
    fields = json.loads(text)
    return BuildSettings(
        content_dir=Path(fields["content_dir"]),
        config_file=Path(fields["config_file"]),
        strict=bool(fields["strict"]),
        previous=Path(fields["previous"]) if fields["previous"] else None,
        site_url=fields["site_url"],
        precache_mb=fields["precache_mb"],
    )


def main(argv: list[str]) -> int:
    """Run one build or server; returns the exit status."""
    action, settings = argv[0], _settings(argv[1])
    if action == "serve":
        return run.serve(settings, argv[2])
    site_dir, result = Path(argv[2]), Path(argv[3])
    outcome: object
    try:
        outcome = run.build(settings, site_dir)
    except SourceError as error:
        outcome = list(error.diagnostics)
    with result.open("wb") as file:
        pickle.dump(outcome, file)
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit(main(sys.argv[1:]))
