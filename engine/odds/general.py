"""Exact odds with options, faction abilities and a round limit: combat state by state.

Where a round's dice depend on more than the units' values (a flagship's aura,
a card played in one round, a reroll, a repair), combat is still a Markov
chain over (attacker's units, defender's units), fought here state by state:
the rounds the reader names one by one (:func:`one_round`), each state's moves in
one round (:func:`transitions`); the rounds after them are settled exactly by
:mod:`engine.odds.settle`.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from engine.core.casualties import absorbable
from engine.core.combat import Attack
from engine.odds.abilities import (
    agents_die,
    deploy,
    dynamo,
    end_of_round,
    extra_dice,
    gravleash,
    roll_bonus,
    special_rolls,
)
from engine.odds.direct import CARD, direct_hit
from engine.odds.fight import Fight, Setup
from engine.odds.kept import kept_in
from engine.odds.paired import played_out, repair
from engine.odds.parts import GRADED, Piece, Side, side_of
from engine.odds.rolls import convolve, die
from engine.odds.taking import holds_flagship
from engine.ti4.abilities.agendas import PROPHECY_OF_IXTH
from engine.ti4.abilities.breakthroughs import IMPERATOR
from engine.ti4.abilities.cards import (
    FIGHTER_PROTOTYPE,
    FIRE_TEAM,
    MORALE_BOOST,
    SHIELDS_HOLDING,
    TEKKLAR_LEGION,
    WAR_FUNDING,
)
from engine.ti4.abilities.derived import LATE
from engine.ti4.abilities.faction_technologies import VALKYRIE_PARTICLE_WEAVE
from engine.ti4.abilities.leaders import RICKAR_RICKANI
from engine.ti4.abilities.mechs import DUNLAIN_REAPER_DEPLOY, VALKYRIE_EXOSKELETON
from engine.ti4.abilities.technologies import MAGEN_DEFENSE_GRID

Pair = tuple[Side, Side]
Dist = dict[Pair, float]

# --- dice ----------------------------------------------------------------------------------


def _dice(
    fight: Fight, side: Side, other: Side, own: Setup, foe: Setup, rnd: int, extra: int
) -> list[tuple[Piece, int, bool, bool]]:
    """Every die ``side`` rolls in round ``rnd``: its unit, value to hit, reroll, triple."""
    if fight.ground and foe.has(MAGEN_DEFENSE_GRID, rnd) and fight.shielded:
        return []  # the opponent's Magen Defense Grid: no combat rolls this round
    bonus = int(own.has(MORALE_BOOST, rnd)) + extra + 2 * own.has(RICKAR_RICKANI)
    bonus += own.count(IMPERATOR)
    if fight.ground:
        bonus += own.has(TEKKLAR_LEGION) - (foe.has(TEKKLAR_LEGION) and own.faction == "sardakk")
    reroll = own.has(FIRE_TEAM, rnd) if fight.ground else own.has(WAR_FUNDING, rnd)
    flagship = any(p.type.startswith("flagship|") for p in side)
    dice: list[tuple[Piece, int, bool, bool]] = []
    for piece in side:
        spec = GRADED[piece.type]
        ability = fight.attack.dice_of(spec)
        if ability is None:
            continue
        plus: int = bonus
        count = ability.dice
        is_flagship = piece.type.startswith("flagship|")
        if spec.name == "fighter" and not fight.ground:
            plus += own.has(PROPHECY_OF_IXTH) + 2 * (rnd == 1 and own.has(FIGHTER_PROTOTYPE))
        if not fight.ground and own.faction == "sardakk" and flagship and not is_flagship:
            plus += 1  # C'morran N'orr: +1 to your other ships in its system
        if is_flagship and own.faction == "winnu":
            count = sum(1 for p in other if _non_fighter_ship(p))
        triple = is_flagship and own.faction == "jol_nar"
        plus += roll_bonus(fight, piece, spec, side, own, rnd)
        count += extra_dice(fight, spec, own)
        dice += [(piece, ability.value - plus, reroll, triple)] * count
    return gravleash(fight, side, own, dice) + agents_die(fight, dice, own, rnd)


def _non_fighter_ship(piece: Piece) -> bool:
    spec = GRADED[piece.type]
    return spec.is_ship and spec.name != "fighter"


def combat_hits(
    fight: Fight, side: Side, other: Side, own: Setup, foe: Setup, rnd: int, extra: int = 0
) -> tuple[float, ...]:
    """P(k hits) of ``side``'s combat rolls in round ``rnd`` (0: any later round), ``extra``
    added to each (the nebula's defender's +1)."""
    dice = _dice(fight, side, other, own, foe, rnd, extra)
    return convolve(tuple(sorted(die(v, r, t) for _, v, r, t in dice)))


Outcome = tuple[float, int, int, int]
"""A side's roll: its chance, hits, hits that must go to non-fighter ships, tokens spent."""


