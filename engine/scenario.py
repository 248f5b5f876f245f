"""Scenarios: a starting position (and optionally a scripted line of play) as data.

A scenario is a dict (``python -m engine play`` reads one from a YAML file) with
``title``, ``seed`` (or ``dice``: exact results for tests), ``players``,
``systems``, ``links``, ``effects``, ``start`` and ``script``; the shapes are
documented in :mod:`engine.api`. Loading checks every value and reports the
first problem by its path (``systems[2].space.red: unknown unit 'dreadnaught'``)
and, for a file, its line. Unit ids are given in file order, numbered per
owner and type: ``red-carrier-1``, ``red-carrier-2``. ``players`` are listed
in seating order, clockwise round the table: the order secondary abilities
(82.1) and space cannon offense (77.2) go round in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.dice import Dice
from engine.effects import WINDOWS
from engine.state import Effect, Game, Planet, Player, StrategyCard, System, Tactical, Unit
from engine.units import UnitType, unit_type

TOP_LEVEL_KEYS = frozenset(
    {
        "title",
        "seed",
        "dice",
        "players",
        "systems",
        "links",
        "effects",
        "start",
        "script",
        "edition",
    }
)


class ScenarioError(ValueError):
    """A problem in a scenario, at ``path`` (and ``file:line`` when read from a file)."""

    def __init__(self, message: str, path: str, location: str | None = None) -> None:
        self.message = message
        self.path = path
        self.location = location
        where = f"{location}: " if location else ""
        at = f"{path}: " if path else ""
        super().__init__(f"{where}{at}{message}")


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario: the starting game and the scripted choices (with their paths)."""

    game: Game
    script: tuple[dict[str, Any], ...]


def child_path(path: str, key: str | int) -> str:
    """The path of a mapping key or sequence index below ``path`` (``systems[2].space``)."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def build(data: Any) -> Scenario:
    """Check a scenario dict and build its starting game (``edition: 3`` or 4, the default)."""
    top = _mapping(data, "")
    edition = top.get("edition", 4)
    if edition == 3:
        from engine.ti3.scenario import build3

        return build3(top)
    if edition != 4:
        raise ScenarioError(f"edition must be 3 or 4, got {edition!r}", "edition")
    return build_board(top, unit_type)


def build_board(top: dict[str, Any], lookup: Callable[[str], UnitType]) -> Scenario:
    """Build a scenario whose units are looked up with ``lookup`` (an edition's unit table)."""
    unknown = sorted(set(top) - TOP_LEVEL_KEYS)
    if unknown:
        allowed = ", ".join(sorted(TOP_LEVEL_KEYS))
        raise ScenarioError(f"unknown key {unknown[0]!r} (allowed: {allowed})", unknown[0])
    players = _players(top.get("players"), "players")
    ids = {p.id for p in players}
    systems = _systems(top.get("systems"), "systems", ids, lookup)
    system_ids = {s.id for s in systems}
    links = _links(top.get("links", []), "links", system_ids)
    effects = _effects(top.get("effects", []), "effects", ids)
    dice = _dice(top)
    game = Game(
        title=_text(top.get("title", "Scenario"), "title"),
        dice=dice,
        players=players,
        systems=systems,
        links=links,
        effects=effects,
    )
    game = _start(game, top.get("start", {"phase": "action_phase"}), "start")
    script = _list(top.get("script", []), "script")
    for index, item in enumerate(script):
        _mapping(item, child_path("script", index))
    return Scenario(game, tuple(script))


def _start(game: Game, data: Any, path: str) -> Game:
    start = _mapping(data, path)
    phase = start.get("phase", "action_phase")
    if phase == "tactical_action":
        active = start.get("active_player")
        if active not in {p.id for p in game.players}:
            raise ScenarioError(
                f"active_player must name a player, got {active!r}",
                child_path(path, "active_player"),
            )
        return replace(
            game,
            phase="tactical_action",
            active_player=active,
            standalone=True,
            tactical=Tactical(),
        )
    if phase == "action_phase":
        waiting = sorted((p for p in game.players if not p.passed), key=lambda p: p.initiative)
        first = waiting[0].id if waiting else None
        return replace(game, phase="action_phase", active_player=first)
    raise ScenarioError(
        f"phase must be 'action_phase' or 'tactical_action', got {phase!r}",
        child_path(path, "phase"),
    )


def _dice(top: Mapping[str, Any]) -> Dice:
    if "dice" in top:
        results = _list(top["dice"], "dice")
        for index, result in enumerate(results):
            if not isinstance(result, int) or isinstance(result, bool) or not 1 <= result <= 10:
                raise ScenarioError(
                    f"a die result must be 1 to 10, got {result!r}", child_path("dice", index)
                )
        return Dice(script=tuple(results))
    return Dice(seed=_count(top.get("seed", 0), "seed"))


def _players(data: Any, path: str) -> tuple[Player, ...]:
    items = _list(data, path)
    if not items:
        raise ScenarioError("a scenario needs at least one player", path)
    players: list[Player] = []
    for index, item in enumerate(items):
        where = child_path(path, index)
        entry = _mapping(item, where)
        _only(
            entry,
            where,
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
            },
        )
        player_id = _ident(entry.get("id"), child_path(where, "id"))
        if any(p.id == player_id for p in players):
            raise ScenarioError(f"duplicate player id {player_id!r}", child_path(where, "id"))
        cards = _list(entry.get("strategy_cards", []), child_path(where, "strategy_cards"))
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
            )
        )
    return tuple(players)


