"""What one generation of the site computed, kept for the next, so an edit redoes only what
it touches: ``rulesite serve`` generates again on every saved edit.

Each step kept here is a pure function of its inputs (a source's text, a topic, the site's
link targets), and is looked up by those inputs: an edit changes the inputs of the steps
it touches (the edited file's parse, its topic's merge, link and render, and those of the
pages that link to it) and no other. So a generation with reuse gives exactly what a
generation without gives, and a step whose inputs are back to an earlier value is simply
done again. Only the last generation's results are kept: as many as the site has steps.

Inputs are looked up by value (a source's text), or, for the large values one step hands
the next (a topic: hashing one means walking all its rules), by identity: the object the
last generation's step returned is the one the next step was given, and it is kept alive
with the result, so its identity cannot pass to another object meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

__all__ = ["Reuse", "reusing"]

T = TypeVar("T")
_Key = tuple[str, Hashable, tuple[int, ...]]


class Reuse:
    """Results of the last generation's steps, by step and inputs."""

    def __init__(self) -> None:
        self._last: dict[_Key, tuple[tuple[object, ...], Any]] = {}
        self._now: dict[_Key, tuple[tuple[object, ...], Any]] = {}
        self._values: dict[str, tuple[object, int]] = {}
        self._values_now: dict[str, tuple[object, int]] = {}
        self._counter = 0
        self.done = 0  # steps computed in the current generation
        self.reused = 0  # steps taken from the last one

    def start(self) -> None:
        """A new generation begins (a failed one's partial results are dropped)."""
        self._now, self._values_now = {}, {}
        self.done = self.reused = 0

    def finish(self) -> None:
        """The generation succeeded: its results are the ones kept for the next."""
        self._last, self._now = self._now, {}
        self._values, self._values_now = self._values_now, {}

    def get(
        self, step: str, inputs: Hashable, compute: Callable[[], T], same: tuple[object, ...] = ()
    ) -> T:
        """``compute()``: ``step``'s result for ``inputs`` (by value) and ``same`` (by
        identity), or the one kept for them."""
        key = (step, inputs, tuple(map(id, same)))
        for kept in (self._now, self._last):
            found = kept.get(key)
            if found is not None and all(a is b for a, b in zip(found[0], same, strict=True)):
                value: T = found[1]
                if kept is self._last:
                    self.reused += 1
                break
        else:
            value = compute()
            self.done += 1
        self._now[key] = (same, value)
        return value

    def same(self, step: str, value: T) -> T:
        """``value``, or the equal value ``step`` gave last generation: a value made afresh
        each generation (the topic index with its facts filled in) as one identity."""
        last = self._values.get(step)
        if last is not None and last[0] == value:
            self._values_now[step] = last
            kept: T = last[0]  # type: ignore[assignment]  # equal to value, of its type
            return kept
        self._counter += 1
        self._values_now[step] = (value, self._counter)
        return value

    def version(self, step: str, value: object) -> int:
        """A number standing for ``value`` in other steps' inputs: the last generation's while
        ``value`` equals the last one, a new one when it changed. For a value compared once
        a generation rather than hashed in every key (a dict of every link target)."""
        self.same(step, value)
        return self._values_now[step][1]


def reusing(reuse: Reuse | None, step: str, function: Callable[..., T], *args: Hashable) -> T:
    """``function(*args)``, a pure step of a generation: looked up by its arguments' values
    in ``reuse`` where there is one (while serving), simply done where there is none."""
    if reuse is None:
        return function(*args)
    return reuse.get(step, (function, args), lambda: function(*args))


def reusing_same(reuse: Reuse | None, step: str, function: Callable[..., T], *args: object) -> T:
    """``function(*args)`` as :func:`reusing`, its arguments looked up by identity: for
    values the last generation's steps made (a merged topic) or :meth:`Reuse.same` gave."""
    if reuse is None:
        return function(*args)
    return reuse.get(step, function, lambda: function(*args), same=args)
