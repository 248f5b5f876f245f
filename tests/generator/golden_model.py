"""Golden files for the loaders: a source's expected model, serialised to JSON.

The committed files under ``golden/`` are the expectations. ``UPDATE_GOLDEN=1``
rewrites them from the current output instead of comparing (review the diff!).
"""

from __future__ import annotations

import dataclasses
import json
import os
from enum import Enum
from pathlib import Path
from typing import Any

from rulesite.core.model import Origin

GOLDEN_DIR = Path(__file__).parent / "golden"
ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"


def to_json(model: Any) -> str:
    """The model as stable, readable JSON (dataclasses as objects, enums as values, an
    origin by its name)."""

    def plain(value: Any) -> Any:
        if isinstance(value, Origin):
            return value.name
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, tuple | list):
            return [plain(v) for v in value]
        return value

    return json.dumps(plain(model), indent=2, ensure_ascii=False) + "\n"


def assert_matches_golden(model: Any, golden_name: str) -> None:
    """Compare ``model`` with ``golden/<golden_name>`` (or rewrite it under UPDATE_GOLDEN=1)."""
    path = GOLDEN_DIR / golden_name
    actual = to_json(model)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(actual, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, (
        f"{golden_name} differs; rerun with UPDATE_GOLDEN=1 and review the diff"
    )
