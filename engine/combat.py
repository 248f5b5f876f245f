"""Combat building blocks: rolling dice for an attack and taking the hits it produced.

Every way units shoot at each other in a tactical action is an ``Attack``: who
rolls, with which ability, what its hits may destroy, whether Sustain Damage
can cancel them, and the rules that say so. The functions here are pure: they
take a tuple of units (any frozen dataclass with ``id``, ``type`` and
``damaged`` fields, like the engine's own units) and return new values plus an
``Event`` citing the rules.

The casualty policy (``casualty_plan``) is the one place that decides which
units a player loses when the engine chooses for them; the exact odds
(``engine.odds``) use the same function, so the odds shown before a combat
describe the combat the engine will actually play.

Rule numbers are the 4th-edition Living Rules Reference's: anti-fighter
barrage 10, bombardment 15, ground combat 42, planetary shield 65, space
cannon 77, space combat 78, sustain damage 87.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol, TypeVar

from engine.choice import counted as _count
from engine.dice import Dice, roll
from engine.events import Event, refuse
from engine.units import UNIT_TYPES, DiceAbility, UnitType

SUSTAIN_RULES = ("87.1",)
"""Each Sustain Damage used cancels one hit and leaves its unit damaged."""

PLANETARY_SHIELD_RULES = ("15.1.6", "65.3")
"""Shielded planets cannot be bombarded, unless a war sun is in the system."""


class CombatUnit(Protocol):
    """What the combat functions read of a unit."""

    @property
    def id(self) -> str: ...

    @property
    def type(self) -> str: ...

    @property
    def damaged(self) -> bool: ...


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


def _is_ship(unit: UnitType) -> bool:
    return unit.is_ship


def _is_ground_force(unit: UnitType) -> bool:
    return unit.is_ground_force


def _is_fighter(unit: UnitType) -> bool:
    return unit.name == "fighter"


def _any_unit(unit: UnitType) -> bool:
    return True


_TARGET_NOUNS: dict[Callable[[UnitType], bool], str] = {
    _is_ship: "ships",
    _is_ground_force: "ground forces",
    _is_fighter: "fighters",
}


@dataclass(frozen=True)
class Attack:
    """One way of shooting: who rolls which ability, and what its hits destroy.

    ``ability`` names the ``UnitType`` attribute holding the dice (``combat``,
    ``anti_fighter_barrage``, ``bombardment`` or ``space_cannon``);
    ``shooters`` and ``targets`` say which units roll and which can be
    destroyed; ``sustain`` whether Sustain Damage may cancel its hits.
    ``units`` is the table the unit types are read from and ``sustain_rules``
    the rules a cancelled hit cites: the 3rd edition has its own of both.
    """

    name: str
    ability: str
    shooters: Callable[[UnitType], bool]
    targets: Callable[[UnitType], bool]
    sustain: bool
    roll_rules: tuple[str, ...]
    hit_rules: tuple[str, ...]
    units: Mapping[str, UnitType] = field(
        default_factory=lambda: UNIT_TYPES, compare=False, hash=False
    )
    sustain_rules: tuple[str, ...] = SUSTAIN_RULES
    # Attacks key the exact odds' caches, looked up hundreds of times per calculation:
    # the hash of the compared fields is worked out once.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        compared = (getattr(self, f.name) for f in dataclasses.fields(self) if f.compare)
        object.__setattr__(self, "_hash", hash(tuple(compared)))

    def __hash__(self) -> int:
        return self._hash

    def dice_of(self, unit: UnitType) -> DiceAbility | None:
        """The dice ``unit`` rolls in this attack, or ``None`` if it does not roll."""
        if not self.shooters(unit):
            return None
        ability: DiceAbility | None = getattr(unit, self.ability)
        return ability


SPACE_COMBAT = Attack(
    "space combat", "combat", _is_ship, _is_ship, True, ("78.5",), ("78.6", "78.6.1")
)
GROUND_COMBAT = Attack(
    "ground combat", "combat", _is_ground_force, _is_ground_force, True, ("42.1",), ("42.2",)
)
# A ship cannot sustain damage against a barrage: only fighters can be hit by it (87.4.1).
ANTI_FIGHTER_BARRAGE = Attack(
    "anti-fighter barrage",
    "anti_fighter_barrage",
    _is_ship,
    _is_fighter,
    False,
    ("10.1",),
    ("10.2", "10.2.1"),
)
BOMBARDMENT = Attack(
    "bombardment", "bombardment", _is_ship, _is_ground_force, True, ("15.1",), ("15.2", "15.2.1")
)
SPACE_CANNON_OFFENSE = Attack(
    "space cannon offense", "space_cannon", _any_unit, _is_ship, True, ("77.3",), ("77.5",)
)
SPACE_CANNON_DEFENSE = Attack(
    "space cannon defense",
    "space_cannon",
    _any_unit,
    _is_ground_force,
    True,
    ("77.7",),
    ("77.8", "77.8.1"),
)


@dataclass(frozen=True)
class DieRoll:
    """One die rolled for one unit: it hits when ``result`` is at least ``value``."""

    unit_id: str
    unit_type: str
    value: int
    result: int

    @property
    def hit(self) -> bool:
        return self.result >= self.value

    def to_json(self) -> dict[str, object]:
        return {
            "unit": self.unit_id,
            "type": self.unit_type,
            "value": self.value,
            "result": self.result,
            "hit": self.hit,
        }


@dataclass(frozen=True)
class Volley:
    """The dice one player rolled for one attack, and the dice to roll with next."""

    rolls: tuple[DieRoll, ...]
    dice: Dice
    event: Event

    @property
    def hits(self) -> int:
        return sum(r.hit for r in self.rolls)


def roll_attack(dice: Dice, units: Sequence[CombatUnit], attack: Attack, player: str) -> Volley:
    """Roll the dice of every unit in ``units`` that can shoot in ``attack``.

    Units with lower values roll first (78.5.3), each unit rolling as many
    dice as its ability shows (78.5.1); within a value, in the order given.
    ``player`` is the name the event text uses.
    """
    shooters = []
    for order, unit in enumerate(units):
        ability = attack.dice_of(attack.units[unit.type])
        if ability is not None:
            shooters.append((ability.value, order, unit, ability))
    shooters.sort(key=lambda s: (s[0], s[1]))
    results, dice = roll(dice, sum(s[3].dice for s in shooters))
    rolls: list[DieRoll] = []
    position = 0
    for value, _, unit, ability in shooters:
        for result in results[position : position + ability.dice]:
            rolls.append(DieRoll(unit.id, unit.type, value, result))
        position += ability.dice
    rules = attack.roll_rules + (("78.5.3",) if attack is SPACE_COMBAT and rolls else ())
    hits = sum(r.hit for r in rolls)
    if rolls:
        shown = ", ".join(
            f"{r.result} ({r.unit_type.replace('_', ' ')}, hits on {r.value})" for r in rolls
        )
        text = f"{player} rolls for {attack.name}: {shown} – {_count(hits, 'hit')}"
    else:
        text = f"{player} has no units that roll for {attack.name}"
    event = Event(
        "roll",
        f"{text} ({', '.join(rules)})",
        rules,
        {
            "player": player,
            "attack": attack.name,
            "rolls": [r.to_json() for r in rolls],
            "hits": hits,
        },
    )
    return Volley(tuple(rolls), dice, event)


@dataclass(frozen=True)
class HitPlan:
    """Which units (by index) take a player's hits: cancelled, destroyed, or wasted."""

    sustained: tuple[int, ...]
    destroyed: tuple[int, ...]
    excess: int


