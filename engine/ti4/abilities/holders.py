"""Who holds an ability on the board, and whether it acts for them now.

Apart from :mod:`engine.ti4.abilities.derived` (which reads every ability module) so that
an ability's own hooks may ask it of the other abilities without an import circle.
"""

from __future__ import annotations

from engine.core.state import Game, Player
from engine.core.units import spellings
from engine.ti4.abilities.model import TECHNOLOGIES, Ability, Kind

__all__ = ["held", "holds", "in_effect"]

UNLOCKED = frozenset({Kind.LEADER, Kind.BREAKTHROUGH, Kind.RELIC})
"""Kinds a player holds only once gained in play, never by being of the owner's faction
(a relic: once the scenario gives it, ``relics``)."""


def holds(player: Player, ability: Ability) -> bool:
    """Whether ``player`` holds ``ability`` on the board: a technology they own, an action
    card in their hand, a promissory note, a relic or an agenda they hold, or a faction ability,
    unit or flagship of their faction (laws in play: :func:`in_effect`)."""
    if ability.kind is Kind.UNIT_UPGRADE and ability.unit is not None:
        return ability.unit in player.upgrades  # held with the upgrade (97.4)
    if ability.kind in TECHNOLOGIES:
        return ability.id in player.technologies
    if ability.kind is Kind.ACTION_CARD:
        return any(spellings(card)[0] == ability.id for card in player.action_cards)
    if ability.kind is Kind.PROMISSORY_NOTE:
        return ability.id in player.promissory_notes or (
            ability.also_faction is not None and player.faction == ability.also_faction
        )
    if ability.kind is Kind.AGENDA:
        return ability.id in player.agendas
    if ability.kind is Kind.LEADER:
        return ability.id in player.leaders  # gained: a scenario's ``leaders``
    if ability.kind is Kind.BREAKTHROUGH:
        return ability.id in player.breakthroughs
    if ability.kind is Kind.RELIC:
        return ability.id in player.relics  # a relic gained (a scenario's ``relics``)
    if ability.kind in UNLOCKED:
        return False  # a scenario cannot yet give a relic
    if ability.owner is not None:
        return player.faction == ability.owner
    return False


def in_effect(game: Game, player: str, ability: Ability) -> bool:
    """Whether ``ability`` acts for ``player``: they hold it, it is a law in play, or they
    played it and it still acts (a card played for the round: ``Tactical.played``)."""
    if holds(game.player(player), ability) or ability.id in game.laws:
        return True
    played = getattr(game.action, "played", ())
    return any(p.player == player and p.ability == ability.id for p in played)


def held(player: Player, abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """Those of ``abilities`` ``player`` holds, in their order."""
    return tuple(a for a in abilities if holds(player, a))
