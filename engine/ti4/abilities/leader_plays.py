"""The leaders' and breakthroughs' board hooks: an agent exhausted in its window, a
commander's or breakthrough's change to combat dice (2RAM's bombardment through a shield:
``leaders.blocked``).

A leader or breakthrough acts only once its holder gained it (a scenario's ``leaders``,
``breakthroughs``: :mod:`engine.ti4.abilities.holders`). An agent used is exhausted
(``Player.exhausted``) and is not offered again; the odds take each as
:mod:`engine.odds.abilities` and :mod:`engine.odds.direct` do, and the board picks as they do.
"""

from __future__ import annotations

from typing import Any

from engine.core.combat import (
    GROUND_COMBAT,
    SPACE_COMBAT,
    Attack,
    CombatUnit,
    RollChange,
    values_of,
)
from engine.core.events import Event
from engine.core.state import Game, PendingHits, Unit
from engine.ti4.abilities.hit_plays import cancelled_one
from engine.ti4.abilities.plays import event, exhaust, fighting, fits, is_played, mark, round_combat
from engine.ti4.records import Use, in_progress

__all__ = [
    "agent_offer",
    "agent_play",
    "best_die",
    "cancel_first",
    "gravleash",
    "home_or_mecatol",
    "imperator",
    "in_home_or_mecatol",
    "tellurian_offer",
]

MECATOL_REX = "Mecatol Rex"

Ways = list[dict[str, Any]]


def agent_offer(ability: Any, game: Game, use: Use) -> Ways:
    """An agent not yet exhausted, offered at the start of a combat round of its combat."""
    if not fits(ability, game, use) or is_played(game, use.player, ability):
        return []
    if not fighting(game, use, use.player):
        return []
    return [{"label": f"exhaust {ability.name}: {ability.description}"}]


def agent_play(
    ability: Any, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The agent is exhausted (kept so: it is not offered again) and acts this round."""
    game = mark(exhaust(game, use.player, ability), use.player, ability, "round")
    text = f"{game.player_name(use.player)} exhausts {ability.name} for this round"
    return game, (event(ability, text),)


def _best(game: Game, use: Use, attack: Attack) -> Unit | None:
    """The holder's unit in the combat with the best combat value (the lowest), the
    undamaged first: the one the odds give the agent's die."""
    rolling = []
    for unit in fighting(game, use, use.player):
        dice = attack.dice_of(values_of(unit))
        if dice is not None:
            rolling.append((dice.value, unit.damaged, unit.id, unit))
    return min(rolling, key=lambda r: r[:3])[3] if rolling else None


def best_die(
    ability: Any, game: Game, use: Use, target: CombatUnit, attack: Attack
) -> RollChange | None:
    """With the agent exhausted this round, the holder's best unit rolls 1 more die."""
    if getattr(target, "owner", None) != use.player or not round_combat(attack, use):
        return None
    if not is_played(game, use.player, ability):
        return None
    best = _best(game, use, attack)
    if best is None or best.id != target.id:
        return None
    dice = attack.dice_of(values_of(best))
    return RollChange(dice=dice.dice + 1) if dice is not None else None


# --- Tellurian (Titans of Ul agent) ------------------------------------------------------


def tellurian_offer(ability: Any, game: Game, use: Use) -> Ways:
    """After a combat round's rolls in which the opponent hit: the agent may cancel the
    first hit against the holder's units."""
    if not fits(ability, game, use) or is_played(game, use.player, ability):
        return []
    hits = sum(r.hits for r in in_progress(game).rolled if r.player == use.opponent)
    if not hits:
        return []
    return [{"label": f"exhaust {ability.name}: cancel 1 of the {hits} hits against you"}]


def cancel_first(ability: Any, game: Game, use: Use, pending: PendingHits) -> PendingHits:
    """With the agent exhausted this round, 1 combat round hit against its holder is
    cancelled (space cannon, barrage and bombardment hits are not)."""
    rounds = pending.source in (SPACE_COMBAT.name, GROUND_COMBAT.name)
    if pending.player != use.player or not rounds or not pending.count:
        return pending
    if not is_played(game, use.player, ability):
        return pending
    return cancelled_one(ability, pending)


# --- Gravleash Maneuvers (Barony of Letnev breakthrough) ---------------------------------


def _leashed(game: Game, use: Use, attack: Attack) -> tuple[Unit | None, int]:
    """The holder's ship that gains most hits by +X (X: the ship types they have in the
    combat), each die gaining up to what still misses; on a tie the odds' order of pieces
    (type and grade, a damaged one after): that ship and X."""
    ships = fighting(game, use, use.player)
    plus = len({u.type for u in ships})
    best: tuple[int, str, bool] | None = None
    chosen = None
    for unit in ships:
        dice = attack.dice_of(values_of(unit))
        if dice is None:
            continue
        key = f"{unit.type}|{unit.grade}" if unit.grade else unit.type
        rank = (dice.dice * min(plus, max(0, dice.value - 1)), key, unit.damaged)
        if best is None or rank > best:
            best, chosen = rank, unit
    return chosen, plus


def gravleash(
    ability: Any, game: Game, use: Use, target: CombatUnit, attack: Attack
) -> RollChange | None:
    """Each space combat round, +X to the rolls of the holder's ship that gains most."""
    if getattr(target, "owner", None) != use.player or not round_combat(attack, use):
        return None
    if use.planet is not None:
        return None
    chosen, plus = _leashed(game, use, attack)
    return RollChange(plus=plus) if chosen is not None and chosen.id == target.id else None


def imperator(
    ability: Any, game: Game, use: Use, target: CombatUnit, attack: Attack
) -> RollChange | None:
    """+1 to the holder's combat rolls for each Support for the Throne in the opponent's
    play area (a scenario's ``supports_for_the_throne``)."""
    if getattr(target, "owner", None) != use.player or not round_combat(attack, use):
        return None
    supports = game.player(use.opponent).supports_for_the_throne
    return RollChange(plus=supports) if supports else None


# --- Rickar Rickani (Winnu commander) ----------------------------------------------------


def home_or_mecatol(game: Game, use: Use) -> bool:
    """Whether the combat of ``use`` is in the Mecatol Rex system or the holder's home
    system (the board knows no legendary planet)."""
    system = game.system(use.system)
    home = getattr(game.player(use.player), "home", None)
    return system.id == home or any(p.name == MECATOL_REX for p in system.planets)


def in_home_or_mecatol(
    ability: Any, game: Game, use: Use, target: CombatUnit, attack: Attack
) -> RollChange | None:
    """+2 to the holder's combat rolls where the commander's condition holds."""
    if getattr(target, "owner", None) != use.player or not round_combat(attack, use):
        return None
    return RollChange(plus=2) if home_or_mecatol(game, use) else None
