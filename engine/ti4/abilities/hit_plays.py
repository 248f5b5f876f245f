"""What the abilities' board hooks do to hits: those waiting to be assigned (the first of
``Tactical.hits``, which what acts before they are assigned changes: cancels, say), a hit a
producer assigns itself, and what answers a unit's Sustain Damage.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.state import Game, PendingHits, Unit, remove_units, replace_unit
from engine.ti4.abilities.holders import in_effect
from engine.ti4.abilities.model import ABILITIES, Kind, Moment
from engine.ti4.records import Use, Waiting, in_progress, tactical_of

__all__ = [
    "cancelled_one",
    "head_hits",
    "hit_assigned",
    "one_fewer",
    "sustained_answers",
    "with_head_hits",
]


def hit_assigned(game: Game, target: Unit) -> tuple[Game, str]:
    """1 hit its producer assigns to ``target``, whose owner cancels it with Sustain Damage
    if it can (else it is destroyed); the game after it and what became of the unit."""
    foe = game.player_name(target.owner)
    if target.spec.sustain_damage and not target.damaged:
        return replace_unit(
            game, replace(target, damaged=True)
        ), f"{foe}'s {target.id} sustains damage"
    return remove_units(game, {target.id}), f"{foe}'s {target.id} is destroyed"


def head_hits(game: Game) -> PendingHits | None:
    """The hits to be handed to their owner next (what acts before they are assigned
    changes them: ``Moment.BEFORE_ASSIGN``)."""
    tactical = tactical_of(game)
    return tactical.hits[0] if tactical is not None and tactical.hits else None


def with_head_hits(game: Game, pending: PendingHits) -> Game:
    """``game`` with the hits to be handed out next changed to ``pending`` (gone if none
    is left)."""
    tactical = in_progress(game)
    rest = tactical.hits[1:]
    left = (pending, *rest) if pending.count > 0 else rest
    return replace(game, action=replace(tactical, hits=left))


def one_fewer(pending: PendingHits) -> PendingHits:
    """``pending`` with 1 hit fewer, a free one first: those bound to non-fighter ships
    (``forced``) stay while any other is left."""
    return replace(
        pending, count=pending.count - 1, forced=max(0, min(pending.forced, pending.count - 1))
    )


def cancelled_one(ability: Any, pending: PendingHits) -> PendingHits:
    """``pending`` with 1 hit fewer, cancelled by ``ability`` (its rules and name noted)."""
    return replace(
        one_fewer(pending),
        rules=(*pending.rules, *ability.rules),
        notes=(*pending.notes, f"{ability.name} cancelled 1 hit"),
    )


def sustained_answers(game: Game, pending: PendingHits, ids: tuple[str, ...]) -> Game:
    """Offer first what answers units of ``pending``'s owner that sustained (Direct Hit to
    whoever produced the hits, Reflective Shielding to the owner), as
    ``engine.ti4.hits`` does for a sustain assigned, which abilities may not import."""
    tactical = in_progress(game)
    combat = tactical.combat
    found = []
    order = sorted(ABILITIES.values(), key=lambda a: list(Kind).index(a.kind))
    holders = dict.fromkeys(p for p in (pending.by, pending.player) if p)
    for n, holder in enumerate(holders):
        other = pending.player if holder != pending.player else (pending.by or "")
        use = Use(
            holder,
            other,
            pending.system,
            pending.planet,
            combat.round if combat else 0,
            about=pending.player,
            units=ids,
            source=pending.source,
        )
        for ability in order:
            hook = next((h for h in ability.hooks if h.moment is Moment.SUSTAINED), None)
            if hook is not None and in_effect(game, holder, ability):
                found.append((hook.rank, n, Waiting(ability.id, Moment.SUSTAINED.value, use)))
    found.sort(key=lambda t: (t[0], t[1]))
    added = tuple(w for _, _, w in found)
    return replace(game, action=replace(tactical, offers=(*added, *tactical.offers)))
