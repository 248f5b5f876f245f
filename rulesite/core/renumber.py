"""The topic index's ``numbers:`` fact: rules the LRR numbers (and nests) other than the
prose's list does.

The transcription nests a rule the LRR gives a number of its own (its Capture list puts
17.4 under 17.3, as 17.3.1), so no shift of the list's numbers can match the LRR. The
fact maps each such rule, by the number the list gives it, to the LRR's number within
the topic (``{3.1: 4, 3.2: 4a, 3.3: 4b, 4: 4c}``), and the topic's rules are nested
again by their new numbers: 17.4 a rule of the topic, 17.4a–c its subrules, whatever
list they sat in. Pure: rules in, rules and diagnostics out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulesite.core.loaders.topic_index import IndexedTopic
from rulesite.core.model import Diagnostic, Rule, iter_rules

__all__ = ["Renumbered", "renumber"]


@dataclass(frozen=True)
class Renumbered:
    """A topic's rules under the fact's numbers, and what applying it found."""

    rules: tuple[Rule, ...]
    errors: tuple[Diagnostic, ...] = ()
    warnings: tuple[Diagnostic, ...] = ()


@dataclass
class _Node:
    rule: Rule
    children: list[_Node]


def renumber(rules: tuple[Rule, ...], prefix: str, entry: IndexedTopic, title: str) -> Renumbered:
    """``rules`` (numbered under topic ``prefix`` by their list) with ``entry.numbers``
    applied: each mapped rule takes its LRR number, every rule then sits under the rule its
    number names. Errors: two rules under one number, a rule whose parent number no
    earlier rule holds (the rules keep their list's places then). Warnings: a mapped
    number the list does not give, a gap in the numbers of one level."""
    if not entry.numbers:
        return Renumbered(rules)
    wanted = dict(entry.numbers)
    errors: list[Diagnostic] = []
    warnings: list[Diagnostic] = []
    flat: list[Rule] = []
    for rule in iter_rules(rules):
        local = (rule.number or "").removeprefix(f"{prefix}.")
        new = wanted.pop(local, None)
        number = f"{prefix}.{new}" if new is not None else rule.number
        flat.append(replace(rule, number=number, subrules=()))
    for local in wanted:
        warnings.append(
            Diagnostic(
                entry.location,
                f"the topic index numbers rule {prefix}.{local} of '{title}' anew, "
                f"and its list has no rule {prefix}.{local}",
            )
        )
    roots: list[_Node] = []
    placed: dict[str, _Node] = {}
    for rule in flat:
        node = _Node(rule, [])
        number = rule.number or ""
        parent = number.rpartition(".")[0]
        if number in placed:
            errors.append(  # another rule is numbered so already
                Diagnostic(
                    rule.location,
                    f"the topic index's numbers make this rule {number}, "
                    "and another rule is numbered so too",
                    other=placed[number].rule.location,
                )
            )
            continue
        if parent != prefix and parent not in placed:
            errors.append(
                Diagnostic(
                    rule.location,
                    f"the topic index's numbers make this rule {number}, "
                    f"and no rule before it is {parent}",
                )
            )
            continue
        placed[number] = node
        (roots if parent == prefix else placed[parent].children).append(node)
    if errors:
        return Renumbered(rules, tuple(errors), tuple(warnings))
    built = tuple(_build(node) for node in roots)
    warnings.extend(_gaps(built, prefix, entry))
    return Renumbered(built, (), tuple(warnings))


def _build(node: _Node) -> Rule:
    return replace(node.rule, subrules=tuple(_build(child) for child in node.children))


def _gaps(rules: tuple[Rule, ...], parent: str, entry: IndexedTopic) -> list[Diagnostic]:
    """Where the numbers of one level skip or go back (after the fact's renumbering)."""
    found: list[Diagnostic] = []
    previous: int | None = None
    for rule in rules:
        last = (rule.number or "").rpartition(".")[2]
        if last.isdigit() and previous is not None and int(last) != previous + 1:
            found.append(
                Diagnostic(
                    rule.location,
                    f"the topic index's numbers make this rule {rule.number}, "
                    f"after {parent}.{previous} (see {entry.location})",
                )
            )
        previous = int(last) if last.isdigit() else None
        found.extend(_gaps(rule.subrules, rule.number or "", entry))
    return found
