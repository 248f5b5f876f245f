"""A content folder of script payloads (tests/fixtures/hostile_content) built like any other.

Every payload below was a script that ran in Chromium; built
now, no page holds an element, attribute or URL that could run one, and the
build report names each source line the sanitiser changed.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from rulesite.core.report import BuildReport

# Every payload calls alert() with a tag naming where it was planted.
_PAYLOAD = re.compile(r"alert|javascript:|data:text", re.IGNORECASE)
_RUNNABLE = {"script", "iframe", "object", "embed", "svg", "math", "form", "img", "details"}


def _runs(attribute: str, value: str) -> bool:
    if attribute.startswith("on") or attribute in {"srcdoc", "style"}:
        return _PAYLOAD.search(value) is not None
    if attribute in {"href", "src", "action", "data", "formaction"}:
        return value.strip().lower().startswith(("javascript:", "data:", "vbscript:"))
    return False


class _Runnable(HTMLParser):
    """Elements and attributes of a page that carry a payload and could run it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_script = tag == "script"
        for name, value in attrs:
            if _runs(name, value or ""):
                self.found.append(f"<{tag} {name}={value!r}>")
        if tag in _RUNNABLE and tag != "script" and any(_PAYLOAD.search(v or "") for _, v in attrs):
            self.found.append(f"<{tag}>")

    def handle_data(self, data: str) -> None:
        if self._in_script and _PAYLOAD.search(data):
            self.found.append(f"<script>{data[:60]}")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False


HostileBuild = tuple[BuildReport, dict[str, str]]


def test_no_page_of_hostile_content_can_run_a_payload(hostile_build: HostileBuild) -> None:
    """Every text from a source is escaped unless it goes through one sanitiser
    — no `<script>`, event handler, `javascript:`/`data:` URL from a source on any page."""
    _, pages = hostile_build
    assert len(pages) >= 6
    found = {}
    for path, text in pages.items():
        parser = _Runnable()
        parser.feed(text)
        if parser.found:
            found[path] = parser.found
    assert found == {}


def test_payload_words_are_shown_as_text(hostile_build: HostileBuild) -> None:
    """Titles (navigation included) are escaped, not dropped: a reader sees them."""
    _, pages = hostile_build
    page = pages["rules/hostile-topic/index.html"]
    assert "<title>7 &lt;img src=x onerror=alert(&#34;md-title&#34;)&gt;Hostile Topic" in page
    assert "&lt;script&gt;alert(&#34;cards-title&#34;)&lt;/script&gt;Cards \\" in page  # the nav
    assert "<b>bold</b>" in page


def test_the_report_names_each_line_the_sanitiser_changed(hostile_build: HostileBuild) -> None:
    """A build report line counts what was removed, with file:line."""
    report, _ = hostile_build
    lines = "\n".join(report.lines())
    assert f"markup removed: {len(report.removed)}" in lines
    assert "hostile_content/rules/hostile_topic.md:9: removed from the page: " in lines
    assert "href=\"javascript:alert('md-rule-a')\" on <a>" in lines
    assert "hostile_content/wiki/movement.txt:5: removed from the page: <body>" in lines
    assert "hostile_content/rules/hostile_cards.yaml:4: removed from the page: <img>" in lines
