"""What the faction abilities of :mod:`engine.ti4.abilities.faction_abilities` do on the board.

Each is a pair of a hook's offer (the ways its holder may use it now, the first the way
the exact odds assume) and its play (the game after it, and the events citing the card
and the LRR rule it acts under): Ambush at the start of a space combat (78.2), Raid
Formation after the anti-fighter barrage (10.2), Devotion after a space combat round
(78.6), Harrow after a ground combat round (42, 15). Hits a card gives the opponent to
assign wait like any other (:func:`engine.ti4.hits.queue`); a hit the holder assigns
(Devotion: "assign it to 1 of your opponent's ships") is put on the unit they choose.
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

from engine.core.casualties import casualty_rank
from engine.core.combat import (
    BOMBARDMENT,
    SPACE_COMBAT,
    Attack,
    DiceRule,
    RollChange,
    roll_attack,
)
from engine.core.events import Event
from engine.core.state import Game, PendingHits, Unit, remove_units, replace_unit
from engine.core.units import UnitType
from engine.ti4.abilities.hit_plays import hit_assigned
from engine.ti4.abilities.holders import in_effect
from engine.ti4.abilities.law_bars import barred
from engine.ti4.abilities.leaders import blocked
from engine.ti4.abilities.model import ABILITIES, Ability, Kind
from engine.ti4.abilities.plays import event, fighting, fits, units_at
from engine.ti4.records import Use, in_progress

__all__ = [
    "ambush",
    "ambush_ways",
    "devotion",
    "devotion_ways",
    "exotrireme",
    "exotrireme_ways",
    "harrow",
    "harrow_ways",
    "impulse",
    "impulse_ways",
    "owners_target",
    "queue_hits",
    "raid",
    "raid_ways",
]

Ways = list[dict[str, Any]]
Played = tuple[Game, tuple[Event, ...]]


def _ship(unit: UnitType) -> bool:
    return unit.is_ship


# Ambush's dice are not combat rolls (no +1 of a card or a nebula, no 78.5's order), one
# die a ship.
AMBUSH_ROLL = dataclasses.replace(SPACE_COMBAT, name="Ambush", shooters=_ship, roll_rules=("78.2",))


def _one_die(*_: Any) -> RollChange:
    return RollChange(dice=1)


def _hitting() -> list[Ability]:
    # derived.HITTING's order; derived reads every ability module, this one too.
    hitting = (a for a in ABILITIES.values() if a.hits is not None)
    return sorted(hitting, key=lambda a: list(Kind).index(a.kind))


def queue_hits(game: Game, pending: PendingHits) -> Game:
    """Hits an ability produced, changed by both players' abilities (Sustain Damage
    forbidden, say), waiting for their owner after any produced before them: as
    ``engine.ti4.hits.queue`` does, which the facts of the edition may not import."""
    tactical = in_progress(game)
    combat = tactical.combat
    for holder in dict.fromkeys(p for p in (pending.player, pending.by) if p):
        other = pending.by if holder == pending.player else pending.player
        use = Use(
            holder, other or "", pending.system, pending.planet, combat.round if combat else 0
        )
        for ability in _hitting():
            if ability.hits is not None and in_effect(game, holder, ability):
                pending = ability.hits(ability, game, use, pending)
    if pending.count <= 0:
        return game
    return replace(game, action=replace(tactical, hits=(*tactical.hits, pending)))


# --- Ambush (Mentak Coalition) ---------------------------------------------------------------


def volley(
    game: Game,
    use: Use,
    ships: list[Unit],
    attack: Attack,
    rules: tuple[str, ...],
    *dice_rules: DiceRule,
) -> tuple[Game, Event]:
    """``ships`` roll ``attack`` outside the combat round; their hits wait for the opponent
    to assign them (at ``use.planet`` when a ground force is the target), citing ``rules``."""
    rolled = roll_attack(game.dice, ships, attack, game.player_name(use.player), (), dice_rules)
    game = replace(game, dice=rolled.dice)
    if rolled.hits:
        where = SPACE_COMBAT.name if use.planet is None else attack.name
        hits = PendingHits(
            use.opponent, rolled.hits, use.system, use.planet, where, rules, use.player
        )
        game = queue_hits(game, hits)
    return game, rolled.event


def _ambushers(game: Game, use: Use) -> list[Unit]:
    """The holder's 2 cruisers or destroyers with the best combat values."""
    ships = [u for u in fighting(game, use, use.player) if u.type in ("cruiser", "destroyer")]
    return sorted(ships, key=lambda u: u.spec.combat.value if u.spec.combat else 11)[:2]


