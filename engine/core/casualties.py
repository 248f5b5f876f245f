"""Taking hits: the casualty policy and a player's own choice of casualties.

The casualty policy (``casualty_plan``) is the one place that decides which
units a player loses when the engine chooses for them; the exact odds
(:mod:`engine.odds`) use the same function, so the odds shown before a combat
describe the combat the engine will actually play. ``take_chosen_hits``
checks a player's own assignment (Sustain Damage is the player's choice, 87).

Rule numbers are the 4th-edition Living Rules Reference's; the 3rd edition
passes its own unit table and rules in the ``Attack``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from engine.core.choice import counted as _count
from engine.core.combat import SUSTAIN_RULES, TARGET_NOUNS, Attack, CombatUnit, spec_of
from engine.core.events import Event, refuse
from engine.core.units import UnitType

U = TypeVar("U", bound=CombatUnit)


class CasualtyPolicy(StrEnum):
    """How the engine picks casualties for a player who leaves the choice to it.

    Sustain Damage is optional (87: a player "can use" it), so the player may
    always assign hits otherwise (:func:`take_chosen_hits`); a policy is what
    the engine suggests, and the assumption the exact odds make about both
    players. Using it is never worse for a player whose only aim is to win
    the combat (a sustained hit costs nothing a destroyed unit would not), so
    the odds under ``SUSTAIN_FIRST`` are those of optimal play for that aim.

    Both policies destroy units from the weakest combat value up, cheaper
    first on ties (fighter, destroyer, carrier, cruiser, dreadnought, war
    sun; infantry before mech). They differ in when Sustain Damage is used:
    ``SUSTAIN_FIRST`` cancels hits with every undamaged unit that can sustain
    before losing anything; ``LOSE_FIRST`` loses the other units first and
    sustains only when nothing else is left to hit.
    """

    SUSTAIN_FIRST = "sustain_first"
    LOSE_FIRST = "lose_first"

    @classmethod
    def parse(cls, name: str | None) -> CasualtyPolicy:
        """The policy called ``name`` (``None`` means the default, sustain first).

        Raises:
            ValueError: naming the known policies.
        """
        if name is None:
            return cls.SUSTAIN_FIRST
        try:
            return cls(name.strip().lower().replace("-", "_"))
        except ValueError:
            known = ", ".join(p.value for p in cls)
            raise ValueError(f"unknown casualty policy {name!r}; known: {known}") from None


DEFAULT_POLICY = CasualtyPolicy.SUSTAIN_FIRST


@dataclass(frozen=True)
class HitPlan:
    """Which units (by index) take a player's hits: cancelled, destroyed, or wasted."""

    sustained: tuple[int, ...]
    destroyed: tuple[int, ...]
    excess: int


def casualty_rank(unit: UnitType) -> tuple[int, float, int, str]:
    """Sort key putting the unit a player would rather lose first.

    Weakest combat value first (a higher number needed to hit is weaker),
    then the cheaper unit (cost per unit produced), then the one rolling fewer
    combat dice (a unit bearing a token that adds one is kept), then the name so
    the order is total.
    """
    value = unit.combat.value if unit.combat else 11
    cost = (unit.cost or 0) / unit.per_cost
    return (-value, cost, unit.combat.dice if unit.combat else 0, unit.name)


def absorbable(units: Sequence[CombatUnit], attack: Attack) -> int:
    """How many hits from ``attack`` the units can take before nothing is left to hit.

    Each unit the attack can hit takes one, plus one more for an undamaged
    unit whose Sustain Damage can cancel it (87.1).
    """
    total = 0
    for unit in units:
        kind = spec_of(unit, attack)
        if attack.targets(kind):
            total += 1 + (attack.sustain and kind.sustain_damage and not unit.damaged)
    return total


