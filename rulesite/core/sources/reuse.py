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
import hashlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

from rulesite.core.errors import SourceError
from rulesite.core.step_reuse import also_forget

__all__ = ["MAX_KEPT", "reused_load"]

T = TypeVar("T")
# Bounded: sources a content folder may hold are bounded too; beyond this the oldest go.
MAX_KEPT = 50_000

_KEPT: OrderedDict[Hashable, Any] = OrderedDict()
_NONE = object()
also_forget(_KEPT.clear)


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


def _content_key(loader: Hashable, path: Path, name: str) -> Hashable | None:
    """What names the file by its bytes (``None`` if it cannot be read: the loader says why)."""
    try:
        digest = hashlib.sha256(Path(path).read_bytes()).digest()
    except OSError:
        return None
    return (loader, str(path), name, digest)


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
    result: Any = _KEPT.get(key, _NONE)
    if result is _NONE:
        # A file saved unchanged (new times, the same bytes) gives what it gave: the same
        # objects, which every later step recognises (:mod:`rulesite.core.step_reuse`).
        content = _content_key(loader, path, name)
        result = _KEPT.get(content, _NONE) if content is not None else _NONE
        if result is _NONE:
            try:
                result = load(path, name)
            except SourceError as error:
                result = error
        for found in (key, content):
            if found is not None:
                _KEPT[found] = result
    _KEPT.move_to_end(key)
    while len(_KEPT) > MAX_KEPT:
        _KEPT.popitem(last=False)
    if isinstance(result, SourceError):
        raise SourceError(list(result.diagnostics))
    return result  # type: ignore[no-any-return]
