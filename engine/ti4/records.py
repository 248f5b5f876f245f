"""The 4th edition's action in progress: a tactical action (LRR 89) and its invasion (LRR 49).

A :class:`Tactical` fills the game's action slot (``Game.action``) while a tactical
action is under way; :func:`tactical_of`, :func:`so_far` and :func:`in_progress` read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.combat_record import Combat
from engine.core.state import Game, PendingHits

__all__ = [
    "Invasion",
    "Played",
    "Rolled",
    "Tactical",
    "Use",
    "Waiting",
    "in_progress",
    "so_far",
    "tactical_of",
]


@dataclass(frozen=True)
class Use:
    """Where the board uses an ability: its holder, the opponent, the combat's system and
    planet (``None``: in space), its round (0: before the first), and the player whose
    units the moment is about (the shooter of a volley, the owner of a sustaining unit)."""

    player: str
    opponent: str
    system: str
    planet: str | None = None
    round: int = 0
    about: str = ""
    # The units a moment is about (those that sustained, say), the attack whose hits, and
    # how many of something (barrage hits beyond the fighters).
    units: tuple[str, ...] = ()
    source: str = ""
    count: int = 0


@dataclass(frozen=True)
class Waiting:
    """An ability the board offers next, at ``moment``, to its holder (``use.player``) or,
    for a hook the opponent decides, to the holder's opponent."""

    ability: str
    moment: str
    use: Use


@dataclass(frozen=True)
class Played:
    """An ability ``player`` used that still acts, ``until`` the end of "volley", "round",
    "combat" or "action" (a card's +1 for the round, say)."""

    player: str
    ability: str
    until: str
    # The units it was used for (Plasma Scoring's unit that rolls 1 more die).
    units: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rolled:
    """One die of a combat round: whose unit rolled it, what it needed and what it showed."""

    player: str
    unit: str
    type: str
    value: int
    result: int
    extra: int = 0

    @property
    def hits(self) -> int:
        return int(self.result >= self.value) + self.extra


@dataclass(frozen=True)
class Invasion:
    """Where the Invasion step stands (LRR 49).

    ``stage``: "bombardment", "commit", "space_cannon_defense", "ground_combat".
    """

    stage: str = "bombardment"
    bombarded_by: tuple[str, ...] = ()
    # Bombardment hits each planet's owner has still to assign: (planet, hits).
    bombard_hits: tuple[tuple[str, int], ...] = ()
    committed: tuple[str, ...] = ()
    defense_queue: tuple[str, ...] = ()
    # The planet whose owner was last offered what acts before their space cannon defense.
    defense_asked: str = ""
    combat_queue: tuple[str, ...] = ()
    # Planets whose ground combat ended with both sides destroyed: the defender keeps them.
    drawn: tuple[str, ...] = ()
    # Each bombarded planet's other players' infantry as the bombardment began (X-89 Ω).
    infantry_before: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Tactical(Action):
    """A tactical action in progress (LRR 89): the active system and the current step."""

    step: str = "activation"
    active_system: str | None = None
    moved: tuple[str, ...] = ()
    # Systems the moving ships started in or passed through: their capacity and fleet
    # pool are checked when the Move Ships step ends (engine.ti4.movement.apply_end).
    left: tuple[str, ...] = ()
    cannon_queue: tuple[str, ...] = ()
    combat: Combat | None = None
    invasion: Invasion | None = None
    # Abilities waiting to be offered, in order; hits produced but not yet handed to their
    # owner; abilities in effect; this combat round's dice and the units that sustained.
    offers: tuple[Waiting, ...] = ()
    hits: tuple[PendingHits, ...] = ()
    played: tuple[Played, ...] = ()
    rolled: tuple[Rolled, ...] = ()
    sustained: tuple[str, ...] = ()

    @property
    def activated(self) -> str | None:
        return self.active_system


def tactical_of(game: Game) -> Tactical | None:
    """The tactical action ``game`` is in, if it is in one."""
    return game.action if isinstance(game.action, Tactical) else None


def so_far(game: Game) -> Tactical:
    """The tactical action ``game`` is in, or a fresh one (nothing activated or moved yet)."""
    return tactical_of(game) or Tactical()


def in_progress(game: Game) -> Tactical:
    """The tactical action ``game`` is in (a step of one asks: it is a mistake if none)."""
    action = game.action
    assert isinstance(action, Tactical), "no tactical action in progress"
    return action
