"""A small MkDocs project outside this repository that uses the ``rules`` plugin."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tests.generator.content_folder import CARDS, PROSE

REPO = Path(__file__).resolve().parents[2]
# The test folder's topic seven as a standalone topic: no link to a topic it lacks.
TOPIC_CARDS = CARDS.replace("- name: Related Topics\n", "")
TOPIC_PROSE = PROSE.replace("title: Seven", "title: Galactic Fog").split("## Related")[0]
WALKTHROUGH = (REPO / "content/walkthroughs/movement-blocking.yaml").read_text(encoding="utf-8")


def write_project(
    root: Path, node_modules: Path, cache: Path | None = None, options: Sequence[str] = ()
) -> Path:
    """Write ``mkdocs.yml``, a hand-written page and ``content/`` under ``root``; returns root.

    Args:
        node_modules: where npm installed ``pyodide`` (the plugin copies its runtime).
        cache: where engine wheels are kept (default: the project's own ``.cache``).
        options: more of the ``rules`` plugin's options, each ``name: value``.
    """
    lines = [f"      node_modules: {node_modules}", *(f"      {o}" for o in options)]
    if cache is not None:
        lines.append(f"      cache: {cache}")
    files = {
        "mkdocs.yml": "\n".join(
            [
                "site_name: Fog rules",
                "site_url: https://rules.example/fog/",
                "theme:",
                "  name: material",
                "  font: false",
                "plugins:",
                "  - search",
                "  - rules:",
                "      content: content",
                *lines,
                "",
            ]
        ),
        "docs/notes.md": "# Notes\n\nA walkthrough here too:\n\n<!-- walkthrough: fog-puzzle -->\n",
        "content/rules/galactic_fog.yaml": TOPIC_CARDS,
        "content/rules/galactic_fog.md": TOPIC_PROSE,
        "content/walkthroughs/fog-puzzle.yaml": WALKTHROUGH.replace(
            "page: movement", "page: galactic-fog"
        ),
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def check_built(site: Path) -> None:
    """What the minimal project's build must hold: anchors, the walkthrough and its assets."""
    page = (site / "rules/galactic-fog/index.html").read_text(encoding="utf-8")
    for anchor in ("7.1", "7.1.1", "7.2", "7-note-1"):
        assert f'id="{anchor}"' in page, anchor
    assert 'data-walkthrough="fog-puzzle"' in page
    notes = (site / "notes/index.html").read_text(encoding="utf-8")
    assert 'data-walkthrough="fog-puzzle"' in notes  # a marker in a hand-written page
    assets = site / "assets/walkthrough"
    files = ("widget.js", "widget.css", "worker.js", "bridge.py", "config.json")
    for name in (*files, "data/fog-puzzle.json"):
        assert (assets / name).is_file(), name
    assert len(list((assets / "wheels").glob("*.whl"))) == 1
    assert (site / "assets/pyodide/pyodide.asm.wasm").is_file()
    assert (site / "assets/javascripts/rules.js").is_file()
    assert '"7.1.1"' in (site / "assets/rules-index.json").read_text(encoding="utf-8")
    assert "?rule=7.1.1" in (site / "search/search_index.json").read_text(encoding="utf-8")
