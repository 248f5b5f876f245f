"""The search box of each front end a site engine gives (its ``theme``): Material's (MkDocs,
ProperDocs) or Zensical's, which draws its box and results in a shadow root (Playwright's
CSS selectors reach into open shadow roots)."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Locator, Page, expect

from rulesite.adapters.registry import site_engine


@dataclass(frozen=True)
class SearchBox:
    """Selectors of one theme's search box."""

    opener: str  # what a reader clicks to open it
    field: str  # where a reader types
    results: str  # each result's link, best first
    # Shown once the index is loaded (a query typed before that is dropped); "" for none.
    ready: str = ""


BOXES = {
    "material": SearchBox(
        opener="label.md-search__icon, .md-search__input",
        field="input.md-search__input",
        # Material's own results, not the rule-number answers rules.js puts above them.
        results=".md-search-result__list:not(.rule-number-answers) > .md-search-result__item > a",
        ready=".md-search-result__meta",
    ),
    "zensical": SearchBox(
        opener="button.md-search__button",
        field='input[role="combobox"]',
        results='ol[role="listbox"] > li > a[role="option"]',
    ),
}


def search(page: Page, engine: str, query: str) -> Locator:
    """Open the search box of the page shown, type ``query``; returns the result links once
    the first is there (a result that repeats a rule-number answer is hidden)."""
    box = BOXES[site_engine(engine).theme]
    page.locator(box.opener).first.click()
    if box.ready:
        expect(page.locator(box.ready)).to_have_text("Type to start searching")
    # Typed key by key: both engines search on key events, not on a pasted value.
    page.locator(box.field).press_sequentially(query)
    results = page.locator(box.results)
    expect(results.first).to_be_attached()
    return results


def follow_best(page: Page, engine: str, query: str) -> None:
    """Search ``query`` and follow the first answer a reader sees: under MkDocs, for a rule
    number, the rule-number answer (rules.js) above Material's results."""
    results = search(page, engine, query)
    answers = page.locator(".rule-number-answers a")
    (answers.first if site_engine(engine).theme == "material" else results.first).click()


def results_of(engine: str) -> str:
    """The selector of each result's link in ``engine``'s search box."""
    return BOXES[site_engine(engine).theme].results
