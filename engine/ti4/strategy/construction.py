"""Construction (initiative 4; LRR 24; the Prophecy of Kings card).

Primary (24.2): place one PDS or one space dock on a planet you control;
then you may place one more PDS on a planet you control, in any systems,
command token or not (24.2a, 24.2b). Secondary (24.3): place the strategy
token spent in any system (to reinforcements if you have one there), then
you may place one PDS or one space dock on a planet you control in that
system. Structures come from reinforcements (24.4); a player with none left
may first take one of that type off a system without their command token
(24.4a, ``reclaim``). A planet holds at most one of a player's space docks
and two of their PDS (85.4, 85.5, 85.6).

Choice values: ``place`` ([{unit, planet}], the primary's first and second
structure; the secondary's one), ``system`` (secondary), ``reclaim`` (unit ids).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite
from engine.core.events import Event, refuse
from engine.core.state import Game, Planet, System, Unit, next_unit_ids, remove_units, with_planet
from engine.limits import PER_PLANET, REINFORCEMENTS
from engine.ti4.abilities.strategy_cards import CONSTRUCTION
from engine.ti4.factions import grade_of
from engine.ti4.strategy.card import Option, StrategyCard
from engine.ti4.strategy.common import names_param, text_param

STRUCTURES = ("pds", "space_dock")
LABELS = {"pds": "PDS", "space_dock": "space dock"}


def _places(choice: dict[str, Any], rules: tuple[str, ...]) -> list[tuple[str, str]]:
    raw = choice.get("place", [])
    if isinstance(raw, dict):
        raw = [raw]
    if not isinstance(raw, list) or not all(
        isinstance(p, dict)
        and set(p) == {"unit", "planet"}
        and all(isinstance(v, str) for v in p.values())
        for p in raw
    ):
        raise refuse("Cannot place structures: give [{unit, planet}]", *rules)
    return [(p["unit"], p["planet"]) for p in raw]


def _on_board(game: Game, player: str, kind: str) -> int:
    return sum(
        1 for s in game.systems for u in s.all_units() if u.owner == player and u.type == kind
    )


def _reclaim(
    game: Game, player: str, choice: dict[str, Any], kinds: list[str]
) -> tuple[Game, list[str]]:
    """Take the structures named in ``reclaim`` off systems without the player's token (24.4a)."""
    raw = names_param(choice, "reclaim", "24.4.1")
    for unit_id in raw:
        try:
            system, _, unit = game.locate(unit_id)
        except KeyError:
            raise refuse(f"Cannot reclaim {unit_id!r}: there is no such unit", "24.4.1") from None
        if unit.owner != player or unit.type not in kinds:
            raise refuse(
                f"Cannot reclaim {unit_id}: only your own units of a type being placed", "24.4.1"
            )
        if player in system.tokens:
            raise refuse(
                f"Cannot reclaim {unit_id}: {system.name} holds your command token", "24.4.1"
            )
    return remove_units(game, set(raw)), raw


def _place(
    game: Game,
    player_id: str,
    kind: str,
    planet_name: str,
    system_id: str | None,
    rules: tuple[str, ...],
    reclaimed: list[str],
) -> tuple[Game, str]:
    """Put one structure of ``kind`` on a planet the player controls (in ``system_id`` if
    given): a unit taken off the board for it (``reclaimed``) is placed again, else a new one.
    Returns the game and the unit's id."""
    if kind not in STRUCTURES:
        raise refuse(f"Cannot place {kind!r}: Construction places a PDS or a space dock", *rules)
    found: tuple[System, Planet] | None = next(
        ((s, p) for s, p in game.planets_of(player_id) if p.name == planet_name), None
    )
    if found is None or (system_id is not None and found[0].id != system_id):
        where = "" if system_id is None else f" in {game.system(system_id).name}"
        raise refuse(
            f"Cannot place a structure on {planet_name}: it is not a planet you control{where}",
            *rules,
        )
    system, planet = found
    most, limit_rules = PER_PLANET[kind]
    if sum(1 for u in planet.units if u.owner == player_id and u.type == kind) >= most:
        raise refuse(
            f"Cannot place a {LABELS[kind]} on {planet_name}: a player has at most {most} there",
            *limit_rules,
            "85.6",
        )
    if _on_board(game, player_id, kind) >= REINFORCEMENTS[kind]:
        raise refuse(
            f"Cannot place a {LABELS[kind]}: none is left in reinforcements; first take one off a "
            f"system without your command token (reclaim)",
            "24.4",
            "24.4.1",
        )
    player = game.player(player_id)
    again = [u for u in reclaimed if u.startswith(f"{player_id}-{kind}-")]
    (unit_id,) = again[:1] or next_unit_ids(game, player_id, kind, 1)
    if again:
        reclaimed.remove(unit_id)
    unit = Unit(unit_id, kind, player_id, grade=grade_of(kind, player.faction, player.upgrades))
    system = game.system(system.id)
    planet = system.planet(planet_name)
    game = game.with_system(with_planet(system, replace(planet, units=(*planet.units, unit))))
    return game, unit_id


