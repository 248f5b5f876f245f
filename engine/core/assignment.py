"""Taking hits as abilities change them: the casualty policy's plan, one hit at a time.

A Sustain Damage that cancels two hits (Non-Euclidean Shielding) and hits that must go to
non-fighter ships first (Graviton Laser System, [0.0.1]) change which units the policy's
plan (:func:`engine.core.casualties.casualty_plan`) picks; the exact odds take such hits
the same way (``engine.odds.taking``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.core.casualties import (
    DEFAULT_POLICY,
    CasualtyPolicy,
    HitPlan,
    casualty_plan,
    non_fighter_ship,
)
from engine.core.combat import Attack, CombatUnit, spec_of

__all__ = ["assignment_plan"]


def assignment_plan(
    units: Sequence[CombatUnit],
    hits: int,
    attack: Attack,
    policy: CasualtyPolicy = DEFAULT_POLICY,
    *,
    per_sustain: int = 1,
    forced: int = 0,
) -> HitPlan:
    """:func:`casualty_plan` with what abilities change: each Sustain Damage cancelling
    ``per_sustain`` hits, and ``forced`` hits put first on non-fighter ships (fighters only
    once none is left to hit), the rest then as the policy likes. The exact odds take hits
    the same way (``engine.odds.taking``), one hit at a time."""
    current = list(units)
    alive = [True] * len(current)
    sustained: list[int] = []
    destroyed: list[int] = []

    def room(pool: list[int]) -> int:
        total = 0
        for i in pool:
            spec = spec_of(current[i], attack)
            if alive[i] and attack.targets(spec):
                sustains = attack.sustain and spec.sustain_damage and not current[i].damaged
                total += 1 + sustains * per_sustain
        return total

    def walk(pool: list[int], count: int) -> None:
        left = count
        while left > 0:
            standing = [i for i in pool if alive[i]]
            plan = casualty_plan([current[i] for i in standing], 1, attack, policy)
            if plan.sustained:
                chosen = standing[plan.sustained[0]]
                current[chosen] = dataclasses.replace(current[chosen], damaged=True)  # type: ignore[type-var]
                sustained.append(chosen)
                left -= per_sustain
            elif plan.destroyed:
                chosen = _just_sustained(standing[plan.destroyed[0]], standing)
                alive[chosen] = False
                destroyed.append(chosen)
                left -= 1
            else:
                return

    def _just_sustained(chosen: int, standing: list[int]) -> int:
        # Of units alike, one that sustained in this plan goes first: the other (damaged
        # before) may still be repaired this round (Duranium Armor).
        alike = (i for i in sustained if i in standing and _alike(current[i], current[chosen]))
        return next(alike, chosen)

    everyone = list(range(len(current)))
    first = min(forced, hits)
    if first:
        ships = [i for i in everyone if non_fighter_ship(spec_of(current[i], attack))]
        others = [i for i in everyone if i not in ships]
        left = first
        for pool in (ships, others):
            taken = min(left, room(pool))
            walk(pool, taken)
            left -= taken
    walk(everyone, hits - first)
    covered = len(destroyed) + per_sustain * len(sustained)
    return HitPlan(tuple(sustained), tuple(destroyed), max(0, hits - covered))


def _alike(one: CombatUnit, other: CombatUnit) -> bool:
    """Whether two units differ in nothing but which one they are."""
    return all(
        getattr(one, k, None) == getattr(other, k, None) for k in ("type", "grade", "damaged")
    )