def casualty_plan(
    units: Sequence[CombatUnit],
    hits: int,
    attack: Attack,
    policy: CasualtyPolicy = DEFAULT_POLICY,
) -> HitPlan:
    """Choose which of ``units`` take ``hits`` from ``attack`` under ``policy``.

    Hits are taken one at a time, each by the unit the policy picks among
    those that can still be hit; hits beyond that are excess and have no
    effect (10.2.1, 15.2.1). Damaged units are destroyed before undamaged
    ones of the same type. Only ``type`` and ``damaged`` are read, so the
    exact odds can plan with anonymous units.
    """
    types = [spec_of(u, attack) for u in units]
    damaged = [u.damaged for u in units]
    standing = [attack.targets(t) for t in types]
    sustained: list[int] = []
    destroyed: list[int] = []
    for taken in range(hits):
        candidates = [i for i, up in enumerate(standing) if up]
        if not candidates:
            return HitPlan(tuple(sustained), tuple(destroyed), hits - taken)
        can_sustain = [
            i for i in candidates if attack.sustain and types[i].sustain_damage and not damaged[i]
        ]
        others = [i for i in candidates if i not in can_sustain]
        if can_sustain and (policy is CasualtyPolicy.SUSTAIN_FIRST or not others):
            chosen = min(can_sustain, key=lambda i: (casualty_rank(types[i]), i))
            damaged[chosen] = True
            sustained.append(chosen)
        else:
            chosen = min(others, key=lambda i: (casualty_rank(types[i]), not damaged[i], i))
            standing[chosen] = False
            destroyed.append(chosen)
    return HitPlan(tuple(sustained), tuple(destroyed), 0)


@dataclass(frozen=True)
class HitsTaken:
    """The units left after taking hits, what happened to the others, and the event."""

    survivors: tuple[CombatUnit, ...]
    destroyed: tuple[CombatUnit, ...]
    damaged: tuple[CombatUnit, ...]
    excess: int
    event: Event


def take_hits(
    units: Sequence[U],
    hits: int,
    attack: Attack,
    player: str,
    policy: CasualtyPolicy = DEFAULT_POLICY,
) -> HitsTaken:
    """Take ``hits`` from ``attack`` with casualties chosen by ``policy``.

    ``units`` are the player's units that can be involved (e.g. their ships in
    the active system); units the attack cannot hit are left untouched.
    """
    return _apply_plan(units, casualty_plan(units, hits, attack, policy), hits, attack, player)


def take_chosen_hits(
    units: Sequence[U],
    hits: int,
    attack: Attack,
    player: str,
    chosen: Sequence[str],
    sustain: Sequence[str] | None = None,
    *,
    per_sustain: int = 1,
    forced: int = 0,
    forced_rules: tuple[str, ...] = (),
) -> HitsTaken:
    """Take ``hits`` from ``attack`` on the units a player chose, one id per hit.

    ``sustain`` names the units whose Sustain Damage the player uses (87: they
    "can use" it): the first hit listed on such a unit is cancelled and the
    unit damaged; any other hit destroys its unit. Without ``sustain`` every
    undamaged unit that can sustain uses it on its first hit. Every hit must
    be assigned (78.6, 42.2) unless every unit the attack can hit is
    destroyed; only then are the rest excess. ``per_sustain``: how many hits one use of
    Sustain Damage cancels (an ability's 2); ``forced``: how many hits must go to
    non-fighter ships while any can take one (``forced_rules`` say why).

    Raises:
        IllegalChoice: naming the rule, if an id is not one of ``units``, names
            a unit the attack cannot hit, is listed more often than the unit can
            take hits, names a unit that cannot sustain in ``sustain``, or the
            number of ids is not the number of hits to assign.
    """
    by_id = {u.id: i for i, u in enumerate(units)}
    can_sustain = {
        u.id
        for u in units
        if attack.sustain and spec_of(u, attack).sustain_damage and not u.damaged
    }
    sustaining = can_sustain if sustain is None else set(sustain)
    unable = sorted(sustaining - can_sustain)
    if unable:
        raise refuse(
            f"{', '.join(unable)} cannot use Sustain Damage against {attack.name}: only an "
            f"undamaged unit with the ability that {attack.name} can hit may use it",
            "87",
            "87.2",
            "87.4.1",
        )
    unhit = sorted(sustaining - set(chosen)) if sustain is not None else []
    if unhit:
        raise refuse(
            f"{', '.join(unhit)} can use Sustain Damage only to cancel a hit assigned to it; "
            f"list it among the units that take the hits",
            "87",
            *SUSTAIN_RULES,
        )
    sustained: list[int] = []
    destroyed: list[int] = []
    covered = 0
    for unit_id in chosen:
        if covered >= hits:
            raise refuse(
                f"Cannot assign more than {_count(hits, 'hit')} from {attack.name}: "
                f"{unit_id} is one unit too many",
                *attack.hit_rules,
            )
        if unit_id not in by_id:
            raise refuse(
                f"Cannot assign a hit to {unit_id}: it is not one of {player}’s units that "
                f"{attack.name} can hit here",
                *attack.hit_rules,
            )
        index = by_id[unit_id]
        unit_type = spec_of(units[index], attack)
        if not attack.targets(unit_type):
            rules = attack.hit_rules + (("87.4.1",) if unit_type.sustain_damage else ())
            raise refuse(
                f"Cannot assign a hit from {attack.name} to {unit_id}: it hits only "
                f"{TARGET_NOUNS.get(attack.targets, 'other units')}",
                *rules,
            )
        if index in destroyed:
            raise refuse(
                f"Cannot assign another hit to {unit_id}: it is already destroyed",
                *attack.hit_rules,
            )
        if unit_id in sustaining and index not in sustained:
            sustained.append(index)
            covered += per_sustain
        else:
            destroyed.append(index)
            covered += 1
    wiped = all(i in destroyed for i, u in enumerate(units) if attack.targets(spec_of(u, attack)))
    if covered < hits and not wiped:
        raise refuse(
            f"Cannot assign {_count(covered, 'hit')}: {player} must assign "
            f"{_count(hits, 'hit')} from {attack.name} to their units, fewer only when every "
            f"unit it can hit is destroyed",
            *attack.hit_rules,
        )
    if forced:
        _check_forced(units, attack, sustained, destroyed, per_sustain, forced, forced_rules)
    plan = HitPlan(tuple(sustained), tuple(destroyed), max(0, hits - covered))
    return _apply_plan(units, plan, hits, attack, player)


