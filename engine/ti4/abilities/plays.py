"""What the abilities' board hooks share: a card played and kept in effect, a card
discarded or exhausted, trade goods spent, the units of a combat and the roles they take
(what hooks do to hits: :mod:`engine.ti4.abilities.hit_plays`).

The hooks of :mod:`engine.ti4.abilities` (``Ability.hooks``, ``roll``, ``hits``) are pure
functions of the game; these are the small steps they are made of. A played card stays
in effect in ``Tactical.played`` until the end of its volley, round, combat or action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from engine.core.casualties import casualty_rank
from engine.core.combat import Attack, CombatUnit, DieRoll, RollChange, in_space_combat
from engine.core.dice import roll
from engine.core.events import Event
from engine.core.state import Game, Unit, replace_unit, with_planet
from engine.core.units import spellings
from engine.ti4.records import Played, Rolled, Use, in_progress, tactical_of
from engine.ti4.roles import with_role

__all__ = [
    "best_first",
    "card",
    "card_dice",
    "discard",
    "event",
    "exhaust",
    "expire",
    "fighting",
    "fits",
    "flagship_in",
    "influence_ways",
    "is_played",
    "mark",
    "misses",
    "pay",
    "pay_influence",
    "played_way",
    "plus",
    "reroll_misses",
    "round_combat",
    "taking_roles",
    "unit_ways",
    "units_at",
]


def event(ability: Any, text: str, **data: Any) -> Event:
    """An event of ``ability``: ``text`` citing its rules."""
    rules = tuple(ability.rules)
    return Event("ability", f"{text} ({', '.join(rules)})", rules, {"ability": ability.id, **data})


def mark(game: Game, player: str, ability: Any, until: str) -> Game:
    """Keep ``ability`` in effect for ``player`` until the end of ``until`` ("volley",
    "round", "combat" or "action")."""
    tactical = in_progress(game)
    played = (*tactical.played, Played(player, ability.id, until))
    return replace(game, action=replace(tactical, played=played))


def is_played(game: Game, player: str, ability: Any) -> bool:
    """Whether ``player`` has ``ability`` in effect (a card played this round, say)."""
    tactical = tactical_of(game)
    return tactical is not None and any(
        p.player == player and p.ability == ability.id for p in tactical.played
    )


def expire(game: Game, *ends: str) -> Game:
    """End every ability kept in effect until one of ``ends``."""
    tactical = tactical_of(game)
    if tactical is None or not any(p.until in ends for p in tactical.played):
        return game
    played = tuple(p for p in tactical.played if p.until not in ends)
    return replace(game, action=replace(tactical, played=played))


def discard(game: Game, player: str, ability: Any) -> Game:
    """``player`` discards the action card or gives back the promissory note ``ability``."""
    holder = game.player(player)
    cards = list(holder.action_cards)
    for card in cards:
        if spellings(card)[0] == ability.id:
            cards.remove(card)
            return game.with_player(replace(holder, action_cards=tuple(cards)))
    notes = list(holder.promissory_notes)
    if ability.id in notes:
        notes.remove(ability.id)
        return game.with_player(replace(holder, promissory_notes=tuple(notes)))
    return game


def exhaust(game: Game, player: str, ability: Any) -> Game:
    """``player`` exhausts the technology card ``ability``."""
    holder = game.player(player)
    return game.with_player(replace(holder, exhausted=(*holder.exhausted, ability.id)))


def pay(game: Game, player: str, trade_goods: int) -> Game:
    """``player`` spends ``trade_goods`` trade goods."""
    holder = game.player(player)
    return game.with_player(replace(holder, trade_goods=holder.trade_goods - trade_goods))


def units_at(game: Game, use: Use) -> tuple[Unit, ...]:
    """Every unit where the combat of ``use`` is fought: the space area, or the planet."""
    system = game.system(use.system)
    return system.space if use.planet is None else system.planet(use.planet).units


def fighting(game: Game, use: Use, player: str) -> tuple[Unit, ...]:
    """``player``'s units that fight where ``use``'s combat is: ships in space, ground
    forces on the planet."""
    return tuple(
        u
        for u in units_at(game, use)
        if u.owner == player and (u.spec.is_ship if use.planet is None else u.spec.is_ground_force)
    )


def flagship_in(game: Game, use: Use, player: str) -> bool:
    """Whether ``player``'s flagship is in the system of ``use`` (its space area)."""
    return any(u.owner == player and u.type == "flagship" for u in game.system(use.system).space)


