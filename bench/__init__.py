"""The benchmarks, found by what they are rather than listed by hand.

A benchmark is a script of ``bench/`` that defines ``main`` at its top level: run as
``python bench/<name>.py [--quick]``, it prints its table and exits 0 when its targets
hold, 1 naming the one it missed. Every other module here is a helper the benchmarks
(and the browser tests) import: corpora, servers. ``python -m bench`` runs them all.
"""

from __future__ import annotations

import ast
from pathlib import Path

__all__ = ["BENCH", "benchmarks"]

BENCH = Path(__file__).resolve().parent


def _defines_main(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return any(isinstance(node, ast.FunctionDef) and node.name == "main" for node in tree.body)


def benchmarks(folder: Path = BENCH) -> list[Path]:
    """Every benchmark script in ``folder``, by name."""
    scripts = sorted(folder.glob("*.py"))
    return [path for path in scripts if not path.name.startswith("_") and _defines_main(path)]
