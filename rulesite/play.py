"""``python -m rulesite play SCENARIO.yaml``: replay a scenario's script as an annotated transcript.

Each scripted choice is printed with the events it caused and their rules.
An illegal choice stops the replay with its ``file:line`` and the rule that
forbids it; a malformed scenario is reported with its ``file:line``. Both
exit non-zero, without a traceback.

The file is read by the site's strict YAML reader (:mod:`rulesite.core.walkthroughs.located_yaml`:
duplicate keys refused, every value's line known), the one YAML reader of the
project. It is imported here only: PyYAML is the command line's dependency, never
that of the engine the browser loads, which only ever receives dicts.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from engine import flow
from engine.dice import DiceExhausted
from engine.events import IllegalChoice
from engine.scenario import Scenario, ScenarioError, build

if TYPE_CHECKING:
    from rulesite.core.walkthroughs.located_yaml import LocatedYaml


def load_file(path: str | Path) -> tuple[Scenario, LocatedYaml]:
    """Read and check a YAML scenario file; every error carries ``file:line``.

    Raises:
        ScenarioError: unreadable, not UTF-8, not valid (strict) YAML, or a bad scenario.
    """
    from rulesite.core.errors import SourceError
    from rulesite.core.walkthroughs.located_yaml import load_located_yaml

    try:
        document = load_located_yaml(Path(path))
    except SourceError as error:
        first = error.diagnostics[0]
        raise ScenarioError(first.message, "", str(first.location)) from None
    try:
        return build(document.data), document
    except ScenarioError as error:
        line = document.line_of(error.path)
        raise ScenarioError(error.message, error.path, f"{path}:{line}") from None


def describe(choice: dict[str, Any]) -> str:
    """A compact one-line rendering of a scripted choice."""
    params = ", ".join(f"{k}={v}" for k, v in choice.items() if k not in ("kind", "label", "rules"))
    return f"{choice.get('kind')}({params})"


def play(path: str, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Replay the script of the scenario at ``path``; returns the exit status.

    ``out`` and ``err`` default to the standard streams at call time.
    """
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        scenario, document = load_file(path)
    except ScenarioError as error:
        print(f"error: {error}", file=err)
        return 2
    game, events = flow.advance(scenario.game)
    game = game.logged(*events)
    print(f"# {game.title}", file=out)
    for event in events:
        print(f"  - {event.text}", file=out)
    for index, item in enumerate(scenario.script):
        where = f"{path}:{document.line_of(f'script[{index}]')}"
        try:
            game, events = flow.apply(game, item)
        except IllegalChoice as error:
            print(f"{where}: illegal choice {describe(item)}: {error.refusal.reason}", file=err)
            return 1
        except DiceExhausted as error:
            print(f"{where}: {describe(item)}: the scripted dice ran out ({error})", file=err)
            return 1
        game = game.logged(*events)
        print(f"> {describe(item)}    [{where}]", file=out)
        for event in events:
            print(f"  - {event.text}", file=out)
    step = flow.STEPS[flow.current_step(game)][0]
    options = flow.choices(game)
    print(f"= {step}; {len(options)} choice(s) now", file=out)
    for option in options:
        print(f"  * {option['label']} ({', '.join(option['rules'])})", file=out)
    return 0
