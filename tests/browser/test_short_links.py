"""Short links in Chromium, under the site's Content-Security-Policy and Trusted Types:
``r/89.2.3/`` sends the reader to rule 89.2.3 without script, and a rule's copy button
copies that short link."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Recorder, each_engine

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
