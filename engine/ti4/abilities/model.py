"""What an ability is: one frozen object per card or ability, and the registry that holds them.

An :class:`Ability` names its owner, what it requires, the windows where it acts, whether
its holder chooses it, and what it does there: words for the reader, data and functions
that the exact odds (``engine.odds``) and the board (``engine.ti4``) read. Every list the
engine needs of abilities (which act in the combat rounds, which at the start of combat,
which technologies a scenario may name) is derived from these objects by
:mod:`engine.ti4.abilities.derived`; no such list is kept by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.combat import DiceRule

__all__ = [
    "ABILITIES",
    "ROUND_WINDOWS",
    "Ability",
    "Combat",
    "Fold",
    "Kind",
    "Odds",
    "Rounds",
    "Side",
    "Window",
    "register",
]


class Kind(StrEnum):
    """What kind of card or ability it is (the calculator groups its options by kind, in
    this order)."""

    TECHNOLOGY = "technology"
    UNIT_UPGRADE = "unit_upgrade"
    ACTION_CARD = "action_card"
    AGENDA = "agenda"
    PROMISSORY_NOTE = "promissory_note"
    STRATEGY_CARD = "strategy_card"
    FACTION_TECHNOLOGY = "faction_technology"
    FACTION_ABILITY = "faction_ability"
    FACTION_UNIT = "faction_unit"
    FLAGSHIP = "flagship"
    MECH = "mech"
    ANOMALY = "anomaly"


TECHNOLOGIES = frozenset({Kind.TECHNOLOGY, Kind.UNIT_UPGRADE, Kind.FACTION_TECHNOLOGY})
"""The kinds a player owns as technology cards (a scenario's ``technologies``)."""


class Window(StrEnum):
    """Where in a tactical action (or a strategic action) an ability acts."""

    MOVEMENT = "movement"  # ships moving: anomalies, paths
    SPACE_CANNON = "space_cannon"  # space cannon offense and defense
    START_OF_COMBAT = "start_of_combat"  # before the first round (78.2, 42)
    BARRAGE = "anti_fighter_barrage"  # the first space combat round's barrage (10)
    ROLL = "roll"  # each combat round's rolls (78.5, 42.1)
    ASSIGN_HITS = "assign_hits"  # each round's hits taken: sustain, repair (78.6, 87)
    END_OF_ROUND = "end_of_round"  # after each combat round's hits (78.6)
    INVASION = "invasion"  # bombardment and committing ground forces (49, 15)
    PRODUCTION = "production"  # producing units (67)
    PRIMARY = "primary"  # a strategy card's primary ability (82)
    SECONDARY = "secondary"  # a strategy card's secondary ability (82)
    UNIT_VALUES = "unit_values"  # a unit's printed values, wherever it is (a law's, say)


ROUND_WINDOWS = frozenset({Window.ROLL, Window.ASSIGN_HITS, Window.END_OF_ROUND})
"""The windows of every combat round: an ability acting in one changes the rounds."""


class Side(StrEnum):
    """Which side of a combat may hold it."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    EITHER = "either"


class Combat(StrEnum):
    """Which combat it has a use in."""

    SPACE = "space"
    GROUND = "ground"
    BOTH = "both"


class Rounds(StrEnum):
    """Which combat rounds an ability of a round window acts in."""

    EVERY = "every"  # each round
    NAMED = "named"  # the rounds its holder names (a card played in a round of their choice)
    FIRST = "first"  # the first round only


class Odds(StrEnum):
    """How the exact odds take it."""

    OPTION = "option"  # the reader names it among a side's options
    ALWAYS = "always"  # it acts whenever its faction (and unit) fights: no option


@dataclass(frozen=True)
class Fold:
    """An ability alike in every round, folded into its holder's dice for the odds' sweep:
    ``plus`` to the rolls of ``unit`` (every unit if ``None``); not where the opponent
    plays ``not_against`` (its card treats that faction's rolls apart)."""

    plus: int
    unit: str | None = None
    not_against: str | None = None


@dataclass(frozen=True)
class Ability:
    """One card or ability the engine knows.

    ``id`` is its snake-case id (the odds' option id, a scenario's technology id);
    ``owner`` the faction whose it is (``None``: any player's); ``unit`` the unit it
    comes with (a flagship's, a mech's), which must be in the combat for it to act;
    ``requires`` any other condition, in words. ``windows`` are where it acts;
    ``may``: its holder chooses whether to use it. ``side`` and ``combat``: which side
    of which combat may hold it; ``rounds``: which rounds it acts in (an ability of a
    round window); ``amount``: what its holder names how many of (trade goods).
    ``description`` says what is modelled and ``rules`` the rules it acts under.
    ``odds``: how the exact odds take it (``None``: they do not); ``fold``: how the odds
    fold it into the dice. ``board``: what the board engine plays of it, in words
    (empty: the odds only); ``dice``: how it changes a unit's dice on the board;
    ``lifts``: the anomalies (kind, ``into`` or ``through``) its holder's ships move
    despite (1.2); ``plus``: added to every combat roll of its owner's units, in their
    values (Unrelenting).
    ``any_faction``: a side of any faction may name it in the odds (a faction
    technology another player may own, as the peer calculator takes it).
    A technology's ``colour`` (``None``: a unit upgrade, which satisfies no
    prerequisite, 90.7b) and ``prerequisites`` (one colour per symbol, 90.8) decide
    when it may be researched; ``unlocks`` is the unit type its owner may produce
    only with it (26.3: the faction sheet's war sun has no cost).
    """

    id: str
    name: str
    kind: Kind
    windows: frozenset[Window]
    description: str
    rules: tuple[str, ...]
    owner: str | None = None
    unit: str | None = None
    requires: str = ""
    may: bool = False
    side: Side = Side.EITHER
    combat: Combat = Combat.BOTH
    rounds: Rounds = Rounds.EVERY
    amount: str = ""
    odds: Odds | None = Odds.OPTION
    fold: Fold | None = None
    board: str = ""
    dice: DiceRule | None = None
    lifts: tuple[tuple[str, str], ...] = ()
    plus: int = 0
    any_faction: bool = False
    colour: str | None = None
    prerequisites: tuple[str, ...] = ()
    unlocks: str | None = None

    @property
    def by_round(self) -> bool:
        """Whether its holder names the rounds it is used in."""
        return self.rounds is Rounds.NAMED

    @property
    def faction_only(self) -> bool:
        """Whether only a side playing its owner's faction may hold it."""
        return self.owner is not None and not self.any_faction

    def acts_in(self, *windows: Window) -> bool:
        """Whether it acts in any of ``windows``."""
        return not self.windows.isdisjoint(windows)


ABILITIES: dict[str, Ability] = {}
"""Every ability the engine knows, by id (``derived.ORDERED``: in the catalogue's order)."""


def register(ability: Ability) -> Ability:
    """Add ``ability`` to :data:`ABILITIES`; an id registered twice is a mistake.

    Raises:
        ValueError: the id is taken.
    """
    if ability.id in ABILITIES:
        raise ValueError(f"ability {ability.id!r} is registered twice")
    ABILITIES[ability.id] = ability
    return ability
