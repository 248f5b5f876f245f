"""What the engine says: events that happened and refusals of illegal choices.

Both carry the rule references that decide them, so a page can link each
ruling to its rule. A reference is the anchor id of the rule on the site:
an official number ("89.2.3"), a note ("89-note-1"), or a wiki item
("movement-step-1-move-ships-2"); numbers from the Living Rules Reference
that the site does not carry yet are cited the same way ("78.4").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """Something that happened, in words for a player, with its rules."""

    kind: str
    text: str
    rules: tuple[str, ...]
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "rules": list(self.rules), **self.data}


@dataclass(frozen=True)
class Refusal:
    """Why a choice is illegal: one sentence for a player, ending with its rules.

    ``reason`` reads like "Cannot move: Carrier starts in a system holding your
    command token (89.2)"; ``rules`` lists the same references for linking.
    """

    reason: str
    rules: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "rules": list(self.rules)}


class IllegalChoice(Exception):
    """Raised inside the engine to refuse a choice; the API turns it into a Refusal."""

    def __init__(self, refusal: Refusal) -> None:
        self.refusal = refusal
        super().__init__(refusal.reason)


def refuse(reason: str, *rules: str) -> IllegalChoice:
    """Build the exception for an illegal choice, appending the rule numbers to the reason."""
    cited = f"{reason} ({', '.join(rules)})" if rules else reason
    return IllegalChoice(Refusal(cited, tuple(rules)))
