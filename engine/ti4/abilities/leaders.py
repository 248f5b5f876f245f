"""The leaders (agents, commanders, heroes) that act in a combat, as the exact odds take them.

Texts were read in ti-assistant (``server/data/prophecyofkings/leaders.ts``) and checked
against the peer ti4battle (pgsandstrom/ti4calc ``core/factions/*.ts``), which offers the
same leaders; see engine/RULES.md. An agent is exhausted for any player's units (any side
may name it); a commander acts for its owner. On the board each acts once its holder
gained it (a scenario's ``leaders``); an agent used stays exhausted
(:mod:`engine.ti4.abilities.leader_plays`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.combat import bombardment_blocked
from engine.core.state import Game, Unit
from engine.ti4.abilities.agent_plays import milor, milor_ways
from engine.ti4.abilities.holders import in_effect
from engine.ti4.abilities.leader_plays import (
    agent_offer,
    agent_play,
    best_die,
    cancel_first,
    in_home_or_mecatol,
    tellurian_offer,
)
from engine.ti4.abilities.model import (
    Ability,
    Combat,
    Fold,
    Hook,
    Kind,
    Moment,
    Rounds,
    Side,
    register,
)
from engine.ti4.abilities.model import Window as W
from engine.ti4.abilities.unit_dice_plays import best_unit_die, reroll_misses

__all__ = [
    "BROTHER_MILOR",
    "EVELYN_DELOUIS",
    "RICKAR_RICKANI",
    "TA_ZERN",
    "TELLURIAN",
    "TRRAKAN_AUN_ZULOK",
    "TWO_RAM",
    "UL_THE_PROGENITOR",
    "VISCOUNT_UNLENN",
    "blocked",
]

VISCOUNT_UNLENN = register(
    Ability(
        "viscount_unlenn",
        "Viscount Unlenn (Barony of Letnev agent)",
        Kind.LEADER,
        frozenset({W.ROLL}),
        "in the space combat round named (the agent is exhausted: name one), your ship with "
        "the best combat value rolls 1 more die",
        ("78.5",),
        owner="letnev",
        any_faction=True,
        may=True,
        combat=Combat.SPACE,
        rounds=Rounds.NAMED,
        board="exhausted at the start of a space combat round: your ship with the best combat "
        "value rolls 1 more die that round",
        hooks=(Hook(Moment.START_OF_ROUND, agent_offer, agent_play),),
        roll=best_die,
    )
)
EVELYN_DELOUIS = register(
    Ability(
        "evelyn_delouis",
        "Evelyn Delouis (Federation of Sol agent)",
        Kind.LEADER,
        frozenset({W.ROLL}),
        "in the ground combat round named (the agent is exhausted: name one), your ground "
        "force with the best combat value rolls 1 more die",
        ("42.1",),
        owner="sol",
        any_faction=True,
        may=True,
        combat=Combat.GROUND,
        rounds=Rounds.NAMED,
        board="exhausted at the start of a ground combat round: your ground force with the "
        "best combat value rolls 1 more die that round",
        hooks=(Hook(Moment.START_OF_ROUND, agent_offer, agent_play),),
        roll=best_die,
    )
)
TELLURIAN = register(
    Ability(
        "tellurian",
        "Tellurian (Titans of Ul agent)",
        Kind.LEADER,
        frozenset({W.ASSIGN_HITS}),
        "the first hit produced against your units in a combat round is cancelled (the "
        "agent is exhausted; space cannon, barrage and bombardment hits are not)",
        ("78.6", "42.2"),
        owner="titans",
        any_faction=True,
        may=True,
        board="offered after a combat round's rolls in which the opponent hit: exhausted, 1 "
        "of that round's hits against you is cancelled",
        hooks=(Hook(Moment.AFTER_ROLL, tellurian_offer, agent_play),),
        hits=cancel_first,
    )
)
RICKAR_RICKANI = register(
    Ability(
        "rickar_rickani",
        "Rickar Rickani (Winnu commander)",
        Kind.LEADER,
        frozenset({W.ROLL}),
        "+2 to each of your units' combat rolls: the combat is in the Mecatol Rex system, "
        "your home system or a system with a legendary planet",
        ("78.5", "42.1"),
        owner="winnu",
        requires="the Mecatol Rex system, your home system or a legendary planet's system",
        fold=Fold(2),
        board="+2 to your units' combat rolls in the Mecatol Rex system or your home system "
        "(the board knows no legendary planet)",
        roll=in_home_or_mecatol,
    )
)
TWO_RAM = register(
    Ability(
        "two_ram",
        "2RAM (L1Z1X Mindnet commander)",
        Kind.LEADER,
        frozenset({W.INVASION}),
        "the defender's Planetary Shield does not stop your bombardment",
        ("15.1",),
        owner="l1z1x",
        side=Side.ATTACKER,
        combat=Combat.GROUND,
        board="your bombardment and Harrow go through a Planetary Shield",
    )
)
TRRAKAN_AUN_ZULOK = register(
    Ability(
        "trrakan_aun_zulok",
        "Trrakan Aun Zulok (Argent Flight commander)",
        Kind.LEADER,
        frozenset({W.SPACE_CANNON, W.BARRAGE, W.INVASION}),
        "each roll your units make for Space Cannon, Anti-Fighter Barrage or Bombardment: "
        "the unit with the best of those dice rolls 1 more",
        ("77.3", "10.1", "15.1"),
        owner="argent",
        may=True,
        board="once gained (`leaders`), your unit with the best of the dice of each Space "
        "Cannon, Anti-Fighter Barrage or Bombardment roll rolls 1 more (taken without "
        "asking: an extra die never hurts)",
        volley=best_unit_die,
    )
)
TA_ZERN = register(
    Ability(
        "ta_zern",
        "Ta Zern (Universities of Jol-Nar commander)",
        Kind.LEADER,
        frozenset({W.SPACE_CANNON, W.BARRAGE, W.INVASION}),
        "each die your units roll for Space Cannon, Anti-Fighter Barrage or Bombardment "
        "that misses is rolled again, once",
        ("77.3", "10.1", "15.1"),
        owner="jol_nar",
        may=True,
        board="once gained (`leaders`), each of your Space Cannon, Anti-Fighter Barrage or "
        "Bombardment dice that misses is rolled again, once (taken without asking: "
        "rerolling a miss never hurts)",
        roll=reroll_misses,
    )
)
UL_THE_PROGENITOR = register(
    Ability(
        "ul_the_progenitor",
        "Ul the Progenitor (Titans of Ul hero)",
        Kind.LEADER,
        frozenset({W.SPACE_CANNON}),
        "attached to Elysium (a planet in the system): it fires Space Cannon 5 (x3) as a "
        "unit would, at the other side's ships as they arrive or, when it is the planet "
        "invaded, at the ground forces landing",
        ("77.2", "77.7"),
        owner="titans",
        board="while you hold it (a scenario's leaders) and control a planet named Elysium in "
        "the active system, Elysium fires Space Cannon 5 (x3) there with your units' space "
        "cannon offense (its space cannon defense in an invasion is not played yet)",
    )
)
BROTHER_MILOR = register(
    Ability(
        "brother_milor",
        "Brother Milor (Yin Brotherhood agent, Ω)",
        Kind.LEADER,
        frozenset({W.ASSIGN_HITS}),
        "the first combat round in which a unit of yours is destroyed (the agent is "
        "exhausted): 2 fighters join your ships, or 2 infantry your ground forces (the "
        "rounds' hits only: not space cannon, barrage or bombardment)",
        ("78.6", "42.2"),
        owner="yin",
        any_faction=True,
        may=True,
        board="after a round's hits destroy a unit of yours, you may exhaust it: 2 fighters "
        "in the space area (space combat) or 2 infantry on the planet (ground combat)",
        hooks=(Hook(Moment.DESTROYED, milor_ways, milor),),
    )
)


def blocked(game: Game, bombarders: Sequence[Unit], planet_units: Sequence[Unit]) -> bool:
    """Whether a Planetary Shield stops the active player's ``bombarders`` (15.1.6; a war
    sun: 65.3), unless 2RAM is theirs (Harrow's too: it is bombardment)."""
    if not bombardment_blocked(bombarders, planet_units):
        return False
    return not in_effect(game, game.active_player or "", TWO_RAM)
