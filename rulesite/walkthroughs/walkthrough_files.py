"""Walkthrough and try-it files: ``content/walkthroughs/*.yaml`` read and validated.

A walkthrough file is an engine scenario (see ``engine.api``) plus what the page
needs: ``title``, ``page`` (the topic slug of the page that embeds it), an
optional ``description`` (shown before it starts), ``narration`` (a short text
per step) and an optional ``script`` (a line of play the reader can step
through). A try-it file
(``tryit-*.yaml``) holds ``page``, ``title`` and ``code``, a Python snippet run
against the engine in the browser.

Everything is checked at build time, so a broken file stops the build with
``file:line: what is wrong`` instead of failing in a reader's browser: the page
keys here, the scenario (units, systems, players...) by the engine itself, which
names the path of a problem, turned here into the file's line; then the script
is played through the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import api as engine_api
from rulesite.errors import SourceError
from rulesite.walkthroughs.located_yaml import LocatedYaml, load_located_yaml

TRYIT_PREFIX = "tryit-"
# Keys a walkthrough file adds for its page; the engine never sees them.
PAGE_ONLY_KEYS = frozenset({"page", "description", "narration"})


@dataclass(frozen=True)
class Walkthrough:
    """One interactive walkthrough: its id (file stem, dashed), page and JSON payload.

    ``data`` is what the browser receives: the scenario with ``title``,
    ``description``, ``narration`` and ``script`` (``page`` is the build's business).
    """

    id: str
    page: str | None
    title: str
    data: dict[str, Any]


@dataclass(frozen=True)
class TryIt:
    """An editable Python snippet shown on a page and run against the engine."""

    id: str
    page: str
    title: str
    code: str


def topic_slug(value: str) -> str:
    """The topic slug a page name stands for (``tactical-action`` → ``tactical_action``).

    The other direction is :func:`rulesite.slugs.page_slug`.
    """
    return value.strip().lower().replace("-", "_").replace(" ", "_")


def _expect(doc: LocatedYaml, place: str, value: Any, kind: type, what: str) -> None:
    if not isinstance(value, kind):
        raise doc.error(place, f"expected {what}, found {value!r}")


def _check_shape(doc: LocatedYaml) -> None:
    data = doc.data
    _expect(doc, "", data, dict, "a walkthrough (mapping)")
    _expect(doc, "title", data.get("title"), str, "a title")
    if "page" in data:
        _expect(doc, "page", data["page"], str, "a topic slug")
    if "description" in data:
        _expect(doc, "description", data["description"], str, "a short text")
    narration = data.get("narration", {})
    _expect(doc, "narration", narration, dict, "a mapping of step to text")
    for step in narration:
        if step not in engine_api.STEPS:
            steps = ", ".join(engine_api.STEPS)
            raise doc.error(f"narration.{step}", f"unknown step {step!r}; steps: {steps}")
    _expect(doc, "script", data.get("script", []), list, "a list of choices")


def _check_with_engine(doc: LocatedYaml, scenario: dict[str, Any]) -> None:
    """Load the scenario and play its script through the engine the browser will run."""
    loaded = engine_api.load_scenario(scenario)
    if not loaded["ok"]:
        place, message = loaded["error"].get("path") or "", loaded["error"]["message"]
        raise doc.error(place, message.removeprefix(f"{place}: "))
    state = loaded["state"]
    for i, choice in enumerate(scenario.get("script", [])):
        result = engine_api.apply(state, choice)
        if not result["ok"]:
            raise doc.error(f"script[{i}]", f"the engine refuses it: {result['refusal']['reason']}")
        state = result["state"]


def load_walkthrough(path: Path) -> Walkthrough:
    """Read and validate one walkthrough file.

    Raises:
        SourceError: bad YAML, a malformed scenario, or a script the engine refuses.
    """
    doc = load_located_yaml(path)
    _check_shape(doc)
    data = {key: value for key, value in doc.data.items() if key != "page"}
    _check_with_engine(doc, scenario_of(data))
    page = doc.data.get("page")
    return Walkthrough(
        id=path.stem.replace("_", "-"),
        page=topic_slug(page) if page else None,
        title=doc.data["title"],
        data=data,
    )


def scenario_of(data: dict[str, Any]) -> dict[str, Any]:
    """What the engine receives: the walkthrough without the keys only the page reads.

    ``walkthrough.js`` strips the same keys before it calls the engine in the browser.
    """
    return {key: value for key, value in data.items() if key not in PAGE_ONLY_KEYS}


def load_tryit(path: Path) -> TryIt:
    """Read one try-it file (``page``, ``title``, ``code``).

    Raises:
        SourceError: bad YAML or a missing or non-text field.
    """
    doc = load_located_yaml(path)
    _expect(doc, "", doc.data, dict, "a try-it cell (mapping with page, title, code)")
    for key in ("page", "title", "code"):
        _expect(doc, key, doc.data.get(key), str, f"a text {key}")
    try:
        compile(doc.data["code"], str(path), "exec")
    except SyntaxError as exc:
        # A block scalar's mark is the ``|`` line; the snippet starts on the next one.
        line = doc.line_of("code") + (exc.lineno or 1)
        raise SourceError.at(str(path), line, f"code: Python syntax error: {exc.msg}") from None
    return TryIt(
        id=path.stem.replace("_", "-"),
        page=topic_slug(doc.data["page"]),
        title=doc.data["title"],
        code=doc.data["code"],
    )


def is_tryit(path: Path) -> bool:
    """Whether a content file is a try-it cell rather than a walkthrough."""
    return path.name.startswith(TRYIT_PREFIX)
