"""The offline service worker, generated into a built site by workbox-build (npm).

MkDocs-free: called with the built site folder once MkDocs has written it. The
worker precaches every page and asset except the Python runtime, which it keeps
only once a reader has started a walkthrough (see ``service_worker.mjs``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from rulesite.errors import SourceError

SCRIPT = Path(__file__).with_name("service_worker.mjs")
TEMPLATE = Path(__file__).with_name("sw_template.js")
# It reads and fingerprints a few hundred files; far more than this means a hang.
TIMEOUT_S = 120


@dataclass(frozen=True)
class Precache:
    """What the service worker precaches."""

    count: int
    size: int


def write_service_worker(site_dir: Path, node_modules: Path) -> Precache:
    """Write ``site_dir/sw.js``.

    Raises:
        SourceError: Node or workbox-build is missing, or the generation failed.
    """
    node = shutil.which("node")
    package = node_modules / "workbox-build" / "package.json"
    if node is None or not package.is_file():
        raise SourceError.at(str(package), 1, "workbox-build missing: run `npm ci` (make setup)")
    try:
        result = subprocess.run(
            [node, str(SCRIPT), str(site_dir), str(TEMPLATE), str(node_modules)],
            cwd=site_dir,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise SourceError.at(str(SCRIPT), 1, f"no service worker after {TIMEOUT_S} s") from error
    if result.returncode != 0:
        detail = (result.stderr.strip().splitlines() or ["no output"])[-1]
        raise SourceError.at(str(SCRIPT), 1, f"service worker not generated: {detail}")
    return Precache(**json.loads(result.stdout.strip().splitlines()[-1]))
