"""The runtime a walkthrough needs in the browser: the engine's wheel and Pyodide.

Everything here is packaging, not content: the engine built as a wheel
(:mod:`.engine_wheel`), npm's Pyodide copied and trimmed (:mod:`.pyodide_assets`),
its standard library and the engine precompiled to bytecode under Node
(:mod:`.precompiled`), and each walkthrough's data written beside them.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulesite.core.walkthroughs import ASSETS, Walkthroughs
from rulesite.core.walkthroughs.static_line import line_json
from rulesite.publish.dense_cache import warm
from rulesite.runtime.engine_wheel import engine_wheel
from rulesite.runtime.precompiled import FULL_STDLIB, precompiled_runtime
from rulesite.runtime.pyodide_assets import (
    DECODED_FILES,
    DECODER_FILES,
    LOCAL_PYODIDE_DIR,
    PYODIDE_OWN,
    RUNTIME_FILES,
    configured_pyodide_url,
    copy_pyodide,
    place_precompiled,
    runtime_bytes,
)

__all__ = ["CONFIG", "AssetSources", "is_runtime_asset", "served_download_size", "write_assets"]


@dataclass(frozen=True)
class AssetSources:
    """Where the generated assets come from."""

    engine_dir: Path  # the engine package with its pyproject.toml
    cache_dir: Path  # where built wheels are kept between builds
    node_modules: Path  # npm's folder holding the pyodide package


def write_assets(
    walkthroughs: Walkthroughs,
    folder: Path,
    site_config: dict[str, Any],
    sources: AssetSources,
    warm_dense: bool = False,
) -> None:
    """Write the engine wheel, Pyodide and the walkthrough data into ``folder``.

    ``warm_dense`` (a build, not ``serve``): Pyodide's own files start their densest
    compression now, on the core the runtime's precompiling leaves free.

    Raises:
        SourceError: the engine wheel cannot be built or Pyodide is not installed.
    """
    # The widget's own JS and CSS are package data (rulesite/assets), added by the plugin;
    # this adds what is generated beside them.
    target = folder / ASSETS
    wheel = engine_wheel(sources.engine_dir, sources.cache_dir)
    pyodide_url = configured_pyodide_url(site_config)
    # A CDN serves the same npm release, so its size is read from the npm package.
    pyodide_dir = sources.node_modules / "pyodide"
    if pyodide_url is None:
        # The site's own Pyodide: served precompiled by itself (a CDN's gets the plain wheel).
        pyodide_dir = copy_pyodide(sources.node_modules, folder)
        if warm_dense:
            # Measured on a fresh clone: the wasm's Brotli 11 outlasted the precompile.
            warm((pyodide_dir / name for name in PYODIDE_OWN), sources.cache_dir)
        npm_pyodide = sources.node_modules / "pyodide"
        runtime = precompiled_runtime(npm_pyodide, wheel, sources.cache_dir)
        place_precompiled(runtime, pyodide_dir)
        wheel = runtime.wheel
        pyodide_url = f"{LOCAL_PYODIDE_DIR}/"
    (target / "wheels").mkdir(parents=True, exist_ok=True)
    shutil.copy2(wheel, target / "wheels" / wheel.name)
    (target / "data").mkdir(exist_ok=True)
    # A walkthrough's data carries its suggested line (``line``), so the widget walks it
    # without the runtime.
    items = [
        {**w.data, "line": line_json(w.line, w.data.get("script", []))}
        for w in walkthroughs.walkthroughs
    ]
    for name, data in zip(
        [*(w.id for w in walkthroughs.walkthroughs), *(b.id for b in walkthroughs.side_by_side)],
        [*items, *(b.data for b in walkthroughs.side_by_side)],
        strict=True,
    ):
        (target / "data" / f"{name}.json").write_text(
            json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
        )
    # URLs relative to the site root (the widget knows it from its own URL), so the
    # site works under any base path.
    # The Start button says what a start downloads: uncompressed here, the served
    # (Brotli) bytes once the build has compressed the site (served_download_size).
    config: dict[str, Any] = {
        "pyodide": pyodide_url,
        "wheel": f"{ASSETS}/wheels/{wheel.name}",
        "download_bytes": runtime_bytes(pyodide_dir) + wheel.stat().st_size,
        "runtime_files": [
            f"{pyodide_url}{name}" for name in RUNTIME_FILES if (pyodide_dir / name).is_file()
        ],
    }
    if pyodide_url == f"{LOCAL_PYODIDE_DIR}/":
        # Served by the site itself: on a host that sends files as they are on disk, the
        # worker fetches these as their Brotli siblings and decodes them (transfer.js).
        local = f"{LOCAL_PYODIDE_DIR}/"
        config["on_demand"] = [local + FULL_STDLIB]
        config["decoded"] = [
            *(local + name for name in DECODED_FILES),
            config["wheel"],
            local + FULL_STDLIB,
        ]
        config["decoder"] = [local + name for name in DECODER_FILES]
    (target / "config.json").write_text(json.dumps(config), encoding="utf-8")


CONFIG = f"{ASSETS}/config.json"


def served_download_size(site_dir: Path) -> bytes | None:
    """The walkthrough config with what each runtime file weighs as served (written by the
    build's compression, which must have run): ``sizes`` gives each file's bytes on disk,
    as Brotli and as gzip (0: no such sibling), so that a page tells what this host will
    really send (``transfer.js``), and ``download_bytes`` a start's Brotli bytes; ``None``
    when the site has no walkthrough config. The file is rewritten; the caller compresses
    it again."""
    path = site_dir / CONFIG
    if not path.is_file():
        return None
    config = json.loads(path.read_text("utf-8"))
    start = [*config.get("runtime_files", []), config["wheel"]]
    urls = [*start, *config.get("on_demand", []), *config.get("decoder", [])]
    sizes: dict[str, list[int]] = {}
    for url in urls:
        file = site_dir / url
        if not file.is_file():  # a CDN's: counted as npm's file, uncompressed
            return None
        siblings = (file.with_name(f"{file.name}{suffix}") for suffix in (".br", ".gz"))
        sizes[url] = [
            file.stat().st_size,
            *(s.stat().st_size if s.is_file() else 0 for s in siblings),
        ]
    config["sizes"] = sizes
    config["download_bytes"] = sum(sizes[url][1] or sizes[url][0] for url in start)
    config["compressed"] = True
    data = json.dumps(config).encode("utf-8")
    path.write_bytes(data)
    return data


def is_runtime_asset(relative_path: str) -> bool:
    """Whether a built file is part of the runtime: content-addressed, so it compresses once."""
    return relative_path.startswith((f"{LOCAL_PYODIDE_DIR}/", f"{ASSETS}/wheels/"))
