"""Asking engine.api.odds in a test: an answer that must be ok, and chances to 1e-12."""

from __future__ import annotations

from typing import Any

import pytest

from engine.api import odds


def ok_odds(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """engine.api.odds's answer, which must be ``ok``."""
    answer = odds(*args, **kwargs)
    assert answer["ok"] is True, answer
    return answer


def close_to(answer: dict[str, Any], **expected: float) -> None:
    """Each chance named in ``expected`` is the answer's, to 1e-12."""
    for key, value in expected.items():
        assert answer[key] == pytest.approx(value, abs=1e-12), key
