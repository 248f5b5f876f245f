"""Abilities that put units in another role on the board (a word of their grade).

Z-Grav Eidolon (Naaz-Rokha Alliance): a mech in the space area of the active system at the
start of a space combat flips and is also a ship (8 x2, no Sustain Damage) until the
combat ends. Quantum Manipulator (Nomad): a mech in the space area during combat may use
its Sustain Damage to cancel a hit produced against its owner's ships. Each takes its role
word (:mod:`engine.ti4.roles`) as the combat starts, which the combat's end takes off.
Quietus (Crimson Rebellion): while the flagship is in a system with an active breach,
other players' units there lose their unit abilities, from the end of the movement until
the action ends. Texts and where they were read: engine/RULES.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.combat import SPACE_COMBAT
from engine.core.events import Event
from engine.core.state import Game, PendingHits, Unit, replace_unit
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import event, taking_roles
from engine.ti4.records import Played, Use, in_progress
from engine.ti4.roles import split

__all__ = [
    "join_ways",
    "joins",
    "manipulate",
    "manipulate_ways",
    "manipulated_hits",
    "quietus",
    "quietus_ways",
]

Ways = list[dict[str, Any]]
ROLE = {"z_grav_eidolon": "zgrav", "quantum_manipulator": "qm"}
"""The role word each ability's mechs fight in."""


def _space_combat_starts(game: Game) -> bool:
    combat = in_progress(game).combat
    return combat is not None and combat.planet is None and combat.stage == "start"


def _mechs(game: Game, use: Use) -> list[Unit]:
    """The holder's mechs in the space area of the combat's system, in no role yet."""
    space = game.system(use.system).space
    return [
        u for u in space if u.owner == use.player and u.type == "mech" and not split(u.grade)[1]
    ]


def join_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """As a space combat starts, with the holder's mechs in its space area."""
    if not _space_combat_starts(game) or not _mechs(game, use):
        return []
    return [{"label": f"{ability.name}: your mechs in the space area join the space combat"}]


def joins(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The mechs take the ability's role for the combat."""
    mechs = _mechs(game, use)
    role = ROLE[ability.id]
    game = taking_roles(game, mechs, role)
    ids = ", ".join(u.id for u in mechs)
    what = (
        "flip to Z-Grav Eidolon: each is also a ship (8 x2) until the combat ends"
        if role == "zgrav"
        else "stay in the space area: each may use Sustain Damage to cancel a hit on your ships"
    )
    text = f"{game.player_name(use.player)}'s {ids} {what}"
    return game, (event(ability, text, units=[u.id for u in mechs]),)


# --- Quantum Manipulator: a hit on the ships cancelled by a mech's Sustain Damage -------------


def _ready(game: Game, use: Use) -> list[Unit]:
    space = game.system(use.system).space
    return [
        u for u in space if u.owner == use.player and "qm" in split(u.grade)[1] and not u.damaged
    ]


def _incoming(game: Game, use: Use) -> int:
    """The hits the opponent's dice produced this round against the holder's ships."""
    return sum(r.hits for r in in_progress(game).rolled if r.player == use.opponent)


def manipulate_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """After a space combat round's rolls: cancel 1 hit per undamaged mech, most first."""
    if use.planet is not None:
        return []
    most = min(len(_ready(game, use)), _incoming(game, use))
    return [
        {
            "label": f"{ability.name}: {n} mech(s) use Sustain Damage to cancel {n} hit(s)",
            "count": n,
        }
        for n in range(most, 0, -1)
    ]


def manipulate(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The mechs are damaged; the hits they cancel come off the round's hits (below)."""
    mechs = _ready(game, use)[: int(way["count"])]
    for mech in mechs:
        game = replace_unit(game, replace(mech, damaged=True))
    ids = tuple(u.id for u in mechs)
    tactical = in_progress(game)
    played = (*tactical.played, Played(use.player, ability.id, "round", ids))
    game = replace(game, action=replace(tactical, played=played))
    text = (
        f"{game.player_name(use.player)}'s {', '.join(ids)} use Sustain Damage to cancel "
        f"{len(ids)} hit(s) on their ships"
    )
    return game, (event(ability, text, units=list(ids)),)


def manipulated_hits(ability: Ability, game: Game, use: Use, pending: PendingHits) -> PendingHits:
    """The round's space combat hits on the holder's ships, less those the mechs cancelled."""
    if pending.player != use.player or pending.source != SPACE_COMBAT.name:
        return pending
    combat = in_progress(game).combat
    if combat is None or combat.stage != "assign":  # the round's rolled hits, no others
        return pending
    played = getattr(game.action, "played", ())
    cancelled = sum(
        len(p.units) for p in played if p.player == use.player and p.ability == ability.id
    )
    if not cancelled:
        return pending
    count = max(0, pending.count - cancelled)
    return replace(
        pending,
        count=count,
        forced=min(pending.forced, count),
        rules=(*pending.rules, *ability.rules),
        notes=(*pending.notes, f"{ability.name} cancelled {cancelled} hit(s)"),
    )


# --- Quietus: the other players' units in a breach lose their unit abilities ------------------


def _stripped(game: Game, use: Use) -> list[Unit]:
    """The other players' units in the active system, while the holder's flagship is there
    and the system has one of the holder's active breaches (not yet stripped)."""
    system = game.system(use.system)
    if use.system not in game.player(use.player).breaches:
        return []
    if not any(u.owner == use.player and u.type == "flagship" for u in system.space):
        return []
    return [
        u
        for u in system.all_units()
        if u.owner != use.player and "noabilities" not in split(u.grade)[1]
    ]


def quietus_ways(ability: Ability, game: Game, use: Use) -> Ways:
    if not _stripped(game, use):
        return []
    return [{"label": f"{ability.name}: other players' units here lose their unit abilities"}]


def quietus(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    units = _stripped(game, use)
    game = taking_roles(game, units, "noabilities")
    text = (
        f"{game.player_name(use.player)}'s flagship is in an active breach: "
        f"{', '.join(u.id for u in units)} lose their unit abilities (Sustain Damage, "
        "Anti-Fighter Barrage, Bombardment, Space Cannon, Planetary Shield) this action"
    )
    return game, (event(ability, text, units=[u.id for u in units]),)
