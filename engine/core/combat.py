"""Combat building blocks: the attacks units make and rolling their dice.

Every way units shoot at each other in a tactical action is an ``Attack``: who
rolls, with which ability, what its hits may destroy, whether Sustain Damage
can cancel them, and the rules that say so. The functions here are pure: they
take a tuple of units (any frozen dataclass with ``id``, ``type`` and
``damaged`` fields, like the engine's own units) and return new values plus an
``Event`` citing the rules.

Taking hits and the casualty policy live in :mod:`engine.core.casualties`;
``pending_for`` records hits a player must assign themselves.

Rule numbers are the 4th-edition Living Rules Reference's: anti-fighter
barrage 10, bombardment 15, ground combat 42, planetary shield 65, space
cannon 77, space combat 78, sustain damage 87.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine.core.choice import counted as _count
from engine.core.dice import Dice, roll
from engine.core.events import Event
from engine.core.state import PendingHits
from engine.core.units import PIECE_TYPES, DiceAbility, UnitType, pieces

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


def _is_ship(unit: UnitType) -> bool:
    return unit.is_ship


def _is_ground_force(unit: UnitType) -> bool:
    return unit.is_ground_force


def _is_fighter(unit: UnitType) -> bool:
    return unit.name == "fighter"


def _any_unit(unit: UnitType) -> bool:
    return True


TARGET_NOUNS: dict[Callable[[UnitType], bool], str] = {
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
        default_factory=lambda: PIECE_TYPES, compare=False, hash=False
    )
    sustain_rules: tuple[str, ...] = SUSTAIN_RULES
    bonus: int = 0  # added to each roll (a nebula's defender: +1, 59.3)
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
        if ability is None or not self.bonus:
            return ability
        # Adding to a roll hits on a value that much lower; a 10 still hits.
        return dataclasses.replace(ability, value=max(1, ability.value - self.bonus))


def spec_of(unit: CombatUnit, attack: Attack) -> UnitType:
    """The values ``unit`` fights with: its own grade's (97.4), else the attack's table's."""
    grade = getattr(unit, "grade", None)
    return pieces().spec(unit.type, grade) if grade else attack.units[unit.type]


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


def with_roll_bonus(attack: Attack, bonus: int, rules: tuple[str, ...]) -> Attack:
    """``attack`` with ``bonus`` added to each of its rolls, for the rules that grant it.

    Every reader of a unit's dice goes through :meth:`Attack.dice_of`, so the bonus holds
    for a unit of any grade, in play and in the exact odds. It is a new attack, by name,
    so caches keyed by attacks tell the two apart (a nebula's defender rolls +1 in space
    combat, 59.3).
    """
    if not bonus:
        return attack
    return dataclasses.replace(
        attack,
        name=f"{attack.name} (+{attack.bonus + bonus} to each roll)",
        roll_rules=attack.roll_rules + rules,
        bonus=attack.bonus + bonus,
    )


@dataclass(frozen=True)
class DieRoll:
    """One die rolled for one unit: it hits when ``result`` is at least ``value``."""

    unit_id: str
    unit_type: str
    value: int
    result: int
    # Hits the die makes beyond its own (J.N.S. Hylarim: 2 more on an unmodified 9 or 10).
    extra: int = 0
    # Rolled again after a miss (Ta Zern): the missed die stays shown, hitting nothing.
    reroll: bool = False

    @property
    def hit(self) -> bool:
        return self.result >= self.value

    @property
    def hits(self) -> int:
        return int(self.hit) + self.extra

    def to_json(self) -> dict[str, object]:
        shown: dict[str, object] = {
            "unit": self.unit_id,
            "type": self.unit_type,
            "value": self.value,
            "result": self.result,
            "hit": self.hit,
        }
        if self.reroll:
            shown["reroll"] = True
        return {**shown, "extra_hits": self.extra} if self.extra else shown


@dataclass(frozen=True)
class Volley:
    """The dice one player rolled for one attack, and the dice to roll with next."""

    rolls: tuple[DieRoll, ...]
    dice: Dice
    event: Event

    @property
    def hits(self) -> int:
        return sum(r.hits for r in self.rolls)


