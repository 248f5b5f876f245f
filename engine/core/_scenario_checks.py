"""What a loaded scenario is, how a problem in one is reported, and the small value checks.

Every check names the path of the value at fault (``systems[2].space.red``):
:func:`child_path` builds it, :class:`ScenarioError` carries it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.state import Game


class ScenarioError(ValueError):
    """A problem in a scenario, at ``path`` (and ``file:line`` when read from a file)."""

    def __init__(self, message: str, path: str, location: str | None = None) -> None:
        self.message = message
        self.path = path
        self.location = location
        where = f"{location}: " if location else ""
        at = f"{path}: " if path else ""
        super().__init__(f"{where}{at}{message}")


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario: the starting game and the scripted choices (with their paths)."""

    game: Game
    script: tuple[dict[str, Any], ...]


def child_path(path: str, key: str | int) -> str:
    """The path of a mapping key or sequence index below ``path`` (``systems[2].space``)."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


# --- small checks -----------------------------------------------------------------------


def _mapping(data: Any, path: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ScenarioError(f"expected a mapping, got {_kind(data)}", path)
    return data


def _list(data: Any, path: str) -> list[Any]:
    if not isinstance(data, list):
        raise ScenarioError(f"expected a list, got {_kind(data)}", path)
    return data


def _only(entry: Mapping[str, Any], path: str, allowed: set[str] | frozenset[str]) -> None:
    for key in entry:
        if key not in allowed:
            raise ScenarioError(
                f"unknown key {key!r} (allowed: {', '.join(sorted(allowed))})",
                child_path(path, key),
            )


def _text(data: Any, path: str) -> str:
    if not isinstance(data, str) or not data.strip():
        raise ScenarioError(f"expected text, got {_kind(data)}", path)
    return data


def _texts(entry: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
    where = child_path(path, key)
    return tuple(
        _text(t, child_path(where, i)) for i, t in enumerate(_list(entry.get(key, []), where))
    )


def _ident(data: Any, path: str) -> str:
    text = _text(data, path)
    if not all(ch.isalnum() or ch in "_-" for ch in text):
        raise ScenarioError(f"an id may hold letters, digits, '-' and '_' only: {text!r}", path)
    return text


def _integer(data: Any, path: str) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise ScenarioError(f"expected a whole number, got {_kind(data)}", path)
    return data


def _count(data: Any, path: str) -> int:
    value = _integer(data, path)
    if value < 0:
        raise ScenarioError(f"must not be negative, got {value}", path)
    return value


def _flag(data: Any, path: str) -> bool:
    if not isinstance(data, bool):
        raise ScenarioError(f"expected true or false, got {_kind(data)}", path)
    return data


def _once(seen: dict[Any, str], item: Any, where: str, what: str) -> None:
    """Refuse ``item`` met again at ``where``: a list of distinct things names each once."""
    if item in seen:
        raise ScenarioError(f"{what} {item!r} is listed twice (first at {seen[item]})", where)
    seen[item] = where


def _player_ref(data: Any, path: str, player_ids: set[str]) -> str:
    if not isinstance(data, str) or data not in player_ids:
        raise ScenarioError(
            f"unknown player {data!r} (players: {', '.join(sorted(player_ids))})", path
        )
    return str(data)


def _kind(data: Any) -> str:
    if data is None:
        return "nothing"
    if isinstance(data, bool):
        return f"{str(data).lower()}"
    if isinstance(data, (dict, list)):
        return "a mapping" if isinstance(data, dict) else "a list"
    return repr(data)


def kinds_of(
    data: Any, path: str, known: tuple[str, ...], rule: str, what: str, plural: str
) -> tuple[str, ...]:
    """``anomaly: nebula`` or a list of kinds: a system may be two anomalies at once (9.5),
    or hold two wormholes (``wormhole``)."""
    items = [data] if isinstance(data, str) else _list(data, path)
    kinds: list[str] = []
    for index, item in enumerate(items):
        where = path if isinstance(data, str) else child_path(path, index)
        if item not in known:
            raise ScenarioError(
                f"unknown {what} {item!r} ({plural}: {', '.join(known)}) ({rule})", where
            )
        if item in kinds:
            raise ScenarioError(f"{what} {item!r} is listed twice", where)
        kinds.append(str(item))
    return tuple(kinds)
