"""Inline Markdown to HTML, for texts that sit inside the HTML the pages are built from.

Rules, notes and wiki items are emitted as HTML elements (so their ``id`` is
exactly the rule number, which Markdown's own slugs would mangle), and Markdown
is not processed inside HTML blocks: their inline Markdown is converted here.
"""

from __future__ import annotations

import html
import re

import markdown

# Texts without any of these are plain words: escaping them is all Markdown would do.
_MARKUP = re.compile(r"[\\`*_\[\]<>&!]|^\s*(?:[#>+=-]|\d+[.)])")
_converter = markdown.Markdown(output_format="html")


def inline_html(text: str) -> str:
    """The HTML of one inline-Markdown text, without a wrapping paragraph."""
    if not _MARKUP.search(text):
        return html.escape(text, quote=False)
    converted = _converter.reset().convert(text)
    if converted.startswith("<p>") and converted.endswith("</p>") and "<p>" not in converted[3:]:
        return converted[3:-4]
    return converted
