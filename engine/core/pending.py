"""What waits for a player's answer before play goes on: hits to assign, a limit they
may be over, a command token with no pool named yet."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PendingHits", "PendingRemoval", "PendingToken"]


@dataclass(frozen=True)
class PendingHits:
    """Hits that ``player`` must now assign to their own units.

    ``planet`` is ``None`` for hits on ships in the space area of ``system``;
    otherwise the hits go to ground forces on that planet.
    """

    player: str
    count: int
    system: str
    planet: str | None
    source: str
    rules: tuple[str, ...]
    # Who produced the hits; whether Sustain Damage may cancel them; how many hits one use
    # of it cancels; how many must go to non-fighter ships while any is left.
    by: str | None = None
    sustain: bool = True
    per_sustain: int = 1
    forced: int = 0
    # The abilities that changed them (their names, said when they are offered).
    notes: tuple[str, ...] = ()
    # Whether their owner was offered what acts before assigning them (Shields Holding).
    asked: bool = False


@dataclass(frozen=True)
class PendingRemoval:
    """A limit ``player`` may be over in ``system``; if so they choose which units to remove.

    ``limit`` is "fleet_pool" (non-fighter ships beyond the fleet pool, 37),
    "capacity" (fighters and ground forces in the space area beyond capacity,
    16) or "retreat" (fighters and ground forces the retreating ships cannot
    transport, 78.7.2). How many units must go is read off the board when the choice is
    offered, because removing ships for the fleet pool can lower capacity.
    ``rules`` are those of the moment the limit is checked (end of combat, say).
    """

    player: str
    system: str
    limit: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class PendingToken:
    """A command token ``player`` must place in ``system`` with none left in reinforcements.

    The player chooses a pool of their command sheet to take it from (20.3b: "that player
    must take a token from a pool on their command sheet"; 32.2a, 78.7d).
    """

    player: str
    system: str
    rules: tuple[str, ...] = ()
