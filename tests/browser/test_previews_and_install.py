"""A link that previews and a site that installs: every page and short link names the site's
1200x630 preview image, its name and colour and a large card; the web app manifest and its
icons make Chromium find the site installable. Both engines, on a phone and a desktop."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from bench.site_server import CHROMIUM, CHROMIUM_ARGS
from tests.browser.conftest import each_engine

pytestmark = pytest.mark.browser

WIDTHS = pytest.mark.parametrize("width", [390, 1280])
SITE_NAME = "Twilight Imperium Rules Reference"  # mkdocs.yml's site_name


@pytest.fixture
def tab(browser: Browser, width: int, tmp_path: Path) -> Iterator[Page]:
    """A tab of a browser profile of its own: Chromium installs nothing from an incognito
    context (a new context's kind)."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        service_workers="allow",
        viewport={"width": width, "height": 844 if width < 600 else 900},
    )
    context.set_default_timeout(20_000)
    yield context.pages[0] if context.pages else context.new_page()
    context.close()


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    width, height = struct.unpack(">II", data[16:24])
    return width, height


class _Metas(HTMLParser):
    """A page's <meta> contents by their property or name, as served."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.found: dict[str, list[str]] = {}
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        key = named.get("property") or named.get("name")
        if tag == "meta" and key and named.get("content") is not None:
            self.found.setdefault(key, []).append(str(named["content"]))

    def one(self, key: str) -> str:
        (value,) = self.found.get(key, [None])  # exactly one of each
        assert value, key
        return value


@each_engine
@WIDTHS
def test_every_page_and_short_link_names_the_sites_preview_image_name_and_colour(
    tab: Page, site_url: str, width: int
) -> None:
    images = set()
    for path in ("", "rules/tactical-action/", "odds/", "coverage/", "r/89.2/", "r/89.2c/"):
        # As served, as a chat's preview reads it (a short link's refresh not followed).
        response = tab.request.get(site_url + path)
        assert response.ok, path
        metas = _Metas(response.text())
        assert metas.one("og:site_name") == SITE_NAME
        assert metas.one("theme-color") == "#4051b5"
        assert metas.one("twitter:card") == "summary_large_image"
        assert metas.one("og:title")
        image = metas.one("og:image")
        assert image.startswith(site_url), image  # absolute: a chat fetches it by itself
        assert metas.one("twitter:image") == image
        images.add(image)
    assert len(images) == 1  # one per site
    # In the browser, the page gives the browser's bar the same colour (the first such tag
    # is the one a browser reads; Material's script adds its own after it).
    tab.goto(site_url + "rules/tactical-action/")
    colour = tab.locator('meta[name="theme-color"]').first.get_attribute("content")
    assert colour == "#4051b5"
    (image,) = images
    fetched = tab.request.get(image)
    assert fetched.headers["content-type"] == "image/png"
    assert _png_size(fetched.body()) == (1200, 630)


@each_engine
@WIDTHS
def test_the_manifest_and_its_icons_make_the_site_installable(
    tab: Page, site_url: str, width: int
) -> None:
    tab.goto(site_url + "rules/movement/")
    expect(tab.locator("h1")).to_contain_text("Movement")
    # Relative as served (any base path), the site root's manifest as the page reads it.
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in tab.content() or (
        tab.locator('link[rel="manifest"]').evaluate("link => link.href")
        == site_url + "manifest.webmanifest"
    )
    served = tab.request.get(site_url + "rules/movement/").text()
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in served
    manifest = tab.request.get(site_url + "manifest.webmanifest").json()
    assert manifest["name"] == SITE_NAME and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        data = tab.request.get(site_url + icon["src"]).body()
        width_px, height_px = _png_size(data)
        assert icon["sizes"] == f"{width_px}x{height_px}"
        sizes.add(width_px)
    assert {192, 512} <= sizes
    # Chromium's own check, once the service worker (with its fetch handler) controls the page.
    tab.evaluate("async () => { await navigator.serviceWorker.ready; }")
    tab.wait_for_function("() => navigator.serviceWorker.controller !== null")
    session = tab.context.new_cdp_session(tab)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    manifest_seen = session.send("Page.getAppManifest")
    assert manifest_seen["url"].endswith("/manifest.webmanifest")
    assert not manifest_seen["errors"], manifest_seen["errors"]
