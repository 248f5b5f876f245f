"""The site generator's version, as the footer of every page gives it."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

__all__ = ["site_version"]

_PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def site_version() -> str:
    """The project's version: its ``pyproject.toml``'s when run from a checkout, else the
    installed distribution's; empty when neither says."""
    try:
        version = tomllib.loads(_PYPROJECT.read_text("utf-8"))["project"]["version"]
        return str(version)
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        pass
    try:
        return importlib.metadata.version("ti-rules-reference")
    except importlib.metadata.PackageNotFoundError:
        return ""
