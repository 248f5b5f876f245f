"""Inline Markdown to HTML, for texts that sit inside the HTML the pages are built from.

Rules, notes and wiki items are emitted as HTML elements (so their ``id`` is
exactly the rule number, which Markdown's own slugs would mangle), and Markdown
is not processed inside HTML blocks: their inline Markdown is converted here.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt

_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
# Without any of these (outside tags), Markdown would only escape a bare "&".
_MARKUP = re.compile(r"[\\`*_\[\]!<>\n]|^\s*(?:[#+=-]|\d+[.)])")
_BARE_AMPERSAND = re.compile(r"&(?!#?\w+;)")
# CommonMark with raw HTML passed on (the sanitiser decides what stays). Its parser takes
# time linear in a text's length and caps nesting at 20; Python-Markdown's was quadratic on
# nested or unclosed brackets, unclosed tags and runs of emphasis markers (48 KB of "["
# took a minute).
_converter = MarkdownIt("commonmark", {"html": True})
# Every link is made, whatever its URL: the sanitiser removes the unsafe ones and the build
# report names them (markdown-it would leave "[x](javascript:…)" as text, unreported).
_converter.validateLink = lambda url: True  # type: ignore[method-assign]


def inline_html(text: str) -> str:
    """The HTML of one inline-Markdown text, without a wrapping paragraph."""
    # Most rule texts are words and inline HTML tags (<b>, the linker's <a>): skip the parser.
    if not _MARKUP.search(_TAG.sub("", text)):
        return _BARE_AMPERSAND.sub("&amp;", text)
    converted = _converter.render(text).removesuffix("\n")
    if converted.startswith("<p>") and converted.endswith("</p>") and "<p>" not in converted[3:]:
        return converted[3:-4]
    return converted
