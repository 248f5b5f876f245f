"""A Twilight Imperium rules engine: the 4th edition's action phase, the 3rd edition's actions.

Pure Python, standard library only, so the same code runs under CPython and
inside Pyodide in the browser. State is immutable: every operation takes a
game and a choice and returns a new game plus the events that happened, or
refuses the choice with the rule that forbids it. Every event, choice and
refusal cites its rules by their anchor ids on the site ("89.2.3",
"89-note-1", "movement-step-1-move-ships-2", or Living Rules Reference
numbers such as "78.7.3").

Layout: a core, the editions on top of it, and the surfaces on top of those.
Nothing points back up: the core imports no edition and holds none of an
edition's facts, the 3rd edition imports no part of the 4th, the odds read the
4th edition's facts (units, factions, abilities) but none of its rules, and
nothing imports ``rulesite`` (``tests/engine/test_layout.py`` checks it).

* ``core`` – edition-neutral: what a unit is, events and refusals, choices,
  dice, the frozen game state and codec, galaxy adjacency, attacks and the
  casualty policy, the combat record, scenarios' shared board, and the
  editions registry (``core.editions``) through which ``core.flow`` and
  ``core.view`` reach the edition a game is played under.
* ``ti4`` – the 4th edition: its facts (unit table, factions, abilities) and
  rules: the steps of a tactical action (LRR 89), the action phase (LRR 3),
  its flow, scenario and view.
* ``ti3`` – the 3rd edition's tactical and transfer actions, on the core only.
* ``odds`` – exact combat odds (``odds.exact``, ``odds.parts``,
  ``odds.rounds``), on the core and the 4th edition's facts.
* ``api`` – the JSON-in/JSON-out surface the browser calls; ``limits`` –
  the size bounds the API checks arguments against; ``cli`` and
  ``__main__`` – the command line (``python -m engine odds ...``). A scenario
  file is played with ``python -m rulesite play FILE``: YAML is the site's, and
  the engine only ever receives dicts.

Importing ``engine`` (or ``engine.api``) registers both editions.
"""

from __future__ import annotations

from engine import (
    api,
    core,
    odds,
    ti3,
    ti4,
)

__all__ = ["api", "core", "odds", "ti3", "ti4"]
