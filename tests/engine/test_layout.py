"""The engine's layout: what may import what, no import circle, no module over 400 lines.

The core (``engine.core``) imports no edition and holds no edition's facts; the 3rd
edition (``engine.ti3``) imports nothing of the 4th (``engine.ti4``); the exact odds
(``engine.odds``, the 4th edition's) read the 4th edition's facts (its units, factions
and abilities), never its rules nor the 3rd edition; nothing in the engine imports
``rulesite``. Imports are
read from the source (ast), every ``import`` and ``from ... import`` at any
depth: those inside functions and under ``if TYPE_CHECKING:`` count too, since
a deferred or type-only import is still an arrow between the modules.
"""

from __future__ import annotations

import ast
import dataclasses
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from rule_citations import ENGINE

from engine.core.actions import Action
from engine.core.editions import registered
from engine.core.state import Game
from engine.ti4.factions import FACTIONS

MAX_LINES = 400


def _name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def _imported(module: str, node: ast.AST) -> Iterator[str]:
    """The modules one import statement of ``module`` names (a submodule where it is one)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = f"{package}.{node.module}" if node.module else package
        else:
            base = node.module or ""
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            yield submodule if submodule in MODULES else base


def imports(module: str) -> set[str]:
    """Every module ``module`` imports, anywhere in its source."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    return {name for node in ast.walk(tree) for name in _imported(module, node)}


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _offending(package: str, forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{module} imports {name}"
        for module in MODULES
        if _within(module, package)
        for name in imports(module)
        if any(_within(name, f) for f in forbidden)
    )


def test_the_engine_imports_nothing_of_rulesite() -> None:
    found = _offending("engine", ("rulesite",))
    assert found == []


def test_the_core_imports_no_edition() -> None:
    assert _offending("engine.core", ("engine.ti4", "engine.ti3")) == []


def test_the_3rd_edition_imports_nothing_of_the_4th() -> None:
    assert _offending("engine.ti3", ("engine.ti4",)) == []


FACTS = ("engine.ti4.units", "engine.ti4.factions", "engine.ti4.abilities")
"""The 4th edition's facts: what the odds may read of it."""


def test_the_odds_read_the_4th_editions_facts_and_no_rules() -> None:
    found = [
        line
        for line in _offending("engine.odds", ("engine.ti4", "engine.ti3"))
        if not any(_within(line.rpartition(" imports ")[2], f) for f in FACTS)
    ]
    assert found == []


def test_the_4th_editions_facts_import_only_the_core_and_each_other() -> None:
    """So reading them (the odds do) never loads the 4th edition's rules, which read the odds."""
    for fact in FACTS:
        for module in MODULES:
            if _within(module, fact):
                outside = {
                    n
                    for n in imports(module)
                    if _within(n, "engine")
                    and not _within(n, "engine.core")
                    and not any(_within(n, f) for f in FACTS)
                }
                assert outside == set(), module
    assert imports("engine.ti4") == {"__future__"}  # the package loads none of its modules


def test_the_core_holds_no_editions_facts() -> None:
    """No unit's values and no faction are written in the core: each edition has its own."""
    factions = {f.id for f in FACTIONS.values()}
    for module in MODULES:
        if _within(module, "engine.core"):
            tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
            made = [
                node.lineno
                for node in ast.walk(tree)
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in ("UnitType", "DiceAbility")
                )
                or (isinstance(node, ast.Constant) and node.value in factions)
            ]
            assert made == [], f"{module} writes an edition's facts at lines {made}"


def test_the_core_and_the_editions_import_no_surface() -> None:
    surfaces = ("engine.api", "engine.cli")
    for package in ("engine.core", "engine.ti4", "engine.ti3", "engine.odds"):
        assert _offending(package, surfaces) == []


def _cycle() -> list[str] | None:
    """One import circle among the engine's modules, or ``None``."""
    graph = {m: sorted(n for n in imports(m) if n in MODULES and n != m) for m in MODULES}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for name in graph[module]:
            if state.get(name) == 1:
                return [*path[path.index(name) :], name]
            if name not in state and (found := visit(name)):
                return found
        path.pop()
        state[module] = 2
        return None

    for module in graph:
        if module not in state and (found := visit(module)):
            return found
    return None


def test_no_import_circle() -> None:
    cycle = _cycle()
    assert cycle is None, " -> ".join(cycle or [])


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_over_400_lines(module: str) -> None:
    lines = len(MODULES[module].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{module}: {lines} lines"


def test_every_package_names_its_public_api() -> None:
    for module, path in MODULES.items():
        if path.name == "__init__.py":
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = {
                t.id
                for node in tree.body
                if isinstance(node, ast.Assign)
                for t in node.targets
                if isinstance(t, ast.Name)
            }
            assert "__all__" in names, module


def test_a_game_has_one_action_slot_each_edition_fills() -> None:
    """The core's game names no edition's action: each edition registers its record."""
    slots = {f.name: f.type for f in dataclasses.fields(Game)}
    assert slots["action"] == "Action | None"
    assert not {"tactical", "ti3"} & set(slots)
    records = {e.number: e.record for e in registered()}
    assert records[4].__module__ == "engine.ti4.records"
    assert records[3].__module__ == "engine.ti3.records"
    assert all(issubclass(r, Action) and r is not Action for r in records.values())


def test_the_engines_wheel_ships_every_package() -> None:
    """The wheel the browser runs lists its packages by hand (engine/pyproject.toml)."""
    listed = tomllib.loads((ENGINE / "pyproject.toml").read_text(encoding="utf-8"))
    packages = {m for m, p in MODULES.items() if p.name == "__init__.py"}
    assert set(listed["tool"]["setuptools"]["packages"]) == packages


def test_the_checks_see_the_layout() -> None:
    """The scan finds the packages and an arrow it must find, so passing means something."""
    assert {"engine.core", "engine.ti4", "engine.ti3", "engine.odds", "engine.cli"} <= set(MODULES)
    assert "engine.core.editions" in imports("engine.ti4.edition")
    assert "engine.ti4.units" in imports("engine.odds.labels")
    assert "engine.ti4.action_phase" in imports("engine.ti4.flow")
