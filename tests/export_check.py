"""The rules as data of a built site, checked against the schema the site ships beside them:
``rules.json`` whole, every line of ``rules.jsonl`` and a sample of the ``r/<id>.json`` files."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from referencing import Registry, Resource

SAMPLE = 200  # r/<id>.json files checked per site, spread over all of them


def export_problems(site: Path) -> list[str]:
    """What in ``site``'s data its own ``rules.schema.json`` refuses, each ``file: error``."""
    schema = json.loads((site / "rules.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    whole = jsonschema.Draft202012Validator(schema)
    registry = Registry().with_resource("rules.schema.json", Resource.from_contents(schema))
    line = jsonschema.Draft202012Validator(
        {"$ref": "rules.schema.json#/$defs/line"}, registry=registry
    )
    problems = [
        f"rules.json: {error.message}"
        for error in whole.iter_errors(json.loads((site / "rules.json").read_text("utf-8")))
    ]
    lines = (site / "rules.jsonl").read_text(encoding="utf-8").splitlines()
    for n, text in enumerate(lines, start=1):
        problems += [f"rules.jsonl:{n}: {e.message}" for e in line.iter_errors(json.loads(text))]
    files = sorted((site / "r").glob("*.json"))
    if not files:
        problems.append("r/: no <id>.json file")
    for path in files[:: max(1, len(files) // SAMPLE)]:
        data = json.loads(path.read_text(encoding="utf-8"))
        problems += [f"r/{path.name}: {error.message}" for error in line.iter_errors(data)]
    return problems
