"""The shape of a legal choice as the API hands it out: a JSON dict with its rules."""

from __future__ import annotations

from typing import Any


def make_choice(
    kind: str, label: str, rules: tuple[str, ...] | list[str], **params: Any
) -> dict[str, Any]:
    """A choice dict: ``kind``, a button ``label``, the ``rules`` that allow it, and parameters."""
    return {"kind": kind, "label": label, "rules": list(rules), **params}


def cite(text: str, rules: tuple[str, ...]) -> str:
    """``text`` with its rule references appended, as every event and refusal reads."""
    return f"{text} ({', '.join(rules)})" if rules else text
