"""Old path of :mod:`engine.core.flow`, kept only for ``engine/play.py``.

``play`` is moving to ``rulesite`` with its own imports; delete this module
(and ``engine.dice``, ``engine.events``, ``engine.scenario``) once it has.
``STEPS`` is every registered edition's steps, as :func:`engine.core.flow.steps`.
"""

from __future__ import annotations

from engine.core.flow import advance, apply, choices, current_step, steps

__all__ = ["STEPS", "advance", "apply", "choices", "current_step"]

STEPS = steps()
