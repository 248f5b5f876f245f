"""``odds_options()`` says whose faction technology an option is, so a page offers it to
that faction only (the calculator, rulesite/assets/odds)."""

from __future__ import annotations

import re

from engine.api import odds, odds_options

FACTION_KINDS = {
    "faction_technology",
    "faction_ability",
    "faction_unit",
    "flagship",
    "mech",
    "leader",
    "breakthrough",
}


def test_every_faction_option_names_its_faction_and_no_other_option_does() -> None:
    catalogue = odds_options()
    factions = {f["id"] for f in catalogue["factions"]}
    owners = {o["id"]: o.get("faction") for o in catalogue["options"]}
    kinds = {o["id"]: o["kind"] for o in catalogue["options"]}
    assert owners["non_euclidean_shielding"] == "letnev"
    assert owners["l4_disruptors"] == "letnev"
    assert owners["valkyrie_particle_weave"] == "sardakk"
    for option, owner in owners.items():
        assert bool(owner) == (kinds[option] in FACTION_KINDS), option
        assert not owner or owner in factions


def test_a_faction_option_left_out_is_noted_by_its_printed_name_only() -> None:
    """A page shows the notes as they come: the option's id never reaches the reader."""
    answer = odds("1 flagship, 2 dreadnought", "3 cruiser", attacker_faction="sardakk")
    notes = answer["attacker"]["notes"]
    assert "Exotrireme II: not applied (choose it among the attacker's options)" in notes
    assert not any("exotrireme_ii_sacrifice" in note for note in notes)


def test_no_option_a_page_offers_describes_itself_by_an_id() -> None:
    for option in odds_options()["options"]:
        if option["kind"] == "casualties":
            continue  # keep:UNIT is spelled out for the API's callers, never offered as is
        assert option["id"] not in option["description"], option["id"]
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", option["description"]), option["id"]


def test_a_flagship_takes_part_in_an_invasion_only_where_it_bombards_or_acts_there() -> None:
    """Arc Secundus and The Terror Between bombard (15.1); Matriarch's and Visz El Vir's
    options act in ground combat; Genesis has no part in one."""
    flagships = {f["id"]: f["flagship"] for f in odds_options()["factions"] if f["flagship"]}
    assert flagships["letnev"] == {"name": "Arc Secundus", "combats": ["space", "ground"]}
    assert flagships["vuil_raith"]["combats"] == ["space", "ground"]
    assert flagships["naalu"]["combats"] == ["space", "ground"]
    assert flagships["naaz_rokha"]["combats"] == ["space", "ground"]
    assert flagships["sol"] == {"name": "Genesis", "combats": ["space"]}
    assert all("space" in flagship["combats"] for flagship in flagships.values())
