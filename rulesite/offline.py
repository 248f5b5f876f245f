"""The offline service worker, generated into a built site by workbox-build (npm).

MkDocs-free. The worker precaches every page and asset except the Python
runtime, which it keeps only once a reader has started a walkthrough (see
``service_worker.mjs``). Node starts with the build (:func:`start_service_worker`)
and loads workbox-build while MkDocs renders; :meth:`ServiceWorkerJob.begin`, once
the site is written, lets it write ``sw.js`` while the build compresses the
rest; only ``sw.js`` and Workbox's own files, which the script writes, wait for it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from rulesite.errors import SourceError
from rulesite.node import NodeRun, start_node

SCRIPT = Path(__file__).with_name("service_worker.mjs")
TEMPLATE = Path(__file__).with_name("sw_template.js")
# It reads and fingerprints a few thousand files; far more than this means a hang.
TIMEOUT_S = 120
SERVICE_WORKER = "sw.js"
_WORKBOX_PREFIX = "workbox-"  # copyWorkboxLibraries's folder: workbox-v<version>


def is_written_by_script(relative: str) -> bool:
    """Whether the script writes this path of the site (so it is not finished before it ends)."""
    return relative == SERVICE_WORKER or relative.startswith(_WORKBOX_PREFIX)


@dataclass(frozen=True)
class Precache:
    """What the service worker precaches, and where the script wrote Workbox's files."""

    count: int
    size: int
    workbox_dir: str  # relative to the site folder


@dataclass(frozen=True)
class ServiceWorkerJob:
    """The service worker's generation, under way."""

    run: NodeRun

    def begin(self) -> None:
        """Write ``sw.js`` now: the site is complete."""
        self.run.proceed()

    def wait(self) -> Precache:
        """Wait for ``sw.js`` (begun, or begun now).

        Raises:
            SourceError: the generation failed or hung.
        """
        self.begin()
        return Precache(**json.loads(self.run.output()))

    def stop(self) -> None:
        """Give up on it (the build failed elsewhere)."""
        self.run.stop()


def start_service_worker(site_dir: Path, node_modules: Path) -> ServiceWorkerJob:
    """Start the script that will write ``site_dir/sw.js`` and Workbox's files beside it.

    Raises:
        SourceError: Node or workbox-build is missing.
    """
    package = node_modules / "workbox-build" / "package.json"
    if not package.is_file():
        raise SourceError.at(str(package), 1, "workbox-build missing: run `npm ci` (make setup)")
    args = [str(site_dir), str(TEMPLATE), str(node_modules)]
    run = start_node(
        SCRIPT,
        args,
        where=str(SCRIPT),
        what="generating the service worker",
        timeout_s=TIMEOUT_S,
    )
    return ServiceWorkerJob(run)
