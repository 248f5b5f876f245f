"""What a law in play forbids outright on the board: Conventions of War's bombardment of a
cultural planet (asked by the invasion and by Harrow). Apart from the laws' hooks
(``law_plays``), which the agendas' module imports.
"""

from __future__ import annotations

from engine.core.state import Game, Planet
from engine.ti4.abilities.agendas import CONVENTIONS_OF_WAR
from engine.ti4.abilities.holders import in_effect

__all__ = ["barred"]


def barred(game: Game, planet: Planet) -> tuple[str, ...]:
    """Why no unit may bombard ``planet`` under a law in play (a refusal's text and rules),
    or nothing: Conventions of War forbids Bombardment against units on a cultural planet."""
    law = CONVENTIONS_OF_WAR
    if planet.trait != "cultural" or not in_effect(game, game.active_player or "", law):
        return ()
    text = f"Cannot bombard {planet.name}: it is a cultural planet and {law.name} is in play"
    return (text, *law.rules)
