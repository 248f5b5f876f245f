"""What reading one source file gave last time, reused while the file is unchanged.

Under ``serve`` every saved edit generates the site again, and an edit changes one file:
parsing the other 1,999 files of a 1,000-topic corpus again was over half of the
generator's time (cProfile: 26 of 49 s in ``load_content``). A file is read again when
anything of its status changed (modification or status-change time, size, inode: an editor
that writes a new file, or keeps the old time, still changes one of them), and a loader is
reused only by a key that names it wholly (a function, or a partial of hashable
arguments); any other is simply run. What a loader gives is immutable (frozen topics,
their tuples), so sharing it between generations is safe.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

from rulesite.core.errors import SourceError

__all__ = ["MAX_KEPT", "reused_load"]

T = TypeVar("T")
# Bounded: sources a content folder may hold are bounded too; beyond this the oldest go.
MAX_KEPT = 50_000

_KEPT: OrderedDict[Hashable, Any] = OrderedDict()


def _loader_key(load: Callable[..., Any]) -> Hashable | None:
    """What names ``load`` wholly, or None (a lambda, a closure, unhashable arguments)."""
    if isinstance(load, functools.partial):
        inner = _loader_key(load.func)
        if inner is None:
            return None
        key: Hashable = (inner, load.args, tuple(sorted(load.keywords.items())))
    elif "<" not in getattr(load, "__qualname__", "<"):
        key = (getattr(load, "__module__", None), load.__qualname__)
    else:
        return None
    try:
        hash(key)
    except TypeError:
        return None
    return key


def reused_load(load: Callable[[Path, str], T], path: Path, name: str) -> T:
    """``load(path, name)``, or what it gave for the same unchanged file before.

    Raises:
        SourceError: as ``load`` does (its diagnostics are kept too, for an unchanged file).
    """
    loader = _loader_key(load)
    try:
        info = Path(path).stat()
    except OSError:
        loader = None  # the loader says what is wrong, in its own words
    if loader is None:
        return load(path, name)
    key = (loader, str(path), name, info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino)
    if key in _KEPT:
        _KEPT.move_to_end(key)
        kept = _KEPT[key]
        if isinstance(kept, SourceError):
            raise SourceError(list(kept.diagnostics))
        return kept  # type: ignore[no-any-return]
    try:
        result: Any = load(path, name)
    except SourceError as error:
        result = error
    _KEPT[key] = result
    while len(_KEPT) > MAX_KEPT:
        _KEPT.popitem(last=False)
    if isinstance(result, SourceError):
        raise SourceError(list(result.diagnostics))
    return result  # type: ignore[no-any-return]
