"""The combat odds calculator's page in the MkDocs build (the Zensical build's:
tests/generator/test_zensical.py): linked from the home page and the navigation, its
scripts and the catalogue shipped and kept offline like every other page and asset."""

from __future__ import annotations

import json
import re

from engine.api import odds_options
from rulesite.publish.offline import OFFLINE_LIST
from tests.generator.site_once import BuiltSite

ODDS_ASSETS = (
    "assets/odds/asker.js",
    "assets/odds/aside.js",
    "assets/odds/calculator.js",
    "assets/odds/catalogue.js",
    "assets/odds/form.js",
    "assets/odds/plot.js",
    "assets/odds/share_link.js",
    "assets/odds/state.js",
    "assets/odds/units.js",
    "assets/odds/odds.css",
    "assets/odds/catalogue.json",
)
_ENTRY = re.compile(r'\{"revision":"[0-9a-f]{32}","url":"([^"]+)"\}')


def test_the_calculator_page_is_built_linked_from_home_and_in_the_navigation(
    built_site: BuiltSite,
) -> None:
    site = built_site.out
    page = (site / "odds" / "index.html").read_text("utf-8")
    assert '<div class="odds-calc">' in page
    assert "<h1" in page and "Combat odds calculator" in page
    home = (site / "index.html").read_text("utf-8")
    assert '<a href="odds/">the combat odds calculator</a>' in home
    # Material's navigation: the page is an entry of the primary navigation on every page.
    assert re.search(
        r'<a href="odds/" class="md-nav__link">\s*<span class="md-ellipsis">\s*'
        r"Odds calculator",
        home,
    )


def test_the_calculator_ships_its_scripts_and_the_engines_catalogue(built_site: BuiltSite) -> None:
    site = built_site.out
    for asset in ODDS_ASSETS:
        assert (site / asset).is_file(), asset
    catalogue = json.loads((site / "assets/odds/catalogue.json").read_text("utf-8"))
    assert catalogue == odds_options()


def test_the_calculator_is_kept_offline_like_every_page_and_asset(built_site: BuiltSite) -> None:
    """Its scripts, stylesheet and catalogue are in the shell the service worker precaches;
    the page is listed for "Keep the whole reference offline", as every page but home."""
    site = built_site.out
    precached = set(_ENTRY.findall((site / "sw.js").read_text("utf-8")))
    assert set(ODDS_ASSETS) <= precached
    assert "assets/walkthrough/loader.js" in precached
    listed = json.loads((site / OFFLINE_LIST).read_text("utf-8"))["files"]
    assert "odds/" in listed


def test_the_calculator_page_says_what_it_does_not_model(built_site: BuiltSite) -> None:
    """The page's list of what is left out names no card the calculator offers (a card
    that becomes an option leaves the list) and names the one it points to (Nebula)."""
    page = (built_site.out / "odds" / "index.html").read_text("utf-8")
    assert "What the calculator does not model yet" in page
    left_out = page.split("What the calculator does not model yet", 1)[1]
    offered = {o["name"] for o in odds_options()["options"]}
    for card in ("Dame Briar", "Proxima Targeting VI", "The Icon"):
        assert card in left_out and card not in offered, card
    assert "Nebula" in offered and "Nebula" in left_out
