"""What an ability is: one frozen object per card or ability, and the registry that holds them.

An :class:`Ability` names its owner, what it requires, the windows where it acts, whether
its holder chooses it, and what it does there: words for the reader, data and functions
that the exact odds (``engine.odds``) and the board (``engine.ti4``) read. Every list the
engine needs of abilities (which act in the combat rounds, which at the start of combat,
which technologies a scenario may name) is derived from these objects by
:mod:`engine.ti4.abilities.derived`; no such list is kept by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.core.combat import Attack, CombatUnit, DiceRule, RollChange
from engine.core.events import Event
from engine.core.state import Game, PendingHits
from engine.ti4.records import Use

__all__ = [
    "ABILITIES",
    "MOVEMENT_ONLY",
    "ROUND_WINDOWS",
    "Ability",
    "Combat",
    "Fold",
    "Hook",
    "Kind",
    "Moment",
    "Odds",
    "Rounds",
    "Side",
    "Use",
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
    RELIC = "relic"
    LEADER = "leader"  # agents, commanders and heroes
    BREAKTHROUGH = "breakthrough"
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


class Moment(StrEnum):
    """A moment of a tactical action where the board offers an ability to its holder (each
    within one of the ability's windows)."""

    ACTIVATED = "activated"  # just after the active player activates a system
    ARRIVAL = "arrival"  # the movement ends: what acts on the units in the active system
    MOVED = "moved"  # ships moved into the active system, before space cannon offense
    CANNON = "cannon"  # before a player's space cannon roll (offense or defense)
    CANNON_HITS = "cannon_hits"  # before assigning hits a space cannon produced
    JOIN = "join"  # as a combat begins: units joining it in another role (as ships)
    START_OF_COMBAT = "start_of_combat"  # space or ground, as the ability's combat says
    BEFORE_BARRAGE = "before_barrage"  # as the anti-fighter barrage is rolled
    BARRAGE = "barrage"  # after the anti-fighter barrage rolls
    START_OF_ROUND = "start_of_round"  # before a combat round's rolls
    AFTER_ROLL = "after_roll"  # after the holder's combat rolls
    BEFORE_ASSIGN = "before_assign"  # hits produced against a player, before they assign them
    SUSTAINED = "sustained"  # after a unit used Sustain Damage
    AFTER_HITS = "after_hits"  # after a combat round's hits are assigned
    DESTROYED = "destroyed"  # after assigned hits destroyed units (Infantry II)
    END_OF_ROUND = "end_of_round"  # after a combat round
    BOMBARDMENT = "bombardment"  # before the bombardment rolls
    AFTER_BOMBARDMENT = "after_bombardment"  # after a planet's bombardment hits are taken
    RETREAT = "retreat"  # a player's ships are about to retreat from a space combat


MOMENT_WINDOWS: dict[Moment, frozenset[Window]] = {
    Moment.ACTIVATED: frozenset({Window.MOVEMENT, Window.SPACE_CANNON}),
    Moment.ARRIVAL: frozenset({Window.MOVEMENT, Window.UNIT_VALUES}),
    Moment.MOVED: frozenset({Window.MOVEMENT, Window.SPACE_CANNON}),
    Moment.CANNON: frozenset({Window.SPACE_CANNON}),
    Moment.CANNON_HITS: frozenset({Window.SPACE_CANNON}),
    Moment.JOIN: frozenset({Window.START_OF_COMBAT, Window.INVASION}),
    Moment.START_OF_COMBAT: frozenset({Window.START_OF_COMBAT}),
    Moment.BEFORE_BARRAGE: frozenset({Window.BARRAGE}),
    Moment.BARRAGE: frozenset({Window.BARRAGE}),
    Moment.START_OF_ROUND: frozenset({Window.ROLL}),
    Moment.AFTER_ROLL: frozenset({Window.ROLL}),
    Moment.BEFORE_ASSIGN: frozenset({Window.ASSIGN_HITS, Window.SPACE_CANNON}),
    Moment.SUSTAINED: frozenset({Window.ASSIGN_HITS, Window.SPACE_CANNON}),
    Moment.AFTER_HITS: frozenset({Window.ASSIGN_HITS}),
    Moment.DESTROYED: frozenset({Window.ASSIGN_HITS}),
    Moment.END_OF_ROUND: frozenset({Window.END_OF_ROUND}),
    Moment.BOMBARDMENT: frozenset({Window.INVASION}),
    Moment.AFTER_BOMBARDMENT: frozenset({Window.INVASION}),
    Moment.RETREAT: frozenset({Window.MOVEMENT}),
}
"""The windows each moment lies in: a hook's moment is in one of its ability's windows."""


Offer = Callable[["Ability", Game, Use], list[dict[str, Any]]]
"""The ways an ability may be used now, each a choice's parameters with a ``label`` (none:
it cannot be used now); the first is the way the exact odds assume."""
Play = Callable[["Ability", Game, Use, dict[str, Any]], tuple[Game, tuple[Event, ...]]]
"""What one way of using it does: the game after it, and what happened."""


@dataclass(frozen=True)
class Hook:
    """What the board does of an ability at one moment: the ways it offers and what each
    does. ``opponent``: the holder's opponent chooses the way (Assault Cannon's ship)."""

    moment: Moment
    offer: Offer
    play: Play
    opponent: bool = False
    # Among the hooks queued at one moment, lower ranks are offered first; ``auto``: played
    # without asking when it has one way, though its card says may (decided before).
    rank: int = 0
    auto: bool = False


RollHook = Callable[["Ability", Game, Use, CombatUnit, Attack], RollChange | None]
"""A change to one unit's dice in a combat round, asked of the abilities of both players
of the combat (``Use.player``: the holder; the unit may be either player's)."""
VolleyHook = Callable[
    ["Ability", Game, Use, CombatUnit, Sequence[CombatUnit], Attack], RollChange | None
]
"""A roll hook that also sees the units rolling beside the unit (its side): which has the
best of the volley's dice."""
HitsHook = Callable[["Ability", Game, Use, PendingHits], PendingHits]
"""A change to hits before their owner assigns them (who may sustain, how many a sustain
cancels, which must go to non-fighter ships), asked of both players' abilities."""
GuardHook = Callable[["Ability", Game, Use], bool]
"""Whether the holder's (``Use.player``) ships in ``Use.system`` are out of reach of the
space cannon of ``Use.about``, asked of the target's abilities (Quetzecoatl)."""


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
    ``also_faction``: a faction whose own ability does the same, so its players hold it
    too (Munitions Reserves, the Barony of Letnev's War Funding).
    ``hooks``, ``roll``, ``hits`` and ``guard``: what the board engine does of it (the
    moments it offers it, its change to combat dice (``volley``: one that sees the
    unit's side), its change to hits before they are
    assigned, the space cannon it keeps off its holder's ships).
    ``arms``: a unit type of its holder's and the role word (``engine.ti4.roles``) those
    units have while it is held (Lightrail Ordnance's space docks fire space cannon).
    ``unchecked``: why the test that plays every ability's combat on the board and
    compares it with the exact odds cannot compare this one (empty: it does).
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
    also_faction: str | None = None
    hooks: tuple[Hook, ...] = ()
    roll: RollHook | None = None
    volley: VolleyHook | None = None
    hits: HitsHook | None = None
    arms: tuple[str, str] | None = None
    guard: GuardHook | None = None
    unchecked: str = ""
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


MOVEMENT_ONLY = (
    "it changes where ships move and never acts in a combat: the odds have no option for it "
    "and there is no combat of its own to compare (its board tests pin the movement)"
)
"""The reason a movement ability gives for having no enumerated combat (``unchecked``)."""

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
