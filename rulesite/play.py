"""``rulesite play SCENARIO.yaml``: replay a scenario's script as an annotated transcript.

Each scripted choice is printed with the events it caused and their rules.
An illegal choice stops the replay with its ``file:line`` and the rule that
forbids it; a malformed scenario is reported with its ``file:line``. Both
exit non-zero, without a traceback.

The file is read by the site's strict YAML reader (duplicate keys refused, every
value's line known) and played through ``engine.api``, as the site plays it: the
engine only ever receives dicts.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from engine import api
from rulesite.core.errors import SourceError, printable
from rulesite.core.walkthroughs.located_yaml import LocatedYaml, load_located_yaml
from rulesite.core.walkthroughs.walkthrough_files import scenario_of


class PlayError(Exception):
    """A scenario file that cannot be played: unreadable, not YAML, or a bad scenario."""

    def __init__(self, location: str, message: str) -> None:
        super().__init__(f"{location}: {message}")
        self.location = location


def load_file(path: str | Path) -> tuple[dict[str, Any], LocatedYaml]:
    """Read a YAML scenario file and load it (``engine.api.load_scenario``'s answer).

    Raises:
        PlayError: with the ``file:line`` of what is wrong.
    """
    try:
        document = load_located_yaml(Path(path))
    except SourceError as error:
        first = error.diagnostics[0]
        raise PlayError(str(first.location), first.message) from None
    if not isinstance(document.data, dict):
        raise PlayError(f"{path}:1", "expected a scenario (mapping)")
    # A walkthrough file's page-only keys (narration, try, …) are the site's, not the engine's.
    answer = api.load_scenario(scenario_of(document.data))
    if not answer["ok"]:
        problem = answer["error"]
        raise PlayError(f"{path}:{document.line_of(problem['path'])}", problem["message"])
    return answer, document


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
        answer, document = load_file(path)
    except PlayError as error:
        print(printable(f"error: {error}"), file=err)
        return 2
    print(f"# {answer['view']['title']}", file=out)
    for event in answer["view"]["log"]:
        print(f"  - {event['text']}", file=out)
    script = document.data.get("script") or []
    for index, item in enumerate(script):
        where = f"{path}:{document.line_of(f'script[{index}]')}"
        following = api.apply(answer["state"], item)
        if not following["ok"]:
            if "refusal" not in following:
                problem = following["error"]["message"]
                print(printable(f"{where}: {describe(item)}: {problem}"), file=err)
                return 1
            reason = following["refusal"]["reason"]  # its rules named in it
            print(printable(f"{where}: illegal choice {describe(item)}: {reason}"), file=err)
            return 1
        answer = following
        print(printable(f"> {describe(item)}    [{where}]"), file=out)
        for event in answer["events"]:
            print(f"  - {event['text']}", file=out)
    view = answer["view"]
    options = answer["choices"]
    print(f"= {view['step_title']}; {len(options)} choice(s) now", file=out)
    for option in options:
        print(f"  * {option['label']} ({', '.join(option['rules'])})", file=out)
    return 0
