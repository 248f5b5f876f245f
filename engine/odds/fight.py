"""A combat's sides in the exact odds: each side's faction and options, and the fight's rules.

:class:`Setup` is what a side brings (faction, options with their rounds, casualty
priority); :class:`Fight` the rounds' attack, both setups and how a side takes hits.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from dataclasses import fields as dc_fields

from engine.core.casualties import CasualtyPolicy
from engine.core.combat import Attack
from engine.core.units import DiceAbility, UnitType
from engine.odds.direct import cancelled as tellurian
from engine.odds.parts import GRADED, Piece, Side, side_of
from engine.odds.taking import holds_flagship, owners_hit, take, without_sustain
from engine.ti4.abilities import Ability
from engine.ti4.abilities.faction_technologies import NON_EUCLIDEAN_SHIELDING
from engine.ti4.abilities.mechs import MOLL_TERMINUS, QUANTUM_MANIPULATOR
from engine.ti4.abilities.relics import METALI_VOID_SHIELDING

__all__ = ["Fight", "Setup", "UnitBonusAttack", "with_unit_bonus"]


@dataclass(frozen=True)
class Setup:
    """One side's faction and options ({id: rounds it is used in, () for always})."""

    faction: str | None = None
    options: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # The side's own casualty priority (else the combat's) and a unit type it loses last.
    policy: CasualtyPolicy | None = None
    keep: str | None = None

    def has(self, option: Ability, round_: int | None = None) -> bool:
        """Whether the side holds ``option`` (in round ``round_``, if it names rounds)."""
        rounds = self.options.get(option.id)
        if rounds is None:
            return False
        return not rounds or (round_ is not None and round_ in rounds)

    def holds(self, option: Ability) -> bool:
        """Whether the side holds ``option``, in whichever rounds (or however many)."""
        return option.id in self.options

    def count(self, option: Ability) -> int:
        """How many the side names of ``option``'s amount (0 if it does not hold it)."""
        return self.options.get(option.id, (0,))[0]


@dataclass(frozen=True)
class Fight:
    """A combat's rounds: the attack, the sides' setups, the casualty policy."""

    attack: Attack
    ground: bool
    attacker: Setup
    defender: Setup
    policy: CasualtyPolicy
    # The defender has a unit with Planetary Shield on the planet (Magen Defense Grid).
    shielded: bool = False
    # P(k hits) of the attacker's bombardment at the end of each ground combat round (Harrow).
    harrow: tuple[float, ...] = ()
    # Added to the defender's space combat rolls (a nebula's +1, 59.3).
    defender_bonus: int = 0

    def attack_on(self, own: Setup, foe: Side) -> Attack:
        """The rounds' attack against the side whose setup is ``own``, the ``foe`` firing:
        without Sustain Damage where the foe's Fourth Moon or Moll Terminus forbids it."""
        attack = self.attack
        if not self.ground and holds_flagship(foe, "mentak"):
            attack = without_sustain(attack)  # Fourth Moon: no Sustain Damage against it
        other = self.defender if own is self.attacker else self.attacker
        if self.ground and other.has(MOLL_TERMINUS) and any(p.type[:4] == "mech" for p in foe):
            attack = without_sustain(attack)  # Moll Terminus: none against it
        return attack

    def owners_hit(self, side: Side, own: Setup, foe: Side) -> Side:
        """``side`` after 1 hit its foe's ability assigns (``engine.odds.taking.owners_hit``)."""
        return owners_hit(side, self.attack_on(own, foe))

    def take(
        self, side: Side, hits: int, own: Setup, foe: Side = (), forced: int = 0
    ) -> tuple[Side, tuple[Piece, ...]]:
        """``side`` after ``hits``, and the pieces that used Sustain Damage for them.

        ``forced`` of the hits must go to non-fighter ships while any is left ([0.0.1]):
        they are taken first, then the rest as the side likes.
        """
        side, hits = tellurian(side, hits)
        side, hits, shielded = self.metali(side, hits, own)
        forced = min(forced, hits)
        double = own.has(NON_EUCLIDEAN_SHIELDING)
        attack = self.attack_on(own, foe)
        policy = own.policy or self.policy
        if not self.ground and own.has(QUANTUM_MANIPULATOR):
            side, cancelled = manipulated(side, hits)
            hits -= cancelled
            forced = min(forced, hits)
        if not forced:
            side, sustained = take(side, hits, attack, policy, double, keep=own.keep)
            return side, shielded + sustained
        side, first = take(side, forced, attack, policy, double, graviton=True, keep=own.keep)
        side, rest = take(side, hits - forced, attack, policy, double, keep=own.keep)
        return side, shielded + first + rest

    def metali(self, side: Side, hits: int, own: Setup) -> tuple[Side, int, tuple[Piece, ...]]:
        """Metali Void Shielding: with hits to take, the cheapest undamaged non-fighter ship
        without Sustain Damage uses it as if it had it (cancels 1 hit, is damaged)."""
        if not hits or self.ground or not own.has(METALI_VOID_SHIELDING):
            return side, hits, ()
        able = [
            p
            for p in side
            if not p.damaged
            and (spec := GRADED[p.type]).is_ship
            and spec.name != "fighter"
            and not spec.sustain_damage
        ]
        if not able:
            return side, hits, ()
        chosen = min(able, key=lambda p: (GRADED[p.type].cost or 0.0, p.type))
        rest = list(side)
        rest.remove(chosen)
        return side_of([*rest, Piece(chosen.type, True)]), hits - 1, (chosen,)


def manipulated(side: Side, hits: int) -> tuple[Side, int]:
    """Quantum Manipulator: each undamaged Nomad mech in space cancels 1 hit on the ships."""
    mechs = [p for p in side if p.type.endswith(" qm") and not p.damaged]
    cancelled = min(hits, len(mechs))
    if not cancelled:
        return side, 0
    rest = list(side)
    for piece in mechs[:cancelled]:
        rest.remove(piece)
        rest.append(Piece(piece.type, True))
    return side_of(rest), cancelled


@dataclass(frozen=True)
class UnitBonusAttack(Attack):
    """``attack`` with a bonus to the rolls of some unit types, in every round (Prophecy of
    Ixth's +1 to fighters): the dense sweep reads each unit's dice through ``dice_of``."""

    unit_bonus: tuple[tuple[str, int], ...] = ()

    def __hash__(self) -> int:
        return self._hash

    def dice_of(self, unit: UnitType) -> DiceAbility | None:
        ability = super().dice_of(unit)
        plus = sum(p for n, p in self.unit_bonus if n == unit.name)
        if ability is None or not plus:
            return ability
        return replace(ability, value=max(1, ability.value - plus))


def with_unit_bonus(attack: Attack, name: str, plus: int) -> Attack:
    """``attack`` with ``plus`` added to the rolls of units named ``name`` (a new attack)."""
    if not plus:
        return attack
    bonus = (*getattr(attack, "unit_bonus", ()), (name, plus))
    fields = {f.name: getattr(attack, f.name) for f in dc_fields(Attack) if f.init}
    fields["name"] = f"{attack.name} (+{plus} to {name})"
    return UnitBonusAttack(**fields, unit_bonus=bonus)
