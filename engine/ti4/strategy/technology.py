"""Technology (initiative 7; LRR 91) and researching (LRR 90), as far as the engine's
technology model reaches.

Primary (91.2): research one technology; then you may research one more by
spending 6 resources. Secondary (91.3): research one by spending 4 resources.

What can be researched is what the engine plays: the technologies of
:data:`engine.ti4.technologies.TECHNOLOGIES` (``antimass_deflectors``,
``war_sun_technology``, ...: the ability objects whose ``board`` says what the
board plays, each with its ``colour`` and ``prerequisites``) and unit upgrades
(``cruiser_ii``; a faction's own, such as the Sol's ``infantry_ii`` = Spec Ops II,
replaces the standard one, 97.1). A
technology is gained from the player's deck: not one they own (90.3), not
another faction's (90.11). Each prerequisite symbol needs an owned technology
of its colour (90.12); unit upgrades have no colour and satisfy none (90.7b).
Technology specialties are not modelled: planets carry none. A
researched upgrade changes the player's units of that type at once (97.4).

Choice values: ``research`` (ids, one or two for the primary, one for the
secondary), ``pay`` and ``trade_goods`` (the resources spent).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from engine.core.choice import cite
from engine.core.events import Event, refuse
from engine.core.state import Game, Player, replace_unit
from engine.ti4.abilities.strategy_cards import TECHNOLOGY
from engine.ti4.factions import FACTIONS, grade_of, has_upgrade, unit_spec
from engine.ti4.producing import paying
from engine.ti4.strategy.card import Option, StrategyCard
from engine.ti4.strategy.common import names_param, ready, spend
from engine.ti4.technologies import TECHNOLOGIES
from engine.ti4.units import UNIT_TYPES, UPGRADE_PREREQUISITES

SUFFIX = "_ii"


def _upgradable(player: Player) -> list[str]:
    units = [*UNIT_TYPES, "flagship"]
    return [u for u in units if u in UPGRADE_PREREQUISITES and has_upgrade(u, player.faction)]


def name_of(player: Player, key: str) -> str:
    """The printed name of technology ``key`` for the player ("Spec Ops II")."""
    if key in TECHNOLOGIES:
        return TECHNOLOGIES[key].name
    unit = key.removesuffix(SUFFIX)
    return unit_spec(unit, grade_of(unit, player.faction, (unit,))).label


def owned_colours(player: Player) -> Counter[str]:
    """The colours of the technologies the player owns (unit upgrades have none, 90.7b)."""
    return Counter(
        colour for key in player.technologies if (colour := TECHNOLOGIES[key].colour) is not None
    )


def _prerequisites(player: Player, key: str) -> tuple[str, ...]:
    if key in TECHNOLOGIES:
        return TECHNOLOGIES[key].prerequisites
    return UPGRADE_PREREQUISITES[key.removesuffix(SUFFIX)]


def refusal(player: Player, key: str) -> str | None:
    """Why the player cannot research ``key`` now ("" and rules in :func:`research`), or None."""
    tech = TECHNOLOGIES.get(key)
    unit = key.removesuffix(SUFFIX)
    if tech is None and not (key.endswith(SUFFIX) and unit in _upgradable(player)):
        return "unknown"
    if key in player.technologies or (tech is None and unit in player.upgrades):
        return "owned"
    if tech is not None and tech.owner is not None and tech.owner != player.faction:
        return "faction"
    need = Counter(_prerequisites(player, key))
    if need - owned_colours(player):
        return "prerequisites"
    return None


def research(game: Game, player_id: str, key: str) -> tuple[Game, tuple[str, ...]]:
    """Gain technology ``key`` for the player; returns the game and the rules applied."""
    player = game.player(player_id)
    why = refusal(player, key)
    if why == "unknown":
        known = [*TECHNOLOGIES, *(f"{u}{SUFFIX}" for u in _upgradable(player))]
        raise refuse(
            f"Cannot research {key!r}: the engine plays {', '.join(known)}", "90.3", "90.10"
        )
    name = name_of(player, key)
    if why == "owned":
        raise refuse(f"Cannot research {name}: {player.name} owns it already", "90.3")
    if why == "faction":
        owner = FACTIONS[TECHNOLOGIES[key].owner or ""].name
        raise refuse(f"Cannot research {name}: it is a faction technology of {owner}", "90.11")
    if why == "prerequisites":
        need = ", ".join(_prerequisites(player, key))
        have = ", ".join(sorted(owned_colours(player).elements())) or "none"
        raise refuse(
            f"Cannot research {name}: its prerequisites are {need}; the technologies "
            f"{player.name} owns give {have}",
            "90.12",
            "90.7.2",
        )
    if key in TECHNOLOGIES:
        player = replace(player, technologies=(*player.technologies, key))
        return game.with_player(player), ("90.10",)
    unit = key.removesuffix(SUFFIX)
    player = replace(player, upgrades=(*player.upgrades, unit))
    game = game.with_player(player)
    grade = grade_of(unit, player.faction, player.upgrades)
    for system in game.systems:
        for piece in system.all_units():
            if piece.owner == player_id and piece.type == unit:
                game = replace_unit(game, replace(piece, grade=grade))
    return game, ("90.10", "90.10.1", "97.4")


def _resolve(
    game: Game, choice: dict[str, Any], most: int, cost: tuple[int, ...], rules: tuple[str, ...]
) -> tuple[Game, tuple[Event, ...]]:
    player = game.player(str(choice["player"]))
    keys = names_param(choice, "research", *rules)
    if len(keys) > most:
        raise refuse(f"Cannot research {len(keys)} technologies: at most {most}", *rules)
    price = sum(cost[: len(keys)])
    spent = "nothing"
    if price:
        game, paid, spent = spend(game, player, choice, "resources")
        if paid < price:
            raise refuse(
                f"Cannot research: it costs {price} resources and {player.name} spends {paid}",
                *rules,
            )
    elif choice.get("pay") or choice.get("trade_goods"):
        raise refuse("Nothing is paid for the first technology of the primary ability", *rules)
    cited = rules
    for key in keys:
        game, applied = research(game, player.id, key)
        cited = (*cited, *(r for r in applied if r not in cited))
    names = " and ".join(name_of(game.player(player.id), k) for k in keys) or "nothing"
    text = f"{player.name} researches {names}" + (f", spending {spent}" if price else "")
    return game, (
        Event("research", cite(text, cited), cited, {"player": player.id, "research": keys}),
    )


def primary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Research one technology, then another for 6 resources (91.2)."""
    return _resolve(game, choice, 2, (0, 6), ("91.2",))


