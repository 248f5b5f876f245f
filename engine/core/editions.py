"""The editions registry, and one board for every edition.

An edition (``engine.ti4``, ``engine.ti3``) registers an :class:`Edition` when
it is imported: how it builds a scenario, its flow (the step play stands at,
the legal choices, applying one, advancing), its steps, its VIEW and the
other editions' unit names it reads. The core looks an edition up here by
number (:func:`edition`) or by game (:func:`for_game`) and never imports an
edition itself; importing :mod:`engine` registers both.

The 3rd and 4th edition name one unit differently: the 4th edition's infantry
are the 3rd edition's ground forces (both: the unit that lands on and captures
planets). Every other unit both editions have bears the same name. A board
written once (a side-by-side file's systems) may name a unit in either
edition's words; :func:`board_for` rewrites each name for the edition played.
A unit only one edition has (a mech, a flagship) is left as written, so loading
the scenario refuses it with its path, as any unknown unit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core._scenario_checks import Scenario, ScenarioError, child_path
from engine.core.actions import Action
from engine.core.events import Event
from engine.core.state import Game
from engine.core.units import spellings

DEFAULT_EDITION = 4
"""The edition a scenario without ``edition`` is played under."""

Step = tuple[str, tuple[str, ...]]
"""A step's title and the rules it cites."""


@dataclass(frozen=True)
class Edition:
    """What the core needs of an edition: its number, scenarios, flow and view.

    ``build`` checks a scenario dict (``edition`` included) and builds its
    starting game; ``steps`` maps every step name the VIEW may report for
    this edition to its title and rules (``finished`` once, by the default
    edition); ``current_step``, ``choices``, ``apply`` and ``advance`` are the
    edition's dispatcher (:mod:`engine.core.flow` calls them); ``view`` draws
    a game; ``record`` is the class of the action in progress it keeps in
    ``Game.action`` (the codec rebuilds it); ``scenario_keys`` are the scenario keys
    only this edition reads; ``counterparts`` maps another edition's unit name to
    this edition's.
    """

    number: int
    build: Callable[[dict[str, Any]], Scenario]
    steps: Mapping[str, Step]
    current_step: Callable[[Game], str]
    choices: Callable[[Game], list[dict[str, Any]]]
    apply: Callable[[Game, dict[str, Any]], tuple[Game, tuple[Event, ...]]]
    advance: Callable[[Game], tuple[Game, tuple[Event, ...]]]
    view: Callable[[Game], dict[str, Any]]
    record: type[Action] = Action
    scenario_keys: frozenset[str] = frozenset()
    counterparts: Mapping[str, str] = field(default_factory=dict)


_REGISTRY: dict[int, Edition] = {}


def register(entry: Edition) -> Edition:
    """Make ``entry`` playable; registering the same number again replaces it."""
    _REGISTRY[entry.number] = entry
    return entry


def registered() -> tuple[Edition, ...]:
    """Every registered edition: the default first, then the others by number.

    The order does not depend on which edition was imported first.
    """
    return tuple(sorted(_REGISTRY.values(), key=lambda e: (e.number != DEFAULT_EDITION, e.number)))


def find(number: object) -> Edition | None:
    """The edition numbered ``number`` (compared as ``==`` compares), or ``None``."""
    return next((e for e in _REGISTRY.values() if e.number == number), None)


def edition(number: int) -> Edition:
    """The edition numbered ``number``.

    Raises:
        KeyError: no edition of that number is registered.
    """
    return _REGISTRY[number]


def for_game(game: Game) -> Edition:
    """The edition whose rules play ``game``."""
    return _REGISTRY[game.edition]


def known_numbers() -> str:
    """The registered edition numbers as a message names them: ``3 or 4``."""
    return " or ".join(str(n) for n in sorted(_REGISTRY))


def unit_for(name: str, edition: int) -> str:
    """The name of unit ``name`` (either edition's, any spelling) under ``edition``."""
    counterparts = _REGISTRY[edition].counterparts
    for candidate in spellings(name):
        if candidate in counterparts:
            return counterparts[candidate]
    return name


def board_for(scenario: dict[str, Any], edition: int) -> dict[str, Any]:
    """``scenario`` with every unit in its systems named for ``edition``.

    Anything not shaped like a board is passed on as it is: loading the
    scenario names the problem by its path.

    Raises:
        ScenarioError: two names in one place stand for the same unit
            (``infantry`` and ``ground_force`` side by side).
    """
    systems = scenario.get("systems")
    if not isinstance(systems, list):
        return dict(scenario)
    renamed = []
    for index, system in enumerate(systems):
        where = child_path("systems", index)
        if isinstance(system, dict):
            system = dict(system)
            if "space" in system:
                system["space"] = _owners(system["space"], child_path(where, "space"), edition)
            if isinstance(system.get("ground"), dict):
                on = child_path(where, "ground")
                system["ground"] = {
                    planet: _owners(owners, child_path(on, planet), edition)
                    for planet, owners in system["ground"].items()
                }
        renamed.append(system)
    return {**scenario, "systems": renamed}


def _owners(owners: Any, path: str, edition: int) -> Any:
    if not isinstance(owners, dict):
        return owners
    return {
        owner: _counts(counts, child_path(path, owner), edition) for owner, counts in owners.items()
    }


def _counts(counts: Any, path: str, edition: int) -> Any:
    if not isinstance(counts, dict):
        return counts
    renamed: dict[str, Any] = {}
    written: dict[str, str] = {}
    for name, count in counts.items():
        new = unit_for(name, edition) if isinstance(name, str) else name
        if new in renamed:
            raise ScenarioError(
                f"{written[new]!r} and {name!r} name the same unit under edition {edition}",
                child_path(path, name),
            )
        renamed[new], written[new] = count, name
    return renamed
