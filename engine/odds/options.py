"""The options the exact odds take: the abilities of :mod:`engine.ti4.abilities` they model.

An option is an :class:`~engine.ti4.abilities.Ability` the odds take as an option
(``odds=Odds.OPTION``); each is written once there, with its owner, windows, side,
combat and description. An option that a player chooses the round of (Morale Boost,
Fire Team, War Funding, Magen Defense Grid) is written ``id`` for the first round or
``id:ROUNDS``: ``morale_boost:2``, ``war_funding:1,3``; one whose holder names how many
(Wrath of Kenara's trade goods) ``id:N``.
"""

from __future__ import annotations

from typing import Any

from engine.ti4.abilities import Ability
from engine.ti4.abilities.derived import OPTIONS
from engine.ti4.factions import FACTIONS

__all__ = ["CASUALTIES", "OPTIONS", "option_json", "parse_options"]

MAX_ROUND = 50
"""A round further than any combat is fought (and than an option's round may be named)."""


def option_json(option: Ability) -> dict[str, Any]:
    """``option`` as the odds' catalogue lists it (``engine.api.odds_options()``)."""
    return {
        "id": option.id,
        "name": option.name,
        "kind": option.kind.value,
        "side": option.side.value,
        "combat": option.combat.value,
        "description": option.description,
        "rules": list(option.rules),
        "by_round": option.by_round,
        "faction": option.owner,
        "amount": option.amount,
    }


CASUALTIES: tuple[dict[str, str], ...] = (
    {
        "id": "sustain_first",
        "name": "Sustain first",
        "kind": "casualties",
        "description": "sustain damage with every unit able before losing any (the default)",
    },
    {
        "id": "lose_first",
        "name": "Fodder first",
        "kind": "casualties",
        "description": "lose the cheapest units first; sustain only when nothing else is left",
    },
)
"""Casualty priorities: both sides' (``casualties=``) or one side's, with ``keep:UNIT``."""


def parse_options(
    given: Any, side: str, combat: str, faction: str | None = None
) -> dict[str, tuple[int, ...]]:
    """``["morale_boost:2", "plasma_scoring"]`` read into {id: rounds} for ``side``.

    Raises:
        ValueError: an unknown id, an option the side cannot hold (another faction's, say)
            or the combat has no use for, a round that is not a number from 1 to MAX_ROUND.
    """
    if given is None:
        return {}
    if not isinstance(given, (list, tuple)) or len(given) > len(OPTIONS):
        raise ValueError(f"{side}_options must be a list of at most {len(OPTIONS)} option ids")
    chosen: dict[str, tuple[int, ...]] = {}
    for item in given:
        if not isinstance(item, str) or len(item) > 80:
            raise ValueError(f"{side}_options: {item!r} is not an option id")
        name, _, rounds_text = item.strip().partition(":")
        option = OPTIONS.get(name.strip().lower())
        if option is None:
            raise ValueError(
                f"{side}_options: unknown option {name!r}; known: {', '.join(OPTIONS)}"
            )
        if option.side not in ("either", side):
            raise ValueError(f"{side}_options: {option.name} is the {option.side}'s")
        if option.faction_only and option.owner != faction:
            whose = FACTIONS[str(option.owner)].name
            raise ValueError(f"{side}_options: {option.name} is {whose}'s: name that faction")
        if option.combat not in ("both", combat):
            raise ValueError(f"{side}_options: {option.name} has no use in a {combat} combat")
        rounds: tuple[int, ...] = ()
        if option.amount:
            rounds = (_amount(rounds_text, option, side),)
        elif option.by_round:
            rounds = _rounds(rounds_text, option, side) if rounds_text else (1,)
        elif rounds_text:
            raise ValueError(f"{side}_options: {option.name} is not used in a chosen round")
        chosen[option.id] = rounds
    return chosen


MAX_AMOUNT = 30
"""More trade goods or repairs than any combat could use."""


def _amount(text: str, option: Ability, side: str) -> int:
    text = text.strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_AMOUNT:
        raise ValueError(
            f"{side}_options: name the {option.amount} for {option.name} as "
            f"{option.id}:N, N from 1 to {MAX_AMOUNT}"
        )
    return int(text)


def _rounds(text: str, option: Ability, side: str) -> tuple[int, ...]:
    rounds = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 1 <= int(part) <= MAX_ROUND:
            raise ValueError(
                f"{side}_options: {option.name}'s round must be 1 to {MAX_ROUND}, not {part!r}"
            )
        rounds.append(int(part))
    return tuple(sorted(set(rounds)))
