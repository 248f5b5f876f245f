"""Each engine's search, in Chromium, finds what players type and ranks like a reader thinks.

The ranking comes from the search index the build writes
(``rulesite/core/search_index.py``): topic pages boosted above their rules, rules
tagged with the topic, ability and unit names they use; and from the site's search
worker around the engine's (``rulesite/adapters/search_worker/``): queries folded (dashes,
apostrophes), a near spelling counted beside a right one, a name typed whole first and
card notes after rules and topics. The last tests search ``tests/fixtures/reader_queries``,
a content folder of the transcription's form with faction and card pages.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from rulesite.adapters.registry import site_engine
from tests.browser.conftest import ENGINES, each_engine
from tests.browser.search_box import BOXES, search

pytestmark = pytest.mark.browser


def _results(
    page: Page,
    site_url: str,
    query: str,
    engine: str = "mkdocs",
    until: Callable[[list[str]], bool] = lambda _: True,
) -> list[str]:
    """The result links for ``query``, best first, without the highlight parameter; read
    again (both engines answer each key typed) until ``until`` holds or 10 s have passed."""
    page.goto(site_url)
    items = search(page, engine, query)
    deadline = time.monotonic() + 10
    while True:
        hrefs = [href or "" for href in items.evaluate_all("links => links.map(a => a.href)")]
        found = [re.sub(r"([?&])h=[^&#]*&?", r"\1", href).replace("?#", "#") for href in hrefs]
        if until(found) or time.monotonic() > deadline:
            return found
        page.wait_for_timeout(100)


@each_engine
def test_a_bare_topic_number_gives_its_topic_first(page: Page, site_url: str, engine: str) -> None:
    """Typing ``89`` lists topic 89 itself before its rules 89.5, 89.4, …"""
    results = _results(page, site_url, "89", engine)
    assert re.fullmatch(rf"{site_url}rules/tactical-action/\??", results[0]), results[:5]
    # Its rules follow: Material's entries are page/?rule=89.5, Zensical's page/#89.5 (which
    # draws the first results only, 89.1 onwards, until the reader scrolls).
    assert any(re.search(r"(rule=|#)89\.\d", href) for href in results[1:]), results


def test_an_ability_name_gives_the_rules_that_name_it_before_passing_mentions(
    page: Page, site_url: str
) -> None:
    """``space cannon`` gives 89.2.3 (which names Space Cannon abilities) before Movement."""
    results = _results(page, site_url, "space cannon")
    rule = next(i for i, href in enumerate(results) if "rule=89.2.3" in href)
    movement = [i for i, href in enumerate(results) if "rules/movement/" in href]
    assert movement, results
    assert rule < min(movement), results[:6]


def test_a_unit_name_finds_4th_edition_rules_as_well_as_3rd(page: Page, site_url: str) -> None:
    """``dreadnought`` finds the 4th-edition rules of its abilities (Bombardment), not only 3rd."""
    results = _results(page, site_url, "dreadnought")
    assert any("rule=89.4" in href for href in results), results
    assert any("/ti3/" in href for href in results), results


def test_89_2_c_the_printed_letter_form_is_answered_by_the_number_fast_path(
    page: Page, site_url: str
) -> None:
    """``89.2c`` (as the printed LRR writes 89.2.3) is answered at once, linking 89.2.3's page."""
    page.goto(site_url)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially("89.2c")
    answer = page.locator(".rule-number-answers .md-search-result__link")
    expect(answer).to_have_count(1)
    expect(answer.locator("strong")).to_have_text("89.2.3")
    assert "rules/tactical-action/?rule=89.2c" in (answer.get_attribute("href") or "")


def test_89_2_c_the_letter_form_anchor_lands_on_rule_89_2_3(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}rules/tactical-action/#89.2c")
    alias = page.locator('[id="89.2c"]')
    expect(alias).to_be_in_viewport()
    expect(alias).to_have_text("(89.2c)")
    rule = page.locator('li[id="89.2.3"]')
    expect(rule).to_contain_text("89.2.3")
    assert rule.locator('[id="89.2c"]').count() == 1


def test_78_7_b_a_number_of_a_topic_the_build_lacks_names_it_and_leads_to_coverage(
    page: Page, site_url: str
) -> None:
    """The seeds lack topic 78: ``78.7b`` names it, "not in this reference yet", and links
    its row on the coverage page, instead of finding only the About page."""
    page.goto(site_url)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially("78.7b")
    answer = page.locator(".rule-number-answers .md-search-result__link")
    expect(answer).to_have_count(1)
    expect(answer.locator("strong")).to_have_text("78")
    expect(answer).to_contain_text("Space Combat: not in this reference yet")
    assert (answer.get_attribute("href") or "").endswith("coverage/#topic-78")
    answer.click()
    expect(page.locator('[id="topic-78"]')).to_contain_text("not in this reference yet")