def roll_outcomes(
    fight: Fight, side: Side, other: Side, own: Setup, foe: Setup, rnd: int, extra: int = 0
) -> list[Outcome]:
    """The outcomes of ``side``'s combat rolls: [0.0.1]'s hits and Wrath of Kenara's trade
    goods kept apart (engine.odds.abilities); else the hits alone. The foe's Shields
    Holding cancels 2 of them in its round, bound ones first."""
    if fight.ground or own.faction not in ("l1z1x", "hacan"):
        hits = combat_hits(fight, side, other, own, foe, rnd, extra)
        outcomes = [(p, k, 0, 0) for k, p in enumerate(hits) if p]
    else:
        outcomes = special_rolls(own, side, _dice(fight, side, other, own, foe, rnd, extra))
    if fight.ground or not foe.has(SHIELDS_HOLDING, rnd):
        return outcomes
    cancelled = []
    for p, free, bound, spent in outcomes:
        off = min(bound, 2)
        cancelled.append((p, max(0, free - (2 - off)), bound - off, spent))
    return cancelled


# --- rounds ----------------------------------------------------------------------------------


def _start_of_round(fight: Fight, side: Side, own: Setup, rnd: int) -> Side:
    """Arc Secundus repairs itself at the start of each space combat round; in a ground
    combat round named, a Dunlain Reaper replaces 1 infantry."""
    if fight.ground and own.has(DUNLAIN_REAPER_DEPLOY, rnd):
        return deploy(side)
    if fight.ground or own.faction != "letnev":
        return side
    damaged = Piece("flagship|letnev", True)
    if damaged not in side:
        return side
    return side_of([p if p != damaged else Piece(damaged.type, False) for p in side])


Memo = dict[tuple[object, ...], object]
"""What one calculation's rounds keep between states: each side's rolls and hits taken."""


def transitions(
    fight: Fight, pair: Pair, rnd: int, paired: bool = False, memo: Memo | None = None
) -> dict[Pair, float]:
    """Where one round of ``fight`` takes ``pair``, and with what chance.

    Where each side's losses depend on the other's hits alone (:func:`_apart`), each side's
    outcomes are worked out once per hit count and then combined; else (or ``paired``, to
    check the two agree) every pair of the two sides' rolls is played out. ``memo``: kept
    for other pairs of the same ``fight`` (one calculation's).
    """
    memo = {} if memo is None else memo
    a, d = (
        _start_of_round(fight, s, own, rnd)
        for s, own in ((pair[0], fight.attacker), (pair[1], fight.defender))
    )
    a_rolls = _rolls(fight, a, d, True, rnd, memo)
    d_rolls = _rolls(fight, d, a, False, rnd, memo)
    late = is_late(fight, rnd)
    kept = kept_in(fight, (a, d))
    if not paired and not kept and _apart(fight, a, d, a_rolls, d_rolls):
        both = _combined(
            _losses(fight, a, d, d_rolls, True, memo), _losses(fight, d, a, a_rolls, False, memo)
        )
        if not late:
            return both
        # What acts at the end of the round reads the pair the round left, however reached.
        ended: dict[Pair, float] = defaultdict(float)
        for left, p in both.items():
            for after, q in end_of_round(fight, left, rnd).items():
                ended[after] += p * q
        return ended
    return played_out(fight, (a, d), (a_rolls, d_rolls), rnd, late, kept, memo)


def is_late(fight: Fight, rnd: int) -> bool:
    """Whether anything acts at the end of round ``rnd`` (0: any later round): Harrow, or an
    option of ``LATE`` in effect then. Emergency Repairs named for round 1 does not act in
    the rounds after it, so those go the way Duranium Armor's do."""
    return bool(fight.harrow) or any(
        s.has(o, rnd) for s in (fight.attacker, fight.defender) for o in LATE
    )


def _scored(fight: Fight, hits: int, foe_hits: int, own: Setup) -> int:
    """A side's hits, one more in a ground combat round where the foe scores and the side
    has Valkyrie Particle Weave."""
    return hits + (fight.ground and foe_hits > 0 and own.has(VALKYRIE_PARTICLE_WEAVE))


