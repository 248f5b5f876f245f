"""What two flagships the odds name as options do on the board: The Alastor's ground forces
fighting as ships (Nekro Virus) and Wrath of Kenara's trade goods spent on near misses
(Emirates of Hacan).

Each is a hook's offer and play, like :mod:`engine.ti4.abilities.unit_plays` (texts and
where they were read: engine/RULES.md).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.events import Event
from engine.core.state import Game, Unit
from engine.ti4.abilities.model import Ability, Hook, Moment
from engine.ti4.abilities.plays import event, fits, flagship_in, pay, taking_roles
from engine.ti4.records import Rolled, Use, in_progress
from engine.ti4.roles import split

__all__ = ["ALASTOR_HOOKS", "KENARA_HOOKS", "alastor", "alastor_ways", "kenara", "kenara_ways"]

Ways = list[dict[str, Any]]
Played = tuple[Game, tuple[Event, ...]]


# --- The Alastor (Nekro Virus) ----------------------------------------------------------------


def _landed(game: Game, use: Use) -> list[Unit]:
    """The holder's ground forces in the space area, not yet fighting as ships."""
    return [
        u
        for u in game.system(use.system).space
        if u.owner == use.player and u.spec.is_ground_force and "ship" not in split(u.grade)[1]
    ]


def alastor_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """At the start of a space combat, with the flagship there and ground forces beside it."""
    if use.planet is not None or not fits(ability, game, use):
        return []
    if not flagship_in(game, use, use.player) or not _landed(game, use):
        return []
    count = len(_landed(game, use))
    return [{"label": f"The Alastor: your {count} ground force(s) here fight as ships"}]


def alastor(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    """Each of the holder's ground forces in the space area fights as a ship (its grade
    says so) until the combat ends (``combat_round.roles_end``)."""
    landed = _landed(game, use)
    game = taking_roles(game, landed, "ship")
    ids = ", ".join(u.id for u in landed)
    text = (
        f"{game.player_name(use.player)} uses The Alastor: {ids} participate in the space "
        "combat as if they were ships"
    )
    return game, (event(ability, text, units=[u.id for u in landed]),)


# --- Wrath of Kenara (Emirates of Hacan) --------------------------------------------------


def _near(game: Game, player: str) -> list[int]:
    """Where ``player``'s dice of this space combat round that missed by exactly 1 are."""
    return [
        i
        for i, r in enumerate(in_progress(game).rolled)
        if r.player == player and not r.hits and r.result == r.value - 1
    ]


def kenara_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """After the holder's space combat rolls (and any reroll), with the flagship in the
    combat: 1 trade good for each die that missed by 1, as many as the holder spends (the
    most first: a hit now for each, as the odds take it)."""
    if use.planet is not None or not fits(ability, game, use):
        return []
    if not flagship_in(game, use, use.player):
        return []
    most = min(len(_near(game, use.player)), game.player(use.player).trade_goods)
    return [
        {"label": f"Wrath of Kenara: spend {n} trade good(s), +1 to {n} die/dice", "trade_goods": n}
        for n in range(most, 0, -1)
    ]


def kenara(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    """``trade_goods`` of the dice that missed by 1 get +1 (each a hit); one trade good each."""
    count = int(way["trade_goods"])
    at = set(_near(game, use.player)[:count])
    tactical = in_progress(game)
    chosen: list[Rolled] = [r for i, r in enumerate(tactical.rolled) if i in at]
    rolled = tuple(
        replace(r, result=r.result + 1) if i in at else r for i, r in enumerate(tactical.rolled)
    )
    game = pay(replace(game, action=replace(tactical, rolled=rolled)), use.player, count)
    shown = ", ".join(f"{r.unit} {r.result} -> {r.result + 1}" for r in chosen)
    text = (
        f"{game.player_name(use.player)} spends {count} trade good(s) with Wrath of Kenara: "
        f"+1 to {shown}"
    )
    return game, (event(ability, text, units=[r.unit for r in chosen], trade_goods=count),)


ALASTOR_HOOKS = (Hook(Moment.JOIN, alastor_ways, alastor),)
KENARA_HOOKS = (Hook(Moment.AFTER_ROLL, kenara_ways, kenara, rank=1),)
"""The flagships' hooks (Wrath of Kenara after any reroll: a lower rank goes first)."""
