"""The generator's layout: each layer imports only those below it, no circle, small modules
(its Python and its own JavaScript alike).

Layers, bottom up: ``rulesite.core`` (no site engine, no Node, no packaging), then
``rulesite.publish``, ``rulesite.runtime``, ``rulesite.adapters``, and the command
lines at the top. The site reaches the engine only through ``engine.api`` (and the
engine's last-resort handler every command line shares). Imports are read from the
source, at any depth, as in ``tests/engine/test_layout.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rulesite.adapters.registry import engine_names

PACKAGE = Path(__file__).resolve().parents[2] / "rulesite"
MAX_LINES = 400
LAYERS = ("rulesite.core", "rulesite.publish", "rulesite.runtime", "rulesite.adapters")
# What the engine offers the site: its JSON API, the handler for unexpected errors every
# command line of the project shares, and its odds command (``rulesite odds`` is it);
# ``import engine`` finds the package's folder.
ENGINE_SURFACE = {"engine", "engine.api", "engine.cli.command_line", "engine.cli.odds"}
# Every registered site engine's own package, and the theme MkDocs's and ProperDocs's use.
SITE_ENGINES = (*engine_names(), "material")


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
# The project's own JavaScript: the site's scripts and modules, the build's Node scripts.
# Code copied in from elsewhere (a vendor folder) keeps its upstream's shape.
THIRD_PARTY = {"vendor", "vendored", "third_party", "node_modules"}
SCRIPTS = {
    path.relative_to(PACKAGE.parent).as_posix(): path
    for pattern in ("*.js", "*.mjs", "*.cjs")
    for path in sorted(PACKAGE.rglob(pattern))
    if not THIRD_PARTY & set(path.parts)
}


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module or package of this project (rulesite's or the engine's)."""
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports(module: str) -> set[str]:
    """Every module ``module`` imports, anywhere in its source (absolute imports only)."""
    found = set()
    for node in ast.walk(ast.parse(MODULES[module].read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{module}: relative import"
            base = node.module or ""
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if _is_module(submodule) else base)
    return found


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _layer(module: str) -> int:
    return next((i for i, layer in enumerate(LAYERS) if _within(module, layer)), len(LAYERS))


def test_each_layer_imports_only_the_layers_below_it() -> None:
    upward = sorted(
        f"{module} imports {name}"
        for module in MODULES
        for name in imports(module)
        if _within(name, "rulesite") and name != "rulesite" and _layer(name) > _layer(module)
    )
    assert upward == []


def test_the_core_imports_no_site_engine_and_no_node() -> None:
    found = sorted(
        f"{module} imports {name}"
        for module in MODULES
        if _within(module, "rulesite.core")
        for name in imports(module)
        if any(_within(name, engine) for engine in SITE_ENGINES)
        or name in ("subprocess", "build", "setuptools")
    )
    assert found == []


def test_the_site_reaches_the_engine_only_through_its_api() -> None:
    found = sorted(
        f"{module} imports {name}"
        for module in MODULES
        for name in imports(module)
        if _within(name, "engine") and name not in ENGINE_SURFACE
    )
    assert found == []


def test_no_import_circle() -> None:
    graph = {m: {n for n in imports(m) if n in MODULES and n != m} for m in MODULES}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join([*path, module])
        if module not in done:
            for name in sorted(graph[module]):
                visit(name, (*path, module))
            done.add(module)

    for module in MODULES:
        visit(module, ())


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_over_400_lines(module: str) -> None:
    lines = len(MODULES[module].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{module}: {lines} lines"


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_no_script_is_over_400_lines(script: str) -> None:
    lines = len(SCRIPTS[script].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{script}: {lines} lines"


def test_every_package_names_its_public_api() -> None:
    for module, path in MODULES.items():
        if path.name == "__init__.py":
            assert "__all__" in path.read_text(encoding="utf-8"), module


def test_the_checks_see_the_layout() -> None:
    """The scan finds the layers and the arrows it must find, so passing means something."""
    assert {"rulesite.core.generate", "rulesite.adapters.finish", "rulesite.publish.swap"} <= set(
        MODULES
    )
    assert "rulesite.core.corpus" in imports("rulesite.core.generate")
    assert "engine.api" in imports("rulesite.core.walkthroughs.static_line")
    assert _layer("rulesite.site_build") > _layer("rulesite.adapters.tree")
    assert {
        "rulesite/assets/walkthrough/walkthrough.js",
        "rulesite/assets/odds/calculator.js",
        "rulesite/publish/service_worker.mjs",
    } <= set(SCRIPTS)
