"""Walkthrough and try-it files: ``content/walkthroughs/*.yaml`` read and validated.

A walkthrough file is an engine scenario (see ``engine.api``) plus what the page
needs: ``title``, ``page`` (the topic slug of the page that embeds it), an
optional ``description`` (shown before it starts), ``narration`` (a short text
per step), an optional ``script`` (a line of play the reader can step
through) and an optional ``try``: choices the engine does not offer that a
reader may try to see the rule refusing them, each ``{step, label, choice}``
(shown at that step; checked to be refused at the script's last position in
it). A try-it file (``tryit-*.yaml``) holds ``page``, ``title`` and ``code``, a Python snippet run
against the engine in the browser.

Everything is checked at build time, so a broken file stops the build with
``file:line: what is wrong`` instead of failing in a reader's browser: the page
keys here, the scenario (units, systems, players...) by the engine itself, which
names the path of a problem, turned here into the file's line; then the script
is played through the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import api as engine_api
from rulesite.core.errors import SourceError
from rulesite.core.model import Location
from rulesite.core.walkthroughs.located_yaml import LocatedYaml, load_located_yaml

TRYIT_PREFIX = "tryit-"
# Keys a walkthrough file adds for its page; the engine never sees them.
# A script's steps: each is a position the page shows and the reader downloads, and each
# is played through the engine at build time (the whole state each time).
MAX_SCRIPT_STEPS = 200
PAGE_ONLY_KEYS = frozenset({"page", "description", "narration", "try"})
# What a side-by-side file (rulesite.core.walkthroughs.side_by_side) writes per edition.
EDITION_KEYS = frozenset({"narration", "script", "try", *engine_api.EDITION_ONLY_KEYS})
MAX_TRIES = 12
MAX_TRY_LABEL = 120


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
    location: Location  # its ``page:`` line (the file's first line without one)
    # The engine's answers along the script: load, then one per choice (static_line.py).
    line: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class TryIt:
    """An editable Python snippet shown on a page and run against the engine."""

    id: str
    page: str
    title: str
    code: str
    location: Location  # its ``page:`` line


# An item's id is its file stem, dashed: markers, share links and the page's HTML ids and
# attributes name it, so it is a slug or the file is refused.
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def file_id(path: Path) -> str:
    """The id of a walkthrough, try-it or side-by-side file: its stem with dashes.

    Raises:
        SourceError: the id is not a slug (lowercase ASCII letters and digits, dashes between).
    """
    item = path.stem.replace("_", "-")
    if not _ID.fullmatch(item):
        raise SourceError.at(
            str(path),
            1,
            f"file name {path.name!r}: a walkthrough's file name is its id, "
            "lowercase letters a-z, digits and single dashes or underscores between them",
        )
    return item


def topic_slug(value: str) -> str:
    """The topic slug a page name stands for (``tactical-action`` → ``tactical_action``).

    The other direction is :func:`rulesite.core.slugs.page_slug`.
    """
    return value.strip().lower().replace("-", "_").replace(" ", "_")


def expect(doc: LocatedYaml, place: str, value: Any, kind: type, what: str) -> None:
    """Refuse ``value`` at ``place`` unless it is a ``kind``: "expected WHAT, found VALUE"."""
    if not isinstance(value, kind):
        raise doc.error(place, f"expected {what}, found {value!r}")


def _check_shape(doc: LocatedYaml) -> None:
    data = doc.data
    expect(doc, "", data, dict, "a walkthrough (mapping)")
    expect(doc, "title", data.get("title"), str, "a title")
    if "page" in data:
        expect(doc, "page", data["page"], str, "a topic slug")
    if "description" in data:
        expect(doc, "description", data["description"], str, "a short text")
    check_steps(doc, data, "")


def _at(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def check_steps(doc: LocatedYaml, data: dict[str, Any], at: str) -> None:
    """Check the keys that follow play: ``narration``, ``script`` and ``try`` (under ``at``)."""
    narration = data.get("narration", {})
    expect(doc, _at(at, "narration"), narration, dict, "a mapping of step to text")
    for step in narration:
        _step(doc, _at(at, f"narration.{step}"), step)
    expect(doc, _at(at, "script"), data.get("script", []), list, "a list of choices")
    tries = data.get("try", [])
    expect(doc, _at(at, "try"), tries, list, "a list of choices to try")
    if len(tries) > MAX_TRIES:
        raise doc.error(_at(at, "try"), f"{len(tries)} choices to try; at most {MAX_TRIES}")
    for i, item in enumerate(tries):
        place = _at(at, f"try[{i}]")
        if not isinstance(item, dict) or set(item) != {"step", "label", "choice"}:
            raise doc.error(place, "expected {step: STEP, label: TEXT, choice: {kind: ...}}")
        _step(doc, f"{place}.step", item["step"])
        label = item["label"]
        if not isinstance(label, str) or not 0 < len(label) <= MAX_TRY_LABEL:
            raise doc.error(f"{place}.label", f"expected a text of 1 to {MAX_TRY_LABEL} characters")
        choice = item["choice"]
        if not isinstance(choice, dict) or not isinstance(choice.get("kind"), str):
            raise doc.error(f"{place}.choice", "expected a choice (a mapping with a kind)")


def _step(doc: LocatedYaml, place: str, step: Any) -> None:
    if step not in engine_api.STEPS:
        steps = ", ".join(engine_api.STEPS)
        raise doc.error(place, f"unknown step {step!r}; steps: {steps}")


def check_with_engine(
    doc: LocatedYaml,
    scenario: dict[str, Any],
    page_keys: dict[str, Any],
    at: str = "",
) -> tuple[dict[str, Any], ...]:
    """Load the scenario and play its script through the engine the browser will run.

    Returns the engine's answers along the script (the suggested line). Each
    narration's step must be one the script reaches: narration is written for the
    suggested line. Each choice to try (``page_keys["try"]``) must be refused at the
    script's last position in its step: a try shows a rule at work, so one the
    engine allows there would show nothing. ``at`` prefixes the places of the keys a
    side-by-side file puts under an edition.
    """

    def place(path: str) -> str:
        head = path.split(".")[0].split("[")[0]
        return _at(at, path) if at and head in EDITION_KEYS else path

    script = scenario.get("script", [])
    if isinstance(script, list) and len(script) > MAX_SCRIPT_STEPS:
        raise doc.error(
            place("script"),
            f"{len(script):,} steps; a script has at most {MAX_SCRIPT_STEPS:,} "
            "(the page and the reader's download carry every position)",
        )
    loaded = engine_api.load_scenario(scenario)
    if not loaded["ok"]:
        path, message = loaded["error"].get("path") or "", loaded["error"]["message"]
        raise doc.error(place(path), message.removeprefix(f"{path}: "))
    state = loaded["state"]
    line = [loaded]
    last_at = {loaded["view"]["step"]: state}  # step → the script's last state in it
    for i, choice in enumerate(scenario.get("script", [])):
        result = engine_api.apply(state, choice)
        if not result["ok"]:
            raise doc.error(
                place(f"script[{i}]"), f"the engine refuses it: {result['refusal']['reason']}"
            )
        state = result["state"]
        line.append(result)
        last_at[result["view"]["step"]] = state
    for step in page_keys.get("narration", {}):
        if step not in last_at:
            raise doc.error(
                place(f"narration.{step}"),
                f"the script never reaches step {step!r}: narration follows the suggested line",
            )
    for n, item in enumerate(page_keys.get("try", [])):
        if item["step"] not in last_at:
            raise doc.error(
                place(f"try[{n}].step"), f"the script never reaches step {item['step']!r}"
            )
        tried = engine_api.apply(last_at[item["step"]], item["choice"])
        if tried["ok"]:
            raise doc.error(
                place(f"try[{n}]"), "the engine allows it: a choice to try is one it refuses"
            )
        if "refusal" not in tried:  # not refused by a rule: not even read
            raise doc.error(place(f"try[{n}].choice"), tried["error"]["message"])
    return tuple(line)


def load_walkthrough(path: Path) -> Walkthrough:
    """Read and validate one walkthrough file.

    Raises:
        SourceError: bad YAML, a malformed scenario, or a script the engine refuses.
    """
    item = file_id(path)
    doc = load_located_yaml(path)
    _check_shape(doc)
    data = {key: value for key, value in doc.data.items() if key != "page"}
    line = check_with_engine(doc, scenario_of(data), data)
    page = doc.data.get("page")
    return Walkthrough(
        id=item,
        page=topic_slug(page) if page else None,
        title=doc.data["title"],
        data=data,
        location=Location(str(path), doc.line_of("page")),
        line=line,
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
    item = file_id(path)
    doc = load_located_yaml(path)
    expect(doc, "", doc.data, dict, "a try-it cell (mapping with page, title, code)")
    for key in ("page", "title", "code"):
        expect(doc, key, doc.data.get(key), str, f"a text {key}")
    try:
        compile(doc.data["code"], str(path), "exec")
    except SyntaxError as exc:
        # A block scalar's mark is the ``|`` line; the snippet starts on the next one.
        line = doc.line_of("code") + (exc.lineno or 1)
        raise SourceError.at(str(path), line, f"code: Python syntax error: {exc.msg}") from None
    return TryIt(
        id=item,
        page=topic_slug(doc.data["page"]),
        title=doc.data["title"],
        code=doc.data["code"],
        location=Location(str(path), doc.line_of("page")),
    )


def is_tryit(path: Path) -> bool:
    """Whether a content file is a try-it cell rather than a walkthrough."""
    return path.name.startswith(TRYIT_PREFIX)
