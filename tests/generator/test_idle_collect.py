"""Under ``serve``, a build's collections leave out what was there before it; the full
collection runs once the process is idle after the build."""

from __future__ import annotations

import gc
import time
import weakref

from rulesite.adapters.mkdocs.idle_collect import IdleCollector


class _Cycle:
    """Garbage only a full collection frees: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


def _cycle_garbage() -> weakref.ref[_Cycle]:
    return weakref.ref(_Cycle())


def _freed_within(ref: weakref.ref[_Cycle], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while ref() is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    return ref() is None


def test_a_builds_collections_leave_out_the_objects_made_before_it() -> None:
    collector = IdleCollector(idle_s=60)
    garbage = _cycle_garbage()
    try:
        collector.build_started()
        assert gc.get_freeze_count() > 0
        gc.collect()  # as the build's own allocations would start one
        assert garbage() is not None  # frozen: not walked during the build
        made_in_build = _cycle_garbage()
        gc.collect()
        assert made_in_build() is None  # what the build made is collected as usual
    finally:
        collector.stop()
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert garbage() is None


def test_after_a_build_the_earlier_garbage_is_collected_once_idle() -> None:
    collector = IdleCollector(idle_s=0.05)
    try:
        collector.build_started()
        garbage = _cycle_garbage()
        collector.build_ended()
        assert gc.get_freeze_count() == 0
        assert _freed_within(garbage, 10)
    finally:
        collector.stop()


def test_a_build_that_starts_before_the_idle_wait_ends_cancels_the_collection() -> None:
    collector = IdleCollector(idle_s=0.3)
    gc.disable()  # only the collector may collect here
    try:
        collector.build_started()
        collector.build_ended()
        garbage = _cycle_garbage()
        collector.build_started()  # the next edit, before the wait is over
        assert not _freed_within(garbage, 0.6)
        collector.build_ended()
        assert _freed_within(garbage, 10)
    finally:
        collector.stop()
        gc.enable()


def test_a_one_shot_build_leaves_the_collector_alone() -> None:
    collector = IdleCollector(active=False)
    collector.build_started()
    assert gc.get_freeze_count() == 0
    collector.build_ended()
    collector.stop()