@dataclass(frozen=True)
class RollChange:
    """What an ability changes of one unit's dice in a volley: ``plus`` added to each roll,
    ``dice`` rolled instead of the printed number, ``extra`` more hits for each unmodified
    result of ``extra_from`` or more, ``more`` dice beyond those (however many), ``reroll``:
    each die that misses is rolled again, once."""

    plus: int = 0
    dice: int | None = None
    extra: int = 0
    extra_from: int = 11
    more: int = 0
    reroll: bool = False


DiceRule = Callable[
    [CombatUnit, Sequence[CombatUnit], Sequence[CombatUnit], "Attack"], RollChange | None
]
"""An ability's change to a unit's dice: (the unit, its side, the opponents, the attack)."""


def in_space_combat(attack: Attack) -> bool:
    """Whether ``attack`` is space combat's rolls (by what it is: a bonus makes a new one)."""
    return attack.ability == "combat" and attack.shooters is _is_ship


def roll_attack(
    dice: Dice,
    units: Sequence[CombatUnit],
    attack: Attack,
    player: str,
    opponents: Sequence[CombatUnit] = (),
    dice_rules: Sequence[DiceRule] = (),
) -> Volley:
    """Roll the dice of every unit in ``units`` that can shoot in ``attack``.

    Units with lower values roll first (78.5.3), each unit rolling as many
    dice as its ability shows (78.5.1); within a value, in the order given.
    ``player`` is the name the event text uses; ``opponents`` are the units
    fought; ``dice_rules`` are the edition's abilities that change a unit's dice (a
    flagship's), each asked for every unit.
    """
    shooters = []
    in_space = in_space_combat(attack)
    for order, unit in enumerate(units):
        ability = attack.dice_of(spec_of(unit, attack))
        if ability is not None:
            changes = [c for rule in dice_rules if (c := rule(unit, units, opponents, attack))]
            value = ability.value - sum(c.plus for c in changes)
            for change in changes:
                if change.dice is not None:
                    ability = dataclasses.replace(ability, dice=change.dice)
            added = sum(c.more for c in changes)
            if added:
                ability = dataclasses.replace(ability, dice=ability.dice + added)
            more = next(((c.extra, c.extra_from) for c in changes if c.extra), (0, 11))
            again = any(c.reroll for c in changes)
            shooters.append((max(1, value), order, unit, ability, more, again))
    shooters.sort(key=lambda s: (s[0], s[1]))
    results, dice = roll(dice, sum(s[3].dice for s in shooters))
    rolls: list[DieRoll] = []
    misses: list[tuple[DieRoll, int, int]] = []
    position = 0
    for value, _, unit, ability, (extra, extra_from), again in shooters:
        for result in results[position : position + ability.dice]:
            made = extra if result >= extra_from else 0
            rolls.append(DieRoll(unit.id, unit.type, value, result, made))
            if again and not rolls[-1].hit:
                misses.append((rolls[-1], extra, extra_from))
        position += ability.dice
    # Each missed die its ability rerolls is rolled again once, after the volley's dice.
    results, dice = roll(dice, len(misses))
    rolls += [
        DieRoll(m.unit_id, m.unit_type, m.value, r, extra if r >= start else 0, reroll=True)
        for (m, extra, start), r in zip(misses, results, strict=True)
    ]
    rules = attack.roll_rules + (("78.5.3",) if in_space and rolls else ())
    hits = sum(r.hits for r in rolls)
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


def bombardment_blocked(
    bombarders: Sequence[CombatUnit], planet_units: Sequence[CombatUnit]
) -> bool:
    """Whether a planet's Planetary Shield stops ``bombarders`` (15.1.6).

    A war sun among the bombarding player's units in the system switches the
    shield off for all of them (65.3).
    """
    shielded = any(values_of(u).planetary_shield for u in planet_units)
    return shielded and not any(values_of(u).ignores_planetary_shield for u in bombarders)


def values_of(unit: CombatUnit) -> UnitType:
    """The values ``unit`` has: its grade's, or the pieces' table's (an odds name too)."""
    grade = getattr(unit, "grade", None)
    if grade:
        return pieces().spec(unit.type, grade)
    name, _, grade = unit.type.partition("|")  # the exact odds' graded names (cruiser|ii)
    return pieces().spec(name, grade)


def pending_for(
    player: str, count: int, system: str, planet: str | None, attack: Attack
) -> PendingHits:
    """The hits ``player`` must assign after ``attack`` produced ``count`` hits."""
    return PendingHits(player, count, system, planet, attack.name, attack.hit_rules)