def _apart(fight: Fight, a: Side, d: Side, a_rolls: list[Outcome], d_rolls: list[Outcome]) -> bool:
    """Whether each side's losses this round depend on the other side's hits alone: no hits
    bound to non-fighters or trade goods spent ([0.0.1], Wrath of Kenara), no Valkyrie Particle
    Weave or Exoskeleton (hits answering hits), no Van Hauge (its loss takes both sides)."""
    if any(forced or spent for _, _, forced, spent in (*a_rolls, *d_rolls)):
        return False
    if fight.ground:
        return not any(
            own.has(VALKYRIE_PARTICLE_WEAVE) or own.has(VALKYRIE_EXOSKELETON)
            for own in (fight.attacker, fight.defender)
        )
    return not (holds_flagship(a, "yin") or holds_flagship(d, "yin"))


Loss = dict[tuple[Side, Side, bool], float]
"""A side's outcomes of a round: (what it has left, the same without its Direct Hit card,
whether the other side's Direct Hit destroyed one of its ships) and their chances."""


def _rolls(fight: Fight, side: Side, other: Side, attacker: bool, rnd: int, memo: Memo) -> Any:
    """``roll_outcomes`` of ``side`` (the attacker's if ``attacker``), kept in ``memo``: they
    depend on the other side only for the Salai Sai Corian's dice."""
    own, foe = (fight.attacker, fight.defender) if attacker else (fight.defender, fight.attacker)
    key = ("rolls", attacker, side, rnd, other if own.faction == "winnu" else None)
    if key not in memo:
        extra = 0 if attacker else fight.defender_bonus
        memo[key] = roll_outcomes(fight, side, other, own, foe, rnd, extra)
    return memo[key]


def _losses(
    fight: Fight, side: Side, foe: Side, foe_rolls: list[Outcome], attacker: bool, memo: Memo
) -> Loss:
    """``side``'s outcomes from the ``foe``'s hits: its hits taken, the foe's Direct Hit on a
    ship that sustained, Dynamo and Duranium Armor's repairs (as ``transitions`` plays them).

    Each outcome is kept in ``memo``: what the foe changes of it is whether it holds Direct
    Hit, the Fourth Moon (space) and a mech (Moll Terminus, ground): ``Fight.take`` reads those.
    """
    own = fight.attacker if attacker else fight.defender
    card = CARD in foe
    mentak, mech = holds_flagship(foe, "mentak"), any(p.type[:4] == "mech" for p in foe)
    out: Loss = defaultdict(float)
    for p, hits, _, _ in foe_rolls:
        key = ("loss", attacker, side, hits, card, mentak, mech)
        outcome = memo.get(key)
        if outcome is None:
            left, sustained = fight.take(side, hits, own, foe, 0)
            struck = False
            if card:
                _, after = direct_hit((CARD,), left, sustained)
                struck = after is not left
                left = after
            left = repair(fight, dynamo(left, sustained), own, sustained, side)
            outcome = memo[key] = (left, tuple(x for x in left if x != CARD), struck)
        out[outcome] += p  # type: ignore[index]
    return out


def _combined(a_loss: Loss, d_loss: Loss) -> dict[Pair, float]:
    """The pairs of two sides' outcomes: a side whose Direct Hit struck loses its card."""
    out: dict[Pair, float] = defaultdict(float)
    for (a, a_played, a_struck), pa in a_loss.items():
        for (d, d_played, d_struck), pd in d_loss.items():
            out[(a_played if d_struck else a, d_played if a_struck else d)] += pa * pd
    return out


@lru_cache(maxsize=65536)
def _absorbable(side: Side, attack: Attack) -> int:
    """``absorbable``, asked again for every pair a side is in: kept."""
    return absorbable(side, attack)


def decided(pair: Pair, attack: Attack) -> bool:
    return not (_absorbable(pair[0], attack) and _absorbable(pair[1], attack))


def one_round(fight: Fight, dist: Dist, rnd: int) -> Dist:
    """``dist`` after round ``rnd``; decided pairs stay where they are."""
    out: Dist = defaultdict(float)
    memo: Memo = {}
    for pair, mass in dist.items():
        if decided(pair, fight.attack):
            out[pair] += mass
            continue
        for after, p in transitions(fight, pair, rnd, memo=memo).items():
            out[after] += mass * p
    return dict(out)
