"""Card rulings, notes' short links and the rules as data in Chromium, on a site built from
the transcription's form (tests/generator/upstream_form.py), at a phone's width and a
desktop's; and, on the seed site, the edition comparison on a phone and the invasion's
try-it cell."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from bench.site_server import build_site_for, serve
from tests.browser.conftest import Recorder
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS
from tests.generator.upstream_form import write_upstream_form

pytestmark = pytest.mark.browser

WIDTHS = pytest.mark.parametrize("width", [390, 1280])
STYMIE_OMEGA = "f-arborec-stymie-omega-promissory-note-1"


@pytest.fixture(scope="module")
def form_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("form")
    content = write_upstream_form(root / "content")
    with serve(root / "site") as url:
        build_site_for(url, root / "site", content=content)
        yield url


def _at(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900 if width > 600 else 844})


@WIDTHS
def test_a_notes_pages_lettered_items_sit_under_their_note(
    page: Page, form_url: str, width: int
) -> None:
    _at(page, width)
    page.goto(form_url + "factions/arborec/")
    note = page.locator('li[id="f-arborec-stymie-promissory-note-2"]')
    lettered = note.locator("ol > li").first
    expect(lettered).to_have_text("The first lettered item.")
    note_box, item_box = note.bounding_box(), lettered.bounding_box()
    assert note_box is not None and item_box is not None
    assert item_box["x"] >= note_box["x"] + 16  # indented under the note, not left of it
    marker = lettered.evaluate("(li) => getComputedStyle(li.parentElement).listStyleType")
    assert marker == "lower-alpha"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


@WIDTHS
def test_a_link_to_a_revised_cards_ruling_opens_that_ruling(
    page: Page, form_url: str, width: int
) -> None:
    _at(page, width)
    page.goto(f"{form_url}factions/arborec/#{STYMIE_OMEGA}")
    target = page.locator(":target")
    expect(target).to_have_attribute("id", STYMIE_OMEGA)
    expect(target).to_contain_text("revised card")
    expect(target).to_be_in_viewport()
    ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map((e) => e.id)")
    assert len(ids) == len(set(ids))


def test_a_notes_copy_button_copies_its_short_link_which_previews_and_lands(
    page: Page, form_url: str, recorder: Recorder
) -> None:
    page.goto(form_url + "factions/arborec/")
    short = f"{form_url}r/{STYMIE_OMEGA}/"
    button = page.locator(f'li[id="{STYMIE_OMEGA}"] .copy-link').first
    expect(button).to_have_attribute("data-clipboard-text", short)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    button.click()
    assert page.evaluate("navigator.clipboard.readText()") == short
    preview = page.request.get(short).text()
    assert "Stymie Ω (Promissory Note), note 1" in preview
    assert 'og:description" content="A ruling on the revised card' in preview
    page.goto(short)
    page.wait_for_url(f"{form_url}factions/arborec/#{STYMIE_OMEGA}")
    expect(page.locator(f'li[id="{STYMIE_OMEGA}"]')).to_be_in_viewport()
    assert recorder.errors == []


def test_78_7_b_is_one_request_for_its_words_and_absolute_address(
    page: Page, form_url: str
) -> None:
    response = page.request.get(f"{form_url}r/78.7b.json")
    assert response.ok
    rule = json.loads(response.text())
    assert rule["number"] == "78.7.2" and rule["letter"] == "78.7b"
    assert rule["url"] == f"{form_url}rules/space-combat/#78.7.2"
    page.goto(rule["url"])
    expect(page.locator('li[id="78.7.2"]')).to_be_in_viewport()
    whole = json.loads(page.request.get(f"{form_url}rules.json").text())
    assert whole["site_url"] == form_url
    attacker = next(t for t in whole["topics"] if t["number"] == 13)
    assert attacker["definition"]["text"] == "Words that say which side this topic names."


@WIDTHS
def test_the_edition_comparison_reads_in_one_column_on_a_phone(
    page: Page, site_url: str, width: int
) -> None:
    _at(page, width)
    page.goto(site_url + "ti3/compare-tactical-action/")
    row = page.locator(".comparison tbody tr").first
    third = row.locator('td[data-label="3rd edition"]').bounding_box()
    fourth = row.locator('td[data-label="4th edition"]').bounding_box()
    table = page.locator(".comparison").bounding_box()
    assert third is not None and fourth is not None and table is not None
    if width < 600:
        assert fourth["y"] >= third["y"] + third["height"] - 1  # one under the other
        assert third["width"] >= 0.9 * table["width"] and fourth["width"] >= 0.9 * table["width"]
        label = row.locator('td[data-label="4th edition"]').evaluate(
            "(td) => getComputedStyle(td, '::before').content"
        )
        assert label == '"4th edition"'
    else:
        assert abs(fourth["y"] - third["y"]) < 2 and fourth["x"] > third["x"]  # side by side
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def test_the_invasion_cell_shows_every_outcome(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    cell = page.locator('.wt-tryit[data-tryit="tryit-ground-odds"]')
    cell.locator(".wt-run").click()
    output = cell.locator(".wt-output")
    expect(output).to_contain_text("both sides are destroyed:", timeout=BOOT_TIMEOUT_MS)
    shown = output.inner_text()
    percents = [float(line.rsplit(" ", 1)[1].rstrip("%")) for line in shown.splitlines() if line]
    assert sum(percents) == pytest.approx(100.0, abs=0.15), shown
