"""Reading a scenario's board: players, systems, planets, units, links and effects.

Each reader checks its part of the scenario dict and builds the frozen state
values (:mod:`engine.core.state`); units are looked up in the table of the
edition played, and an edition whose players have faction sheets reads their own
keys and grades their units through its :class:`Sheets`. Unit ids are given in
file order, numbered per owner and type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from engine.core._scenario_checks import (
    ScenarioError,
    _count,
    _flag,
    _ident,
    _integer,
    _list,
    _mapping,
    _once,
    _only,
    _player_ref,
    _text,
    _texts,
    child_path,
    kinds_of,
)
from engine.core.effects import WINDOWS
from engine.core.state import (
    ANOMALIES,
    TRAITS,
    WORMHOLES,
    Effect,
    Planet,
    Player,
    StrategyCard,
    System,
    Unit,
)
from engine.core.units import UnitType


class Sheets(Protocol):
    """An edition's player sheets: the player keys only it reads, and its units' grades."""

    @property
    def keys(self) -> frozenset[str]:
        """The player keys the sheets read (``faction``, ``upgrades``, ...)."""
        ...

    def player(self, entry: Mapping[str, Any], where: str) -> dict[str, Any]:
        """The :class:`Player` fields a player's entry at ``where`` sets (checked)."""
        ...

    def unit(self, name: str, player: Player | None, where: str) -> tuple[UnitType, str]:
        """The unit ``name`` stands for on ``player``'s sheet, and its grade (``""``: none).

        Raises:
            ScenarioError: an unknown unit, or one the player's sheet lacks.
        """
        ...


Reader = Callable[[Any, str, str], tuple[UnitType, str]]
"""Reads a unit name written under an owner at a path: its values and grade."""

PLAYER_KEYS = frozenset(
    {
        "id",
        "name",
        "initiative",
        "strategy_cards",
        "tactic",
        "fleet",
        "strategy",
        "trade_goods",
        "component_actions",
        "action_cards",
        "passed",
    }
)
"""The keys every edition's player may have."""


def _players(data: Any, path: str, sheets: Sheets | None) -> tuple[Player, ...]:
    items = _list(data, path)
    if not items:
        raise ScenarioError("a scenario needs at least one player", path)
    players: list[Player] = []
    for index, item in enumerate(items):
        where = child_path(path, index)
        entry = _mapping(item, where)
        _only(entry, where, PLAYER_KEYS | (sheets.keys if sheets else frozenset()))
        player_id = _ident(entry.get("id"), child_path(where, "id"))
        if any(p.id == player_id for p in players):
            raise ScenarioError(f"duplicate player id {player_id!r}", child_path(where, "id"))
        cards = _list(entry.get("strategy_cards", []), child_path(where, "strategy_cards"))
        held: dict[str, str] = {}
        for i, card in enumerate(cards):
            at = child_path(child_path(where, "strategy_cards"), i)
            _once(held, _text(card, at), at, "strategy card")
        players.append(
            Player(
                id=player_id,
                name=_text(entry.get("name", player_id.title()), child_path(where, "name")),
                initiative=_count(entry.get("initiative"), child_path(where, "initiative")),
                tactic=_count(entry.get("tactic", 3), child_path(where, "tactic")),
                fleet=_count(entry.get("fleet", 3), child_path(where, "fleet")),
                strategy=_count(entry.get("strategy", 2), child_path(where, "strategy")),
                trade_goods=_count(entry.get("trade_goods", 0), child_path(where, "trade_goods")),
                strategy_cards=tuple(
                    StrategyCard(_text(c, child_path(child_path(where, "strategy_cards"), i)))
                    for i, c in enumerate(cards)
                ),
                component_actions=_texts(entry, "component_actions", where),
                action_cards=_texts(entry, "action_cards", where),
                passed=_flag(entry.get("passed", False), child_path(where, "passed")),
                **(sheets.player(entry, where) if sheets else {}),
            )
        )
    return tuple(players)


