"""The faction abilities, flagships, faction units and mechs the exact odds model, as options.

Each is held only by a side playing its faction (``faction``); the texts were read in
ti-assistant ``server/data/base/factions.ts``, ``server/data/prophecyofkings/factions.ts``
and the ``techs.ts`` files beside them (engine/RULES.md, "Faction abilities in the odds").
Descriptions say what is modelled, in the project's words; where a card leaves a choice
to its owner mid-combat, the reader makes it (the rounds named) or the description says
which choice is made. Applied by :mod:`engine.odds.openings` (before the first round) and
:mod:`engine.odds.abilities` (in the rounds).
"""

from __future__ import annotations

from typing import Any

__all__ = ["FACTION_OPTIONS"]


def _f(
    id: str,
    name: str,
    kind: str,
    faction: str,
    combat: str,
    description: str,
    rules: tuple[str, ...],
    *,
    side: str = "either",
    by_round: bool = False,
    amount: str = "",
) -> dict[str, Any]:
    return {
        "id": id,
        "name": name,
        "kind": kind,
        "side": side,
        "combat": combat,
        "description": description,
        "rules": rules,
        "by_round": by_round,
        "faction": faction,
        "amount": amount,
    }


FACTION_OPTIONS: tuple[dict[str, Any], ...] = (
    _f(
        "ambush",
        "Ambush",
        "faction_ability",
        "mentak",
        "space",
        "at the start of space combat, before the first round: your 2 cruisers or destroyers "
        "with the best combat values roll 1 die each, a hit on the ship's combat value or "
        "more; the opponent assigns the hits to their ships (the attacker's start-of-combat "
        "abilities resolve before Assault Cannon, the defender's after)",
        ("78.2",),
    ),
    _f(
        "dimensional_splicer",
        "Dimensional Splicer",
        "faction_technology",
        "creuss",
        "space",
        "the system has a wormhole: at the start of space combat, 1 hit on the opponent's "
        "ships (they assign it)",
        ("78.2",),
    ),
    _f(
        "impulse_core",
        "Impulse Core",
        "faction_technology",
        "yin",
        "space",
        "at the start of space combat, your weakest cruiser or destroyer (a destroyer "
        "before a cruiser) is destroyed to make 1 hit, which the opponent assigns to a "
        "non-fighter ship if they have one",
        ("78.2",),
    ),
    _f(
        "devotion",
        "Devotion",
        "faction_ability",
        "yin",
        "space",
        "after each space combat round named, while you have a cruiser or destroyer and the "
        "opponent has ships: your weakest one (a destroyer before a cruiser) is destroyed to "
        "make 1 hit on the opponent's ships (they assign it)",
        ("78.6",),
        by_round=True,
    ),
    _f(
        "exotrireme_ii_sacrifice",
        "Exotrireme II",
        "faction_unit",
        "sardakk",
        "space",
        "after each space combat round named, while you have an Exotrireme II and the "
        "opponent has ships: one of yours (a damaged one first) is destroyed to destroy the "
        "opponent's 2 most valuable ships (no Sustain Damage against it)",
        ("78.6",),
        by_round=True,
    ),
    _f(
        "raid_formation",
        "Raid Formation",
        "faction_ability",
        "argent",
        "space",
        "each of your anti-fighter barrage hits beyond the opponent's fighters damages 1 of "
        "their undamaged ships with Sustain Damage (you choose: the most valuable first)",
        ("10",),
    ),
    _f(
        "indoctrination",
        "Indoctrination",
        "faction_ability",
        "yin",
        "ground",
        "you spend 2 influence: at the start of ground combat, 1 of the opponent's infantry "
        "is replaced by 1 of your infantry",
        ("42",),
    ),
    _f(
        "harrow",
        "Harrow",
        "faction_ability",
        "l1z1x",
        "ground",
        "at the end of each ground combat round, your ships bombard the defender's ground "
        "forces again, as in the bombardment before combat (not through a Planetary Shield; "
        "Bunker, Plasma Scoring and X-89 apply to each)",
        ("15.1", "42"),
        side="attacker",
    ),
    _f(
        "the_alastor",
        "The Alastor",
        "flagship",
        "nekro",
        "space",
        "at the start of space combat, if your flagship is still in the system: every ground "
        "force in your fleet (list only those you choose) fights as a ship, with its combat "
        "value; space cannon offense, before it, cannot hit them",
        ("78.2",),
    ),
    _f(
        "matriarch",
        "Matriarch",
        "flagship",
        "naalu",
        "ground",
        "with your flagship among your ships: every fighter in your fleet (list only those you "
        "commit) fights in the ground combat as a ground force, with its combat value; space "
        "cannon defense can hit it",
        ("42",),
        side="attacker",
    ),
    _f(
        "wrath_of_kenara",
        "Wrath of Kenara",
        "flagship",
        "hacan",
        "space",
        "while your flagship is in the combat, you spend 1 of the trade goods you name on "
        "each of your combat dice that misses by exactly 1, making it a hit, until they run "
        "out (after any reroll; not on barrage or space cannon dice)",
        ("78.5",),
        amount="trade goods",
    ),
    _f(
        "dynamo",
        "Dynamo",
        "flagship",
        "empyrean",
        "both",
        "your flagship is in or next to the system: each time one of your units uses Sustain "
        "Damage in a combat round (not against space cannon, barrage or bombardment), it is "
        "repaired at once while the repairs you name (2 influence each) last; the "
        "opponent's units are never repaired",
        ("87.1",),
        amount="repairs",
    ),
    _f(
        "z_grav_eidolon",
        "Z-Grav Eidolon",
        "mech",
        "naaz_rokha",
        "space",
        "your mechs in the fleet are in the space area: at the start of space combat they "
        "flip to Z-Grav Eidolon and fight as ships with 8 (x2) and Sustain Damage; space "
        "cannon offense, before it, cannot hit them",
        ("78.2",),
    ),
    _f(
        "quantum_manipulator",
        "Quantum Manipulator",
        "mech",
        "nomad",
        "space",
        "your mechs in the fleet are in the space area: in each combat round, each undamaged "
        "one uses Sustain Damage to cancel 1 hit on your ships, before your ships take any "
        "(it is never destroyed by ship hits and rolls no dice)",
        ("87.1",),
    ),
    _f(
        "supercharge",
        "Supercharge",
        "faction_technology",
        "naaz_rokha",
        "both",
        "+1 to all your units' combat rolls in the round named (it is exhausted after one use: "
        "name one round)",
        ("78.5", "42.1"),
        by_round=True,
    ),
    _f(
        "visz_el_vir",
        "Visz El Vir",
        "flagship",
        "naaz_rokha",
        "both",
        "your flagship is in the system: each of your mechs rolls 1 more die in combat (in "
        "space, as Z-Grav Eidolon)",
        ("42.1", "78.5"),
    ),
    _f(
        "arvicon_rex",
        "Arvicon Rex",
        "flagship",
        "mahact",
        "space",
        "the opponent's command token is not in your fleet pool: +2 to your flagship's "
        "combat rolls",
        ("78.5",),
    ),
    _f(
        "mordred",
        "Mordred",
        "mech",
        "nekro",
        "both",
        "the opponent has an X or Y assimilator token on a technology: +2 to your mechs' "
        "combat rolls (in space combat, mechs fighting as ships with The Alastor)",
        ("42.1", "78.5"),
    ),
    _f(
        "iconoclast",
        "Iconoclast",
        "mech",
        "naalu",
        "ground",
        "the opponent has a relic fragment: +2 to your mechs' combat rolls",
        ("42.1",),
    ),
    _f(
        "shield_paling",
        "Shield Paling",
        "mech",
        "jol_nar",
        "ground",
        "while one of your mechs is in the ground combat, your infantry roll without Fragile's -1",
        ("42.1",),
    ),
    _f(
        "valkyrie_exoskeleton",
        "Valkyrie Exoskeleton",
        "mech",
        "sardakk",
        "ground",
        "each time one of your mechs uses Sustain Damage in a ground combat round, 1 more "
        "hit on the opponent's ground forces (they assign it)",
        ("42.2",),
    ),
    _f(
        "moll_terminus",
        "Moll Terminus",
        "mech",
        "mentak",
        "ground",
        "while one of your mechs is in the ground combat, the opponent's ground forces "
        "cannot use Sustain Damage in the combat rounds",
        ("42.2",),
    ),
)
"""Every faction option's fields, for :class:`engine.odds.options.Option`."""
