"""``odds_options()`` says whose faction technology an option is, so a page offers it to
that faction only (the calculator, rulesite/assets/odds)."""

from __future__ import annotations

from engine.api import odds_options

FACTION_KINDS = {"faction_technology", "faction_ability", "faction_unit", "flagship", "mech"}


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
