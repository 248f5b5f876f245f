"""Short links in Chromium, under the site's Content-Security-Policy and Trusted Types:
``r/89.2.3/`` sends the reader to rule 89.2.3 without script, a rule's copy button
copies that short link, and the short link of a topic the site lacks says so."""

from __future__ import annotations

import re
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from bench.site_server import QuietSiteHandler, serve
from rulesite.adapters.registry import site_engine
from tests.browser.conftest import ENGINES, BuiltSites, Recorder, each_engine

pytestmark = pytest.mark.browser


@each_engine
def test_89_2_3_the_short_link_lands_on_the_rule_without_script(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    page.goto(f"{site_url}r/89.2.3/")
    page.wait_for_url(f"{site_url}rules/tactical-action/#89.2.3")
    expect(page.locator('li[id="89.2.3"]')).to_be_in_viewport()
    assert recorder.errors == []


def test_89_2_c_the_letter_forms_short_link_lands_on_89_2_3(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}r/89.2c/")
    page.wait_for_url(f"{site_url}rules/tactical-action/#89.2c")
    expect(page.locator('li[id="89.2.3"]')).to_be_visible()


def test_the_short_link_works_with_script_off(browser: Browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False, service_workers="block")
    tab = context.new_page()
    tab.goto(f"{site_url}r/89.2.3/")
    tab.wait_for_url(f"{site_url}rules/tactical-action/#89.2.3")
    context.close()


def test_89_2_3_the_copy_button_copies_the_short_link(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    page.goto(f"{site_url}rules/tactical-action/")
    button = page.locator('li[id="89.2.3"] .copy-link').first
    expect(button).to_have_attribute("data-clipboard-text", f"{site_url}r/89.2.3/")
    expect(button).to_have_attribute("title", "Copy short link to 89.2.3")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    button.click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{site_url}r/89.2.3/"
    assert recorder.errors == []


class _PagesHandler(QuietSiteHandler):
    """As GitHub Pages and most static hosts answer: an address the site lacks gets its
    ``404.html``, with status 404."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != HTTPStatus.NOT_FOUND or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(params=ENGINES)
def pages_host(request: pytest.FixtureRequest, built_sites: BuiltSites) -> Iterator[str]:
    """The seed site of one engine, served as a static host serves a site: its 404 page for
    what it lacks."""
    engine: str = request.param
    site_dir = built_sites.folder(engine)
    with serve(site_dir, _PagesHandler, site_engine(engine).policy()) as url:
        yield url


def test_78_2_a_short_link_of_a_topic_the_site_lacks_says_not_in_this_reference_yet(
    page: Page, pages_host: str, recorder: Recorder
) -> None:
    """The seeds lack Space Combat (78): ``r/78.2/``, a page no build writes, is the host's
    404 page, which names the topic and leads to its row on Coverage, not "mistyped"."""
    page.goto(f"{pages_host}r/78.2/")
    expect(page.locator("h1")).to_have_text("78.2: not in this reference yet")
    why = page.locator(".not-found-why")
    expect(why).to_contain_text("78 Space Combat")
    expect(why).not_to_contain_text("mistyped")
    why.get_by_role("link", name="Coverage").click()
    row = page.locator('[id="topic-78"]')
    expect(row).to_be_in_viewport()
    expect(row).to_contain_text("not in this reference yet")
    # The topic's own number is a page of its own, script or not.
    page.goto(f"{pages_host}r/78/")
    expect(page.locator("h1")).to_have_text("78 Space Combat: not in this reference yet")
    expect(page.get_by_role("link", name="Coverage")).to_have_attribute(
        "href", re.compile(r"coverage/#topic-78$")
    )
    assert [e for e in recorder.errors if "404" not in e] == []
