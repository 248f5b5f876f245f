"""The service worker's precache list, fingerprinted by the build."""

from __future__ import annotations

import hashlib
import json
import re

from rulesite.publish.offline import OFFLINE_LIST, is_precached, is_shell, precache_manifest
from tests.generator.site_once import BuiltSite

_ENTRY = re.compile(r'\{"revision":"([0-9a-f]{32})","url":"([^"]+)"\}')


def test_the_worker_precaches_the_shell_with_the_md5_of_its_content_and_lists_the_rest(
    built_site: BuiltSite,
) -> None:
    """Workbox refetches a file when its revision changes: a wrong one serves a stale page.
    A first visit downloads the shell only; every other page, search file and asset is
    listed for "Keep the whole reference offline" (offline-files.json)."""
    site = built_site.out
    listed = {url: revision for revision, url in _ENTRY.findall((site / "sw.js").read_text())}
    expected = {
        path.relative_to(site).as_posix(): hashlib.md5(path.read_bytes()).hexdigest()
        for path in site.rglob("*")
        if path.is_file() and is_precached(path.relative_to(site).as_posix())
    }
    assert listed == {url: md5 for url, md5 in expected.items() if is_shell(url)}
    assert "index.html" in listed and "assets/javascripts/rules.js" in listed
    # The walkthrough worker's Python side, fetched by it at start: offline too.
    assert "assets/walkthrough/bridge.py" in listed
    assert "rules/movement/index.html" not in listed
    assert "search/search_index.json" not in listed
    assert not any(url.startswith(("assets/pyodide/", "workbox-")) for url in listed)
    json.dumps(listed)  # plain strings
    rest = json.loads((site / OFFLINE_LIST).read_text("utf-8"))
    assert "rules/movement/" in rest["files"] and "search/search_index.json" in rest["files"]
    as_files = {f"{url}index.html" if url.endswith("/") else url for url in rest["files"]}
    # Everything else the site holds, derived from the built files: every short link and the
    # data files for tools too; not the siblings, the service worker's files, source maps, or
    # the runtime (the page plans its files by what the host sends: transfer.js).
    every = {
        path.relative_to(site).as_posix()
        for path in site.rglob("*")
        if path.is_file()
        and path.suffix not in {".br", ".gz", ".map"}
        and not path.name.startswith(".")  # the build's own mark, written after
    }
    runtime = ("assets/pyodide/", "assets/walkthrough/wheels/", "workbox-")
    kept = {f for f in every if not f.startswith(runtime)} - {"sw.js", OFFLINE_LIST}
    assert as_files | set(listed) == kept
    assert {"r/89.2/index.html", "rules.json", "manifest.webmanifest"} <= as_files
    assert not as_files & set(listed)
    # Each with its bytes as it is and as each sibling (0: none), as the host may send it.
    for url, (raw, br, gz) in zip(rest["files"], rest["sizes"], strict=True):
        file = site / (f"{url}index.html" if url.endswith("/") or not url else url)
        assert raw == file.stat().st_size
        for size, suffix in ((br, ".br"), (gz, ".gz")):
            sibling = file.with_name(file.name + suffix)
            assert size == (sibling.stat().st_size if sibling.is_file() else 0), url
    assert rest["bytes"] == sum(raw for raw, _, _ in rest["sizes"])


def test_a_site_over_the_budget_precaches_its_shell_and_nothing_else() -> None:
    """A phone downloads every precached file on its first visit: a large site sends the
    shell only, and each page is kept once opened (sw_template.js)."""
    revisions = {
        "index.html": "a",
        "404.html": "b",
        "rules/movement/index.html": "c",
        "assets/stylesheets/rules.css": "d",
        "assets/javascripts/rules.js": "e",
        "assets/rules-index.json": "f",
        "search/search_index.json": "g",
        "search/numbers.json": "h",
        "search/numbers/89.json": "i",
    }
    sizes = dict.fromkeys(revisions, 100)
    everything = precache_manifest(revisions, sizes, budget=900)
    assert [entry["url"] for entry in everything] == sorted(revisions)
    assert everything[0] == {"url": "404.html", "revision": "b"}
    shell = {entry["url"] for entry in precache_manifest(revisions, sizes, budget=899)}
    assert shell == {
        "index.html",
        "404.html",
        "assets/stylesheets/rules.css",
        "assets/javascripts/rules.js",
        "assets/rules-index.json",
        "search/numbers.json",
    }


def test_a_files_kind_for_the_precache_is_its_names_last_suffix_as_pathlib_reads_it() -> None:
    """Odd names included: a leading dot is no suffix, a trailing one neither."""
    assert is_precached("rules/a.b/page.html") and is_precached("a/..html")
    assert not any(map(is_precached, ["a/.html", "a/page.html.", "x"]))
    assert is_precached("data/b.tar.json") and not is_precached("data/b.json.gz")
    assert is_shell("assets/site.css") and not is_shell("rules/page.html")
    assert is_shell("a/.html")  # no suffix: an asset, as pathlib would have it