def non_fighter_ship(unit: UnitType) -> bool:
    """Whether ``unit`` is a ship other than a fighter."""
    return unit.is_ship and unit.name != "fighter"


def _check_forced(
    units: Sequence[U],
    attack: Attack,
    sustained: list[int],
    destroyed: list[int],
    per_sustain: int,
    forced: int,
    rules: tuple[str, ...],
) -> None:
    """Refuse an assignment that puts fewer than ``forced`` hits on non-fighter ships while
    those could take more."""
    on_ships = sum(
        (per_sustain if i in sustained else 0) + (1 if i in destroyed else 0)
        for i, u in enumerate(units)
        if non_fighter_ship(spec_of(u, attack))
    )
    room = sum(
        1 + (attack.sustain and spec.sustain_damage and not u.damaged) * per_sustain
        for u in units
        if attack.targets(spec := spec_of(u, attack)) and non_fighter_ship(spec)
    )
    if on_ships < min(forced, room):
        raise refuse(
            f"{_count(forced, 'hit')} from {attack.name} must go to non-fighter ships while "
            f"any can take one",
            *rules,
        )


def _apply_plan(
    units: Sequence[U], plan: HitPlan, hits: int, attack: Attack, player: str
) -> HitsTaken:
    destroyed_set = set(plan.destroyed)
    sustained_set = set(plan.sustained)
    survivors = tuple(
        dataclasses.replace(u, damaged=True) if i in sustained_set else u  # type: ignore[type-var]
        for i, u in enumerate(units)
        if i not in destroyed_set
    )
    destroyed = tuple(units[i] for i in plan.destroyed)
    damaged = tuple(units[i] for i in plan.sustained)
    rules = attack.hit_rules + (attack.sustain_rules if plan.sustained else ())
    parts = [f"{u.id} sustains damage" for u in damaged] + [
        f"{u.id} is destroyed" for u in destroyed
    ]
    if plan.excess:
        parts.append(f"{_count(plan.excess, 'hit')} without effect")
    summary = "; ".join(parts) if parts else "nothing to hit"
    text = f"{player} takes {_count(hits, 'hit')} from {attack.name}: {summary}"
    event = Event(
        "hits",
        f"{text} ({', '.join(rules)})",
        rules,
        {
            "player": player,
            "attack": attack.name,
            "hits": hits,
            "damaged": [u.id for u in damaged],
            "destroyed": [u.id for u in destroyed],
            "excess": plan.excess,
        },
    )
    return HitsTaken(survivors, destroyed, damaged, plan.excess, event)
