"""A fresh clone's first build and first ``serve``, in turns with Starlight's cold build.

Used by ``bench/build.py --cold``. A fresh clone holds the project's files and the
installed packages (``make setup`` done) and no ``.cache``, so the engine wheel, the
runtime's precompile under Node and every compression run. Two first builds are timed:

- ``serve``: what a maintainer's loop starts with (``rulesite serve`` in the clone),
  from launch to the first page served. It compresses the runtime at a fast setting;
  the densest forms are a ``build``'s. The target (``COLD_TARGET``) is set on it;
- ``build``: the site a deploy would publish, its runtime at the densest setting,
  shown beside it with its ratio.

Both build the same corpus Starlight does when its site holds one
(``src/content/docs``), else the seeds. Wall and CPU seconds (the CPU of a build and of
every process it waits for); the fastest of each kept.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLD_TARGET = 1.5  # a fresh clone's first serve against Starlight's cold build, wall time
# What a fresh clone holds besides .cache: the project's files, npm's installed packages.
CLONE_PARTS = ("content", "docs", "rulesite", "node_modules")
# What ``serve`` reads of the project from where its package sits: copied, so the clone
# is its root (and its .cache the clone's); node_modules is installed, so linked.
COPIED = ("content", "docs", "rulesite", "engine", "mkdocs.yml")
SERVE_LIMIT_S = 1800.0


def fresh_clone(work: Path) -> Path:
    """A project as a fresh clone (``make setup`` done) has it, with no ``.cache``: its
    configuration file (the build is given it, so its cache is the clone's)."""
    work.mkdir(parents=True)
    shutil.copy2(ROOT / "mkdocs.yml", work / "mkdocs.yml")
    for name in CLONE_PARTS:
        (work / name).symlink_to(ROOT / name, target_is_directory=True)
    return work / "mkdocs.yml"


def copied_clone(work: Path) -> Path:
    """A fresh clone ``serve`` runs in: the project's files copied, packages linked."""
    work.mkdir(parents=True)
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info", ".cache", "site")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, work / name, ignore=skip)
        else:
            shutil.copy2(source, work / name)
    (work / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    return work


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Run ``command``; its wall seconds and the CPU seconds of it and what it waited for."""
    before = _cpu()
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    return wall, _cpu() - before


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return int(response.status) == 200
    except (urllib.error.URLError, OSError):
        return False


def serve_cold(work: Path, engine: str, content: Path) -> tuple[float, float]:
    """``rulesite serve`` in a fresh clone until its first page answers; wall and CPU s."""
    clone = copied_clone(work / "clone")
    port = _free_port()
    command = [sys.executable, "-m", "rulesite", "serve", "--engine", engine]
    command += ["--content", str(content), "--dev-addr", f"127.0.0.1:{port}"]
    # The clone's own packages first, so the clone is the project root serve works from.
    env = {**os.environ, "PYTHONPATH": str(clone)}
    before = _cpu()
    started = time.perf_counter()
    log = (work / "serve.log").open("w")
    server = subprocess.Popen(
        command, cwd=clone, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        while not _answers(f"http://127.0.0.1:{port}/"):
            if server.poll() is not None:
                raise SystemExit(f"serve ended before serving:\n{(work / 'serve.log').read_text()}")
            if time.perf_counter() - started > SERVE_LIMIT_S:
                raise SystemExit(f"serve served nothing in {SERVE_LIMIT_S:.0f} s")
            time.sleep(0.2)
        wall = time.perf_counter() - started
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()
    return wall, _cpu() - before


def build_cold(work: Path, engine: str, content: Path) -> tuple[float, float]:
    """One first build of ``content`` in a fresh clone; wall and CPU seconds."""
    config = fresh_clone(work / "clone")
    command = [sys.executable, str(ROOT / "bench" / "build.py"), "--build-once"]
    command += [str(content), str(work / "site"), "--engine", engine, "--config", str(config)]
    return timed(command, ROOT)


def starlight_cold(site: Path, out: Path) -> tuple[float, float]:
    """One cold Starlight build of ``site`` (its content cache cleared) into ``out``."""
    astro = site / "node_modules" / ".bin" / "astro"
    return timed([str(astro), "build", "--force", "--outDir", str(out)], site)


def cold_main(starlight: Path | None, repeats: int, engine: str, work: Path) -> int:
    """Fresh-clone first serves and builds in turns with Starlight's cold builds; the
    exit status (1 when the first serve misses ``COLD_TARGET``)."""
    missing = starlight is None or not (starlight / "node_modules" / ".bin" / "astro").is_file()
    corpus = None if missing or starlight is None else starlight / "src" / "content" / "docs"
    content = corpus if corpus is not None and corpus.is_dir() else ROOT / "content"
    print(f"corpus: {'Starlight' if content == corpus else 'the seeds'} ({content})")
    runs: dict[str, list[tuple[float, float]]] = {"serve": [], "build": [], "Starlight": []}
    for number in range(1, repeats + 1):
        runs["serve"].append(serve_cold(work / f"serve-{number}", engine, content))
        runs["build"].append(build_cold(work / f"build-{number}", engine, content))
        if not missing and starlight is not None:
            runs["Starlight"].append(starlight_cold(starlight, work / f"starlight-{number}"))
        said = ", ".join(
            f"{k} {v[-1][0]:.1f} s ({v[-1][1]:.1f} CPU s)" for k, v in runs.items() if v
        )
        print(f"round {number}: {said}", file=sys.stderr, flush=True)
    print(f"{'first build':>16} {'wall s':>8} {'CPU s':>8}   (fastest of {repeats})")
    best = {name: min(times) for name, times in runs.items() if times}
    for name, label in (("serve", "ours, serve"), ("build", "ours, cold")):
        print(f"{label:>16} {best[name][0]:>8.1f} {best[name][1]:>8.1f}")
    if missing:
        print(f"Starlight: skipped, no installed astro-site given ({starlight}); ours only")
        return 0
    peer = best["Starlight"]
    print(f"{'Starlight':>16} {peer[0]:>8.1f} {peer[1]:>8.1f}")
    build = best["build"]
    print(f"build / Starlight {build[0] / peer[0]:.2f}x (CPU {build[1] / peer[1]:.2f}x): shown")
    serve = best["serve"]
    ratio = serve[0] / peer[0]
    met = ratio <= COLD_TARGET
    print(
        f"serve / Starlight {ratio:.2f}x (CPU {serve[1] / peer[1]:.2f}x): "
        f"{'meets' if met else 'misses'} the {COLD_TARGET}x target"
    )
    return 0 if met else 1
