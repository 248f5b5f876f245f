"""Python's cyclic garbage collector paused while a stage builds a large, long-lived model.

Every few hundred allocations the collector looks at the young objects, and
every so often at all of them: a build that allocates a model of 100,000 rules
(5,000 topics), all of it kept, made the collector scan that growing model
again and again, for nothing, as it holds no garbage cycles: at 5,000 topics the
generator spent 39% of its CPU time there (32.7 s with the collector, 20.0 s
without), which made its time grow faster than the corpus.

When the stage ends, what it built is frozen (``gc.freeze``) before the collector
resumes: otherwise its first collection scans the whole model, a million objects
young since the pause (0.6 s at 5,000 topics), and later ones again as it ages, all
for nothing. Frozen objects are still freed by reference counting, as the model is
(it holds no cycles); :func:`thaw` hands them back to the collector when a new
build starts (``mkdocs serve`` builds again and again in one process).

Frozen too is the stage's cyclic garbage (the engine's recursive helpers leave some
when walkthroughs are played): never collected, it made each ``generate()`` in one
process keep about 0.75 MB for good. So a stage that finds an earlier stage's objects
frozen hands them back and collects once before it pauses: what stays frozen is
bounded by one stage's garbage, not the sum of every stage's.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection inside; reference counting frees memory as always.

    What exists when the stage ends is frozen, out of the collector's sight.
    """
    if gc.get_freeze_count():
        thaw()
        gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.freeze()
            gc.enable()


def thaw() -> None:
    """What earlier stages froze goes back to the collector, which frees any cycles in it."""
    gc.unfreeze()
