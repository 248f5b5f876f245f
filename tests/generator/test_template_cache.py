"""Under ``serve`` the theme's templates are compiled once per process, not once per edit."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from rulesite.adapters.mkdocs.template_cache import CompiledTemplates


def _env(folder: Path, cache: CompiledTemplates) -> jinja2.Environment:
    """A new environment for each build, as MkDocs makes one."""
    return cache.attach(jinja2.Environment(loader=jinja2.FileSystemLoader(folder)))


def _refusing_to_compile(env: jinja2.Environment, monkeypatch: pytest.MonkeyPatch) -> None:
    def compile_refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(env, "compile", compile_refused)


def test_a_template_is_compiled_by_the_first_builds_environment_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "main.html").write_text("<p>{{ page | upper }}</p>", encoding="utf-8")
    cache = CompiledTemplates()
    first = _env(tmp_path, cache).get_template("main.html").render(page="tactical action")
    second = _env(tmp_path, cache)
    _refusing_to_compile(second, monkeypatch)
    assert second.get_template("main.html").render(page="tactical action") == first
    assert first == "<p>TACTICAL ACTION</p>"


def test_an_edited_template_is_compiled_again(tmp_path: Path) -> None:
    template = tmp_path / "main.html"
    template.write_text("<p>{{ page }}</p>", encoding="utf-8")
    cache = CompiledTemplates()
    _env(tmp_path, cache).get_template("main.html")
    template.write_text("<h1>{{ page }}</h1>", encoding="utf-8")
    assert _env(tmp_path, cache).get_template("main.html").render(page="x") == "<h1>x</h1>"


def test_an_environment_of_another_syntax_compiles_its_own(tmp_path: Path) -> None:
    (tmp_path / "main.html").write_text("{{ a }}[[ a ]]", encoding="utf-8")
    cache = CompiledTemplates()
    assert _env(tmp_path, cache).get_template("main.html").render(a=1) == "1[[ a ]]"
    loader = jinja2.FileSystemLoader(tmp_path)
    other = jinja2.Environment(loader=loader, variable_start_string="[[", variable_end_string="]]")
    assert cache.attach(other).get_template("main.html").render(a=1) == "{{ a }}1"
