"""What a pure step of the generator gave last time, reused while its inputs are the same.

Under ``serve`` every saved edit generates the site again, and an edit changes one topic:
merging, anchoring, linking, rendering and exporting the other 999 of a 1,000-topic corpus
again was nearly all of a regeneration's time. Each of those steps is a pure function of
immutable values (frozen topics, their tuples), so what it gave for the same inputs is
what it gives again.

The inputs are matched in two ways: the large ones (a topic, its linked form) by identity,
which is free, and holds across generations because each step hands an unchanged topic on
as the same object (an unchanged source is read once, :mod:`rulesite.core.sources.reuse`,
and every step after it reuses its result); the small ones (a file's facts, an index
entry, a page's walkthrough) by equality. An input that is equal but not the same object
(a file saved unchanged) is only computed again. Each memo keeps what the last successful
generation used (:func:`generated`; a failed one's are kept too, for the fix that follows),
and never more than :data:`MAX_KEPT` results.

:func:`forget` empties every memo, as a fresh process has them: a full generation.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

__all__ = ["MAX_KEPT", "Asked", "Reused", "also_forget", "forget", "generated"]

V = TypeVar("V")
K = TypeVar("K")
A = TypeVar("A")
MAX_KEPT = 50_000  # results per step; past it the least recently used go

_EVERY: list[Reused[object]] = []
_ALSO: list[Callable[[], None]] = []  # what other modules keep between generations
# How the inputs besides ``same`` are matched: ("equal", them) or ("read", the answers).
_Match = tuple[str, Any]
_GENERATION = [0]  # the generation under way, counted by :func:`generated`


class Asked(Generic[K, A]):
    """``mapping`` as one step reads it: every key asked, with the answer it got."""

    def __init__(self, mapping: Mapping[K, A]) -> None:
        self.mapping = mapping
        self.answers: dict[K, A | None] = {}

    def get(self, key: K) -> A | None:
        if key not in self.answers:
            self.answers[key] = self.mapping.get(key)
        return self.answers[key]


class Reused(Generic[V]):
    """One step's results by its inputs: ``same``, matched by identity, and the rest by
    equality (:meth:`get`) or by the answers the step's lookups got (:meth:`read`)."""

    def __init__(self, repeated_only: bool = False) -> None:
        # Kept only once this process generates a second time (``serve``): a one-shot build
        # would hold results (a page per rule) it never asks for again.
        self.repeated_only = repeated_only
        # ids of ``same`` → (``same``, how the rest is matched, the result, when last used)
        self._kept: OrderedDict[tuple[int, ...], tuple[tuple[object, ...], _Match, V, int]] = (
            OrderedDict()
        )
        _EVERY.append(self)  # type: ignore[arg-type]

    def get(self, same: tuple[object, ...], equal: object, make: Callable[[], V]) -> V:
        """What ``make()`` gave when last called with these inputs, or ``make()`` now.

        ``make`` must depend on nothing but ``same`` and ``equal``.
        """
        kept = self._find(same)
        if kept is not None and kept[0] == ("equal", equal):
            return kept[1]
        return self._keep(same, ("equal", equal), make())

    def read(
        self,
        same: tuple[object, ...],
        mappings: tuple[Mapping[Any, Any], ...],
        make: Callable[..., V],
    ) -> V:
        """``make(*views)``, each view recording what it is asked of its mapping; what it gave
        last time, while ``same`` is the same objects and every key asked of ``mappings``
        gets the same answer. ``make`` must depend on nothing else."""
        kept = self._find(same)
        if kept is not None and kept[0][0] == "read":
            answers: tuple[tuple[tuple[Any, Any], ...], ...] = kept[0][1]
            if len(answers) == len(mappings) and all(
                mapping.get(key) == answer
                for asked, mapping in zip(answers, mappings, strict=True)
                for key, answer in asked
            ):
                return kept[1]
        views = tuple(Asked(mapping) for mapping in mappings)
        result = make(*views)
        recorded = tuple(tuple(view.answers.items()) for view in views)
        return self._keep(same, ("read", recorded), result)

    def _find(self, same: tuple[object, ...]) -> tuple[_Match, V] | None:
        key = tuple(map(id, same))
        entry = self._kept.get(key)
        if entry is None or not all(a is b for a, b in zip(entry[0], same, strict=True)):
            return None
        self._kept[key] = (*entry[:3], _GENERATION[0])
        self._kept.move_to_end(key)
        return entry[1], entry[2]

    def _keep(self, same: tuple[object, ...], match: _Match, result: V) -> V:
        if self.repeated_only and _GENERATION[0] == 0:
            return result
        # The entry holds its ``same`` objects, so their ids name no other object meanwhile.
        key = tuple(map(id, same))
        self._kept[key] = (same, match, result, _GENERATION[0])
        self._kept.move_to_end(key)
        while len(self._kept) > MAX_KEPT:
            self._kept.popitem(last=False)
        return result

    def clear(self) -> None:
        self._kept.clear()

    def sweep(self, generation: int) -> None:
        """Only the results used since ``generation`` began are kept."""
        for key in [k for k, entry in self._kept.items() if entry[3] < generation]:
            del self._kept[key]

    def __len__(self) -> int:
        return len(self._kept)


def also_forget(clear: Callable[[], None]) -> None:
    """Register what another module keeps between generations, for :func:`forget`."""
    _ALSO.append(clear)


def forget() -> None:
    """Every step's results dropped: the next generation computes all, as a fresh process."""
    for memo in _EVERY:
        memo.clear()
    for clear in _ALSO:
        clear()


def generated() -> None:
    """A generation succeeded: what it did not use goes (an edit's old topic, a deleted
    one), so the memos hold about one generation's results, and the next one begins."""
    for memo in _EVERY:
        memo.sweep(_GENERATION[0])
    _GENERATION[0] += 1
