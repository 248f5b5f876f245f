"""Exact combat odds: who wins a space or ground combat, and with what left.

No sampling: combat is a Markov chain over (attacker's units, defender's
units). Each round both sides roll; the number of hits a side scores is the
convolution of its dice's hit chances, and the hits are taken with the same
casualty policy the engine plays with (``engine.combat.casualty_plan``).

A round where neither side hits changes nothing, so it is folded away: the
chances of the other outcomes are divided by ``1 - p_stay``. Every other
outcome strictly lowers the total number of hits the two sides can still
absorb, so probability mass is pushed forward through the states from the
highest total down, each state visited once. States are canonical (sorted
tuples of anonymous pieces), and hit distributions and casualty choices are
memoised per state.

Sequence modelled (4th-edition Living Rules Reference):

* space: space cannon offense by each side's PDS against the other's ships
  (77.2-77.5), anti-fighter barrage in the first round (10, 78.3), then
  combat rounds (78.5, 78.6) until one side or both have no ships (78.9);
* ground: bombardment by the attacker's ships unless a PDS's planetary shield
  stops it (15, 65; a war sun switches the shield off), space cannon defense
  by the defender's PDS against the attacker's ground forces (77.6-77.8), then
  ground combat rounds (42) until one side or both have no ground forces.

Retreats, action cards, technologies and faction abilities are not modelled.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.combat import (
    ANTI_FIGHTER_BARRAGE,
    BOMBARDMENT,
    GROUND_COMBAT,
    SPACE_CANNON_DEFENSE,
    SPACE_CANNON_OFFENSE,
    SPACE_COMBAT,
    Attack,
    CasualtyPolicy,
    CombatUnit,
    absorbable,
    bombardment_blocked,
    casualty_plan,
)
from engine.units import UNIT_TYPES, UnitType, unit_type


@dataclass(frozen=True, order=True)
class Piece:
    """An anonymous unit: its type and whether it is damaged."""

    type: str
    damaged: bool = False

    @property
    def id(self) -> str:
        return self.type


Side = tuple[Piece, ...]
State = tuple[Side, Side]
Distribution = dict[State, float]


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


def parse_fleet(text: str, lookup: Callable[[str], UnitType] = unit_type) -> tuple[str, ...]:
    """Read a fleet written as ``"1 dreadnought, 2 fighter"`` into unit type names.

    Items are ``COUNT UNIT`` separated by commas; a bare ``UNIT`` counts one.
    Unit names are read by ``lookup``, by default ``engine.units.unit_type``
    (any case, singular or plural, ``war sun`` or ``war_sun``); the 3rd
    edition passes its own. An empty text is an empty fleet.

    Raises:
        ValueError: naming the item that cannot be read and why.
    """
    types: list[str] = []
    for position, item in enumerate(text.split(","), start=1):
        words = item.split()
        if not words:
            if text.strip():
                raise ValueError(f"item {position} of {text!r} is empty")
            continue
        count = 1
        if words[0].lstrip("-").isdigit():
            count = int(words[0])
            words = words[1:]
            if not words:
                raise ValueError(f"item {position} ({item.strip()!r}) has a count but no unit")
        if count < 0:
            raise ValueError(f"item {position} ({item.strip()!r}) has a negative count")
        try:
            name = lookup(" ".join(words)).name
        except KeyError as error:
            raise ValueError(f"item {position} ({item.strip()!r}): {error.args[0]}") from None
        types.extend([name] * count)
        if len(types) > MAX_UNITS:
            raise ValueError(
                f"more than {MAX_UNITS} units in {text!r}: no side can field that many"
            )
    return tuple(types)


def combat_odds(
    attacker: Iterable[str | CombatUnit],
    defender: Iterable[str | CombatUnit],
    *,
    ground: bool = False,
    casualties: CasualtyPolicy | str | None = None,
    barrage: bool = True,
) -> Odds:
    """The exact odds of a combat between ``attacker`` and ``defender``.

    Units are unit type names (undamaged) or unit objects with ``type`` and
    ``damaged`` (such as the engine's own). Space combat (default): ships
    fight, PDS fire space cannon offense first. Ground combat (``ground``):
    the attacker's ground forces invade, their ships bombard; the defender's
    ground forces fight and their PDS shield the planet and fire space cannon
    defense. ``barrage=False`` leaves out anti-fighter barrage (a combat
    already past its first round). ``casualties`` names the casualty policy
    both sides use (``"sustain_first"``, the default, or ``"lose_first"``).

    If the defender starts with nothing that fights (only PDS, say) and the
    attacker's units are all destroyed before combat, the defender wins.

    Raises:
        ValueError: a unit that cannot take part in this kind of combat, a side
            with nothing to fight with, or an unknown casualty policy.
    """
    policy = (
        casualties if isinstance(casualties, CasualtyPolicy) else CasualtyPolicy.parse(casualties)
    )
    attackers = _pieces(attacker)
    defenders = _pieces(defender)
    if ground:
        start, final = _ground(attackers, defenders, policy)
    else:
        start, final = _space(attackers, defenders, policy, barrage)
    defender_fights = bool(start[1])
    return _summarise(final, defender_fights)


def _pieces(units: Iterable[str | CombatUnit]) -> list[Piece]:
    pieces = []
    for unit in units:
        if isinstance(unit, str):
            pieces.append(Piece(unit_type(unit).name))
        else:
            pieces.append(Piece(unit_type(unit.type).name, unit.damaged))
    return pieces


def _side(pieces: Iterable[Piece]) -> Side:
    return tuple(sorted(pieces))


def _space(
    attackers: list[Piece], defenders: list[Piece], policy: CasualtyPolicy, barrage: bool
) -> tuple[State, Distribution]:
    for role, pieces in (("attacker", attackers), ("defender", defenders)):
        _check(pieces, role, "a space combat", lambda t: t.is_ship or t.space_cannon is not None)
    a_ships = _side(p for p in attackers if UNIT_TYPES[p.type].is_ship)
    d_ships = _side(p for p in defenders if UNIT_TYPES[p.type].is_ship)
    if not a_ships:
        raise ValueError("the attacker needs at least one ship for a space combat")
    a_cannon = _side(p for p in attackers if UNIT_TYPES[p.type].space_cannon)
    d_cannon = _side(p for p in defenders if UNIT_TYPES[p.type].space_cannon)
    start = (a_ships, d_ships)
    dist: Distribution = {start: 1.0}
    # Each side's PDS fire at the other side's ships before combat (77.2-77.5).
    dist = _volleys(dist, policy, SPACE_CANNON_OFFENSE, a_cannon, d_cannon)
    if barrage:
        # First round only; the destroyers themselves fire, so shooters are the ships (78.3).
        dist = _volleys(dist, policy, ANTI_FIGHTER_BARRAGE)
    return start, _rounds(dist, SPACE_COMBAT, policy)


def _ground(
    attackers: list[Piece], defenders: list[Piece], policy: CasualtyPolicy
) -> tuple[State, Distribution]:
    _check(attackers, "attacker", "an invasion", lambda t: t.is_ship or t.is_ground_force)
    _check(defenders, "defender", "a ground combat", lambda t: not t.is_ship)
    a_ground = _side(p for p in attackers if UNIT_TYPES[p.type].is_ground_force)
    d_ground = _side(p for p in defenders if UNIT_TYPES[p.type].is_ground_force)
    if not a_ground:
        raise ValueError("the attacker needs at least one ground force for an invasion")
    a_ships = _side(p for p in attackers if UNIT_TYPES[p.type].is_ship)
    d_cannon = _side(p for p in defenders if UNIT_TYPES[p.type].space_cannon)
    start = (a_ground, d_ground)
    dist: Distribution = {start: 1.0}
    if not bombardment_blocked(a_ships, defenders):
        dist = _volleys(dist, policy, BOMBARDMENT, a_ships, ())
    dist = _volleys(dist, policy, SPACE_CANNON_DEFENSE, (), d_cannon)
    return start, _rounds(dist, GROUND_COMBAT, policy)


def _check(pieces: list[Piece], role: str, fight: str, allowed: Callable[[UnitType], bool]) -> None:
    for piece in pieces:
        if not allowed(UNIT_TYPES[piece.type]):
            label = UNIT_TYPES[piece.type].label.lower()
            raise ValueError(f"the {role}'s {label} takes no part in {fight}")


def _volleys(
    dist: Distribution,
    policy: CasualtyPolicy,
    attack: Attack,
    a_shooters: Side | None = None,
    d_shooters: Side | None = None,
) -> Distribution:
    """One simultaneous exchange of ``attack`` fire (shooters default to each side's units)."""
    out: Distribution = defaultdict(float)
    for (a, d), mass in dist.items():
        if not a or (attack is ANTI_FIGHTER_BARRAGE and not d):
            out[(a, d)] += mass
            continue
        a_hits = _capped(_hits(a if a_shooters is None else a_shooters, attack), d, attack)
        d_hits = _capped(_hits(d if d_shooters is None else d_shooters, attack), a, attack)
        for i, pa in enumerate(a_hits):
            for j, pd in enumerate(d_hits):
                out[(_take(a, j, attack, policy), _take(d, i, attack, policy))] += mass * pa * pd
    return out


def _rounds(dist: Distribution, attack: Attack, policy: CasualtyPolicy) -> Distribution:
    """Fight combat rounds from every state of ``dist`` to the end.

    Sides are numbered as they are first met so the inner loop hashes pairs
    of small integers, not tuples of pieces; that is what keeps 8 ships
    against 8 within a few milliseconds.
    """
    table = _SideTable(attack, policy)
    pending: dict[int, dict[tuple[int, int], float]] = defaultdict(lambda: defaultdict(float))
    final: Distribution = defaultdict(float)
    for (a, d), mass in dist.items():
        ia, id_ = table.number(a), table.number(d)
        pending[table.absorb[ia] + table.absorb[id_]][(ia, id_)] += mass
    absorb = table.absorb
    while pending:
        for (ia, id_), mass in pending.pop(max(pending)).items():
            if not absorb[ia] or not absorb[id_]:
                final[(table.sides[ia], table.sides[id_])] += mass
                continue
            a_hits = table.hits_against(ia, id_)
            d_hits = table.hits_against(id_, ia)
            a_next = table.after_hits(ia)
            d_next = table.after_hits(id_)
            scale = mass / (1.0 - a_hits[0] * d_hits[0])
            for i, pa in enumerate(a_hits):
                to_d = d_next[i]
                for j, pd in enumerate(d_hits):
                    if i or j:
                        to_a = a_next[j]
                        pending[absorb[to_a] + absorb[to_d]][(to_a, to_d)] += scale * pa * pd
    return final


class _SideTable:
    """Numbered sides of one combat, with each side's hit chances and casualties."""

    def __init__(self, attack: Attack, policy: CasualtyPolicy) -> None:
        self.attack = attack
        self.policy = policy
        self.sides: list[Side] = []
        self.absorb: list[int] = []
        self._numbers: dict[Side, int] = {}
        self._after: dict[int, list[int]] = {}
        self._hits: dict[tuple[int, int], tuple[float, ...]] = {}

    def number(self, side: Side) -> int:
        if side not in self._numbers:
            self._numbers[side] = len(self.sides)
            self.sides.append(side)
            self.absorb.append(_absorbable(side, self.attack))
        return self._numbers[side]

    def after_hits(self, n: int) -> list[int]:
        """The side left after 0, 1, ... hits, up to all it can absorb."""
        if n not in self._after:
            side = self.sides[n]
            self._after[n] = [
                self.number(_take(side, k, self.attack, self.policy))
                for k in range(self.absorb[n] + 1)
            ]
        return self._after[n]

    def hits_against(self, shooter: int, target: int) -> tuple[float, ...]:
        key = (shooter, target)
        if key not in self._hits:
            self._hits[key] = _capped(
                _hits(self.sides[shooter], self.attack), self.sides[target], self.attack
            )
        return self._hits[key]


@lru_cache(maxsize=8192)
def _absorbable(side: Side, attack: Attack) -> int:
    return absorbable(side, attack)


@lru_cache(maxsize=8192)
def _hits(shooters: Side, attack: Attack) -> tuple[float, ...]:
    """P(k hits) for k = 0, 1, ...: the convolution of every die's hit chance."""
    dist = [1.0]
    for piece in shooters:
        ability = attack.dice_of(UNIT_TYPES[piece.type])
        if ability is None:
            continue
        p = (11 - ability.value) / 10
        for _ in range(ability.dice):
            nxt = [0.0] * (len(dist) + 1)
            for k, q in enumerate(dist):
                nxt[k] += q * (1 - p)
                nxt[k + 1] += q * p
            dist = nxt
    return tuple(dist)


def _capped(hits: tuple[float, ...], target: Side, attack: Attack) -> tuple[float, ...]:
    """Fold hits beyond what ``target`` can absorb into the last entry (they change nothing)."""
    cap = _absorbable(target, attack)
    if len(hits) <= cap + 1:
        return hits
    return (*hits[:cap], sum(hits[cap:]))


@lru_cache(maxsize=65536)
def _take(side: Side, hits: int, attack: Attack, policy: CasualtyPolicy) -> Side:
    if not hits:
        return side
    plan = casualty_plan(side, hits, attack, policy)
    destroyed = set(plan.destroyed)
    sustained = set(plan.sustained)
    return _side(
        Piece(p.type, True) if i in sustained else p
        for i, p in enumerate(side)
        if i not in destroyed
    )


def _summarise(final: Distribution, defender_fights: bool) -> Odds:
    attacker_wins = defender_wins = both = 0.0
    a_left: dict[str, float] = defaultdict(float)
    d_left: dict[str, float] = defaultdict(float)
    for (a, d), p in final.items():
        if a and not d:
            attacker_wins += p
        elif d or not defender_fights:
            defender_wins += p
        else:
            both += p
        a_left[fleet_label(a)] += p
        d_left[fleet_label(d)] += p
    return Odds(attacker_wins, defender_wins, both, _ranked(a_left), _ranked(d_left))


def _ranked(dist: Mapping[str, float]) -> dict[str, float]:
    return dict(sorted(dist.items(), key=lambda item: (-item[1], item[0])))


def fleet_label(side: Iterable[Piece]) -> str:
    """A fleet as a player writes it: ``"1 dreadnought (1 damaged), 2 fighter"``."""
    counts: dict[str, list[int]] = {}
    for piece in side:
        entry = counts.setdefault(piece.type, [0, 0])
        entry[0] += 1
        entry[1] += piece.damaged
    if not counts:
        return "none"
    parts = []
    for name in UNIT_TYPES:
        if name in counts:
            total, damaged = counts[name]
            spoken = name.replace("_", " ")
            parts.append(f"{total} {spoken}" + (f" ({damaged} damaged)" if damaged else ""))
    return ", ".join(parts)
