"""The engine's command lines (``python -m engine``, :mod:`engine.__main__`).

``odds`` – ``python -m engine odds ...``: exact combat odds as a table or
JSON; ``command_line`` – what every command line of the project
(``build_site.py`` too) does with an unexpected exception or a closed
stdout.
"""

from __future__ import annotations

from engine.cli import command_line, odds

__all__ = ["command_line", "odds"]