def _systems(
    data: Any, path: str, player_ids: set[str], lookup: Callable[[str], UnitType]
) -> tuple[System, ...]:
    items = _list(data, path)
    if not items:
        raise ScenarioError("a scenario needs at least one system", path)
    numbering: dict[tuple[str, str], int] = {}
    systems: list[System] = []
    for index, item in enumerate(items):
        where = child_path(path, index)
        entry = _mapping(item, where)
        _only(entry, where, {"id", "name", "q", "r", "planets", "tokens", "space", "ground"})
        system_id = _ident(entry.get("id"), child_path(where, "id"))
        if any(s.id == system_id for s in systems):
            raise ScenarioError(f"duplicate system id {system_id!r}", child_path(where, "id"))
        q = _integer(entry.get("q"), child_path(where, "q"))
        r = _integer(entry.get("r"), child_path(where, "r"))
        clash = next((s for s in systems if (s.q, s.r) == (q, r)), None)
        if clash:
            raise ScenarioError(f"hex ({q}, {r}) is already {clash.id!r}", child_path(where, "q"))
        planets = _planets(entry.get("planets", []), child_path(where, "planets"), player_ids)
        tokens = tuple(
            _player_ref(t, child_path(child_path(where, "tokens"), i), player_ids)
            for i, t in enumerate(_list(entry.get("tokens", []), child_path(where, "tokens")))
        )
        space: tuple[Unit, ...] = ()
        ground: dict[str, tuple[Unit, ...]] = {}
        # Number units in file order, whichever of space/ground comes first.
        for key in (k for k in entry if k in ("space", "ground")):
            if key == "space":
                space = _units(
                    entry[key],
                    child_path(where, "space"),
                    player_ids,
                    numbering,
                    lookup,
                    in_space=True,
                )
            else:
                ground = _ground(
                    entry[key], child_path(where, "ground"), player_ids, planets, numbering, lookup
                )
        planets = tuple(
            Planet(
                p.name, p.resources, p.influence, p.controller, p.exhausted, ground.get(p.name, ())
            )
            for p in planets
        )
        _at_most_two_sides(
            space, child_path(where, "space"), "ships", lambda u: lookup(u.type).is_ship
        )
        for name, units in ground.items():
            _at_most_two_sides(
                units,
                child_path(child_path(where, "ground"), name),
                "ground forces",
                lambda u: lookup(u.type).is_ground_force,
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
            )
        )
    return tuple(systems)


