"""Living Rules Reference rule cards with official numbers (``content/rules/*.yaml``).

The form::

    cards:
    - name: Rules Reference
      rules:
        '89.1':
          rule: 'Step 1 – Activation: …'
          subrules:
            89.1.1: {rule: …}
    - name: Notes
      rules:
        '1': {rule: …}
    - name: Related Topics

The topic number is the leading number of the rule numbers (89). Numbers are
read as written, quoted or not; note numbers become ints. The cards carry no
title, so a card file alone is titled from its file stem.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulesite.core.errors import SourceError
from rulesite.core.loaders.source_text import read_source
from rulesite.core.loaders.strict_yaml import YamlMapping, parse_yaml
from rulesite.core.model import Diagnostic, Location, Note, Origin, Rule, Topic, iter_rules
from rulesite.core.slugs import is_rule_number, is_whole_number, title_from_slug

CARDS = ("Rules Reference", "Notes", "Related Topics")


def load_rule_cards(path: Path, name: str) -> Topic:
    """Read a rule-card file; ``name`` is the path diagnostics show."""
    return parse_rule_cards(read_source(path, name), name)


def parse_rule_cards(text: str, name: str) -> Topic:
    """Parse a rule-card file.

    Raises:
        SourceError: every problem found (syntax, duplicate keys or rule numbers, shape).
    """
    data = parse_yaml(text, name)
    problems: list[Diagnostic] = []
    rules: list[Rule] = []
    notes: list[Note] = []
    cards = data.get("cards") if isinstance(data, YamlMapping) else None
    if not isinstance(cards, list):
        raise SourceError.at(name, 1, "expected a top-level 'cards:' list")
    for card in cards:
        if not isinstance(card, YamlMapping) or card.get("name") not in CARDS:
            line = card.line if isinstance(card, YamlMapping) else 1
            got = card.get("name") if isinstance(card, YamlMapping) else card
            problems.append(
                Diagnostic(
                    Location(name, line),
                    f"unknown card {got!r} (expected one of: {', '.join(CARDS)})",
                )
            )
            continue
        entries = card.get("rules")
        if entries is None:
            continue
        where = Location(name, card.line_of("rules"))
        if not isinstance(entries, YamlMapping):
            problems.append(Diagnostic(where, "'rules' must map numbers to rules"))
        elif card["name"] == "Rules Reference":
            rules.extend(_rules(entries, None, name, problems))
        elif card["name"] == "Notes":
            notes.extend(_notes(entries, name, problems))
        else:
            problems.append(Diagnostic(where, "the Related Topics card holds no rules here"))
    number = _topic_number(rules, problems)
    _check_unique(rules, problems)
    if problems:
        raise SourceError(problems)
    slug = Path(name).stem
    return Topic(
        slug=slug,
        title=title_from_slug(slug),
        origin=Origin.LRR_YAML,
        location=Location(name, 1),
        number=number,
        rules=tuple(rules),
        notes=tuple(notes),
        sources=(Location(name, 1),),
    )


def _text(entry: Any, key: str, mapping: YamlMapping, name: str, problems: list[Diagnostic]) -> str:
    """The ``rule`` text of an entry, whitespace collapsed as the folded YAML means it."""
    if isinstance(entry, YamlMapping) and isinstance(entry.get("rule"), str | int):
        return " ".join(str(entry["rule"]).split())
    problems.append(Diagnostic(Location(name, mapping.line_of(key)), f"{key}: missing 'rule' text"))
    return ""


def _rules(
    entries: YamlMapping, parent: str | None, name: str, problems: list[Diagnostic]
) -> list[Rule]:
    rules: list[Rule] = []
    for number, entry in entries.items():
        line = entries.line_of(number)
        if not is_rule_number(number):
            problems.append(
                Diagnostic(
                    Location(name, line),
                    f"rule number {number!r} is not ASCII digits and dots (like 89.5.1)",
                )
            )
            continue
        if parent is not None and not number.startswith(f"{parent}."):
            problems.append(
                Diagnostic(Location(name, line), f"subrule {number} is not numbered under {parent}")
            )
        text = _text(entry, number, entries, name, problems)
        subrules = entry.get("subrules") if isinstance(entry, YamlMapping) else None
        children: list[Rule] = []
        if isinstance(subrules, YamlMapping):
            children = _rules(subrules, number, name, problems)
        elif subrules is not None:
            problems.append(
                Diagnostic(
                    Location(name, entry.line_of("subrules")),
                    f"{number}: 'subrules' must be a mapping",
                )
            )
        rules.append(Rule(number, text, Location(name, line), tuple(children)))
    return rules


def _notes(entries: YamlMapping, name: str, problems: list[Diagnostic]) -> list[Note]:
    notes: list[Note] = []
    for number, entry in entries.items():
        line = entries.line_of(number)
        text = _text(entry, number, entries, name, problems)
        if not is_whole_number(number):
            problems.append(
                Diagnostic(Location(name, line), f"note number {number!r} is not a whole number")
            )
            continue
        notes.append(Note(int(number), text, Location(name, line)))
    return notes


def _topic_number(rules: list[Rule], problems: list[Diagnostic]) -> int | None:
    leading: int | None = None
    for rule in rules:
        head = (rule.number or "").split(".")[0]
        if not head.isdigit():
            problems.append(
                Diagnostic(
                    rule.location, f"rule number {rule.number!r} does not start with a topic number"
                )
            )
        elif leading is None:
            leading = int(head)
        elif int(head) != leading:
            problems.append(
                Diagnostic(rule.location, f"rule {rule.number} is not in topic {leading}")
            )
    return leading


def _check_unique(rules: list[Rule], problems: list[Diagnostic]) -> None:
    seen: dict[str, Location] = {}
    for rule in iter_rules(rules):
        assert rule.number is not None  # cards always number their rules
        if rule.number in seen:
            problems.append(
                Diagnostic(
                    rule.location,
                    f"duplicate rule number {rule.number} (first at line {seen[rule.number].line})",
                    other=seen[rule.number],
                )
            )
        else:
            seen[rule.number] = rule.location
