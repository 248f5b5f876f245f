"""An upgraded infantry's return (Infantry II, Letani Warrior II, Spec Ops II) on the board.

"After this unit is destroyed, roll 1 die. If the result is 6 or greater [Spec Ops II: 5],
place the unit on this card. At the start of your next turn, place each unit that is on
this card on a planet you control in your home system." The card says no "may": the die
is rolled for each one destroyed, without asking. Where the texts were read:
engine/RULES.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite
from engine.core.dice import roll
from engine.core.events import Event
from engine.core.state import Game, Unit, with_planet
from engine.core.units import pieces
from engine.ti4.abilities.model import Ability
from engine.ti4.records import Use

__all__ = ["RETURNS", "place_returned", "return_roll", "return_ways"]

RETURNS = {"Infantry II": 6, "Letani Warrior II": 6, "Spec Ops II": 5}
"""The upgraded infantry whose card returns it, by printed name: the result it needs."""

RULES = ("97.4",)
"""What placing the returned units cites: the upgrade card's own ability (97.4)."""


def _grade(game: Game, player: str) -> str:
    holder = game.player(player)
    return " ".join([*filter(None, [holder.faction]), *(["ii"] * ("infantry" in holder.upgrades))])


def _needs(game: Game, player: str) -> int | None:
    return RETURNS.get(pieces().spec("infantry", _grade(game, player)).printed)


def _destroyed(game: Game, use: Use) -> list[str]:
    return [i for i in use.units if i.startswith(f"{use.player}-infantry-")]


def return_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    if use.about != use.player or _needs(game, use.player) is None:
        return []
    ids = _destroyed(game, use)
    if not ids:
        return []
    return [{"label": f"roll 1 die for each destroyed infantry: {', '.join(ids)}"}]


def return_roll(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    ids = _destroyed(game, use)
    needs = _needs(game, use.player) or 11
    results, dice = roll(game.dice, len(ids))
    kept = tuple(i for i, r in zip(ids, results, strict=True) if r >= needs)
    holder = game.player(use.player)
    game = replace(game, dice=dice).with_player(replace(holder, on_cards=(*holder.on_cards, *kept)))
    printed = pieces().spec("infantry", _grade(game, use.player)).printed
    shown = ", ".join(f"{r} ({i}, {needs} or more)" for i, r in zip(ids, results, strict=True))
    text = f"{game.player_name(use.player)} rolls for each destroyed {printed}: {shown}; " + (
        f"{', '.join(kept)} rest on the card until their next turn" if kept else "none returns"
    )
    rolls = [
        {"unit": i, "type": "infantry", "value": needs, "result": r, "hit": r >= needs}
        for i, r in zip(ids, results, strict=True)
    ]
    rules = tuple(ability.rules)
    return game, (Event("roll", cite(text, rules), rules, {"rolls": rolls, "kept": list(kept)}),)


def place_returned(game: Game, player: str) -> tuple[Game, tuple[Event, ...]]:
    """At the start of ``player``'s turn, the units on their cards go to a planet they
    control in their home system (the first; none there: they stay on the card)."""
    holder = game.player(player)
    if not holder.on_cards or holder.home is None:
        return game, ()
    home = game.system(holder.home)
    planet = next((p for p in home.planets if p.controller == player), None)
    if planet is None:
        return game, ()
    grade = _grade(game, player)
    placed = tuple(Unit(i, "infantry", player, grade=grade) for i in holder.on_cards)
    game = game.with_system(with_planet(home, replace(planet, units=(*planet.units, *placed))))
    game = game.with_player(replace(holder, on_cards=()))
    text = (
        f"{holder.name} places {', '.join(holder.on_cards)} from the infantry upgrade card on "
        f"{planet.name}, in the home system, at the start of the turn"
    )
    return game, (Event("placed", cite(text, RULES), RULES, {"units": list(holder.on_cards)}),)
