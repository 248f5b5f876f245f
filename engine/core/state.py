"""The game state: frozen values only, so every operation returns a new state.

A :class:`Game` holds the galaxy (systems with planets and units), the players
with their command tokens and cards, where play stands (action phase or a
tactical action and its current step) and the log of what happened. Queries
and small replacements live here; the rules live in the step modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.core.actions import Action
from engine.core.combat_record import Combat as Combat
from engine.core.dice import Dice
from engine.core.events import Event
from engine.core.units import UnitType, pieces


@dataclass(frozen=True)
class Unit:
    """One plastic piece: ``red-carrier-1``, owned by ``red``.

    ``grade`` is its owner's faction id and ``ii`` once upgraded (97.4), the values
    it fights and moves with being looked up by both in the edition's table
    (:func:`engine.core.units.pieces`; the 4th edition's faction sheets).
    """

    id: str
    type: str
    owner: str
    damaged: bool = False
    grade: str = ""

    @property
    def spec(self) -> UnitType:
        return pieces().spec(self.type, self.grade)

    @property
    def label(self) -> str:
        return self.spec.label


@dataclass(frozen=True)
class Planet:
    """A planet card and the units on the planet."""

    name: str
    resources: int
    influence: int
    controller: str | None = None
    exhausted: bool = False
    units: tuple[Unit, ...] = ()
    trait: str | None = None  # cultural, hazardous or industrial (a law may name it)


# The four kinds of anomaly (LRR 9.2), as a scenario spells them.
ANOMALIES = ("asteroid_field", "nebula", "supernova", "gravity_rift")
# A planet's trait (printed on its card) and the wormholes a system may hold (LRR 101).
TRAITS = ("cultural", "hazardous", "industrial")
WORMHOLES = ("alpha", "beta", "gamma", "delta")


@dataclass(frozen=True)
class System:
    """A system tile at axial hex coordinates ``(q, r)``.

    ``anomalies`` are the kinds of anomaly the system is (LRR 9.2), in
    :data:`ANOMALIES` spelling; a system may be more than one kind at once.
    """

    id: str
    name: str
    q: int
    r: int
    planets: tuple[Planet, ...] = ()
    tokens: tuple[str, ...] = ()
    space: tuple[Unit, ...] = ()
    anomalies: tuple[str, ...] = ()
    # The wormholes it holds (an ability may ask; adjacency through them: ``links``).
    wormholes: tuple[str, ...] = ()

    def is_a(self, anomaly: str) -> bool:
        """Whether the system is an anomaly of that kind."""
        return anomaly in self.anomalies

    def planet(self, name: str) -> Planet:
        for planet in self.planets:
            if planet.name == name:
                return planet
        raise KeyError(name)

    def all_units(self) -> tuple[Unit, ...]:
        return self.space + tuple(u for p in self.planets for u in p.units)


@dataclass(frozen=True)
class StrategyCard:
    """A strategy card; exhausted once its strategic action is performed."""

    name: str
    exhausted: bool = False


@dataclass(frozen=True)
class Player:
    """A player's command sheet, cards and standing in the action phase."""

    id: str
    name: str
    initiative: int
    tactic: int = 3
    fleet: int = 3
    strategy: int = 2
    trade_goods: int = 0
    strategy_cards: tuple[StrategyCard, ...] = ()
    component_actions: tuple[str, ...] = ()  # still to take (action cards, abilities), by name
    # Action cards that are not component actions: playable even after passing (3-note-1).
    action_cards: tuple[str, ...] = ()
    passed: bool = False
    # The faction played (engine.ti4.factions) and the unit types upgraded (97.4).
    faction: str | None = None
    upgrades: tuple[str, ...] = ()
    technologies: tuple[str, ...] = ()  # technology cards the engine plays, by id
    exhausted: tuple[str, ...] = ()  # exhausted technology cards (Supercharge, once used)
    # Promissory notes held and agendas owned (elected), by id (engine.ti4.abilities).
    promissory_notes: tuple[str, ...] = ()
    agendas: tuple[str, ...] = ()
    # Relics, leaders (agents, commanders unlocked) and breakthroughs gained, by id (an
    # agent used is then among ``exhausted``).
    relics: tuple[str, ...] = ()
    leaders: tuple[str, ...] = ()
    breakthroughs: tuple[str, ...] = ()
    # What some abilities ask of their opponent: relic fragments held, Valefar Assimilator
    # tokens on their technologies, other players' command tokens in this player's fleet pool.
    relic_fragments: int = 0
    assimilator_tokens: int = 0
    supports_for_the_throne: int = 0  # in this player's play area (an opponent's Imperator)
    captured_tokens: tuple[str, ...] = ()
    # The players whose control tokens are on this player's plots (the Firmament), and the
    # systems with this player's active breaches (the Crimson Rebellion), by id.
    plots: tuple[str, ...] = ()
    breaches: tuple[str, ...] = ()
    # Units resting on a unit upgrade card after they were destroyed, returned at the start
    # of the owner's next turn (Infantry II: by id).
    on_cards: tuple[str, ...] = ()
    commodities: int = 0  # commodity tokens held (21), at most the faction sheet's value
    victory_points: int = 0
    # Secret objectives held unscored and scored (61.21: three in all): counts, since the
    # engine keeps no objective deck.
    secret_objectives: int = 0
    scored_secrets: int = 0
    unnamed_action_cards: int = 0  # held beyond the named ones (no deck is modelled)
    home: str | None = None  # home system, by id (Warfare's secondary produces there; 61.16)


@dataclass(frozen=True)
class Effect:
    """An ability that fires in a timing window ("end_of_action", "end_of_turn", ...)."""

    owner: str
    window: str
    text: str


@dataclass(frozen=True)
class PendingHits:
    """Hits that ``player`` must now assign to their own units.

    ``planet`` is ``None`` for hits on ships in the space area of ``system``;
    otherwise the hits go to ground forces on that planet.
    """

    player: str
    count: int
    system: str
    planet: str | None
    source: str
    rules: tuple[str, ...]
    # Who produced the hits; whether Sustain Damage may cancel them; how many hits one use
    # of it cancels; how many must go to non-fighter ships while any is left.
    by: str | None = None
    sustain: bool = True
    per_sustain: int = 1
    forced: int = 0
    # The abilities that changed them (their names, said when they are offered).
    notes: tuple[str, ...] = ()
    # Whether their owner was offered what acts before assigning them (Shields Holding).
    asked: bool = False


@dataclass(frozen=True)
class PendingRemoval:
    """A limit ``player`` may be over in ``system``; if so they choose which units to remove.

    ``limit`` is "fleet_pool" (non-fighter ships beyond the fleet pool, 37),
    "capacity" (fighters and ground forces in the space area beyond capacity,
    16) or "retreat" (fighters and ground forces the retreating ships cannot
    transport, 78.7.2). How many units must go is read off the board when the choice is
    offered, because removing ships for the fleet pool can lower capacity.
    ``rules`` are those of the moment the limit is checked (end of combat, say).
    """

    player: str
    system: str
    limit: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class PendingToken:
    """A command token ``player`` must place in ``system`` with none left in reinforcements.

    The player chooses a pool of their command sheet to take it from (20.3b: "that player
    must take a token from a pool on their command sheet"; 32.2a, 78.7d).
    """

    player: str
    system: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Objective:
    """A revealed public objective: its victory points and who has scored it (61.12).

    The engine cannot read an objective's requirement, so the scenario names the
    players who fulfil it (``qualifies``).
    """

    name: str
    points: int = 1
    scored_by: tuple[str, ...] = ()
    qualifies: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    """Everything about a game at one moment.

    ``phase`` is "action_phase", "tactical_action", "status_phase" or "game_over"
    (a player reached 10 victory points, 98.7).
    ``standalone`` is true when the scenario starts inside a tactical action:
    the game finishes when that action ends instead of going on to another turn.
    ``secondary_queue`` lists the players who may still resolve the secondary
    ability of ``secondary_card``. ``removals`` are limits to check, in order,
    before play goes on (see :mod:`engine.ti4.excess`); ``pending_tokens`` command
    tokens whose owner must first say which pool they come from.
    """

    title: str
    dice: Dice
    players: tuple[Player, ...]
    systems: tuple[System, ...]
    links: tuple[tuple[str, str], ...] = ()
    phase: str = "action_phase"
    active_player: str | None = None
    standalone: bool = False
    # The action in progress, as its edition records it (engine.core.actions).
    action: Action | None = None
    pending: PendingHits | None = None
    removals: tuple[PendingRemoval, ...] = ()
    secondary_card: str | None = None
    secondary_queue: tuple[str, ...] = ()
    # Players the active player chose to resolve the secondary free (Trade, LRR 92.4).
    secondary_free: tuple[str, ...] = ()
    # Command tokens waiting for their owner to name the pool they come from (20.3b).
    pending_tokens: tuple[PendingToken, ...] = ()
    # The player holding the speaker token (80) and the revealed public objectives (61).
    speaker: str | None = None
    objectives: tuple[Objective, ...] = ()
    effects: tuple[Effect, ...] = ()
    # Laws in play that act on every player, by id (the 4th edition's agendas).
    laws: tuple[str, ...] = ()
    log: tuple[Event, ...] = field(default=())
    # Which edition's rules play this game (and record its ``action``).
    edition: int = 4

    # --- players -------------------------------------------------------------------

    def player(self, player_id: str) -> Player:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)

    def player_name(self, player_id: str) -> str:
        return self.player(player_id).name

    def seating_from(self, first: str) -> tuple[str, ...]:
        """Player ids clockwise from ``first``: the scenario lists players in seating order."""
        ids = [p.id for p in self.players]
        start = ids.index(first)
        return tuple(ids[start:] + ids[:start])

    def with_player(self, player: Player) -> Game:
        return replace(
            self, players=tuple(player if p.id == player.id else p for p in self.players)
        )

    # --- systems and units ----------------------------------------------------------

    def system(self, system_id: str) -> System:
        for system in self.systems:
            if system.id == system_id:
                return system
        raise KeyError(system_id)

    def with_system(self, system: System) -> Game:
        return replace(
            self, systems=tuple(system if s.id == system.id else s for s in self.systems)
        )

    def locate(self, unit_id: str) -> tuple[System, Planet | None, Unit]:
        """Find a unit: its system, its planet (``None`` in space) and the unit."""
        for system in self.systems:
            for unit in system.space:
                if unit.id == unit_id:
                    return system, None, unit
            for planet in system.planets:
                for unit in planet.units:
                    if unit.id == unit_id:
                        return system, planet, unit
        raise KeyError(unit_id)

    def planets_of(self, player_id: str) -> tuple[tuple[System, Planet], ...]:
        """The planets a player controls, with their systems."""
        return tuple((s, p) for s in self.systems for p in s.planets if p.controller == player_id)

    @property
    def active_system(self) -> System | None:
        """The system the action in progress activated, once it has."""
        activated = self.action.activated if self.action else None
        return None if activated is None else self.system(activated)

    def logged(self, *events: Event) -> Game:
        return replace(self, log=self.log + events)


