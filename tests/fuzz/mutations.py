"""Hypothesis strategies that damage source texts and API arguments the way hostile or
careless input does: bytes flipped, lines cut, duplicated and swapped, and fragments
known to hurt parsers (aliases, deep brackets, long numbers, BOMs, markup) spliced in."""

from __future__ import annotations

import copy
import os
from typing import Any

from hypothesis import strategies as st

# Short by default; FUZZ_EXAMPLES=2000 for a long run.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))

NASTY = [
    "&a [x, x]",
    "*a",
    "[" * 200,
    "{" * 200,
    "- " * 100,
    "9" * 5000,
    "\ufeff",
    "\x00",
    "\x85",
    "\ud7ff",
    "\\",
    '"',
    "'",
    ": :",
    "? x",
    "!!python/object:os.system",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "{: onclick=alert(1)}",
    "---",
    "## Notes",
    "## Rules Reference",
    "1. ",
    "    1. ",
    "Q: ",
    "A: ",
    "[]",
    ":: X ::",
    "|---|",
    "Category: ",
    "89.2.3",
    "/rules/r_x",
    "\t",
    "\r",
    "\n\n",
    "{{ 7*7 }}",
]


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    """``text`` after one to four damaging edits."""
    for _ in range(draw(st.integers(1, 4))):
        size = len(text)
        at = draw(st.integers(0, size))
        end = draw(st.integers(at, min(size, at + 200)))
        edit = draw(st.sampled_from(["nasty", "random", "delete", "duplicate", "swap_lines"]))
        if edit == "nasty":
            text = text[:at] + draw(st.sampled_from(NASTY)) + text[at:]
        elif edit == "random":
            text = text[:at] + draw(st.text(max_size=40)) + text[end:]
        elif edit == "delete":
            text = text[:at] + text[end:]
        elif edit == "duplicate":
            text = text[:end] + text[at:end] * draw(st.integers(1, 50)) + text[end:]
        else:
            lines = text.split("\n")
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(["red", "blue", "fighter", "cruiser", "roll", "activate", "home"]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=30,
)


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*here, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += _paths(child, (*here, i))
    return found


@st.composite
def mutated_json(draw: st.DrawFn, value: Any) -> Any:
    """``value`` (a real scenario, state or choice) with one to three places replaced by
    arbitrary JSON, or deleted."""
    value = copy.deepcopy(value)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(value)))
        if not path:
            return draw(JSON)
        parent = value
        for step in path[:-1]:
            parent = parent[step]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JSON)
    return value
