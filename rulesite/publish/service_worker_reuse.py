"""Under ``serve``, the service worker is written again only when what it is made of changed.

``sw.js`` is a function of its template, the folder Workbox's files were copied to and the
precache list. Under ``serve`` the list holds the site's shell (styles, scripts, the home
page), which an edit to a rule rarely changes, yet every edit ran Node: workbox-build
loaded, Workbox's files copied, ``sw.js`` written again, the same bytes. So after the
first build of a ``serve`` Node starts only once the build has the precache list and finds
it (or the template) changed, or the worker's files gone from the site folder.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path

from rulesite.publish.offline import (
    SERVICE_WORKER,
    TEMPLATE,
    Precache,
    ServiceWorkerJob,
    start_service_worker,
)

__all__ = ["ServiceWorker", "WorkerMemory"]


@dataclass
class WorkerMemory:
    """What the last service worker written into a ``serve``'s site folder was made of."""

    made_of: str = ""  # a digest of its template and precache list
    precache: Precache | None = None


class ServiceWorker:
    """The service worker's generation for one build: a :class:`ServiceWorkerJob`, started
    at once unless ``memory`` (``serve``) holds an earlier build's, when it starts only if
    the precache list calls for it (see the module)."""

    def __init__(
        self, site_dir: Path, node_modules: Path, memory: WorkerMemory | None = None
    ) -> None:
        self.site_dir = site_dir
        self.node_modules = node_modules
        self.memory = memory
        self.job: ServiceWorkerJob | None = None
        self._written = False
        if memory is None or memory.precache is None:
            self.job = start_service_worker(site_dir, node_modules)

    def pages_written(self) -> None:
        """See :meth:`ServiceWorkerJob.pages_written`."""
        self._written = True
        if self.job is not None:
            self.job.pages_written()

    def wait(self, manifest: list[dict[str, str]]) -> Precache:
        """See :meth:`ServiceWorkerJob.wait`: without Node when nothing it uses changed.

        Raises:
            SourceError: the generation failed or hung, or Node or workbox-build is missing.
        """
        made_of = _made_of(manifest)
        kept = self.memory.precache if self.memory is not None else None
        if self.job is None and kept is not None and self.memory is not None:
            present = (self.site_dir / SERVICE_WORKER).is_file() and (
                self.site_dir / kept.workbox_dir
            ).is_dir()
            if present and made_of == self.memory.made_of:
                return replace(kept, cpu=0.0)
        if self.job is None:
            self.job = start_service_worker(self.site_dir, self.node_modules)
            if self._written:
                self.job.pages_written()
        if self.memory is not None:  # a failed or stopped run may have left it half written
            self.memory.made_of = ""
        precache = self.job.wait(manifest)
        if self.memory is not None:
            self.memory.made_of, self.memory.precache = made_of, precache
        return precache

    def stop(self) -> None:
        """See :meth:`ServiceWorkerJob.stop`."""
        if self.job is not None:
            self.job.stop()


def _made_of(manifest: list[dict[str, str]]) -> str:
    digest = hashlib.blake2b(TEMPLATE.read_bytes(), digest_size=16)
    digest.update(repr(manifest).encode("utf-8"))
    return digest.hexdigest()