def _systems(
    data: Any,
    path: str,
    player_ids: set[str],
    lookup: Callable[[str], UnitType],
    players: tuple[Player, ...] = (),
    sheets: Sheets | None = None,
) -> tuple[System, ...]:
    items = _list(data, path)
    if not items:
        raise ScenarioError("a scenario needs at least one system", path)
    numbering: dict[tuple[str, str], int] = {}
    by_id = {p.id: p for p in players}

    def read(name: Any, owner: str, where: str) -> tuple[UnitType, str]:
        if sheets is not None:
            return sheets.unit(str(name), by_id.get(owner), where)
        return unit_type_at(name, where, lookup), ""

    systems: list[System] = []
    for index, item in enumerate(items):
        where = child_path(path, index)
        entry = _mapping(item, where)
        _only(
            entry,
            where,
            {"id", "name", "q", "r", "planets", "tokens", "space", "ground", "anomaly", "wormhole"},
        )
        system_id = _ident(entry.get("id"), child_path(where, "id"))
        if any(s.id == system_id for s in systems):
            raise ScenarioError(f"duplicate system id {system_id!r}", child_path(where, "id"))
        q = _integer(entry.get("q"), child_path(where, "q"))
        r = _integer(entry.get("r"), child_path(where, "r"))
        clash = next((s for s in systems if (s.q, s.r) == (q, r)), None)
        if clash:
            raise ScenarioError(f"hex ({q}, {r}) is already {clash.id!r}", child_path(where, "q"))
        planets = _planets(entry.get("planets", []), child_path(where, "planets"), player_ids)
        anomalies = kinds_of(
            entry.get("anomaly", []),
            child_path(where, "anomaly"),
            ANOMALIES,
            "9.2",
            "anomaly",
            "anomalies",
        )
        wormholes = kinds_of(
            entry.get("wormhole", []),
            child_path(where, "wormhole"),
            WORMHOLES,
            "101",
            "wormhole",
            "wormholes",
        )
        if "supernova" in anomalies and planets:
            raise ScenarioError(
                "a supernova holds no planet: no supernova tile has one, though other anomalies "
                "may (9.2.1, 86.1)",
                child_path(where, "planets"),
            )
        placed: dict[str, str] = {}
        for i, token in enumerate(_list(entry.get("tokens", []), child_path(where, "tokens"))):
            at = child_path(child_path(where, "tokens"), i)
            _once(placed, _player_ref(token, at, player_ids), at, "a command token of")
        tokens = tuple(placed)
        space: tuple[Unit, ...] = ()
        ground: dict[str, tuple[Unit, ...]] = {}
        # Number units in file order, whichever of space/ground comes first.
        for key in (k for k in entry if k in ("space", "ground")):
            if key == "space":
                space = _units(
                    entry[key], child_path(where, "space"), player_ids, numbering, read, True
                )
            else:
                ground = _ground(
                    entry[key], child_path(where, "ground"), player_ids, planets, numbering, read
                )
        planets = tuple(
            Planet(
                p.name,
                p.resources,
                p.influence,
                p.controller,
                p.exhausted,
                ground.get(p.name, ()),
                p.trait,
            )
            for p in planets
        )
        _at_most_two_sides(
            space,
            child_path(where, "space"),
            "ships",
            lambda u: (u.spec if u.grade else lookup(u.type)).is_ship,
        )
        for name, units in ground.items():
            _at_most_two_sides(
                units,
                child_path(child_path(where, "ground"), name),
                "ground forces",
                lambda u: (u.spec if u.grade else lookup(u.type)).is_ground_force,
            )
        systems.append(
            System(
                id=system_id,
                name=_text(
                    entry.get("name", system_id.replace("_", " ").title()),
                    child_path(where, "name"),
                ),
                q=q,
                r=r,
                planets=planets,
                tokens=tokens,
                space=space,
                anomalies=anomalies,
                wormholes=wormholes,
            )
        )
    return tuple(systems)


def _planets(data: Any, path: str, player_ids: set[str]) -> tuple[Planet, ...]:
    planets: list[Planet] = []
    names: dict[str, str] = {}
    for index, item in enumerate(_list(data, path)):
        where = child_path(path, index)
        entry = _mapping(item, where)
        _only(entry, where, {"name", "resources", "influence", "controller", "exhausted", "trait"})
        trait = entry.get("trait")
        if trait is not None and trait not in TRAITS:
            raise ScenarioError(
                f"unknown trait {trait!r} (traits: {', '.join(TRAITS)})", child_path(where, "trait")
            )
        name = _text(entry.get("name"), child_path(where, "name"))
        _once(names, name, child_path(where, "name"), "planet")
        controller = entry.get("controller")
        if controller is not None:
            controller = _player_ref(controller, child_path(where, "controller"), player_ids)
        planets.append(
            Planet(
                name=name,
                resources=_count(entry.get("resources", 0), child_path(where, "resources")),
                influence=_count(entry.get("influence", 0), child_path(where, "influence")),
                controller=controller,
                exhausted=_flag(entry.get("exhausted", False), child_path(where, "exhausted")),
                trait=trait,
            )
        )
    return tuple(planets)


