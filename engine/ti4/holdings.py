"""What a 4th-edition scenario gives a player beyond their sheet: cards, laws, tokens.

``promissory_notes``, ``relics`` (gained) and ``agendas`` (an elected law a player owns,
such as Prophecy of Ixth) name abilities of :mod:`engine.ti4.abilities` by id; ``laws``
(top level) the laws in play that act on everyone. ``exhausted`` names technologies and
agents already used;
``relic_fragments``, ``assimilator_tokens`` and ``captured_tokens`` are what an
opponent's mech or flagship asks of a player (Iconoclast, Mordred, Arvicon Rex);
``plots`` (players whose control tokens are on the player's plots: Heaven's Eye) and
``breaches`` (systems with the player's active breaches: Quietus) what their own asks.
``leaders`` (gained: an agent, a commander unlocked) and ``breakthroughs`` name abilities
by id too; ``supports_for_the_throne`` counts what an opponent's Imperator asks.
Action cards stay the shared ``action_cards`` texts: one that spells a card the engine plays
(``Morale Boost``, ``morale_boost``) is offered in its window. An unknown id is refused
with its path, so a scenario never carries a card that silently does nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core._scenario_checks import (
    ScenarioError,
    _count,
    _ident,
    _list,
    child_path,
)
from engine.core.units import spellings
from engine.ti4.abilities import ABILITIES, Kind

__all__ = ["KEYS", "holdings", "laws"]

KEYS = frozenset(
    {
        "promissory_notes",
        "agendas",
        "leaders",
        "breakthroughs",
        "relics",
        "exhausted",
        "relic_fragments",
        "assimilator_tokens",
        "supports_for_the_throne",
        "captured_tokens",
        "plots",
        "breaches",
    }
)
"""The player keys read here."""


def _ids(raw: Any, path: str, kinds: tuple[Kind, ...], what: str) -> tuple[str, ...]:
    found: list[str] = []
    known = [a.id for a in ABILITIES.values() if a.kind in kinds]
    for index, item in enumerate(_list(raw, path)):
        where = child_path(path, index)
        key = spellings(item)[0] if isinstance(item, str) else ""
        if key not in known:
            raise ScenarioError(
                f"unknown or unplayed {what} {item!r} ({what}s: {', '.join(known)})", where
            )
        found.append(key)
    return tuple(found)


def holdings(entry: Mapping[str, Any], where: str, technologies: tuple[str, ...]) -> dict[str, Any]:
    """The :class:`engine.core.state.Player` fields of a player's cards and tokens."""
    leaders = _ids(entry.get("leaders", []), child_path(where, "leaders"), (Kind.LEADER,), "leader")
    breakthroughs = _ids(
        entry.get("breakthroughs", []),
        child_path(where, "breakthroughs"),
        (Kind.BREAKTHROUGH,),
        "breakthrough",
    )
    for key, ids in (("leaders", leaders), ("breakthroughs", breakthroughs)):
        for index, card in enumerate(ids):
            owner = ABILITIES[card].owner
            if owner is not None and entry.get("faction") != owner:
                raise ScenarioError(
                    f"{card!r} is the {owner} faction's: a {owner} player gains it",
                    child_path(child_path(where, key), index),
                )
    exhausted = _ids(
        entry.get("exhausted", []),
        child_path(where, "exhausted"),
        (Kind.TECHNOLOGY, Kind.FACTION_TECHNOLOGY, Kind.UNIT_UPGRADE, Kind.LEADER),
        "technology card or leader",
    )
    for index, card in enumerate(exhausted):
        if card not in technologies and card not in leaders:
            raise ScenarioError(
                f"{card!r} is exhausted but not among the player's technologies or leaders",
                child_path(child_path(where, "exhausted"), index),
            )
    captured, plots, breaches = (
        tuple(
            _ident(t, child_path(child_path(where, key), i))
            for i, t in enumerate(_list(entry.get(key, []), child_path(where, key)))
        )
        for key in ("captured_tokens", "plots", "breaches")
    )
    return {
        "promissory_notes": _ids(
            entry.get("promissory_notes", []),
            child_path(where, "promissory_notes"),
            (Kind.PROMISSORY_NOTE,),
            "promissory note",
        ),
        "agendas": _ids(
            entry.get("agendas", []), child_path(where, "agendas"), (Kind.AGENDA,), "agenda"
        ),
        "leaders": leaders,
        "breakthroughs": breakthroughs,
        "relics": _ids(
            entry.get("relics", []), child_path(where, "relics"), (Kind.RELIC,), "relic"
        ),
        "exhausted": tuple(dict.fromkeys(exhausted)),
        "relic_fragments": _count(
            entry.get("relic_fragments", 0), child_path(where, "relic_fragments")
        ),
        "assimilator_tokens": _count(
            entry.get("assimilator_tokens", 0), child_path(where, "assimilator_tokens")
        ),
        "supports_for_the_throne": _count(
            entry.get("supports_for_the_throne", 0),
            child_path(where, "supports_for_the_throne"),
        ),
        "captured_tokens": captured,
        "plots": plots,
        "breaches": breaches,
    }


def laws(raw: Any, path: str) -> tuple[str, ...]:
    """The top-level ``laws``: agendas in play for every player."""
    return tuple(dict.fromkeys(_ids(raw, path, (Kind.AGENDA,), "law")))
