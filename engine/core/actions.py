"""Where an action in progress stands: the slot every edition fills (``Game.action``).

Each edition records its own action in progress as a frozen subclass of
:class:`Action` (the 4th edition's tactical action, ``engine.ti4.records``; the 3rd
edition's tactical or transfer action, ``engine.ti3.records``) and registers its class
(``Edition.record``), so the core's game and codec hold and rebuild it without
importing either edition's rules; a battle in progress is the shared combat record
(:mod:`engine.core.combat_record`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Action:
    """An action in progress: the step it stands at, and the step whose opening has been
    announced (so each step opens exactly once)."""

    step: str = ""
    opened: str | None = None

    @property
    def activated(self) -> str | None:
        """The system the action activated, once it has (the VIEW's ``active_system``)."""
        return None