def ambush_ways(ability: Ability, game: Game, use: Use) -> Ways:
    if not fits(ability, game, use) or use.planet is not None:
        return []
    ships = _ambushers(game, use)
    if not ships or not fighting(game, use, use.opponent):
        return []
    named = ", ".join(u.id for u in ships)
    return [{"label": f"Ambush: {named} roll 1 die each, a hit on its combat value"}]


def ambush(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    said = event(
        ability, f"{game.player_name(use.player)} uses Ambush at the start of the space combat"
    )
    game, rolled = volley(game, use, _ambushers(game, use), AMBUSH_ROLL, ability.rules, _one_die)
    return game, (said, rolled)


# --- Raid Formation (Argent Flight) ----------------------------------------------------------


def _sound(game: Game, use: Use) -> list[Unit]:
    """The opponent's undamaged ships with Sustain Damage, the most valuable first."""
    ships = [u for u in fighting(game, use, use.opponent) if u.spec.sustain_damage]
    return sorted(
        (u for u in ships if not u.damaged), key=lambda u: casualty_rank(u.spec), reverse=True
    )


def raid_ways(ability: Ability, game: Game, use: Use) -> Ways:
    sound = _sound(game, use)
    if not fits(ability, game, use) or not use.count or not sound:
        return []
    first = [u.id for u in sound[: use.count]]
    ways = [{"label": f"Raid Formation: damage {', '.join(first)}", "units": first}]
    if len(sound) > use.count:
        # The Argent Flight chooses: each other set of that many, in order.
        for start in range(1, len(sound) - use.count + 1):
            chosen = [u.id for u in sound[start : start + use.count]]
            if sorted(chosen) != sorted(first):
                ways.append(
                    {"label": f"Raid Formation: damage {', '.join(chosen)}", "units": chosen}
                )
    return ways


def raid(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    chosen = {u.id: u for u in _sound(game, use)}
    for unit_id in way["units"]:
        game = replace_unit(game, replace(chosen[unit_id], damaged=True))
    name = game.player_name(use.player)
    text = (
        f"{name}'s barrage hits beyond the fighters damage {', '.join(way['units'])} "
        f"(Raid Formation)"
    )
    return game, (event(ability, text, units=list(way["units"])),)


# --- Devotion (Yin Brotherhood) --------------------------------------------------------------


def _weakest(game: Game, use: Use) -> Unit | None:
    """The holder's cruiser or destroyer they would rather lose (a damaged one first)."""
    ships = [u for u in fighting(game, use, use.player) if u.type in ("cruiser", "destroyer")]
    return min(ships, key=lambda u: (casualty_rank(u.spec), not u.damaged), default=None)


def owners_target(units: list[Unit]) -> list[Unit]:
    """Ships a hit its producer assigns may go to, the one the odds assume first: the most
    costly that cannot cancel it (no Sustain Damage, or already damaged), else the most
    costly (``engine.odds.taking.owners_hit``)."""

    def worth(unit: Unit) -> tuple[int, float, tuple[int, float, int, str]]:
        exposed = not unit.spec.sustain_damage or unit.damaged
        return (int(exposed), (unit.spec.cost or 0) / unit.spec.per_cost, casualty_rank(unit.spec))

    return sorted(units, key=worth, reverse=True)


def _distinct(units: list[Unit]) -> list[Unit]:
    seen: set[tuple[str, str, bool]] = set()
    kept = []
    for unit in units:
        kind = (unit.type, unit.grade, unit.damaged)
        if kind not in seen:
            seen.add(kind)
            kept.append(unit)
    return kept


def devotion_ways(ability: Ability, game: Game, use: Use) -> Ways:
    if not fits(ability, game, use) or use.planet is not None:
        return []
    own, targets = _weakest(game, use), fighting(game, use, use.opponent)
    if own is None or not targets:
        return []
    return [
        {"label": f"Devotion: destroy {own.id} to assign 1 hit to {t.id}", "target": t.id}
        for t in _distinct(owners_target(list(targets)))
    ]


def devotion(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    own = _weakest(game, use)
    assert own is not None
    target = next(u for u in fighting(game, use, use.opponent) if u.id == way["target"])
    # The hit's owner assigns it; its target's owner cancels it with Sustain Damage.
    game, outcome = hit_assigned(remove_units(game, {own.id}), target)
    name = game.player_name(use.player)
    text = f"{name} destroys {own.id} with Devotion and assigns 1 hit to {target.id}: {outcome}"
    return game, (event(ability, text, destroyed=own.id, target=target.id),)


# --- Harrow (L1Z1X Mindnet) ------------------------------------------------------------------


def _harrowers(game: Game, use: Use) -> list[Unit]:
    ships = game.system(use.system).space
    return [u for u in ships if u.owner == use.player and u.spec.bombardment is not None]


def harrow_ways(ability: Ability, game: Game, use: Use) -> Ways:
    if not fits(ability, game, use) or use.planet is None:
        return []
    ships = _harrowers(game, use)
    if not ships or not fighting(game, use, use.opponent):
        return []
    planet = game.system(use.system).planet(use.planet)
    if blocked(game, ships, units_at(game, use)) or barred(game, planet):
        return []
    return [{"label": f"Harrow: {', '.join(u.id for u in ships)} bombard {use.planet} again"}]


def harrow(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    name = game.player_name(use.player)
    said = event(ability, f"{name}'s ships bombard {use.planet} at the end of the round (Harrow)")
    rules = (*ability.rules, *BOMBARDMENT.hit_rules)
    game, rolled = volley(game, use, _harrowers(game, use), BOMBARDMENT, rules)
    return game, (said, rolled)


# --- Impulse Core (Yin Brotherhood technology) -----------------------------------------------


def impulse_ways(ability: Ability, game: Game, use: Use) -> Ways:
    if not fits(ability, game, use) or use.planet is not None:
        return []
    own = _weakest(game, use)
    if own is None or not fighting(game, use, use.opponent):
        return []
    return [{"label": f"Impulse Core: destroy {own.id} to produce 1 hit on a non-fighter ship"}]


def impulse(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    own = _weakest(game, use)
    assert own is not None
    game = remove_units(game, {own.id})
    rules = (*ability.rules, *SPACE_COMBAT.hit_rules)
    pending = PendingHits(use.opponent, 1, use.system, None, SPACE_COMBAT.name, rules, use.player)
    # The opponent must assign it to a non-fighter ship if able.
    game = queue_hits(game, replace(pending, forced=1))
    text = f"{game.player_name(use.player)} destroys {own.id} with Impulse Core: 1 hit"
    return game, (event(ability, text, destroyed=own.id),)


# --- Exotrireme II (Sardakk N'orr dreadnought) -----------------------------------------------


def _exotriremes(game: Game, use: Use) -> list[Unit]:
    ships = fighting(game, use, use.player)
    return [u for u in ships if u.type == "dreadnought" and u.spec.printed == "Exotrireme II"]


def _most_valuable(game: Game, use: Use) -> list[Unit]:
    ships = [*fighting(game, use, use.opponent)]
    return sorted(ships, key=lambda u: (casualty_rank(u.spec), not u.damaged), reverse=True)[:2]


def exotrireme_ways(ability: Ability, game: Game, use: Use) -> Ways:
    if not fits(ability, game, use) or use.planet is not None:
        return []
    mine, theirs = _exotriremes(game, use), _most_valuable(game, use)
    if not mine or not theirs:
        return []
    shown = ", ".join(u.id for u in theirs)
    own = max(mine, key=lambda u: u.damaged).id
    return [{"label": f"Exotrireme II: destroy {own} to destroy {shown}"}]


def exotrireme(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    own = max(_exotriremes(game, use), key=lambda u: u.damaged)
    theirs = _most_valuable(game, use)
    game = remove_units(game, {own.id, *(u.id for u in theirs)})
    name = game.player_name(use.player)
    shown = ", ".join(u.id for u in theirs)
    text = f"{name} destroys {own.id} (Exotrireme II) to destroy {shown}"
    return game, (event(ability, text, destroyed=[own.id, *(u.id for u in theirs)]),)
