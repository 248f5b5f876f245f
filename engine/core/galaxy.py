"""Adjacency between systems: hex neighbours on axial coordinates plus explicit links.

Two systems are adjacent when their hexes share a side (LRR 6, its opening
text) or when the scenario links them: matching wormholes (LRR 6.1) or a
hyperlane (LRR 6.4).
"""

from __future__ import annotations

from engine.core.state import Game

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