def secondary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Research one technology for 4 resources (91.3)."""
    return _resolve(game, choice, 1, (4,), ("91.3",))


def researchable(player: Player) -> list[str]:
    """Every technology the player may research now."""
    keys = [*TECHNOLOGIES, *(f"{u}{SUFFIX}" for u in _upgradable(player))]
    return [k for k in keys if refusal(player, k) is None]


def primary_options(game: Game, player_id: str) -> list[Option]:
    player = game.player(player_id)
    options = [
        Option(f"research {name_of(player, k)}", ("91.2",), {"research": [k]})
        for k in researchable(player)[:10]
    ]
    return options or [
        Option("research nothing: no technology's prerequisites are met", ("91.2", "90.12"))
    ]


def secondary_options(game: Game, player_id: str) -> list[Option]:
    player = game.player(player_id)
    pay = paying(4, [p for _, p in ready(game, player_id)])
    if pay is None:
        return []
    return [
        Option(
            f"research {name_of(player, k)}, exhausting {', '.join(pay)}",
            ("91.3",),
            {"research": [k], "pay": pay},
        )
        for k in researchable(player)[:10]
    ]


CARD = StrategyCard(
    ability=TECHNOLOGY,
    initiative=7,
    primary=primary,
    secondary=secondary,
    primary_options=primary_options,
    secondary_options=secondary_options,
    primary_values=frozenset({"research", "pay", "trade_goods"}),
    secondary_values=frozenset({"research", "pay", "trade_goods"}),
)
