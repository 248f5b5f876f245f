"""The site's preview image, icons and manifest, drawn at build time (rulesite/publish/previews.py),
and the tags every page and short link gets for them."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image

from rulesite.publish.previews import (
    MANIFEST,
    SOCIAL_IMAGE,
    SiteFacts,
    head_tags,
    icon,
    manifest,
    social_image,
    write_previews,
)
from tests.generator.site_once import BuiltSite

FACTS = SiteFacts(
    name="Rules & <Lore>", description='Every "rule" by number', url="https://x.test/ti"
)


def _opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


def test_the_preview_image_is_1200_by_630_and_the_same_bytes_every_build() -> None:
    image = _opened(social_image(FACTS))
    assert image.size == (1200, 630)
    assert social_image(FACTS) == social_image(SiteFacts(**vars(FACTS)))
    # The name is drawn: an image of another name differs.
    assert social_image(FACTS) != social_image(SiteFacts(name="Another site"))


def test_the_icons_are_square_at_192_and_512_px() -> None:
    for size in (192, 512):
        assert _opened(icon(size)).size == (size, size)


def test_a_long_site_name_still_fits_its_preview_image() -> None:
    long = SiteFacts(name="Twilight " * 400, description="words " * 2000)
    assert _opened(social_image(long)).size == (1200, 630)


def test_the_manifest_installs_under_any_base_path_with_both_icons() -> None:
    data = json.loads(manifest(FACTS))
    assert data["name"] == FACTS.name
    assert data["start_url"] == "./" and data["scope"] == "./"
    assert data["display"] == "standalone"
    assert {entry["sizes"] for entry in data["icons"]} == {"192x192", "512x512"}
    assert all(not entry["src"].startswith(("/", "http")) for entry in data["icons"])


def test_the_head_tags_escape_the_sites_name_and_words_and_name_one_absolute_image() -> None:
    tags = head_tags(FACTS, "../../", title='A "title" <b>')
    assert "<Lore>" not in tags and "&lt;Lore&gt;" in tags
    assert 'content="A &quot;title&quot; &lt;b&gt;"' in tags
    assert (
        '<meta property="og:image" content="https://x.test/ti/assets/preview/social.png">' in tags
    )
    assert '<meta name="twitter:card" content="summary_large_image">' in tags
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in tags
    # Without the site's address, the image is found from the page.
    relative = head_tags(SiteFacts(), "../")
    assert '<meta property="og:image" content="../assets/preview/social.png">' in relative
    assert "og:title" not in relative  # the page has its own


def test_write_previews_writes_the_image_icons_and_manifest(tmp_path: Path) -> None:
    written = {path.relative_to(tmp_path).as_posix() for path in write_previews(tmp_path, FACTS)}
    assert {SOCIAL_IMAGE, MANIFEST} <= written
    assert {"assets/preview/icon-192.png", "assets/preview/icon-512.png"} <= written
    assert all((tmp_path / path).is_file() for path in written)


def test_every_built_page_carries_one_set_of_preview_tags(built_site: BuiltSite) -> None:
    site = built_site.out
    pages = [
        site / "index.html",
        site / "rules" / "movement" / "index.html",
        site / "r" / "89.2" / "index.html",
    ]
    for page in pages:
        text = page.read_text("utf-8")
        for tag in (
            'name="twitter:card"',
            'property="og:image"',
            'property="og:site_name"',
            'name="theme-color"',
        ):
            assert text.count(tag) == 1, (page, tag)
        assert text.count('property="og:title"') == 1, page
    assert (site / SOCIAL_IMAGE).is_file() and (site / MANIFEST).is_file()
