"""Turning the frozen game state into JSON and back.

The browser keeps the state between steps as an opaque JSON dict, so every
value in :mod:`engine.core.state` must survive a round trip. Encoding walks the
dataclasses field by field; decoding reads each field's type hint, so adding a
field to the state needs no change here. The action in progress (``Game.action``)
is rebuilt as its edition's record (``Edition.record``).
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any

from engine.core import editions
from engine.core.dice import Dice
from engine.core.events import Event
from engine.core.state import Game


def encode(value: Any) -> Any:
    """A JSON-able copy of a state value (dataclasses become dicts, tuples lists)."""
    if hasattr(value, "to_json"):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    return value


def encode_game(game: Game) -> dict[str, Any]:
    """The whole game as the opaque STATE dict of the API."""
    result: dict[str, Any] = encode(game)
    return result


def decode_game(data: dict[str, Any]) -> Game:
    """Rebuild a game from :func:`encode_game` output.

    Raises:
        ValueError: the dict is not a state this engine wrote.
    """
    try:
        found = editions.find(data.get("edition", editions.DEFAULT_EDITION))
        if found is None:
            raise KeyError(f"edition {data.get('edition')!r}")
        game: Game = _decode(Game, {k: v for k, v in data.items() if k != "action"})
        action = data.get("action")
        if action is not None:
            game = dataclasses.replace(game, action=_decode(found.record, action))
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not an engine state: {error}") from None
    return game


@functools.cache
def _field_types(cls: type) -> dict[str, Any]:
    # Resolving string annotations is by far the slowest part of decoding; a class's never change.
    return typing.get_type_hints(cls)


def _decode(hint: Any, data: Any) -> Any:
    if hint is Dice:
        return Dice.from_json(data)
    if hint is Event:
        rest = {k: v for k, v in data.items() if k not in ("kind", "text", "rules")}
        return Event(data["kind"], data["text"], tuple(data["rules"]), rest)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        (inner,) = [a for a in typing.get_args(hint) if a is not type(None)]
        return _decode(inner, data)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in data)
        return tuple(_decode(a, v) for a, v in zip(args, data, strict=True))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = _field_types(hint)
        kwargs = {
            f.name: _decode(hints[f.name], data[f.name])
            for f in dataclasses.fields(hint)
            if f.name in data
        }
        return hint(**kwargs)
    return data
