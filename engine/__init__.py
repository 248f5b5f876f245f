"""A Twilight Imperium 4th-edition rules engine: the tactical action and the action phase.

Pure Python, standard library only, so the same code runs under CPython and
inside Pyodide in the browser. State is immutable: every operation takes a
game and a choice and returns a new game plus the events that happened, or
refuses the choice with the rule that forbids it. Every event, choice and
refusal cites its rules by their anchor ids on the site ("89.2.3",
"89-note-1", "movement-step-1-move-ships-2", or Living Rules Reference
numbers such as "78.7.3").

Layout, from data to rules to surfaces:

* ``units`` – the one table of unit attributes; ``events`` – Event, Refusal,
  IllegalChoice and ``refuse``.
* ``state`` – the frozen game: systems, planets, units, players, the tactical
  action in progress; ``galaxy`` – adjacency (hex neighbours plus links);
  ``codec`` – the game to JSON and back.
* ``dice``, ``combat``, ``odds`` – seeded dice, rolls and hit assignment with
  the shared casualty policy, exact combat odds (``odds_parts``: hit
  distributions and casualty chains; ``odds_rounds``: the rounds, swept over
  a dense grid).
* The steps of a tactical action (LRR 89): ``activation``, ``movement``
  (with transport), ``space_cannon`` (offense), ``space_combat``,
  ``invasion`` (bombardment, commit, space cannon defense, ground combat,
  control), ``production``; ``combat_round`` – the roll-then-assign round
  both combats share; ``hits`` – hits waiting for their owner to assign
  them; ``excess`` – capacity and fleet pool, and the owner's choice of what
  to remove when over; ``effects`` – timing windows (end of action before
  end of turn).
* ``action_phase`` – turns, strategic/tactical/component actions, passing
  (LRR 3); ``flow`` – the dispatcher: legal choices now, apply one, advance.
* ``scenario`` – a scenario's checks (the data as dicts: YAML is read only by
  the command line, with the site's strict reader); ``view`` – what a page
  draws; ``api`` – the JSON-in/JSON-out surface the browser calls; ``play``
  and ``__main__`` – the command line (``python -m engine play FILE`` and
  ``python -m engine odds ...``); ``command_line`` – what every command line
  (``build_site.py`` too) does with an unexpected exception or a closed stdout.
"""