def _placed_event(
    game: Game,
    player_id: str,
    placed: list[tuple[str, str]],
    rules: tuple[str, ...],
    reclaimed: list[str],
) -> Event:
    """What was placed where, each unit once: ``placed`` is (unit id, planet) in order."""
    name = game.player_name(player_id)
    first = (
        f"takes {', '.join(reclaimed)} off the board into reinforcements, then "
        if reclaimed
        else ""
    )
    where = ", ".join(f"{unit} on {planet}" for unit, planet in placed) or "nothing"
    text = f"{name} {first}places {where}"
    units = [unit for unit, _ in placed]
    data = {"player": player_id, "units": units, "reclaimed": reclaimed}
    return Event("place", cite(text, rules), rules, data)


def primary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player_id = str(choice["player"])
    rules: tuple[str, ...] = ("24.2", "24.4")
    places = _places(choice, ("24.2",))
    if len(places) > 2:
        raise refuse(
            "Cannot place structures: Construction places one, then may place a PDS", "24.2"
        )
    if len(places) == 2 and places[1][0] != "pds":
        raise refuse("Cannot place a second space dock: the second structure is a PDS", "24.2")
    game, reclaimed = _reclaim(game, player_id, choice, [k for k, _ in places])
    spare = list(reclaimed)
    placed = []
    for kind, planet in places:
        game, unit_id = _place(game, player_id, kind, planet, None, rules, spare)
        placed.append((unit_id, planet))
    _all_placed(spare)
    if reclaimed:
        rules = (*rules, "24.4.1")
    return game, (_placed_event(game, player_id, placed, rules, reclaimed),)


def secondary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player_id = str(choice["player"])
    system_id = text_param(choice, "system", "24.3")
    if system_id not in {s.id for s in game.systems}:
        raise refuse(f"Cannot place the strategy token in {system_id!r}: name a system", "24.3")
    rules: tuple[str, ...] = ("24.3",)
    places = _places(choice, rules)
    if len(places) > 1:
        raise refuse("Cannot place more than one structure with the secondary ability", "24.3")
    system = game.system(system_id)
    if player_id in system.tokens:
        text = (
            f"{game.player_name(player_id)} already has a command token in {system.name}: the "
            f"token spent returns to reinforcements"
        )
        events: tuple[Event, ...] = (
            Event("token", cite(text, ("24.3", "20.6")), ("24.3", "20.6"), {"player": player_id}),
        )
    else:
        # The token spent from the strategy pool is the one placed: the pool already lost it.
        game = game.with_system(replace(system, tokens=(*system.tokens, player_id)))
        text = f"{game.player_name(player_id)} places the token spent in {system.name}"
        events = (Event("token", cite(text, ("24.3",)), ("24.3",), {"player": player_id}),)
    game, reclaimed = _reclaim(game, player_id, choice, [k for k, _ in places])
    spare = list(reclaimed)
    placed = []
    for kind, planet in places:
        game, unit_id = _place(game, player_id, kind, planet, system_id, (*rules, "24.4"), spare)
        placed.append((unit_id, planet))
    _all_placed(spare)
    if places:
        cited = (*rules, "24.4", "24.4.1") if reclaimed else (*rules, "24.4")
        events = (*events, _placed_event(game, player_id, placed, cited, reclaimed))
    return game, events


def _all_placed(spare: list[str]) -> None:
    """Units taken off the board must be placed at once (24.4a): none may be left over."""
    if spare:
        raise refuse(
            f"Cannot take {', '.join(spare)} off the board: a unit taken off must be placed",
            "24.4.1",
        )


def _room(game: Game, player_id: str, kind: str) -> list[tuple[System, Planet]]:
    most, _ = PER_PLANET[kind]
    if _on_board(game, player_id, kind) >= REINFORCEMENTS[kind]:
        return []
    return [
        (s, p)
        for s, p in game.planets_of(player_id)
        if sum(1 for u in p.units if u.owner == player_id and u.type == kind) < most
    ]


def primary_options(game: Game, player_id: str) -> list[Option]:
    """A structure on each of a few planets, with a PDS on the same planet where one fits.

    The action phase offers only the options its primary accepts.
    """
    options = []
    for kind in STRUCTURES:
        for _, planet in _room(game, player_id, kind)[:3]:
            first = {"unit": kind, "planet": planet.name}
            second = {"unit": "pds", "planet": planet.name}
            label = f"place a {LABELS[kind]} on {planet.name}"
            options.append(
                Option(f"{label}, then a PDS there", ("24.2",), {"place": [first, second]})
            )
            options.append(Option(label, ("24.2",), {"place": [first]}))
    return options


def secondary_options(game: Game, player_id: str) -> list[Option]:
    options = []
    for kind in STRUCTURES:
        for system, planet in _room(game, player_id, kind)[:3]:
            options.append(
                Option(
                    f"place the token in {system.name} and a {LABELS[kind]} on {planet.name}",
                    ("24.3",),
                    {"system": system.id, "place": [{"unit": kind, "planet": planet.name}]},
                )
            )
    return options


CARD = StrategyCard(
    ability=CONSTRUCTION,
    initiative=4,
    primary=primary,
    secondary=secondary,
    primary_options=primary_options,
    secondary_options=secondary_options,
    primary_values=frozenset({"place", "reclaim"}),
    secondary_values=frozenset({"system", "place", "reclaim"}),
)
