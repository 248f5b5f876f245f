"""A player: their command sheet, cards, tokens and standing in the action phase."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Player", "StrategyCard"]


@dataclass(frozen=True)
class StrategyCard:
    """A strategy card; exhausted once its strategic action is performed."""

    name: str
    exhausted: bool = False


@dataclass(frozen=True)
class Player:
    """A player's command sheet, cards and standing in the action phase."""

    id: str
    name: str
    initiative: int
    tactic: int = 3
    fleet: int = 3
    strategy: int = 2
    trade_goods: int = 0
    strategy_cards: tuple[StrategyCard, ...] = ()
    component_actions: tuple[str, ...] = ()  # still to take (action cards, abilities), by name
    # Action cards that are not component actions: playable even after passing (3-note-1).
    action_cards: tuple[str, ...] = ()
    passed: bool = False
    # The faction played (engine.ti4.factions) and the unit types upgraded (97.4).
    faction: str | None = None
    upgrades: tuple[str, ...] = ()
    technologies: tuple[str, ...] = ()  # technology cards the engine plays, by id
    exhausted: tuple[str, ...] = ()  # exhausted technology cards (Supercharge, once used)
    # Promissory notes held and agendas owned (elected), by id (engine.ti4.abilities).
    promissory_notes: tuple[str, ...] = ()
    agendas: tuple[str, ...] = ()
    # Relics, leaders (agents, commanders unlocked) and breakthroughs gained, by id (an
    # agent used is then among ``exhausted``).
    relics: tuple[str, ...] = ()
    leaders: tuple[str, ...] = ()
    breakthroughs: tuple[str, ...] = ()
    # What some abilities ask of their opponent: relic fragments held, Valefar Assimilator
    # tokens on their technologies, other players' command tokens in this player's fleet pool.
    relic_fragments: int = 0
    assimilator_tokens: int = 0
    supports_for_the_throne: int = 0  # in this player's play area (an opponent's Imperator)
    captured_tokens: tuple[str, ...] = ()
    # The players whose control tokens are on this player's plots (the Firmament), and the
    # systems with this player's active breaches (the Crimson Rebellion), by id.
    plots: tuple[str, ...] = ()
    breaches: tuple[str, ...] = ()
    # Units resting on a unit upgrade card after they were destroyed, returned at the start
    # of the owner's next turn (Infantry II: by id).
    on_cards: tuple[str, ...] = ()
    commodities: int = 0  # commodity tokens held (21), at most the faction sheet's value
    victory_points: int = 0
    # Secret objectives held unscored and scored (61.21: three in all): counts, since the
    # engine keeps no objective deck.
    secret_objectives: int = 0
    scored_secrets: int = 0
    unnamed_action_cards: int = 0  # held beyond the named ones (no deck is modelled)
    home: str | None = None  # home system, by id (Warfare's secondary produces there; 61.16)
