"""Every card and ability the engine knows, one frozen object each (the 4th edition's).

:mod:`~engine.ti4.abilities.model` says what an ability is (:class:`Ability`, the
:class:`Window` it acts in, its :class:`Kind`) and holds the registry
(:data:`ABILITIES`); one module per kind registers its objects, each once, as a constant
(``cards.MORALE_BOOST``), and ``derived`` imports every module of the package, so a new
kind is a new module and nothing else (what a strategy card does is its object in
:mod:`engine.ti4.strategy`).
The odds and the board refer to an ability by its constant, never by its id; every list
of abilities they need is derived (``derived``).

Adding an ability: one ``register(Ability(...))`` in its kind's module, its tests, its
row in engine/RULES.md; what it does is code in the odds or the board that reads the
constant (or data on the object: ``fold``, ``dice``, ``lifts``, ``plus``).
"""

from __future__ import annotations

# ``derived`` imports every module of this package (each kind's registers its objects).
from engine.ti4.abilities import derived, model
from engine.ti4.abilities.model import (
    ABILITIES,
    ROUND_WINDOWS,
    Ability,
    Combat,
    Fold,
    Hook,
    Kind,
    Moment,
    Odds,
    Rounds,
    Side,
    Window,
)

__all__ = [
    "ABILITIES",
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
    "Window",
    "derived",
    "model",
]