def round_combat(attack: Attack, use: Use) -> bool:
    """Whether ``attack`` is the rolls of the combat of ``use`` (its space or ground
    combat's rounds)."""
    if attack.ability != "combat":
        return False
    return in_space_combat(attack) == (use.planet is None)


def taking_roles(game: Game, units: Iterable[Unit], *roles: str) -> Game:
    """``game`` with each of ``units`` fighting in ``roles`` too (words of its grade,
    :mod:`engine.ti4.roles`) until what put them there takes them off."""
    for unit in units:
        grade = unit.grade
        for role in roles:
            grade = with_role(grade, role)
        game = replace_unit(game, replace(unit, grade=grade))
    return game


def best_first(units: list[Unit]) -> list[Unit]:
    """``units``, the one its owner would rather keep first (the odds' casualty order
    backwards; an undamaged one before a damaged one of its kind)."""
    return sorted(units, key=lambda u: (casualty_rank(u.spec), not u.damaged), reverse=True)


def played_way(
    ability: Any, game: Game, use: Use, until: str, text: str
) -> tuple[Game, tuple[Event, ...]]:
    """A card played for ``until``: exhausted (a technology) or discarded (an action card,
    a promissory note), and kept in effect."""
    if ability.kind.value in ("technology", "faction_technology"):
        game = exhaust(game, use.player, ability)
    else:
        game = discard(game, use.player, ability)
    game = mark(game, use.player, ability, until)
    return game, (event(ability, f"{game.player_name(use.player)} {text}"),)


def fits(ability: Any, game: Game, use: Use) -> bool:
    """Whether ``use``'s player may use ``ability`` here: its side (the active player
    attacks), its combat (space or ground) and, for a technology, not exhausted."""
    attacker = use.player == game.active_player
    side = ability.side.value
    if side != "either" and (side == "attacker") != attacker:
        return False
    combat = ability.combat.value
    if combat != "both" and (combat == "ground") != (use.planet is not None):
        return False
    return ability.id not in game.player(use.player).exhausted


Offer = Callable[[Any, Game, Use], list[dict[str, Any]]]
Play = Callable[[Any, Game, Use, dict[str, Any]], tuple[Game, tuple[Event, ...]]]


def card(
    text: str, until: str = "round", when: Callable[[Game, Use], bool] | None = None
) -> tuple[Offer, Play]:
    """A card played for ``until`` (its effect is its ``roll`` hook, reading it played):
    offered where it fits and ``when`` holds, once."""

    def offer(ability: Any, game: Game, use: Use) -> list[dict[str, Any]]:
        if not fits(ability, game, use) or is_played(game, use.player, ability):
            return []
        if when is not None and not when(game, use):
            return []
        return [{"label": f"play {ability.name}: {text}"}]

    def play(
        ability: Any, game: Game, use: Use, way: dict[str, Any]
    ) -> tuple[Game, tuple[Event, ...]]:
        return played_way(ability, game, use, until, f"plays {ability.name}: {text}")

    return offer, play


RollHook = Callable[[Any, Game, Use, CombatUnit, Attack], RollChange | None]


def plus(amount: int, unit: str | None = None, *, played: bool = True) -> RollHook:
    """+``amount`` to the combat rolls of the holder's units (of type ``unit``), while the
    ability is played (``played``) or always, in its combat."""

    def roll(
        ability: Any, game: Game, use: Use, target: CombatUnit, attack: Attack
    ) -> RollChange | None:
        if getattr(target, "owner", None) != use.player or not round_combat(attack, use):
            return None
        if unit is not None and target.type != unit:
            return None
        if played and not is_played(game, use.player, ability):
            return None
        combat = ability.combat.value
        if combat != "both" and (combat == "ground") != (use.planet is not None):
            return None
        return RollChange(plus=amount)

    return roll


