"""The shape of a legal choice as the API hands it out: a JSON dict with its rules."""

from __future__ import annotations

from typing import Any


def make_choice(
    kind: str, label: str, rules: tuple[str, ...] | list[str], **params: Any
) -> dict[str, Any]:
    """A choice dict: ``kind``, a button ``label``, the ``rules`` that allow it, and parameters."""
    return {"kind": kind, "label": label, "rules": list(rules), **params}


def counted(n: int, noun: str) -> str:
    """ "1 hit", "2 hits": a count with its noun, never "hit(s)"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def hit_targets(sustained: list[str], destroyed: list[str]) -> str:
    """The units hits go to, each named once: "Blue's dreadnought 1 (Sustain Damage, then
    destroyed), blue-cruiser-1", not the same unit twice."""
    named = []
    for unit in dict.fromkeys([*sustained, *destroyed]):
        if unit in sustained and unit in destroyed:
            named.append(f"{unit} (Sustain Damage, then destroyed)")
        elif unit in sustained:
            named.append(f"{unit} (Sustain Damage)")
        else:
            named.append(unit)
    return ", ".join(named) if named else "nothing can be hit"


def cite(text: str, rules: tuple[str, ...]) -> str:
    """``text`` with its rule references appended, as every event and refusal reads."""
    return f"{text} ({', '.join(rules)})" if rules else text
