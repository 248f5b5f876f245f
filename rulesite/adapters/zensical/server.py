"""``rulesite serve --engine zensical``: ``zensical serve`` on the generated tree,
regenerated when a source, a hand-written page or the engine changes.

Zensical watches its docs folder and rebuilds what changed; this process watches what the
tree is generated from (polling: a few hundred files), generates a new tree beside the
served one and copies into it only the files that differ, so Zensical sees a normal edit.
A broken source prints ``file:line: what is wrong`` and the last good tree stays served.
"""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

import engine
from rulesite.adapters.project import tree_options
from rulesite.adapters.site_engine import BuildSettings
from rulesite.adapters.tree import DOCS, MANIFEST, SEARCH_RECORDS, THEME, TreeOptions, write_tree
from rulesite.adapters.zensical.builder import CONFIG, write_config
from rulesite.core.errors import SourceError, print_diagnostics
from rulesite.publish.helpers import die_with_parent, scratch_folder

POLL_S = 0.5


def snapshot(folders: Iterable[Path]) -> dict[str, tuple[int, int]]:
    """Every file under ``folders`` → its modification time and size."""
    seen = {}
    for folder in folders:
        for path in folder.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                stat = path.stat()
                seen[str(path)] = (stat.st_mtime_ns, stat.st_size)
    return seen


def sync(new: Path, served: Path) -> int:
    """Make ``served`` hold what ``new`` holds, touching only what differs; returns how many
    files changed."""
    changed = 0
    for source in sorted(new.rglob("*")):
        target = served / source.relative_to(new)
        if source.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif not target.is_file() or not filecmp.cmp(source, target, shallow=False):
            shutil.copyfile(source, target)
            changed += 1
    for target in sorted(served.rglob("*"), reverse=True):
        if not (new / target.relative_to(served)).exists():
            if target.is_dir():
                shutil.rmtree(target)
            else:
                target.unlink()
            changed += 1
    return changed


def serve(settings: BuildSettings, dev_addr: str) -> int:
    """Serve until Ctrl+C (returns 130) or Zensical stops (returns 1).

    Raises:
        SourceError: the first generation failed (nothing to serve).
    """
    options = tree_options(settings)
    content_dir, config_file = settings.content_dir.resolve(), settings.config_file
    # This server's own folder: two servers of one project must not share a tree. Under the
    # cache, named by this process: a killed server's is removed by the next one.
    work = scratch_folder(options.cache_dir, "zensical-serve")
    try:
        return _serve(content_dir, dev_addr, config_file, options, work, settings.site_url)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _serve(
    content_dir: Path,
    dev_addr: str,
    config_file: Path,
    options: TreeOptions,
    work: Path,
    site_url: str | None,
) -> int:
    served, fresh = work / "tree", work / "next"
    write_tree(content_dir, served, options)
    config = write_config(served, config_file, site_url)
    watched = [
        content_dir,
        *([options.docs_dir] if options.docs_dir else []),
        Path(engine.__file__).parent,
    ]
    seen = snapshot(watched)
    command = [sys.executable, "-m", "zensical", "serve", "-f", str(config), "-a", dev_addr]
    process = subprocess.Popen(command, preexec_fn=die_with_parent())
    try:
        while process.poll() is None:
            time.sleep(POLL_S)
            now = snapshot(watched)
            if now != seen:
                seen = now
                _regenerate(content_dir, served, fresh, options, config_file, site_url)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return 130
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=30)
    print(f"zensical serve stopped with status {process.returncode}", file=sys.stderr)
    return 1


def _regenerate(
    content_dir: Path,
    served: Path,
    fresh: Path,
    options: TreeOptions,
    config_file: Path,
    site_url: str | None,
) -> None:
    try:
        write_tree(content_dir, fresh, options)
    except SourceError as error:
        print_diagnostics(error)
        print("generation stopped; the last good pages stay served", file=sys.stderr)
        return
    write_config(fresh, config_file, site_url)
    # Not the whole tree: Zensical writes its site and its cache inside it.
    count = sum(sync(fresh / name, served / name) for name in (DOCS, THEME))
    for name in (CONFIG, MANIFEST, SEARCH_RECORDS):
        if not filecmp.cmp(fresh / name, served / name, shallow=False):
            shutil.copyfile(fresh / name, served / name)
            count += 1
    print(f"regenerated: {count} file(s) changed", file=sys.stderr)
