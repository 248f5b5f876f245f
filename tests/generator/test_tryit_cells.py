"""The seeds' try-it cells, run as the reader's browser runs them (the engine is the same
Python under CPython and Pyodide): an odds cell shows every outcome, so what it prints
adds up to the whole (the invasion's 4.9% where both sides die was left out)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from rulesite.core.walkthroughs import load_walkthroughs

REPO = Path(__file__).resolve().parents[2]
CELLS = {cell.id: cell for cell in load_walkthroughs(REPO / "content").tryits}
_OUTCOME = re.compile(r"^(?!.*keeps)[^:\n]*?:?\s*(\d+\.\d)%$", re.MULTILINE)


def _run(code: str) -> str:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "<try-it>", "exec"), {"__name__": "__tryit__"})
    return printed.getvalue()


@pytest.mark.parametrize("name", sorted(CELLS))
def test_every_odds_cell_shows_every_outcome(name: str) -> None:
    shown = _run(CELLS[name].code)
    outcomes = [float(value) for value in _OUTCOME.findall(shown)]
    assert len(outcomes) == 3, shown  # the attacker's win, the defender's, and both destroyed
    assert sum(outcomes) == pytest.approx(100.0, abs=0.15), shown


def test_the_invasion_cell_names_the_outcome_where_both_sides_die() -> None:
    shown = _run(CELLS["tryit-ground-odds"].code)
    assert re.search(r"both sides are destroyed:\s+4\.9%", shown), shown