def casualty_rank(unit: UnitType) -> tuple[int, float, str]:
    """Sort key putting the unit a player would rather lose first.

    Weakest combat value first (a higher number needed to hit is weaker),
    then the cheaper unit (cost per unit produced), then the name so the
    order is total.
    """
    value = unit.combat.value if unit.combat else 11
    cost = (unit.cost or 0) / unit.per_cost
    return (-value, cost, unit.name)


def absorbable(units: Sequence[CombatUnit], attack: Attack) -> int:
    """How many hits from ``attack`` the units can take before nothing is left to hit.

    Each unit the attack can hit takes one, plus one more for an undamaged
    unit whose Sustain Damage can cancel it (87.1).
    """
    total = 0
    for unit in units:
        kind = attack.units[unit.type]
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
    types = [attack.units[u.type] for u in units]
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
) -> HitsTaken:
    """Take ``hits`` from ``attack`` on the units a player chose, one id per hit.

    ``sustain`` names the units whose Sustain Damage the player uses (87: they
    "can use" it): the first hit listed on such a unit is cancelled and the
    unit damaged; any other hit destroys its unit. Without ``sustain`` every
    undamaged unit that can sustain uses it on its first hit. Every hit must
    be assigned (78.6, 42.2) unless every unit the attack can hit is
    destroyed; only then are the rest excess.

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
        if attack.sustain and attack.units[u.type].sustain_damage and not u.damaged
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
    for unit_id in chosen:
        if unit_id not in by_id:
            raise refuse(
                f"Cannot assign a hit to {unit_id}: it is not one of {player}’s units that "
                f"{attack.name} can hit here",
                *attack.hit_rules,
            )
        index = by_id[unit_id]
        unit_type = attack.units[units[index].type]
        if not attack.targets(unit_type):
            rules = attack.hit_rules + (("87.4.1",) if unit_type.sustain_damage else ())
            raise refuse(
                f"Cannot assign a hit from {attack.name} to {unit_id}: it hits only "
                f"{_TARGET_NOUNS.get(attack.targets, 'other units')}",
                *rules,
            )
        if index in destroyed:
            raise refuse(
                f"Cannot assign another hit to {unit_id}: it is already destroyed",
                *attack.hit_rules,
            )
        if unit_id in sustaining and index not in sustained:
            sustained.append(index)
        else:
            destroyed.append(index)
    wiped = all(i in destroyed for i, u in enumerate(units) if attack.targets(attack.units[u.type]))
    if len(chosen) > hits or (len(chosen) < hits and not wiped):
        raise refuse(
            f"Cannot assign {_count(len(chosen), 'hit')}: {player} must assign "
            f"{_count(hits, 'hit')} from {attack.name} to their units, fewer only when every "
            f"unit it can hit is destroyed",
            *attack.hit_rules,
        )
    plan = HitPlan(tuple(sustained), tuple(destroyed), hits - len(chosen))
    return _apply_plan(units, plan, hits, attack, player)


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


def bombardment_blocked(
    bombarders: Sequence[CombatUnit], planet_units: Sequence[CombatUnit]
) -> bool:
    """Whether a planet's Planetary Shield stops ``bombarders`` (15.1.6).

    A war sun among the bombarding player's units in the system switches the
    shield off for all of them (65.3).
    """
    shielded = any(UNIT_TYPES[u.type].planetary_shield for u in planet_units)
    return shielded and not any(UNIT_TYPES[u.type].ignores_planetary_shield for u in bombarders)
