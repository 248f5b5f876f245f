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

__all__ = [
    "FIRST_ROUND",
    "FOLDED",
    "ROUND_FLAGSHIPS",
    "ROUND_OPTIONS",
    "folded",
    "named_rounds",
    "rounds_by_state",
]

# Options that change the combat rounds themselves: with one, rounds go state by state.
ROUND_OPTIONS = frozenset(
    {
        "morale_boost",
        "fire_team",
        "fighter_prototype",
        "war_funding",
        "tekklar_legion",
        "prophecy_of_ixth",
        "duranium_armor",
        "non_euclidean_shielding",
        "valkyrie_particle_weave",
        "magen_defense_grid",
        "direct_hit",
        # Faction options acting in the rounds (engine.odds.abilities).
        "devotion",
        "exotrireme_ii_sacrifice",
        "harrow",
        "supercharge",
        "visz_el_vir",
        "arvicon_rex",
        "mordred",
        "iconoclast",
        "shield_paling",
        "valkyrie_exoskeleton",
        "moll_terminus",
        "quantum_manipulator",
        "wrath_of_kenara",
        "dynamo",
    }
)
# Of those, the options that change each round alike, folded into each side's dice for the
# dense sweep (``folded``); an option used only in the rounds the reader names (``by_round``)
# or in the first (Fighter Prototype) changes nothing after them.
FOLDED = frozenset({"prophecy_of_ixth", "tekklar_legion"})
FIRST_ROUND = frozenset({"fighter_prototype"})
# Flagships whose ability changes the rounds (C'morran N'orr, Salai Sai Corian,
# J.N.S. Hylarim, Arc Secundus); the other factions' flagships fight with their values.
ROUND_FLAGSHIPS = frozenset({"sardakk", "winnu", "jol_nar", "letnev", "mentak", "yin", "l1z1x"})


def rounds_by_state(
    attackers: list[Piece], defenders: list[Piece], attacker: Setup, defender: Setup
) -> bool:
    """Whether every round is fought state by state, not only those the options name."""
    by_state = any(
        o in ROUND_OPTIONS and not (OPTIONS[o].by_round or o in FOLDED or o in FIRST_ROUND)
        for s in (attacker, defender)
        for o in s.options
    )
    return (
        by_state
        # Tekklar Legion's -1 to the Sardakk N'orr's rolls is not folded into their dice.
        or any(
            own.faction == "sardakk" and foe.has("tekklar_legion")
            for own, foe in ((attacker, defender), (defender, attacker))
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
    if any(s.has("fighter_prototype") for s in (attacker, defender)):
        named = max(named, 1)  # the first round differs from the rest
    return named


def folded(fight: Fight) -> tuple[Attack, Attack]:
    """Each side's attack in the rounds after those named: the options of ``FOLDED`` and the
    defender's bonus (a nebula's) added to its dice."""
    attacks = []
    for own, extra in ((fight.attacker, 0), (fight.defender, fight.defender_bonus)):
        if fight.ground:
            attack = with_roll_bonus(fight.attack, int(own.has("tekklar_legion")), ("42.1",))
        else:
            attack = with_roll_bonus(fight.attack, extra, ("59.3",))
            attack = with_unit_bonus(attack, "fighter", int(own.has("prophecy_of_ixth")))
        attacks.append(attack)
    return attacks[0], attacks[1]