def _planets(data: Any, path: str, player_ids: set[str]) -> tuple[Planet, ...]:
    planets: list[Planet] = []
    for index, item in enumerate(_list(data, path)):
        where = child_path(path, index)
        entry = _mapping(item, where)
        _only(entry, where, {"name", "resources", "influence", "controller", "exhausted"})
        name = _text(entry.get("name"), child_path(where, "name"))
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
            )
        )
    return tuple(planets)


def _ground(
    data: Any,
    path: str,
    player_ids: set[str],
    planets: tuple[Planet, ...],
    numbering: dict[tuple[str, str], int],
    lookup: Callable[[str], UnitType],
) -> dict[str, tuple[Unit, ...]]:
    names = {p.name for p in planets}
    result = {}
    for name, units in _mapping(data, path).items():
        where = child_path(path, name)
        if name not in names:
            known = ", ".join(sorted(names)) or "none"
            raise ScenarioError(f"no planet {name!r} in this system (planets: {known})", where)
        result[name] = _units(units, where, player_ids, numbering, lookup, in_space=False)
    return result


def _units(
    data: Any,
    path: str,
    player_ids: set[str],
    numbering: dict[tuple[str, str], int],
    lookup: Callable[[str], UnitType],
    *,
    in_space: bool,
) -> tuple[Unit, ...]:
    units: list[Unit] = []
    for owner, counts in _mapping(data, path).items():
        where = child_path(path, owner)
        _player_ref(owner, where, player_ids)
        for name, count in _mapping(counts, where).items():
            spec = _unit_type(name, where, lookup)
            _check_place(spec, in_space, where)
            for _ in range(_count(count, child_path(where, name))):
                key = (owner, spec.name)
                numbering[key] = numbering.get(key, 0) + 1
                units.append(Unit(f"{owner}-{spec.name}-{numbering[key]}", spec.name, owner))
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


def _unit_type(name: Any, path: str, lookup: Callable[[str], UnitType]) -> UnitType:
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


# --- small checks -----------------------------------------------------------------------


def _mapping(data: Any, path: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ScenarioError(f"expected a mapping, got {_kind(data)}", path)
    return data


def _list(data: Any, path: str) -> list[Any]:
    if not isinstance(data, list):
        raise ScenarioError(f"expected a list, got {_kind(data)}", path)
    return data


def _only(entry: Mapping[str, Any], path: str, allowed: set[str]) -> None:
    for key in entry:
        if key not in allowed:
            raise ScenarioError(
                f"unknown key {key!r} (allowed: {', '.join(sorted(allowed))})",
                child_path(path, key),
            )


def _text(data: Any, path: str) -> str:
    if not isinstance(data, str) or not data.strip():
        raise ScenarioError(f"expected text, got {_kind(data)}", path)
    return data


def _texts(entry: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
    where = child_path(path, key)
    return tuple(
        _text(t, child_path(where, i)) for i, t in enumerate(_list(entry.get(key, []), where))
    )


def _ident(data: Any, path: str) -> str:
    text = _text(data, path)
    if not all(ch.isalnum() or ch in "_-" for ch in text):
        raise ScenarioError(f"an id may hold letters, digits, '-' and '_' only: {text!r}", path)
    return text


def _integer(data: Any, path: str) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise ScenarioError(f"expected a whole number, got {_kind(data)}", path)
    return data


def _count(data: Any, path: str) -> int:
    value = _integer(data, path)
    if value < 0:
        raise ScenarioError(f"must not be negative, got {value}", path)
    return value


def _flag(data: Any, path: str) -> bool:
    if not isinstance(data, bool):
        raise ScenarioError(f"expected true or false, got {_kind(data)}", path)
    return data


def _player_ref(data: Any, path: str, player_ids: set[str]) -> str:
    if not isinstance(data, str) or data not in player_ids:
        raise ScenarioError(
            f"unknown player {data!r} (players: {', '.join(sorted(player_ids))})", path
        )
    return str(data)


def _kind(data: Any) -> str:
    if data is None:
        return "nothing"
    if isinstance(data, bool):
        return f"{str(data).lower()}"
    if isinstance(data, (dict, list)):
        return "a mapping" if isinstance(data, dict) else "a list"
    return repr(data)
