"""Exact odds with hostile input: refused early and plainly, never a traceback or a hang.

Speed is measured in bench/odds.py; these tests pin the bounded work instead:
how much memory a refusal allocates, how many units of an endless fleet are
read, and that every malformed ``engine.api.odds`` call answers
``{"ok": false, "error": {...}}`` naming the argument at fault.
"""

from __future__ import annotations

import itertools
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import api
from engine.cli.odds import main
from engine.odds import MAX_UNITS, FleetError, combat_odds, parse_fleet

HUGE_COUNTS = ["1000000000 fighter", "99999999999 fighter", "9" * 900 + " fighter"]


@pytest.mark.parametrize("text", HUGE_COUNTS)
def test_a_huge_count_is_refused_before_anything_its_size_is_built(text: str) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match=f"more than {MAX_UNITS} units"):
            parse_fleet(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # A list of a billion names would be 8 GB; the refusal needs a few small strings.
    assert peak < 200_000


def test_counts_add_up_across_items_and_odd_digits_are_refused() -> None:
    assert len(parse_fleet("0040 fighter")) == 40
    with pytest.raises(ValueError, match=r"item 2 .* more than 40 units"):
        parse_fleet("20 fighter, 21 cruiser")
    with pytest.raises(ValueError, match="not 0-9 digits"):
        parse_fleet("²² fighter")
    # A count too long to read as a number at all is refused by the text's length.
    with pytest.raises(ValueError, match="at most 1000 characters"):
        parse_fleet("9" * 5000 + " fighter")


@pytest.mark.parametrize("text", HUGE_COUNTS)
def test_the_cli_answers_a_huge_count_in_one_line(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--attacker", text, "--defender", "1 cruiser"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "--attacker" in err and f"more than {MAX_UNITS} units" in err


def test_an_endless_fleet_is_read_no_further_than_the_limit() -> None:
    read = 0

    def endless() -> Iterator[str]:
        nonlocal read
        for unit in itertools.repeat("fighter"):
            read += 1
            yield unit

    with pytest.raises(FleetError, match="attacker has more than 40 units") as refused:
        combat_odds(endless(), ["cruiser"])
    assert refused.value.side == "attacker"
    assert read == MAX_UNITS + 1


def test_mixed_fleets_of_forty_units_are_computed() -> None:
    fleet = "2 war sun, 8 dreadnought, 8 cruiser, 6 carrier, 6 destroyer, 10 fighter"
    odds = api.odds(fleet, fleet)
    assert odds["ok"] is True
    total = odds["attacker_wins"] + odds["defender_wins"] + odds["both_destroyed"]
    assert total == pytest.approx(1.0, abs=1e-9)
    assert odds["attacker_wins"] == pytest.approx(odds["defender_wins"], abs=1e-9)


@pytest.mark.parametrize(
    ("args", "field", "message"),
    [
        ((None, "1 cruiser"), "attacker", "attacker must be a fleet written as text"),
        (("1 cruiser", 5), "defender", "not int"),
        (("1 cruiser", ["cruiser"]), "defender", "not list"),
        (({"cruiser": 1}, "1 cruiser"), "attacker", "not dict"),
        (("1 cruiser", "1 cruiser", "yes"), "ground", "true or false"),
        (("1 cruiser", "1 cruiser", False, 5), "casualties", "name of a casualty policy"),
        (("1 cruiser", "1 cruiser", False, "x" * 10_000), "casualties", "casualty policy"),
        (("1 cruiser", "1 cruiser", False, "bravest"), "casualties", "unknown casualty policy"),
        (("1000000000 fighter", "1 cruiser"), "attacker", "more than 40 units"),
        (("1 cruiser", "99999999999 fighter"), "defender", "more than 40 units"),
        (("1 cruiser", "1 titan"), "defender", "unknown unit 'titan'"),
        (("1 infantry", "1 cruiser"), "attacker", "infantry takes no part"),
        (("1 cruiser", "1 mech"), "defender", "mech takes no part"),
        (("1 pds", "1 cruiser"), "attacker", "needs at least one ship"),
    ],
)
def test_malformed_api_calls_name_the_field(
    args: tuple[Any, ...], field: str, message: str
) -> None:
    answer = api.odds(*args)
    assert answer["ok"] is False
    assert answer["error"]["field"] == field
    assert message in answer["error"]["message"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
FLEETS = st.one_of(
    JSON,
    st.lists(
        st.tuples(
            st.integers(-3, 10**12),
            st.sampled_from(["fighter", "cruiser", "mech", "pds", "war sun", "?"]),
        ),
        max_size=3,
    ).map(lambda items: ", ".join(f"{n} {t}" for n, t in items)),
)


@settings(max_examples=150, deadline=None)
@given(attacker=FLEETS, defender=FLEETS, ground=JSON, casualties=JSON)
def test_api_odds_answers_anything_without_raising(
    attacker: Any, defender: Any, ground: Any, casualties: Any
) -> None:
    answer = api.odds(attacker, defender, ground, casualties)
    assert isinstance(answer["ok"], bool)
    if not answer["ok"]:
        assert answer["error"]["field"] in {"attacker", "defender", "ground", "casualties"}
        assert answer["error"]["message"]
