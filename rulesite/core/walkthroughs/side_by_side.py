"""Side-by-side files: one board played under the 3rd and the 4th edition, in two panes.

A side-by-side file (``content/walkthroughs/compare-*.yaml``) is shown on the
edition comparison page, where the reader picks one and plays it in both panes.
It writes the board once, at the top: ``title``, ``description``, ``seed``,
``players``, ``systems``, ``links`` and ``start``, its units named in either
edition's words (infantry or ground forces: :mod:`engine.editions` renames
them for each edition). Under ``editions``, the keys ``3`` and ``4`` hold
what differs per edition, each a walkthrough's keys that follow play
(``narration``, ``script``, ``try``) plus the scenario keys only that edition
reads (``mines``, ``domain_counters``, ``deep_space_cannon`` for the 3rd)::

    title: Passing an enemy fleet
    seed: 3
    players: [...]
    systems: [...]
    start: {phase: tactical_action, active_player: red}
    editions:
      3: {narration: {...}, script: [...], try: [...]}
      4: {narration: {...}, script: [...]}

Each edition's half becomes one walkthrough (the pane's data), checked like a
walkthrough file: a problem is named by ``file:line``, an engine's complaint
about the board at the board's line and about an edition's script or try at
that edition's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import api as engine_api
from rulesite.core.model import Location
from rulesite.core.walkthroughs.located_yaml import LocatedYaml, load_located_yaml
from rulesite.core.walkthroughs.static_line import line_json
from rulesite.core.walkthroughs.walkthrough_files import (
    EDITION_KEYS,
    check_steps,
    check_with_engine,
    expect,
    file_id,
)

PREFIX = "compare-"
EDITIONS = ("3", "4")  # the panes, left to right; YAML keys are read as text
BOARD_KEYS = frozenset({"seed", "players", "systems", "links", "start"})
TOP_KEYS = frozenset({"title", "description", "editions"}) | BOARD_KEYS


@dataclass(frozen=True)
class SideBySide:
    """One board and its two panes: ``data`` is what the browser receives.

    ``data`` holds ``title``, ``description`` and ``panes``: per edition, 3rd
    first, ``edition`` and a walkthrough's data (scenario, narration, script, try).
    """

    id: str
    title: str
    data: dict[str, Any]
    location: Location  # the file


def is_side_by_side(path: Path) -> bool:
    """Whether a walkthrough file holds one board for both editions."""
    return path.name.startswith(PREFIX)


def load_side_by_side(path: Path) -> SideBySide:
    """Read and validate one side-by-side file.

    Raises:
        SourceError: bad YAML, a malformed board or edition, or a script the engine refuses.
    """
    item = file_id(path)
    doc = load_located_yaml(path)
    data = doc.data
    expect(doc, "", data, dict, "a side-by-side board (mapping)")
    for key in data:
        if key not in TOP_KEYS:
            raise doc.error(
                str(key),
                f"unknown key {key!r}; at the top: {', '.join(sorted(TOP_KEYS))} "
                "(narration, script and try go under editions.3 and editions.4)",
            )
    for key in ("title", "description"):
        expect(doc, key, data.get(key), str, f"a text {key}")
    editions = data.get("editions")
    if not isinstance(editions, dict) or sorted(editions) != list(EDITIONS):
        raise doc.error("editions", "expected the two editions: editions: {3: {...}, 4: {...}}")
    board = {key: value for key, value in data.items() if key in BOARD_KEYS}
    panes = [_pane(doc, board, data["title"], edition) for edition in EDITIONS]
    return SideBySide(
        id=item,
        title=data["title"],
        data={"title": data["title"], "description": data["description"], "panes": panes},
        location=Location(str(path), 1),
    )


def _pane(doc: LocatedYaml, board: dict[str, Any], title: str, edition: str) -> dict[str, Any]:
    """One edition's walkthrough data: the board for that edition and its own keys."""
    at = f"editions.{edition}"
    own = doc.data["editions"][edition]
    if not isinstance(own, dict):
        raise doc.error(at, f"expected a mapping of {', '.join(sorted(EDITION_KEYS))}")
    for key in own:
        if key not in EDITION_KEYS:
            known = ", ".join(sorted(EDITION_KEYS))
            raise doc.error(f"{at}.{key}", f"unknown key {key!r}; under an edition: {known}")
    check_steps(doc, own, at)
    scenario_keys = {k: v for k, v in own.items() if k not in ("narration", "try")}
    mapped = engine_api.for_edition({**board, **scenario_keys, "title": title}, int(edition))
    if not mapped["ok"]:
        place, message = mapped["error"]["path"], mapped["error"]["message"]
        raise doc.error(place, message.removeprefix(f"{place}: "))
    scenario = mapped["scenario"]
    line = check_with_engine(doc, scenario, own, at)
    return {
        "edition": int(edition),
        **scenario,
        "narration": own.get("narration", {}),
        "try": own.get("try", []),
        # The suggested line as the build played it: the pane walks it with no runtime.
        "line": line_json(line, scenario.get("script", [])),
    }
