"""Cards held through a space combat until their moment comes, as pieces of their holder's side.

Reflective Shielding answers a holder's ship using Sustain Damage with 2 hits; Courageous
to the End answers a holder's ship destroyed with 2 dice at its combat value. Each is one
card, played once: the first round its moment comes. They are kept in the side (as Direct
Hit's card is, ``engine.odds.direct``) so a state says whether it is still to come; the
rounds are then played out pair by pair (``engine.odds.general.transitions``), since each
answers what the other side's dice did.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING, cast

from engine.odds.direct import TELLURIAN, direct_hit
from engine.odds.parts import GRADED, Piece, Side, side_of
from engine.odds.rolls import convolve, die
from engine.odds.taking import foe_reads, take, without_sustain
from engine.ti4.abilities.cards import COURAGEOUS_TO_THE_END, REFLECTIVE_SHIELDING
from engine.ti4.abilities.leaders import BROTHER_MILOR
from engine.ti4.abilities.leaders import TELLURIAN as TELLURIAN_AGENT
from engine.ti4.abilities.mechs import DUNLAIN_REAPER_DEPLOY

if TYPE_CHECKING:
    from engine.odds.fight import Fight, Setup

__all__ = [
    "COURAGEOUS",
    "MILOR",
    "REFLECTIVE",
    "held_by",
    "held_cards",
    "holds_kept",
    "kept_cards",
    "kept_in",
]

Pair = tuple[Side, Side]
Memo = dict[tuple[object, ...], object]
Sustained = tuple[tuple[Piece, ...], tuple[Piece, ...]]

REFLECTIVE = Piece("card|reflective_shielding")
"""A held Reflective Shielding card (it is never hit)."""
COURAGEOUS = Piece("card|courageous_to_the_end")
"""A held Courageous to the End card (it is never hit)."""

MILOR = Piece("card|brother_milor")
"""Brother Milor not yet exhausted (never hit), held as two pieces: the 2 units it brings
then never make a side larger than it was (the exact solve settles the larger first)."""

_CARDS = ((REFLECTIVE_SHIELDING, REFLECTIVE), (COURAGEOUS_TO_THE_END, COURAGEOUS))


def held_cards(own: Setup, ground: bool = False) -> list[Piece]:
    """The kept cards a side brings into a space combat (or a ground combat)."""
    cards = [] if ground else [piece for ability, piece in _CARDS if own.has(ability)]
    agents = [TELLURIAN] if own.has(TELLURIAN_AGENT) else []
    return [*cards, *agents, *([MILOR] * 2 if own.has(BROTHER_MILOR) else [])]


def holds_kept(fight: Fight) -> bool:
    """Whether either side brings a kept card, or deploys a mech in a round it names (the
    rounds are then played pair by pair: a side's start of round depends on the round)."""
    sides = (fight.attacker, fight.defender)
    if any(own.has(BROTHER_MILOR) for own in sides):
        return True
    if fight.ground:
        return any(own.holds(DUNLAIN_REAPER_DEPLOY) for own in sides)
    return any(own.has(ability) for own in sides for ability, _ in _CARDS)


def kept_in(fight: Fight, pair: Pair) -> bool:
    """Whether a kept card may still act in a round of ``pair``: in space, only while a side
    holds one (a card once played is gone, and the rounds go as without it)."""
    if fight.ground:
        return holds_kept(fight)
    return any(card in side for side in pair for card in (REFLECTIVE, COURAGEOUS, MILOR))


def kept_cards(
    fight: Fight,
    before: Pair,
    after: Pair,
    sustained: Sustained,
    memo: Memo | None = None,
    held: Held | None = None,
) -> dict[tuple[Pair, Sustained], float]:
    """Where the kept cards take a round's outcome ``after`` (from ``before``, with the
    pieces each side ``sustained``): each card played at most once, the attacker's before
    the defender's, Reflective Shielding's hits before any ship counts as lost, and again
    until none is left to play (one card's hits may bring about the other side's moment).
    ``memo``: kept for the other rounds of the same ``fight`` (one calculation's);
    ``held``: the kept cards each side holds in ``after`` (``held_by``), if known."""
    memo = {} if memo is None else memo
    out: dict[tuple[Pair, Sustained], float] = defaultdict(float)
    # Which kept cards each side holds, looked for once: only a card played leaves a side.
    held = held_by(after) if held is None else held
    todo = [((after, sustained), held, 1.0)]
    while todo:
        (pair, sus), cards, mass = todo.pop()
        moves = _one_card(fight, before, (pair, sus), cards, memo)
        if moves is None:
            out[(pair, sus)] += mass
            continue
        played, ways = moves
        todo += [(state, played, mass * p) for state, p in ways.items() if p]
    return dict(out)


Held = tuple[frozenset[Piece], frozenset[Piece]]
Moves = tuple[Held, dict[tuple[Pair, Sustained], float]]


def held_by(pair: Pair) -> Held:
    """The kept cards each side of ``pair`` holds."""
    return _held(pair[0]), _held(pair[1])


def _held(side: Side) -> frozenset[Piece]:
    return frozenset(card for card in (REFLECTIVE, COURAGEOUS, MILOR) if card in side)


def _playing(cards: Held, i: int, card: Piece) -> Held:
    """``cards`` once side ``i`` has played ``card``."""
    mine = cards[i] - {card}
    return (mine, cards[1]) if i == 0 else (cards[0], mine)


def _one_card(
    fight: Fight, before: Pair, state: tuple[Pair, Sustained], cards: Held, memo: Memo
) -> Moves | None:
    """The first kept card whose moment has come, played: the cards each side then holds,
    and where it leads (``None``: none). ``cards``: the kept cards each side holds."""
    pair, sus = state
    for i in (0, 1):
        if REFLECTIVE in cards[i] and any(GRADED[p.type].is_ship for p in sus[i]):
            mine, theirs = pair[i], pair[1 - i]
            foe = fight.defender if i == 0 else fight.attacker
            struck = ("reflective", i, theirs, foe_reads(mine))
            hit = memo.get(struck)
            if hit is None:
                hit = memo[struck] = _hits(fight, theirs, 2, foe, mine)
            left, more = cast(tuple[Side, tuple[Piece, ...]], hit)
            holder, left = direct_hit(_without(mine, REFLECTIVE), left, more)
            new_pair = (holder, left) if i == 0 else (left, holder)
            new_sus = (sus[0], sus[1] + more) if i == 0 else (sus[0] + more, sus[1])
            return _playing(cards, i, REFLECTIVE), {(new_pair, new_sus): 1.0}
    for i in (0, 1):
        if COURAGEOUS not in cards[i]:
            continue
        mine, theirs = pair[i], pair[1 - i]
        lost = ("lost", i, before[i], mine)
        if lost not in memo:
            memo[lost] = _best_lost(fight, before[i], mine)
        value = memo[lost]
        if not isinstance(value, int):
            continue
        key = ("courageous", i, value, mine, theirs)
        got = memo.get(key)
        if got is None:
            got = memo[key] = _courageous(fight, value, mine, theirs, i)
        holder, lefts = cast(tuple[Side, list[tuple[Side, float]]], got)
        out: dict[tuple[Pair, Sustained], float] = defaultdict(float)
        for left, p in lefts:
            out[(((holder, left) if i == 0 else (left, holder)), sus)] += p
        return _playing(cards, i, COURAGEOUS), dict(out)
    for i in (0, 1):
        if MILOR in cards[i] and _lost_any(before[i], pair[i]):
            rest = _without(_without(pair[i], MILOR), MILOR)
            mine = side_of([*rest, *_reinforcements(fight, pair[i], i)])
            return _playing(cards, i, MILOR), {
                (((mine, pair[1]) if i == 0 else (pair[0], mine)), sus): 1.0
            }
    return None


def _courageous(
    fight: Fight, value: int, mine: Side, theirs: Side, i: int
) -> tuple[Side, list[tuple[Side, float]]]:
    """Side ``i``'s Courageous to the End, 2 dice at ``value``: the holder without the card
    and the other side after each number of hits."""
    foe = fight.defender if i == 0 else fight.attacker
    chances = convolve((die(value, False, False),) * 2)
    return _without(mine, COURAGEOUS), [
        (_destroyed(fight, theirs, k, foe), p) for k, p in enumerate(chances) if p
    ]


def _lost_any(before: Side, after: Side) -> bool:
    """Whether a unit ``before`` had is gone from ``after`` (damage aside)."""
    lost = Counter(p.type for p in before if not p.type.startswith("card|"))
    lost.subtract(p.type for p in after)
    return any(n > 0 for n in lost.values())


def _reinforcements(fight: Fight, side: Side, i: int) -> list[Piece]:
    """Brother Milor's 2 units: fighters in space, infantry on the ground, of the kind the
    side already has (else its faction's)."""
    name = "infantry" if fight.ground else "fighter"
    faction = (fight.attacker if i == 0 else fight.defender).faction
    kind = next((p.type for p in side if GRADED[p.type].name == name), None)
    return [Piece(kind or (f"{name}|{faction}" if faction else name))] * 2


def _hits(
    fight: Fight, side: Side, hits: int, own: Setup, foe: Side
) -> tuple[Side, tuple[Piece, ...]]:
    """``side`` after ``hits`` it assigns as in the rounds."""
    if not any(GRADED[p.type].is_ship for p in side):
        return side, ()
    return fight.take(side, hits, own, foe)


def _destroyed(fight: Fight, side: Side, count: int, own: Setup) -> Side:
    """``side`` after its owner chooses and destroys ``count`` of its ships (no Sustain
    Damage: the card destroys them), the ones it values least."""
    if not count:
        return side
    policy = own.policy or fight.policy
    left, _ = take(side, count, without_sustain(fight.attack), policy, keep=own.keep)
    return left


def _best_lost(fight: Fight, before: Side, after: Side) -> int | None:
    """The best (lowest) printed combat value among the ships ``before`` had and ``after``
    has not (damage aside), ``None`` if no ship was destroyed."""
    lost = Counter(p.type for p in before if GRADED[p.type].is_ship)
    lost.subtract(p.type for p in after if GRADED[p.type].is_ship)
    values = [
        dice.value
        for name, n in lost.items()
        if n > 0 and (dice := fight.attack.dice_of(GRADED[name])) is not None
    ]
    return min(values, default=None)


def _without(side: Side, card: Piece) -> Side:
    rest = list(side)
    rest.remove(card)
    return side_of(rest)
