"""How the site looks where it is shared and installed: one preview image, icons, a manifest.

A link pasted into a chat (Discord, a forum) shows the page's title, its words and the
site's preview image (Open Graph and Twitter-card tags in every page and short link:
:func:`head_tags`); a phone can put the site on its home screen (a web app manifest with
192 and 512 px icons). The images are drawn at build time with Pillow, from the site's
name and description only, so every build of the same site writes the same bytes.
"""

from __future__ import annotations

import functools
import html
import io
import json
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

__all__ = ["IMAGES_DIR", "MANIFEST", "SOCIAL_IMAGE", "SiteFacts", "head_tags", "write_previews"]

IMAGES_DIR = "assets/preview"
SOCIAL_IMAGE = f"{IMAGES_DIR}/social.png"
SOCIAL_SIZE = (1200, 630)  # what chat and social previews show at full width
ICON_SIZES = (192, 512)  # what a browser asks for to install a site
MANIFEST = "manifest.webmanifest"
# Material's default primary colour (indigo): the header's, so the browser's bar matches it.
THEME_COLOR = "#4051b5"
_BACKGROUND = "#ffffff"
_INK = (255, 255, 255)
_ACCENT = (255, 210, 90)  # a gold rule under the name: the game's trim


@dataclass(frozen=True)
class SiteFacts:
    """What a preview says: the site's name, its description, and its public address."""

    name: str = "Rules reference"
    description: str = ""
    url: str = ""  # the site's address with a trailing slash; "" when unknown

    @classmethod
    def of(cls, config: Mapping[str, Any], site_url: str | None = None) -> SiteFacts:
        """The facts in a site's configuration (``mkdocs.yml``'s keys, as any engine reads
        them), its address ``site_url`` where a build gives one."""
        return cls(
            name=config.get("site_name") or cls.name,
            description=config.get("site_description") or "",
            url=(config.get("site_url") if site_url is None else site_url) or "",
        )

    def absolute(self, relative: str) -> str:
        """The address of ``relative`` (from the site root): absolute where the site's is
        known, as previews need."""
        base = self.url if not self.url or self.url.endswith("/") else self.url + "/"
        return base + relative


def head_tags(facts: SiteFacts, to_root: str, *, title: str | None = None) -> str:
    """The tags a page's head gets for previews and installing; ``to_root`` is the page's
    relative way to the site root (``../../``), ``title`` its preview title where the page
    carries no ``og:title`` of its own. Every value escaped."""

    def meta(attribute: str, name: str, value: str) -> str:
        return f'<meta {attribute}="{name}" content="{html.escape(value)}">'

    # Absolute, as a chat's preview needs; from the page where the site's address is unknown.
    image = facts.absolute(SOCIAL_IMAGE) if facts.url else to_root + SOCIAL_IMAGE
    tags = [
        f'<link rel="manifest" href="{html.escape(to_root)}{MANIFEST}">',
        meta("name", "theme-color", THEME_COLOR),
        meta("property", "og:site_name", facts.name),
        meta("property", "og:image", image),
        meta("property", "og:image:width", str(SOCIAL_SIZE[0])),
        meta("property", "og:image:height", str(SOCIAL_SIZE[1])),
        meta("property", "og:image:alt", facts.name),
        meta("name", "twitter:card", "summary_large_image"),
        meta("name", "twitter:image", image),
    ]
    if title is not None:
        tags += [meta("property", "og:type", "website"), meta("property", "og:title", title)]
        if facts.description:
            tags.append(meta("property", "og:description", facts.description))
    return "".join(tags)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Pillow's own scalable font: the same on every machine, no system font needed.
    return ImageFont.load_default(size=size)


def _hexagon(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    x, y = centre
    points = [
        (x + radius * dx, y + radius * dy)
        for dx, dy in ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866))
    ]
    draw.polygon(points, outline=(255, 255, 255, 70), width=max(2, int(radius // 24)))


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


# Drawn once per process for the same facts: ``serve`` wrote them again on every edit,
# 0.4 s of PNG encoding each time.
@functools.lru_cache(maxsize=4)
def social_image(facts: SiteFacts) -> bytes:
    """The site's 1200x630 preview: its name and description on the theme's colour, over a
    few hexes (the game's board)."""
    image = Image.new("RGBA", SOCIAL_SIZE, THEME_COLOR)
    overlay = Image.new("RGBA", SOCIAL_SIZE, (0, 0, 0, 0))
    board = ImageDraw.Draw(overlay)
    for column, row in ((0, 0), (1, 0), (1, 1), (2, 0), (0, 1), (2, 1), (1, -1)):
        _hexagon(board, (930 + column * 150, 315 + row * 173 + (column % 2) * 86), 100)
    image = Image.alpha_composite(image, overlay)
    draw = ImageDraw.Draw(image)
    y = 120
    for line in textwrap.wrap(facts.name, 24)[:3]:
        draw.text((80, y), line, font=_font(68), fill=_INK)
        y += 84
    draw.rectangle((80, y + 16, 280, y + 24), fill=_ACCENT)
    y += 64
    for line in textwrap.wrap(facts.description, 44)[:4]:
        draw.text((80, y), line, font=_font(34), fill=_INK)
        y += 46
    return _png(image.convert("RGB"))


@functools.lru_cache(maxsize=8)
def icon(size: int) -> bytes:
    """A square icon: a hex and "TI" on the theme's colour, inside the safe zone a phone's
    mask keeps (the middle 80%)."""
    image = Image.new("RGBA", (size, size), THEME_COLOR)
    draw = ImageDraw.Draw(image)
    _hexagon(draw, (size / 2, size / 2), size * 0.36)
    font = _font(int(size * 0.3))
    box = draw.textbbox((0, 0), "TI", font=font)
    x = (size - (box[2] - box[0])) / 2 - box[0]
    y = (size - (box[3] - box[1])) / 2 - box[1]
    draw.text((x, y), "TI", font=font, fill=_INK)
    return _png(image.convert("RGB"))


def manifest(facts: SiteFacts) -> str:
    """The web app manifest (the site root's ``manifest.webmanifest``): paths relative to it,
    so the site installs under any base path."""
    short = facts.name if len(facts.name) <= 12 else "TI Rules"
    data = {
        "name": facts.name,
        "short_name": short,
        "description": facts.description,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": _BACKGROUND,
        "icons": [
            {
                "src": f"{IMAGES_DIR}/icon-{size}.png",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any maskable" if size == max(ICON_SIZES) else "any",
            }
            for size in ICON_SIZES
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def write_previews(site_dir: Path, facts: SiteFacts) -> list[Path]:
    """Write the preview image, the icons and the manifest into ``site_dir``; their paths."""
    folder = site_dir / IMAGES_DIR
    folder.mkdir(parents=True, exist_ok=True)
    files = {site_dir / SOCIAL_IMAGE: social_image(facts)}
    files |= {folder / f"icon-{size}.png": icon(size) for size in ICON_SIZES}
    files[site_dir / MANIFEST] = manifest(facts).encode("utf-8")
    for path, data in files.items():
        path.write_bytes(data)
    return list(files)
