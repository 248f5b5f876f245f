"""What a law does on the board through its hooks: Publicize Weapon Schematics' war suns
without Sustain Damage (what a law forbids outright: ``law_bars``).

A law in play (a scenario's ``laws``) acts for every player (``holders.in_effect``). Texts
and where they were read: engine/RULES.md.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.core.state import Game, Unit
from engine.ti4.abilities.model import Ability, Hook, Moment
from engine.ti4.abilities.plays import event, taking_roles
from engine.ti4.records import Use, in_progress
from engine.ti4.roles import split

__all__ = ["PUBLICIZE_HOOKS", "unsustained", "unsustained_ways"]

Ways = list[dict[str, Any]]
Played = tuple[Game, tuple[Event, ...]]


# --- Publicize Weapon Schematics ----------------------------------------------------------


def _war_suns(game: Game, use: Use) -> list[Unit]:
    """The holder's war suns in the system that still have Sustain Damage."""
    return [
        u
        for u in game.system(use.system).space
        if u.owner == use.player and u.type == "war_sun" and "nosustain" not in split(u.grade)[1]
    ]


def unsustained_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """Before hits can reach the war suns of ``use``'s player here (space cannon offense, a
    space combat): the law takes their Sustain Damage (one way: the law is not chosen)."""
    if not _war_suns(game, use):
        return []
    return [{"label": f"{ability.name}: war suns here have no Sustain Damage"}]


def unsustained(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    """The war suns fight without Sustain Damage (their grade says so; the word leaves it
    when the combat ends, and the law gives it back at the next hits)."""
    suns = _war_suns(game, use)
    game = taking_roles(game, suns, "nosustain")
    ids = ", ".join(u.id for u in suns)
    text = f"{ids}: war suns lose Sustain Damage (the law {ability.name})"
    return game, (event(ability, text, units=[u.id for u in suns]),)


def _combat_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """As a space combat begins (not as ground forces are committed: no war sun lands)."""
    combat = in_progress(game).combat
    if combat is None or combat.planet is not None:
        return []
    return unsustained_ways(ability, game, use)


PUBLICIZE_HOOKS = (
    Hook(Moment.CANNON, unsustained_ways, unsustained, auto=True),
    Hook(Moment.JOIN, _combat_ways, unsustained, auto=True, rank=-1),
)
"""Before each space cannon volley (for the shooter and each player it may hit) and as a
space combat begins (for both players)."""
