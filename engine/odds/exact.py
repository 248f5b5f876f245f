"""Exact combat odds: who wins a space or ground combat, and with what left.

No sampling: combat is a Markov chain over (attacker's units, defender's
units). Each round both sides roll; the number of hits a side scores is the
convolution of its dice's hit chances, and the hits are taken with the same
casualty policy the engine plays with (``engine.core.casualties.casualty_plan``). The
building blocks are in ``engine.odds.parts``; the combat rounds, where the
time goes, in ``engine.odds.rounds``.

Sequence modelled (4th-edition Living Rules Reference):

* space: space cannon offense by each side's PDS against the other's ships
  (77.2-77.5), anti-fighter barrage in the first round (10, 78.3), then
  combat rounds (78.5, 78.6) until one side or both have no ships (78.9);
* ground: bombardment by the attacker's ships unless a PDS's planetary shield
  stops it (15, 65; a war sun switches the shield off), space cannon defense
  by the defender's PDS against the attacker's ground forces (77.6-77.8), then
  ground combat rounds (42) until one side or both have no ground forces.
Options, factions and retreats are :mod:`engine.odds.battle`'s.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.core.casualties import CasualtyPolicy, absorbable
from engine.core.combat import (
    ANTI_FIGHTER_BARRAGE,
    BOMBARDMENT,
    GROUND_COMBAT,
    SPACE_CANNON_DEFENSE,
    SPACE_CANNON_OFFENSE,
    SPACE_COMBAT,
    Attack,
    CombatUnit,
    bombardment_blocked,
    with_roll_bonus,
)
from engine.core.units import UnitType, unit_type
from engine.odds.labels import chain_labels
from engine.odds.parts import (
    GRADED,
    Piece,
    Side,
    capped_hits,
    casualty_chain,
    hit_distribution,
    side_of,
)
from engine.odds.rounds import Chains, Ends, combat_rounds

Distribution = dict[tuple[Side, Side], float]


@dataclass(frozen=True)
class Odds:
    """How a combat ends: the three results and what each side has left.

    Survivor distributions map a readable fleet ("1 dreadnought (1 damaged),
    2 fighter", or "none") to its probability, most likely first.
    """

    attacker_wins: float
    defender_wins: float
    both_destroyed: float
    attacker_survivors: dict[str, float]
    defender_survivors: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker_wins": self.attacker_wins,
            "defender_wins": self.defender_wins,
            "both_destroyed": self.both_destroyed,
            "attacker_survivors": dict(self.attacker_survivors),
            "defender_survivors": dict(self.defender_survivors),
        }


# More units than any side can field: the game's components run out well before this, and
# the exact computation grows with every unit, so a typo like "1000 cruiser" is refused.
MAX_UNITS = 40
# Far longer than any fleet of MAX_UNITS units written out; refused before it is split.
MAX_FLEET_TEXT = 1000


class FleetError(ValueError):
    """A fleet that cannot fight this combat; ``side`` is ``"attacker"`` or ``"defender"``."""

    def __init__(self, side: str, message: str) -> None:
        super().__init__(message)
        self.side = side


def parse_fleet(text: str, lookup: Callable[[str], UnitType] = unit_type) -> tuple[str, ...]:
    """Read a fleet written as ``"1 dreadnought, 2 fighter"`` into unit type names.

    Items are ``COUNT UNIT`` separated by commas; a bare ``UNIT`` counts one.
    Unit names are read by ``lookup``, by default ``engine.core.units.unit_type``
    (any case, singular or plural, ``war sun`` or ``war_sun``); the 3rd
    edition passes its own. An empty text is an empty fleet.

    Raises:
        ValueError: naming the item that cannot be read and why.
    """
    if len(text) > MAX_FLEET_TEXT:
        raise ValueError(f"a fleet is at most {MAX_FLEET_TEXT} characters, not {len(text)}")
    types: list[str] = []
    for position, item in enumerate(text.split(","), start=1):
        words = item.split()
        if not words:
            if text.strip():
                raise ValueError(f"item {position} of {text!r} is empty")
            continue
        count = 1
        if words[0].lstrip("-").isdigit():
            count = fleet_count(words[0], position, item, len(types))
            words = words[1:]
            if not words:
                raise ValueError(f"item {position} ({item.strip()!r}) has a count but no unit")
        try:
            name = lookup(" ".join(words)).name
        except KeyError as error:
            raise ValueError(f"item {position} ({item.strip()!r}): {error.args[0]}") from None
        types.extend([name] * count)
    return tuple(types)


def fleet_count(digits: str, position: int, item: str, so_far: int) -> int:
    """The count of one item, refused before anything the size of it is built."""
    if digits.startswith("-"):
        raise ValueError(f"item {position} ({item.strip()!r}) has a negative count")
    if not digits.isascii():
        raise ValueError(
            f"item {position} ({item.strip()[:40]!r}) has a count that is not 0-9 digits"
        )
    # A count with more digits than MAX_UNITS is too large: no need to read it.
    if len(digits.lstrip("0")) > len(str(MAX_UNITS)) or so_far + int(digits) > MAX_UNITS:
        raise ValueError(
            f"item {position} ({item.strip()[:40]!r}) brings the side to more than "
            f"{MAX_UNITS} units: no side can field that many"
        )
    return int(digits)


def combat_odds(
    attacker: Iterable[str | CombatUnit],
    defender: Iterable[str | CombatUnit],
    *,
    ground: bool = False,
    casualties: CasualtyPolicy | str | None = None,
    barrage: bool = True,
    defender_bonus: int = 0,
) -> Odds:
    """The exact odds of a combat between ``attacker`` and ``defender``.

    Units are unit type names (undamaged) or unit objects with ``type`` and
    ``damaged`` (such as the engine's own). Space combat (default): ships
    fight, PDS fire space cannon offense first. Ground combat (``ground``):
    the attacker's ground forces invade, their ships bombard; the defender's
    ground forces fight and their PDS shield the planet and fire space cannon
    defense. ``barrage=False`` leaves out anti-fighter barrage (a combat
    already past its first round). ``casualties`` names the casualty policy
    both sides use (``"sustain_first"``, the default, or ``"lose_first"``). ``defender_bonus``
    is added to the defender's space combat rolls only (+1 in a nebula, 59.3).

    If the defender starts with nothing that fights (only PDS, say) and the
    attacker's units are all destroyed before combat, the defender wins.

    Raises:
        ValueError: a unit that cannot take part in this kind of combat, a side
            with nothing to fight with or with more than ``MAX_UNITS`` units, or
            an unknown casualty policy.
    """
    given = casualties
    policy = given if isinstance(given, CasualtyPolicy) else CasualtyPolicy.parse(given)
    attackers, defenders = _pieces(attacker, "attacker"), _pieces(defender, "defender")
    if ground:
        start, ends = _ground(attackers, defenders, policy)
    else:
        start, ends = _space(attackers, defenders, policy, barrage, defender_bonus)
    return _summarise(ends, defender_fights=bool(start[1]))


def _pieces(units: Iterable[str | CombatUnit], role: str) -> list[Piece]:
    pieces: list[Piece] = []
    # A fleet names few types many times: each name is looked up once.
    names: dict[str, str] = {}
    for unit in units:
        if len(pieces) == MAX_UNITS:
            # Stop reading: the iterable may be as long as it likes.
            raise FleetError(
                role, f"the {role} has more than {MAX_UNITS} units: no side can field that many"
            )
        given, damaged = (unit, False) if isinstance(unit, str) else (unit.type, unit.damaged)
        if given not in names:
            names[given] = given if "|" in given else unit_type(given).name
        pieces.append(Piece(names[given], damaged))
    return pieces


def _space(
    attackers: list[Piece],
    defenders: list[Piece],
    policy: CasualtyPolicy,
    barrage: bool,
    bonus: int = 0,
) -> tuple[tuple[Side, Side], Ends]:
    for role, pieces in (("attacker", attackers), ("defender", defenders)):
        _check(pieces, role, "a space combat", lambda t: t.is_ship or t.space_cannon is not None)
    a_ships = side_of(p for p in attackers if GRADED[p.type].is_ship)
    d_ships = side_of(p for p in defenders if GRADED[p.type].is_ship)
    if not a_ships:
        raise FleetError("attacker", "the attacker needs at least one ship for a space combat")
    a_cannon = side_of(p for p in attackers if GRADED[p.type].space_cannon)
    d_cannon = side_of(p for p in defenders if GRADED[p.type].space_cannon)
    start = (a_ships, d_ships)
    dist: Distribution = {start: 1.0}
    # Each side's PDS fire at the other side's ships before combat (77.2-77.5).
    dist = _volleys(dist, policy, graded(SPACE_CANNON_OFFENSE), a_cannon, d_cannon)
    if barrage:
        # First round only; the destroyers themselves fire, so shooters are the ships (78.3).
        dist = _volleys(dist, policy, graded(ANTI_FIGHTER_BARRAGE))
    fighting = graded(SPACE_COMBAT)
    defending = with_roll_bonus(fighting, bonus, ("59.3",))
    return start, combat_rounds(dist, fighting, policy, defending)


def _ground(
    attackers: list[Piece], defenders: list[Piece], policy: CasualtyPolicy
) -> tuple[tuple[Side, Side], Ends]:
    _check(attackers, "attacker", "an invasion", lambda t: t.is_ship or t.is_ground_force)
    _check(defenders, "defender", "a ground combat", lambda t: not t.is_ship)
    a_ground = side_of(p for p in attackers if GRADED[p.type].is_ground_force)
    d_ground = side_of(p for p in defenders if GRADED[p.type].is_ground_force)
    if not a_ground:
        raise FleetError("attacker", "the attacker needs at least one ground force for an invasion")
    a_ships = side_of(p for p in attackers if GRADED[p.type].is_ship)
    d_cannon = side_of(p for p in defenders if GRADED[p.type].space_cannon)
    start = (a_ground, d_ground)
    dist: Distribution = {start: 1.0}
    if not bombardment_blocked(a_ships, defenders):
        dist = _volleys(dist, policy, graded(BOMBARDMENT), a_ships, ())
    dist = _volleys(dist, policy, graded(SPACE_CANNON_DEFENSE), (), d_cannon)
    return start, combat_rounds(dist, graded(GROUND_COMBAT), policy)


def graded(attack: Attack) -> Attack:
    """``attack`` reading the graded table (equal to it, and sharing its caches)."""
    return _GRADED_ATTACKS.setdefault(attack.name, replace(attack, units=GRADED))


_GRADED_ATTACKS: dict[str, Attack] = {}


def _check(pieces: list[Piece], role: str, fight: str, allowed: Callable[[UnitType], bool]) -> None:
    for piece in pieces:
        if not allowed(GRADED[piece.type]):
            label = GRADED[piece.type].label.lower()
            raise FleetError(role, f"the {role}'s {label} takes no part in {fight}")


def _volleys(
    dist: Distribution,
    policy: CasualtyPolicy,
    attack: Attack,
    a_shooters: Side | None = None,
    d_shooters: Side | None = None,
) -> Distribution:
    """One simultaneous exchange of ``attack`` fire (shooters default to each side's units)."""
    given = (a_shooters, d_shooters)
    if all(s is not None and len(hit_distribution(s, attack)) == 1 for s in given):
        return dist  # neither side rolls a die: nothing changes
    out: Distribution = defaultdict(float)
    for (a, d), mass in dist.items():
        if not a or (attack is ANTI_FIGHTER_BARRAGE and not d):
            out[(a, d)] += mass
            continue
        a_hits = capped_hits(
            hit_distribution(a if a_shooters is None else a_shooters, attack), absorbable(d, attack)
        )
        d_hits = capped_hits(
            hit_distribution(d if d_shooters is None else d_shooters, attack), absorbable(a, attack)
        )
        # What each side has left after each number of hits the other can score.
        a_left = casualty_chain(a, attack, policy, len(d_hits) - 1)
        d_left = casualty_chain(d, attack, policy, len(a_hits) - 1)
        for i, pa in enumerate(a_hits):
            for j, pd in enumerate(d_hits):
                out[(a_left[j], d_left[i])] += mass * pa * pd
    return out


def _summarise(ends: Ends, defender_fights: bool) -> Odds:
    attackers, defenders = ends.attackers.sides, ends.defenders.sides
    attacker_wins = defender_wins = both = 0.0
    a_states: dict[int, float] = defaultdict(float)
    d_states: dict[int, float] = defaultdict(float)
    for (a, d), p in ends.chances.items():
        if attackers[a] and not defenders[d]:
            attacker_wins += p
        elif defenders[d] or not defender_fights:
            defender_wins += p
        else:
            both += p
        a_states[a] += p
        d_states[d] += p
    return Odds(
        attacker_wins,
        defender_wins,
        both,
        _labelled(a_states, ends.attackers),
        _labelled(d_states, ends.defenders),
    )


def _labelled(chances: Mapping[int, float], chain: Chains) -> dict[str, float]:
    """The chance of each state of ``chain`` by its label, most likely first."""
    labels = chain_labels(chain)
    by_label: dict[str, float] = defaultdict(float)
    for n, p in chances.items():
        by_label[labels[n]] += p
    return _ranked(by_label)


def _ranked(dist: Mapping[str, float]) -> dict[str, float]:
    return dict(sorted(dist.items(), key=lambda item: (-item[1], item[0])))
