"""Taking hits in the exact odds: casualties one hit at a time, with the options that change them.

``take`` is what a side has left after a number of hits and the pieces that used
Sustain Damage for them; Non-Euclidean Shielding, Graviton Laser System and a unit
type kept for last change the walk (``engine.odds.general`` and the faction abilities
of ``engine.odds.abilities`` call it).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from engine.core.casualties import CasualtyPolicy, casualty_rank
from engine.core.combat import Attack
from engine.odds.parts import GRADED, Piece, Side, casualty_walk, side_of

__all__ = ["foe_reads", "holds_flagship", "owners_hit", "take", "without_sustain"]


def holds_flagship(side: Side, faction: str) -> bool:
    return any(p.type == f"flagship|{faction}" for p in side)


_MENTAK, _MECH = Piece("flagship|mentak"), Piece("mech")


def foe_reads(foe: Side) -> Side:
    """What ``Fight.take`` reads of the side firing (``engine.odds.fight``), as a side of
    those pieces alone: whether it holds the Fourth Moon (space) and a mech (Moll
    Terminus, ground). A take kept by it serves every foe alike."""
    mentak = holds_flagship(foe, "mentak")
    mech = any(p.type[:4] == "mech" for p in foe)
    return (_MENTAK,) * mentak + (_MECH,) * mech


@lru_cache(maxsize=64)
def without_sustain(attack: Attack) -> Attack:
    """``attack`` whose hits no Sustain Damage cancels (compared apart from ``attack``)."""
    return replace(attack, name=f"{attack.name} (no sustain)", sustain=False)


def owners_hit(side: Side, attack: Attack) -> Side:
    """``side`` after 1 hit from ``attack`` that the hit's owner assigns (Devotion, Dimensional
    Splicer, Magen Defense Grid Ω: "assign it to 1 of your opponent's ..."): to the most
    costly unit the attack can hit that cannot cancel it (no Sustain Damage, or already
    damaged), which is destroyed; if every one can, to the most costly, which sustains."""
    targets = [p for p in side if attack.targets(GRADED[p.type])]
    if not targets:
        return side

    def sustains(piece: Piece) -> bool:
        return attack.sustain and GRADED[piece.type].sustain_damage and not piece.damaged

    def worth(piece: Piece) -> tuple[float, tuple[int, float, int, str]]:
        spec = GRADED[piece.type]
        return ((spec.cost or 0) / spec.per_cost, casualty_rank(spec))

    exposed = [p for p in targets if not sustains(p)]
    target = max(exposed or targets, key=worth)
    rest = list(side)
    rest.remove(target)
    if not exposed:
        rest.append(Piece(target.type, True))
    return side_of(rest)


def take(
    side: Side,
    hits: int,
    attack: Attack,
    policy: CasualtyPolicy,
    double: bool = False,
    *,
    graviton: bool = False,
    keep: str | None = None,
) -> tuple[Side, tuple[Piece, ...]]:
    """``side`` after ``hits`` from ``attack`` and the pieces that sustained.

    ``double``: each sustain cancels 2 hits (Non-Euclidean Shielding, 87.1).
    ``graviton``: fighters are hit only once no other ship is left to hit; ``keep``:
    units of that type are destroyed only once nothing else is left to hit (they still use
    Sustain Damage as the policy says, :func:`_kept`).
    """
    if not graviton and not keep:
        return _walk(side, hits, attack, policy, double)
    return _tiered(side, hits, attack, policy, double, graviton, keep)


@lru_cache(maxsize=65536)
def _tiered(
    side: Side,
    hits: int,
    attack: Attack,
    policy: CasualtyPolicy,
    double: bool,
    graviton: bool,
    keep: str | None,
) -> tuple[Side, tuple[Piece, ...]]:
    """Graviton Laser System's fighters are hit only once no other ship is left: each tier
    takes what it can before the next (``_kept`` within each)."""
    fighters = [p for p in side if graviton and GRADED[p.type].name == "fighter"]
    left = hits
    kept: list[Piece] = []
    sustained: list[Piece] = []
    for group in (side_of(p for p in side if p not in fighters), side_of(fighters)):
        taken = min(left, _capacity(group, attack, double))
        after, sus = _kept(group, taken, attack, policy, double, keep)
        left -= taken
        kept += after
        sustained += sus
    return side_of(kept), tuple(sustained)


def _kept(
    side: Side, hits: int, attack: Attack, policy: CasualtyPolicy, double: bool, keep: str | None
) -> tuple[Side, tuple[Piece, ...]]:
    """``side`` after ``hits`` where units of type ``keep`` are destroyed only once nothing
    else is left to hit, yet still use Sustain Damage: sustaining first, the others sustain,
    then the kept ones, then the others are lost, then the kept ones; losing first, the
    others take every hit they can (sustains last), then the kept ones."""
    if keep is None or not hits:
        return _walk(side, hits, attack, policy, double)
    state = {
        True: side_of(p for p in side if GRADED[p.type].name == keep),
        False: side_of(p for p in side if GRADED[p.type].name != keep),
    }
    # (whether the kept units, whether only to sustain) in turn.
    steps = (
        ((False, True), (True, True), (False, False), (True, False))
        if policy is CasualtyPolicy.SUSTAIN_FIRST
        else ((False, False), (True, False))
    )
    left = hits
    sustained: list[Piece] = []
    for is_kept, only_sustains in steps:
        current = state[is_kept]
        room = (
            _sustainable(current, attack, double)
            if only_sustains
            else _capacity(current, attack, double)
        )
        taken = min(left, room)
        state[is_kept], sus = _walk(current, taken, attack, policy, double)
        sustained += sus
        left -= taken
    return side_of([*state[True], *state[False]]), tuple(sustained)


def _sustainable(side: Side, attack: Attack, double: bool) -> int:
    """How many hits ``side``'s Sustain Damage can cancel before any unit is lost."""
    if not attack.sustain:
        return 0
    return sum(
        (2 if double else 1)
        for p in side
        if attack.targets(GRADED[p.type]) and GRADED[p.type].sustain_damage and not p.damaged
    )


def _capacity(side: Side, attack: Attack, double: bool) -> int:
    """How many hits ``side`` can take from ``attack`` before nothing is left to hit."""
    total = 0
    for piece in side:
        spec = GRADED[piece.type]
        if attack.targets(spec):
            sustains = attack.sustain and spec.sustain_damage and not piece.damaged
            total += 1 + sustains * (2 if double else 1)
    return total


def _walk(
    side: Side, hits: int, attack: Attack, policy: CasualtyPolicy, double: bool
) -> tuple[Side, tuple[Piece, ...]]:
    walked = _walks(side, attack, policy, double)
    return walked[min(hits, len(walked) - 1)]


@lru_cache(maxsize=16384)
def _walks(
    side: Side, attack: Attack, policy: CasualtyPolicy, double: bool
) -> tuple[tuple[Side, tuple[Piece, ...]], ...]:
    """``side`` after 0, 1, 2, ... hits and the pieces that sustained, up to all it can take:
    one walk for every number of hits (a round's outcomes ask for each in turn)."""
    walked: list[tuple[Side, tuple[Piece, ...]]] = [(side, ())]
    sustained: tuple[Piece, ...] = ()
    for after, chosen, sustains in casualty_walk(side, attack, policy):
        if sustains:
            sustained = (*sustained, chosen)
        # Non-Euclidean Shielding: a sustain takes 2 hits, and 1 hit uses it up as well.
        walked += [(after, sustained)] * (2 if sustains and double else 1)
    return tuple(walked)
