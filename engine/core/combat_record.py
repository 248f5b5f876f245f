"""A space or ground combat in progress: the record both editions keep on the game.

It lives apart from :mod:`engine.core.state` so the records of an action in
progress (:mod:`engine.core.actions`: the 4th edition's tactical action, the
3rd edition's action), which ``engine.core.state`` holds, can keep one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Combat:
    """A space or ground combat in progress.

    ``stage`` is the next thing to do in the round: "announce" (retreats,
    space only), "roll", or "assign"; a 3rd-edition battle starts at
    "barrage" (anti-fighter barrage hits before the first round).
    ``announcer`` is who announces next.
    """

    kind: str
    system: str
    planet: str | None
    attacker: str
    defender: str
    round: int = 1
    stage: str = "roll"
    announcer: str | None = None
    retreat_player: str | None = None
    retreat_to: str | None = None
    hits_on_attacker: int = 0
    hits_on_defender: int = 0
