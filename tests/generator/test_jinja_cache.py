"""Theme templates are compiled once and reused by later builds."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from rulesite.publish.jinja_cache import with_bytecode_cache


def _render(folder: Path, source: str) -> str:
    env = jinja2.Environment(loader=jinja2.DictLoader({"main.html": source}), autoescape=True)
    env = with_bytecode_cache(env, folder)
    return env.get_template("main.html").render(title="Tactical Action")


def test_a_second_build_loads_the_compiled_template_instead_of_compiling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "jinja"
    assert _render(folder, "<h1>{{ title }}</h1>") == "<h1>Tactical Action</h1>"
    cached = list(folder.iterdir())
    assert len(cached) == 1

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("the template was compiled again")

    monkeypatch.setattr(jinja2.Environment, "compile", no_compiling)
    assert _render(folder, "<h1>{{ title }}</h1>") == "<h1>Tactical Action</h1>"


def test_an_edited_template_is_compiled_again(tmp_path: Path) -> None:
    folder = tmp_path / "jinja"
    _render(folder, "<h1>{{ title }}</h1>")
    assert _render(folder, "<h2>{{ title }}</h2>") == "<h2>Tactical Action</h2>"