@each_engine
@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("space combat", 78),
        # Each outranked by a page of the build under Zensical, before its entries were ordered
        # and titled for it: a 3rd-edition section "Combat sequence", the 3rd edition's
        # "Invasion Combat" and "Strategic Action" pages, the wiki's "Transport" section.
        ("combat", 18),
        ("invasion", 49),
        ("strategic action", 82),
        ("transport", 95),
    ],
)
def test_a_lacking_topics_name_gives_it_first_not_in_this_reference_yet(
    page: Page, site_url: str, engine: str, query: str, number: int
) -> None:
    """The seeds lack these topics: their name answers with the topic first, "not in this
    reference yet", leading to its row on the coverage page."""
    page.goto(site_url)
    first = search(page, engine, query).first
    # Retried: both engines answer each key typed, and the last answer is the one that counts.
    href = re.compile(rf"coverage/(\?h=[^#]*)?(\?rule=|#)topic-{number}\b")
    expect(first).to_have_attribute("href", href)
    expect(first).to_contain_text("not in this reference yet")
    first.click()
    row = page.locator(f'[id="topic-{number}"]')
    expect(row).to_be_in_viewport()
    expect(row).to_contain_text("not in this reference yet")


on_each_query_site = pytest.mark.parametrize("reader_queries_url", ENGINES, indirect=True)


def _page_of(href: str) -> str:
    """A result's page, without the highlight parameter or the anchor."""
    return re.sub(r"[?#].*$", "", href)


@on_each_query_site
@pytest.mark.parametrize(
    ("query", "page_path"),
    [
        # The sources write these with an en dash, a reader with a hyphen or a space.
        ("Naaz-Rokha", "factions/naaz-rokha/"),
        ("Naaz Rokha", "factions/naaz-rokha/"),
        ("Jol Nar", "factions/jol-nar/"),
        ("Jol-Nar", "factions/jol-nar/"),
        ("Mahact Gene-Sorcerers", "factions/mahact/"),
        # The source's apostrophe is a curly one, a reader's a straight one.
        ("N'orr", "factions/norr/"),
    ],
)
def test_a_name_typed_with_other_dashes_or_apostrophes_finds_its_page_first(
    page: Page, reader_queries_url: str, engine: str, query: str, page_path: str
) -> None:
    wanted = reader_queries_url + page_path
    results = _results(page, reader_queries_url, query, engine, lambda r: _page_of(r[0]) == wanted)
    assert _page_of(results[0]) == wanted, results[:4]


@on_each_query_site
def test_a_cards_name_gives_the_cards_ruling_before_topics_sharing_its_words(
    page: Page, reader_queries_url: str, engine: str
) -> None:
    """ "Fight with Precision": the card's ruling, not Fighter Tokens or Anti–Fighter Barrage
    (which "fight" begins), first."""
    page.goto(reader_queries_url)
    search(page, engine, "Fight with Precision")
    ruling = f"{reader_queries_url}components/action-cards/"
    if site_engine(engine).theme == "material":
        # Material groups a page's sections under it: the first group is the card's page,
        # the card's section its best match.
        group = page.locator(".md-search-result__list:not(.rule-number-answers) > li").first
        expect(group.locator("a").first).to_have_attribute("href", re.compile(re.escape(ruling)))
        expect(group.locator("a").nth(1)).to_have_attribute(
            "href", re.compile(r"#fight-with-precision$")
        )
    else:
        first = page.locator(BOXES[site_engine(engine).theme].results).first
        expect(first).to_have_attribute("href", re.compile(r"action-cards/.*#fight-with-precision"))


@on_each_query_site
def test_a_misspelt_word_beside_a_right_one_ranks_the_near_match_first(
    page: Page, reader_queries_url: str, engine: str
) -> None:
    """ "tacitcal action": "action" alone matches Action Phase too; the near spelling of
    "tactical" puts Tactical Action first."""
    wanted = f"{reader_queries_url}rules/tactical-action/"
    results = _results(
        page, reader_queries_url, "tacitcal action", engine, lambda r: _page_of(r[0]) == wanted
    )
    assert _page_of(results[0]) == wanted, results[:4]


@on_each_query_site
def test_a_word_gives_the_rules_about_it_before_a_card_note_that_uses_it(
    page: Page, reader_queries_url: str, engine: str
) -> None:
    """ "retreat": rules 78.4 and 78.7 before the Skilled Retreat card's note, whose name
    and words say "retreat" more often."""

    def places(results: list[str]) -> tuple[list[int], list[int]]:
        rules = [i for i, h in enumerate(results) if re.search(r"(rule=|#)78\.[47](&|$)", h)]
        return rules, [i for i, href in enumerate(results) if "action-cards/" in href]

    def ranked(results: list[str]) -> bool:
        rules, card = places(results)
        return len(rules) == 2 and bool(card) and max(rules) < min(card)

    results = _results(page, reader_queries_url, "retreat", engine, ranked)
    assert ranked(results), results
