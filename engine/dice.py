"""Old path of :mod:`engine.core.dice`, kept only for ``engine/play.py`` (see ``engine.flow``)."""

from __future__ import annotations

from engine.core.dice import DiceExhausted

__all__ = ["DiceExhausted"]
