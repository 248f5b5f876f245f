"""Abilities offered at a moment of a tactical action: queued, offered, played or declined.

When a moment comes (the start of a combat, a round's rolls, a unit that sustained), the
board queues every ability of the players it names that has a hook there
(:attr:`engine.ti4.abilities.Ability.hooks`), each player's in rank order. The first
waiting one is offered to whoever decides it: the ways its hook lists, the first the way
the exact odds assume, and "do not use" when its card says "may". One that cannot be used
now is dropped; one its holder must use, in its only way, is played without asking.
What an ability does (cards played for a round, say) is kept in ``Tactical.played``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from engine.core.choice import make_choice
from engine.core.events import Event, refuse
from engine.core.state import Game
from engine.ti4.abilities import ABILITIES, Ability, Hook, Moment
from engine.ti4.abilities.derived import HOOKED, in_effect
from engine.ti4.abilities.plays import expire
from engine.ti4.records import Use, Waiting, in_progress, tactical_of

__all__ = ["PARAMS", "apply", "choices", "expire", "queue", "settle", "use_for"]

PARAMS = frozenset({"kind", "label", "rules", "player", "ability", "use"})
"""The keys of an ability choice that are not the way's own parameters."""


def use_for(game: Game, player: str, **more: Any) -> Use:
    """Where ``player`` uses an ability now: the combat's (or the active system's) place,
    with ``more`` of :class:`Use`'s fields set (``planet``, ``about``, ``units``, ...)."""
    tactical = in_progress(game)
    combat = tactical.combat
    if combat is not None:
        opponent = combat.defender if player == combat.attacker else combat.attacker
        use = Use(player, opponent, combat.system, combat.planet, combat.round)
    else:
        active = game.active_player or ""
        others = [p.id for p in game.players if p.id != player]
        opponent = active if player != active else (others[0] if others else "")
        use = Use(player, opponent, tactical.active_system or "")
    return replace(use, **more)


def _hook(ability: Ability, moment: Moment) -> Hook | None:
    return next((h for h in ability.hooks if h.moment is moment), None)


def queue(game: Game, moment: Moment, uses: Iterable[Use], *, first: bool = False) -> Game:
    """Queue the abilities each use's player has with a hook at ``moment``: lower ranks
    first, then in the order of ``uses``; ``first``: before those already waiting."""
    hooked = [
        (hook.rank, order, Waiting(ability.id, moment.value, use))
        for order, use in enumerate(uses)
        for ability in HOOKED
        if (hook := _hook(ability, moment)) is not None and in_effect(game, use.player, ability)
    ]
    added = [w for _, _, w in sorted(hooked, key=lambda t: (t[0], t[1]))]
    if not added:
        return game
    tactical = in_progress(game)
    offers = (*added, *tactical.offers) if first else (*tactical.offers, *added)
    return replace(game, action=replace(tactical, offers=offers))


def _ways(game: Game, waiting: Waiting) -> tuple[Ability, Hook, list[dict[str, Any]]]:
    ability = ABILITIES[waiting.ability]
    hook = _hook(ability, Moment(waiting.moment))
    assert hook is not None
    return ability, hook, hook.offer(ability, game, waiting.use)


def _decider(hook: Hook, use: Use) -> str:
    return use.opponent if hook.opponent else use.player


def _pop(game: Game) -> Game:
    tactical = in_progress(game)
    return replace(game, action=replace(tactical, offers=tactical.offers[1:]))


def settle(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Drop the first waiting ability if it cannot be used now; play it if it must be used
    in its only way. The game is returned unchanged when a player must decide."""
    tactical = tactical_of(game)
    if tactical is None or not tactical.offers:
        return game, ()
    waiting = tactical.offers[0]
    ability, hook, ways = _ways(game, waiting)
    if not ways:
        return _pop(game), ()
    if (ability.may and not hook.auto) or len(ways) > 1:
        return game, ()
    return hook.play(ability, _pop(game), waiting.use, ways[0])


def choices(game: Game) -> list[dict[str, Any]]:
    """The ways of using the first waiting ability, and not using it if its card says may."""
    waiting = in_progress(game).offers[0]
    ability, hook, ways = _ways(game, waiting)
    decider = _decider(hook, waiting.use)
    name = game.player_name(decider)
    offered = [
        make_choice(
            "ability",
            f"{name}: {way['label']}",
            ability.rules,
            player=decider,
            ability=ability.id,
            use=True,
            **{k: v for k, v in way.items() if k != "label"},
        )
        for way in ways
    ]
    if ability.may:
        offered.append(
            make_choice(
                "ability",
                f"{name}: do not use {ability.name}",
                ability.rules,
                player=decider,
                ability=ability.id,
                use=False,
            )
        )
    return offered


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Use (in one of its offered ways) or decline the first waiting ability.

    Raises:
        IllegalChoice: another ability or player, a way not offered, or declining one the
            card does not make optional; the refusal cites the ability's rules.
    """
    waiting = in_progress(game).offers[0]
    ability, hook, ways = _ways(game, waiting)
    decider = _decider(hook, waiting.use)
    if choice.get("ability") != ability.id or choice.get("player", decider) != decider:
        raise refuse(f"{game.player_name(decider)} decides on {ability.name} first", *ability.rules)
    if choice.get("use") is False:
        if not ability.may:
            raise refuse(f"{ability.name} is not optional: choose how it is used", *ability.rules)
        text = f"{game.player_name(decider)} does not use {ability.name}"
        event = Event("ability", f"{text} ({', '.join(ability.rules)})", ability.rules)
        return _pop(game), (event,)
    given = {k: v for k, v in choice.items() if k not in PARAMS}
    way = next((w for w in ways if {k: v for k, v in w.items() if k != "label"} == given), None)
    if way is None:
        raise refuse(
            f"{ability.name} cannot be used that way now; offered: "
            + "; ".join(w["label"] for w in ways),
            *ability.rules,
        )
    return hook.play(ability, _pop(game), waiting.use, way)
