"""The collector pause around the generator's large stages (issue 10.4: time per topic flat)."""

from __future__ import annotations

import gc

import pytest

from rulesite.gc_pause import gc_paused


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
