"""Adjacency between systems: hex neighbours on axial coordinates plus explicit links.

Two systems are adjacent when their hexes share a side (LRR 6, its opening
text) or when the scenario links them: matching wormholes (LRR 6.1) or a
hyperlane (LRR 6.4). Space cannon reaches the systems adjacent to its unit's where its
range says so (``cannon_units``).
"""

from __future__ import annotations

from engine.core.state import Game, System, Unit

# The six axial directions of a hex grid.
HEX_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(game: Game, system_id: str) -> tuple[str, ...]:
    """The systems adjacent to ``system_id``, in board order."""
    origin = game.system(system_id)
    near = {(origin.q + dq, origin.r + dr) for dq, dr in HEX_DIRECTIONS}
    linked = {b for a, b in game.links if a == system_id} | {
        a for a, b in game.links if b == system_id
    }
    return tuple(
        s.id for s in game.systems if s.id != system_id and ((s.q, s.r) in near or s.id in linked)
    )


def adjacent(game: Game, a: str, b: str) -> bool:
    """Whether systems ``a`` and ``b`` are adjacent."""
    return b in neighbours(game, a)


def cannon_units(system: System, player: str, game: Game | None = None) -> tuple[Unit, ...]:
    """The player's units in the system (space area and planets) with Space Cannon.

    With ``game``, also those in adjacent systems whose space cannon reaches that far
    (PDS II, 77.3.3).
    """
    here = tuple(
        u for u in system.all_units() if u.owner == player and u.spec.space_cannon is not None
    )
    if game is None:
        return here
    near = tuple(
        u
        for other in neighbours(game, system.id)
        for u in game.system(other).all_units()
        if u.owner == player and u.spec.space_cannon is not None and u.spec.space_cannon_range
    )
    return here + near
