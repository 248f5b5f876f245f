"""Set-up shared by more than one test folder, done once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.core.corpus import Corpus, load_content

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def real_corpus() -> Corpus:
    """The project's own ``content/``, loaded once per session (a corpus is immutable)."""
    return load_content(ROOT / "content")
