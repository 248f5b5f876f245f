"""Comparison fact files: a 3rd-edition procedure step by step against 4th edition.

``content/ti3/<page>.comparison.yaml`` compares the 3rd-edition page ``<page>``
(a page of a summary in the same folder) with the 4th-edition rules::

    steps:
      - ti3: Activate a system     # the start of the step's line in the 3rd-edition text
        rules: [89.1]              # the 4th-edition rules of that step; [] where there is none

Each step is found in the page's text and each rule among the merged
4th-edition rules; either missing is an error at the fact file's line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulesite.core.errors import SourceError
from rulesite.core.loaders.source_text import read_source
from rulesite.core.loaders.strict_yaml import YamlMapping, parse_yaml
from rulesite.core.model import ComparisonRow, Diagnostic, Location, Rule, Topic

SUFFIX = ".comparison.yaml"


@dataclass(frozen=True)
class ComparisonStep:
    """A step as the fact file states it, before it is looked up."""

    prefix: str
    rules: tuple[str, ...]
    location: Location


@dataclass(frozen=True)
class Comparison:
    """A comparison fact file: which 3rd-edition page, and its steps."""

    page: str
    steps: tuple[ComparisonStep, ...]
    location: Location


def load_comparison(path: Path, name: str) -> Comparison:
    """Read a comparison fact file; ``name`` is the path diagnostics show."""
    return parse_comparison(read_source(path, name), name)


def parse_comparison(text: str, name: str) -> Comparison:
    """Parse a comparison fact file.

    Raises:
        SourceError: every problem with its shape.
    """
    data = parse_yaml(text, name)
    steps = data.get("steps") if isinstance(data, YamlMapping) else None
    if not isinstance(steps, list):
        raise SourceError.at(name, 1, "expected a top-level 'steps:' list")
    problems: list[Diagnostic] = []
    parsed: list[ComparisonStep] = []
    for step in steps:
        line = step.line if isinstance(step, YamlMapping) else 1
        rules = step.get("rules") if isinstance(step, YamlMapping) else None
        if not isinstance(step, YamlMapping) or not isinstance(step.get("ti3"), str):
            problems.append(
                Diagnostic(Location(name, line), "each step needs 'ti3: <start of its line>'")
            )
        elif not isinstance(rules, list):
            problems.append(
                Diagnostic(Location(name, step.line_of("rules")), "'rules' must be a list")
            )
        else:
            parsed.append(
                ComparisonStep(
                    step["ti3"], tuple(str(rule) for rule in rules), Location(name, line)
                )
            )
    if problems:
        raise SourceError(problems)
    return Comparison(
        name.rsplit("/", 1)[-1].removesuffix(SUFFIX), tuple(parsed), Location(name, 1)
    )


def resolve_comparison(
    comparison: Comparison, page: Topic | None, rules: dict[str, Rule]
) -> tuple[tuple[ComparisonRow, ...], list[Diagnostic]]:
    """The comparison's rows, each step found in ``page`` and each rule in ``rules``.

    Args:
        comparison: the parsed fact file.
        page: the 3rd-edition page it compares (``None`` if there is no such page).
        rules: every 4th-edition rule by number.

    Returns:
        The rows that resolved and a diagnostic for each step or rule that did not.
    """
    if page is None:
        message = f"no 3rd-edition page '{comparison.page}' to compare"
        return (), [Diagnostic(comparison.location, message)]
    lines = [
        (item, where)
        for section in page.sections
        for item, where in zip(section.items, section.item_locations, strict=True)
    ]
    rows: list[ComparisonRow] = []
    problems: list[Diagnostic] = []
    for step in comparison.steps:
        found = next(((item, where) for item, where in lines if item.startswith(step.prefix)), None)
        if found is None:
            problems.append(
                Diagnostic(
                    step.location,
                    f"no step of {page.title} ({page.location.path}) starts with '{step.prefix}'",
                )
            )
            continue
        unknown = [number for number in step.rules if number not in rules]
        problems.extend(
            Diagnostic(step.location, f"'{step.prefix}': no 4th-edition rule {number}")
            for number in unknown
        )
        if not unknown:
            rows.append(
                ComparisonRow(
                    step.prefix,
                    found[0],
                    found[1],
                    tuple(rules[n] for n in step.rules),
                    step.location,
                )
            )
    return tuple(rows), problems