def misses(game: Game, player: str) -> tuple[Rolled, ...]:
    """``player``'s dice of this combat round that made no hit."""
    return tuple(r for r in in_progress(game).rolled if r.player == player and not r.hits)


def reroll_misses(ability: Any, game: Game, use: Use) -> tuple[Game, tuple[Event, ...]]:
    """``use``'s player rolls each of their dice that missed this round again."""
    tactical = in_progress(game)
    again = misses(game, use.player)
    results, dice = roll(game.dice, len(again))
    fresh = iter(results)
    rolled = tuple(replace(r, result=next(fresh)) if r in again else r for r in tactical.rolled)
    game = replace(game, dice=dice, action=replace(tactical, rolled=rolled))
    new = [replace(r, result=x) for r, x in zip(again, results, strict=True)]
    hits = sum(r.hits for r in new)
    shown = ", ".join(f"{r.result} ({r.type.replace('_', ' ')}, hits on {r.value})" for r in new)
    name = game.player_name(use.player)
    text = f"{name} rerolls {len(new)} missed dice with {ability.name}: {shown}"
    data = {
        "player": name,
        "rolls": [
            {
                "unit": r.unit,
                "type": r.type,
                "value": r.value,
                "result": r.result,
                "hit": bool(r.hits),
            }
            for r in new
        ],
        "hits": hits,
    }
    rules = tuple(ability.rules)
    return game, (Event("roll", f"{text} ({', '.join(rules)})", rules, data),)


def unit_ways(units: list[Unit], label: Callable[[Unit], str]) -> list[dict[str, Any]]:
    """One way per kind of unit among ``units`` (type, grade, damage), in their order: the
    first the odds' choice; each names its unit (``unit``)."""
    seen: set[tuple[str, str, bool]] = set()
    ways = []
    for unit in units:
        kind = (unit.type, unit.grade, unit.damaged)
        if kind not in seen:
            seen.add(kind)
            ways.append({"label": label(unit), "unit": unit.id})
    return ways


def card_dice(
    ability: Any, game: Game, player: str, count: int, value: int, text: str
) -> tuple[Game, int, Event]:
    """``player`` rolls ``count`` dice for ``ability`` itself (no unit's), each hitting on
    ``value`` or more: the game after, the hits, and the roll's event (``text`` leads it)."""
    results, dice = roll(game.dice, count)
    rolls = [DieRoll(ability.id, ability.id, value, r) for r in results]
    hits = sum(r.hits for r in rolls)
    name = game.player_name(player)
    shown = ", ".join(str(r.result) for r in rolls)
    rules = tuple(ability.rules)
    said = Event(
        "roll",
        f"{name} {text}: {shown} against {value} – {hits} hit(s) ({', '.join(rules)})",
        rules,
        {"player": name, "rolls": [r.to_json() for r in rolls], "hits": hits},
    )
    return replace(game, dice=dice), hits, said


def influence_ways(game: Game, player: str, amount: int) -> list[dict[str, Any]]:
    """Ways to spend ``amount`` influence: trade goods (each counts as 1), or the ready
    planets the player controls, the least influence first, until it is reached."""
    ways: list[dict[str, Any]] = []
    if game.player(player).trade_goods >= amount:
        ways.append({"label": f"spend {amount} trade goods", "trade_goods": amount})
    ready = sorted(
        (p for s in game.systems for p in s.planets if p.controller == player and not p.exhausted),
        key=lambda p: (p.influence, p.name),
    )
    chosen, total = [], 0
    for planet in ready:
        if total >= amount:
            break
        if planet.influence:
            chosen.append(planet.name)
            total += planet.influence
    if total >= amount:
        ways.append({"label": f"exhaust {', '.join(chosen)}", "planets": chosen})
    return ways


def pay_influence(game: Game, player: str, way: dict[str, Any]) -> Game:
    """``player`` pays as one of :func:`influence_ways` says."""
    if way.get("trade_goods"):
        return pay(game, player, int(way["trade_goods"]))
    for system in game.systems:
        for planet in system.planets:
            if planet.name in way.get("planets", ()):
                game = game.with_system(
                    with_planet(game.system(system.id), replace(planet, exhausted=True))
                )
    return game