def ships_of(units: tuple[Unit, ...], owner: str) -> tuple[Unit, ...]:
    """The ships among ``units`` that belong to ``owner``."""
    return tuple(u for u in units if u.owner == owner and u.spec.is_ship)


def owners_with_ships(system: System) -> tuple[str, ...]:
    """Players with ships in a system's space area, in order of first appearance."""
    return tuple(dict.fromkeys(u.owner for u in system.space if u.spec.is_ship))


def without_units(units: tuple[Unit, ...], ids: set[str] | frozenset[str]) -> tuple[Unit, ...]:
    return tuple(u for u in units if u.id not in ids)


def remove_units(game: Game, ids: set[str] | frozenset[str]) -> Game:
    """Take the given units off the board wherever they are."""
    systems = tuple(
        replace(
            s,
            space=without_units(s.space, ids),
            planets=tuple(replace(p, units=without_units(p.units, ids)) for p in s.planets),
        )
        for s in game.systems
    )
    return replace(game, systems=systems)


def replace_unit(game: Game, unit: Unit) -> Game:
    """Put a changed unit (damaged, say) back where it is."""

    def swap(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
        return tuple(unit if u.id == unit.id else u for u in units)

    systems = tuple(
        replace(
            s,
            space=swap(s.space),
            planets=tuple(replace(p, units=swap(p.units)) for p in s.planets),
        )
        for s in game.systems
    )
    return replace(game, systems=systems)


def with_planet(system: System, planet: Planet) -> System:
    return replace(
        system, planets=tuple(planet if p.name == planet.name else p for p in system.planets)
    )


def next_unit_ids(game: Game, owner: str, type_name: str, count: int) -> tuple[str, ...]:
    """Fresh readable ids for new units, continuing the owner's numbering for that type."""
    prefix = f"{owner}-{type_name}-"
    taken = [
        int(u.id.removeprefix(prefix))
        for s in game.systems
        for u in s.all_units()
        if u.id.startswith(prefix) and u.id.removeprefix(prefix).isdigit()
    ]
    start = max(taken, default=0) + 1
    return tuple(f"{prefix}{n}" for n in range(start, start + count))
