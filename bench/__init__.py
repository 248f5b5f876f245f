"""The benchmarks, found by what they are rather than listed by hand.

A benchmark is a script of ``bench/`` that defines ``main`` at its top level: run as
``python bench/<name>.py [--quick]``, it prints its table and exits 0 when its targets
hold, 1 naming the one it missed. Every other module here is a helper the benchmarks
(and the browser tests) import: corpora, servers. ``python -m bench`` runs them all.

A benchmark declares at its top level what the runner needs to know of it, read from
its source without importing it: ``BUDGET_S``, the wall seconds a full run may take on
this two-core machine (the runner stops it after that and says so), and, when it has
longer runs than the default one, ``SCALING``: what its ``--scaling`` option adds.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

__all__ = ["BENCH", "DEFAULT_BUDGET_S", "Declared", "benchmarks", "declared"]

BENCH = Path(__file__).resolve().parent
# A benchmark that declares no budget of its own gets this one.
DEFAULT_BUDGET_S = 600


@dataclass(frozen=True)
class Declared:
    """What a benchmark's source declares for the runner."""

    budget_s: float = DEFAULT_BUDGET_S
    scaling: str | None = None  # what ``--scaling`` adds; None: no such option


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _defines_main(path: Path) -> bool:
    body = _tree(path).body
    return any(isinstance(node, ast.FunctionDef) and node.name == "main" for node in body)


def declared(path: Path) -> Declared:
    """``BUDGET_S`` and ``SCALING`` as ``path`` assigns them at its top level (literals)."""
    found: dict[str, object] = {}
    for node in _tree(path).body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and node.value is not None:
                    try:
                        found[target.id] = ast.literal_eval(node.value)
                    except ValueError:
                        continue
    budget = found.get("BUDGET_S", DEFAULT_BUDGET_S)
    scaling = found.get("SCALING")
    return Declared(
        float(budget) if isinstance(budget, int | float) else DEFAULT_BUDGET_S,
        scaling if isinstance(scaling, str) else None,
    )


def benchmarks(folder: Path = BENCH) -> list[Path]:
    """Every benchmark script in ``folder``, by name."""
    scripts = sorted(folder.glob("*.py"))
    return [path for path in scripts if not path.name.startswith("_") and _defines_main(path)]
