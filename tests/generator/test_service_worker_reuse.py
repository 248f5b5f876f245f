"""Under ``serve`` the service worker is written again only when its precache list changed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulesite.publish.service_worker_reuse import ServiceWorker, WorkerMemory

pytestmark = pytest.mark.slow  # Node and workbox-build

NODE_MODULES = Path(__file__).resolve().parents[2] / "node_modules"


def _written(site: Path, memory: WorkerMemory, revision: str) -> ServiceWorker:
    worker = ServiceWorker(site, NODE_MODULES, memory)
    worker.pages_written()
    worker.wait([{"url": "index.html", "revision": revision}])
    return worker


def test_an_unchanged_precache_list_runs_no_node_and_a_changed_one_does(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>home</p>", encoding="utf-8")
    memory = WorkerMemory()
    assert _written(site, memory, "rev-one").job is not None  # the first build's, at once
    script = site / "sw.js"
    assert "rev-one" in script.read_text(encoding="utf-8")
    os.utime(script, ns=(0, 0))
    assert _written(site, memory, "rev-one").job is None
    assert script.stat().st_mtime_ns == 0  # not written again
    assert _written(site, memory, "rev-two").job is not None
    assert "rev-two" in script.read_text(encoding="utf-8")


def test_a_service_worker_gone_from_the_site_is_written_again(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    memory = WorkerMemory()
    _written(site, memory, "rev-one")
    (site / "sw.js").unlink()
    assert _written(site, memory, "rev-one").job is not None
    assert "rev-one" in (site / "sw.js").read_text(encoding="utf-8")
