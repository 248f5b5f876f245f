"""The odds of a combat on the board, with the players' factions and upgraded units.

A page's odds box (``engine.ti4.view``) asks here when a player of the combat plays a
faction, fields upgraded units or holds an option acting in the rounds (a technology,
a card played for the round, a law): the units' grades (``engine.core.state.Unit.grade``)
name the same pieces the odds API reads from fleet text, and each side's faction is
that of ``engine.api.odds``'s ``attacker_faction``/``defender_faction``, so the box and
the API agree on the same fleets. The combat is under way: its rounds are fought, and
its opening (start-of-combat abilities, the barrage) only while it is still to come.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from engine.core.casualties import CasualtyPolicy
from engine.odds.battle import battle
from engine.odds.exact import MAX_UNITS, FleetError
from engine.odds.fight import Setup
from engine.odds.graded import key_of
from engine.odds.parts import Piece

__all__ = ["board_odds"]


class BoardUnit(Protocol):
    """A unit on the board: its type, grade (faction id and ``ii``) and damage."""

    @property
    def type(self) -> str: ...
    @property
    def grade(self) -> str: ...
    @property
    def damaged(self) -> bool: ...


def board_odds(
    attacker: Iterable[BoardUnit],
    defender: Iterable[BoardUnit],
    *,
    ground: bool,
    attacker_faction: str | None = None,
    defender_faction: str | None = None,
    defender_bonus: int = 0,
    attacker_options: Mapping[str, tuple[int, ...]] | None = None,
    defender_options: Mapping[str, tuple[int, ...]] | None = None,
    opening: bool = False,
) -> dict[str, float]:
    """The three results of the combat's rounds from here on, each side with the options
    its player holds on the board ({id: rounds, () for every round}: the same ability
    objects the board plays, ``engine.ti4.abilities.derived.odds_options``).
    ``opening``: the start of the combat is still to come (its abilities, the barrage).

    Raises:
        FleetError: a side that cannot fight this combat or has more than MAX_UNITS units.
    """
    result = battle(
        _pieces(attacker, "attacker"),
        _pieces(defender, "defender"),
        ground=ground,
        policy=CasualtyPolicy.parse(None),
        attacker=Setup(attacker_faction, dict(attacker_options or {})),
        defender=Setup(defender_faction, dict(defender_options or {})),
        opening=opening,
        defender_bonus=defender_bonus,
    )
    return {k: result[k] for k in ("attacker_wins", "defender_wins", "both_destroyed")}


def _pieces(units: Iterable[BoardUnit], role: str) -> list[Piece]:
    pieces: list[Piece] = []
    for unit in units:
        if len(pieces) == MAX_UNITS:
            raise FleetError(role, f"the {role} has more than {MAX_UNITS} units")
        pieces.append(Piece(key_of(unit.type, unit.grade), unit.damaged))
    return pieces
