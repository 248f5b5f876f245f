"""Which path a combat's rounds take: the dense sweep, state by state, or both in turn.

The rounds are :mod:`engine.odds.rounds`' dense sweep when every round is alike, with
what changes each round alike folded into each side's dice (:func:`folded`); the rounds
an option names (and Fighter Prototype's first) are fought state by state first
(:func:`named_rounds`); an option, priority or flagship that changes every round in its
own way sends all of them state by state (:func:`rounds_by_state`,
:mod:`engine.odds.general`).
"""

from __future__ import annotations

from engine.core.combat import Attack, with_roll_bonus
from engine.odds.fight import Fight, Setup, with_unit_bonus
from engine.odds.options import OPTIONS
from engine.odds.parts import Piece
from engine.ti4.abilities.derived import FIRST_ROUND, FOLDED, ROUND_FLAGSHIPS, ROUND_OPTIONS

__all__ = ["folded", "named_rounds", "rounds_by_state"]


def rounds_by_state(
    attackers: list[Piece], defenders: list[Piece], attacker: Setup, defender: Setup
) -> bool:
    """Whether every round is fought state by state, not only those the options name."""
    by_state = any(
        s.holds(o) and not (o.by_round or o in FOLDED or o in FIRST_ROUND)
        for s in (attacker, defender)
        for o in ROUND_OPTIONS
    )
    return (
        by_state
        # A fold its card treats apart against a faction (Tekklar Legion's -1 to the
        # Sardakk N'orr's rolls) is not folded into their dice.
        or any(
            foe.holds(o) and own.faction == o.fold.not_against
            for own, foe in ((attacker, defender), (defender, attacker))
            for o in FOLDED
            if o.fold is not None and o.fold.not_against
        )
        or any(s.policy or s.keep for s in (attacker, defender))
        or any(
            p.type == f"flagship|{s.faction}" and s.faction in ROUND_FLAGSHIPS
            for side, s in ((attackers, attacker), (defenders, defender))
            for p in side
        )
    )


def named_rounds(attacker: Setup, defender: Setup) -> int:
    """The last round an option names (Fighter Prototype's: the first), 0 if none."""
    named = max(
        (
            r
            for s in (attacker, defender)
            for o, rs in s.options.items()
            if not OPTIONS[o].amount
            for r in rs
        ),
        default=0,
    )
    if any(s.holds(o) for s in (attacker, defender) for o in FIRST_ROUND):
        named = max(named, 1)  # the first round differs from the rest
    return named


def folded(fight: Fight) -> tuple[Attack, Attack]:
    """Each side's attack in the rounds after those named: the options of ``FOLDED`` and the
    defender's bonus (a nebula's) added to its dice."""
    attacks = []
    for own, extra in ((fight.attacker, 0), (fight.defender, fight.defender_bonus)):
        attack = fight.attack if fight.ground else with_roll_bonus(fight.attack, extra, ("59.3",))
        for option in sorted(FOLDED, key=lambda o: o.id):
            fold = option.fold
            combat = "ground" if fight.ground else "space"
            if fold is None or not own.holds(option) or option.combat not in ("both", combat):
                continue
            if fold.unit is None:
                attack = with_roll_bonus(attack, fold.plus, option.rules)
            else:
                attack = with_unit_bonus(attack, fold.unit, fold.plus)
        attacks.append(attack)
    return attacks[0], attacks[1]