def _ground(
    data: Any,
    path: str,
    player_ids: set[str],
    planets: tuple[Planet, ...],
    numbering: dict[tuple[str, str], int],
    read: Reader,
) -> dict[str, tuple[Unit, ...]]:
    names = {p.name for p in planets}
    result = {}
    for name, units in _mapping(data, path).items():
        where = child_path(path, name)
        if name not in names:
            known = ", ".join(sorted(names)) or "none"
            raise ScenarioError(f"no planet {name!r} in this system (planets: {known})", where)
        result[name] = _units(units, where, player_ids, numbering, read, False)
    return result


def _units(
    data: Any,
    path: str,
    player_ids: set[str],
    numbering: dict[tuple[str, str], int],
    read: Reader,
    in_space: bool,
) -> tuple[Unit, ...]:
    units: list[Unit] = []
    for owner, counts in _mapping(data, path).items():
        where = child_path(path, owner)
        _player_ref(owner, where, player_ids)
        for name, count in _mapping(counts, where).items():
            spec, grade = read(name, owner, where)
            _check_place(spec, in_space, where)
            for _ in range(_count(count, child_path(where, name))):
                key = (owner, spec.name)
                numbering[key] = numbering.get(key, 0) + 1
                if spec.name == "flagship" and numbering[key] > 1:
                    raise ScenarioError(
                        "a player has one flagship (96.2)", child_path(where, str(name))
                    )
                units.append(
                    Unit(f"{owner}-{spec.name}-{numbering[key]}", spec.name, owner, grade=grade)
                )
    return tuple(units)


def _at_most_two_sides(
    units: tuple[Unit, ...], path: str, what: str, counts: Callable[[Unit], bool]
) -> None:
    """Refuse a board where three or more players' ships (or ground forces) share one place.

    Every combat is fought between two players (78, 42), and a combat always
    ends with at most one of them left, so play never reaches such a board.
    """
    owners = list(dict.fromkeys(u.owner for u in units if counts(u)))
    if len(owners) > 2:
        raise ScenarioError(
            f"{what} of {len(owners)} players ({', '.join(owners)}) share one place; a combat "
            f"is fought between two players, so at most two players' {what} can be here",
            path,
        )


def unit_type_at(name: Any, path: str, lookup: Callable[[str], UnitType]) -> UnitType:
    """``lookup(name)``, an unknown unit refused with its path."""
    try:
        return lookup(str(name))
    except KeyError:
        raise ScenarioError(f"unknown unit {name!r}", path) from None


def _check_place(spec: UnitType, in_space: bool, path: str) -> None:
    if in_space and spec.is_structure:
        raise ScenarioError(f"a {spec.label} is a structure: put it on a planet (ground)", path)
    if not in_space and spec.is_ship:
        raise ScenarioError(f"a {spec.label} is a ship: put it in the space area (space)", path)


def _links(data: Any, path: str, system_ids: set[str]) -> tuple[tuple[str, str], ...]:
    links = []
    for index, item in enumerate(_list(data, path)):
        where = child_path(path, index)
        pair = _list(item, where)
        if len(pair) != 2:
            raise ScenarioError(f"a link joins two systems, got {pair!r}", where)
        for end in pair:
            if end not in system_ids:
                raise ScenarioError(f"unknown system {end!r}", where)
        links.append((str(pair[0]), str(pair[1])))
    return tuple(links)


def _effects(data: Any, path: str, player_ids: set[str]) -> tuple[Effect, ...]:
    effects = []
    for index, item in enumerate(_list(data, path)):
        where = child_path(path, index)
        entry = _mapping(item, where)
        _only(entry, where, {"owner", "window", "text"})
        window = entry.get("window")
        if window not in WINDOWS:
            raise ScenarioError(
                f"window must be one of {', '.join(WINDOWS)}, got {window!r}",
                child_path(where, "window"),
            )
        effects.append(
            Effect(
                owner=_player_ref(entry.get("owner"), child_path(where, "owner"), player_ids),
                window=window,
                text=_text(entry.get("text"), child_path(where, "text")),
            )
        )
    return tuple(effects)
