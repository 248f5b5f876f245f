"""What the Nomad's promissory note The Cavalry does on the board (Memoria I and II).

"At the start of a space combat against a player other than the Nomad: place this card
faceup in your play area; while it is there, 1 of your non-fighter ships gains Sustain
Damage, the combat value and Anti-Fighter Barrage of the Nomad's flagship, Memoria" (78.2).
The ship takes the ``memoria`` (or ``memoriaii``) role in its grade until the combat ends
(``engine.ti4.roles``), as the exact odds name the piece; the card goes back to the Nomad.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.core.state import Game, Unit
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import discard, event, fighting, fits, taking_roles, unit_ways
from engine.ti4.records import Use

__all__ = ["cavalry", "cavalry_ways"]


def _gain(unit: Unit) -> tuple[bool, int, float]:
    # The ship that gains most: one without Sustain Damage, the worst combat value, the
    # cheapest (as the odds choose it, ``engine.odds.notes``).
    spec = unit.spec
    value = spec.combat.value if spec.combat else 11
    return (spec.sustain_damage, -value, spec.cost or 0.0)


def _role(ability: Ability) -> str:
    return "memoriaii" if ability.id.endswith("_ii") else "memoria"


def cavalry_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """At the start of a space combat against another faction than the Nomad: each of the
    holder's non-fighter ships that may take Memoria's values, the odds' choice first."""
    if use.planet is not None or not fits(ability, game, use):
        return []
    if game.player(use.opponent).faction == "nomad":
        return []
    ships = [u for u in fighting(game, use, use.player) if u.type not in ("fighter", "flagship")]
    ships.sort(key=_gain)
    return unit_ways(ships, lambda u: f"play {ability.name}: {u.id} ({u.label}) fights as Memoria")


def cavalry(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The named ship fights with Memoria's values for this combat; the note is played."""
    unit = next(u for u in game.system(use.system).space if u.id == way["unit"])
    game = discard(game, use.player, ability)
    game = taking_roles(game, [unit], _role(ability))
    text = (
        f"{game.player_name(use.player)} plays {ability.name}: {unit.id} gains Sustain "
        "Damage and Memoria's combat and Anti-Fighter Barrage values for this combat"
    )
    return game, (event(ability, text, unit=unit.id),)
