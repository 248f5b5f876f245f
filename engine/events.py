"""Old path of :mod:`engine.core.events`, kept only for ``engine/play.py`` (see ``engine.flow``)."""

from __future__ import annotations

from engine.core.events import IllegalChoice

__all__ = ["IllegalChoice"]
