"""The collector pause around the generator's large stages (time per topic flat)."""

from __future__ import annotations

import gc

import pytest

from rulesite.publish.gc_pause import gc_paused, thaw


def test_the_collector_is_off_inside_and_back_as_it_was_after_even_on_an_error() -> None:
    assert gc.isenabled()
    with pytest.raises(ValueError), gc_paused():
        assert not gc.isenabled()
        raise ValueError
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()


def test_what_the_stage_built_is_frozen_after_it_and_thawed_for_the_next_build() -> None:
    thaw()
    try:
        with gc_paused():
            model = [[number] for number in range(1000)]  # tracked by the collector
        assert gc.get_freeze_count() >= len(model)  # no later collection scans it
        assert gc.isenabled()
    finally:
        thaw()
    assert gc.get_freeze_count() == 0
