"""The sanitiser every source text passes: allow-list kept, scripts gone."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup, escape

from rulesite.core.generate import generate
from rulesite.core.render.sanitise import (
    _CLEANER,
    ATTRIBUTES,
    TAGS,
    UNCHANGED,
    Cleaned,
    clean_html,
    safe_inline,
)
from rulesite.core.render.templating import front_matter_title, markdown_text
from tests.generator.content_folder import PROSE, write_content

# Each was confirmed to run a script in Chromium before the sanitiser.
VECTORS = [
    '<script>alert("x")</script>',
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)></svg>",
    "<body onpageshow=alert(1)>",
    '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
    "[x](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    "<details open ontoggle=alert(1)>x</details>",
    '<object data="javascript:alert(1)"></object>',
    '<form action="javascript:alert(1)"><button>go</button></form>',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style>"
    "</mglyph></table></mtext></math>",
    '<a href="x" onclick="alert(1)" style="position:fixed">x</a>',
]
DANGEROUS = (
    "<script",
    "<img",
    "<svg",
    "<iframe",
    "<object",
    "<form",
    "<style",
    "javascript:",
    "data:",
    "onerror",
    "onload",
    "onclick",
    "ontoggle",
    "onpageshow",
    "style=",
)


@pytest.mark.parametrize("vector", VECTORS)
def test_no_script_survives_the_sanitiser(vector: str) -> None:
    """`javascript:`, `data:` and event-handler attributes never survive."""
    cleaned = safe_inline(f"Rule text {vector} ends here.")
    html = str(cleaned.html).lower()
    assert not [word for word in DANGEROUS if word in html], html
    assert cleaned.removed, "what was removed must be reported"
    assert "ends here." in html


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("Keep <b>bold</b> text", "Keep <b>bold</b> text"),
        (
            "*em* and **strong** and `code`",
            "<em>em</em> and <strong>strong</strong> and <code>code</code>",
        ),
        (
            '<a class="rule-ref" href="../movement/#89.2">89.2</a>',
            '<a class="rule-ref" href="../movement/#89.2">89.2</a>',
        ),
        ("[LRR](https://example.org/lrr)", '<a href="https://example.org/lrr">LRR</a>'),
        (
            '<span class="missing-topic" title="not yet">X</span>',
            '<span class="missing-topic" title="not yet">X</span>',
        ),
        ("A & B < C", "A &amp; B &lt; C"),
        ("{{ 7*7 }}", "{{ 7*7 }}"),
    ],
)
def test_the_allow_list_keeps_what_rule_text_uses(text: str, html: str) -> None:
    """An allow-list of the tags and attributes rule text uses, not stripping all HTML."""
    cleaned = safe_inline(text)
    assert str(cleaned.html) == html
    assert cleaned.removed == ()


def test_the_allow_list_is_small() -> None:
    """The allow-list is what the seeds use: no element that loads or runs anything."""
    assert {"script", "img", "iframe", "svg", "object", "style", "form", "input"}.isdisjoint(TAGS)
    assert all(
        not name.startswith("on") and name != "style"
        for names in ATTRIBUTES.values()
        for name in names
    )


def test_removals_are_named_once_per_thing() -> None:
    """A build report line counts what was removed; an element's own attributes
    go with it, an attribute off a kept element is named with its value."""
    assert clean_html("<img src=x onerror=alert(1)>").removed == ("<img>",)
    assert clean_html('<b onclick="go()">b</b>').removed == ("onclick='go()' on <b>",)
    assert clean_html('<a class="rule-ref evil" href="#a">a</a>').removed == (
        "class='rule-ref evil' on <a>",
    )


def test_a_blank_line_cannot_end_the_html_block() -> None:
    """Text after a blank line must not be read as Markdown (attr_list, links)."""
    assert "\n" not in str(safe_inline("one\n\ntwo {: onclick=x}").html)


@pytest.mark.parametrize(
    ("title", "heading"),
    [
        ('<img src=x onerror="alert(1)">', "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;"),
        ("[x](javascript:alert(1))", "\\[x\\](javascript:alert(1))"),
        ("Move {: onclick=alert(1)}", "Move \\{: onclick=alert(1)\\}"),
        ("it's *not* `code`", "it&#39;s \\*not\\* \\`code\\`"),
    ],
)
def test_titles_are_text_in_headings(title: str, heading: str) -> None:
    """Titles (nav!) escaped: no HTML and no Markdown from a title."""
    assert markdown_text(title) == heading


@pytest.mark.parametrize("title", ["Cards \\", 'Say "hi"', "<script>x</script>", "a: b # c"])
def test_front_matter_title_is_one_escaped_yaml_string(title: str) -> None:
    """A title ending in `\\` is handled, and the meta title is escaped,
    since MkDocs and Material print it unescaped."""
    assert yaml.safe_load(f"title: {front_matter_title(title)}") == {"title": str(escape(title))}


_LINKER_LINKS = st.builds(
    lambda css, href, label: f'<a class="{css}" href="{href}">{label}</a>',
    st.sampled_from(["rule-ref", "topic-link"]),
    st.from_regex(r"[A-Za-z0-9_./#-]*", fullmatch=True),
    st.text(),
)


_EMPHASIS = st.builds(
    lambda tag, text: f"<{tag}>{text}</{tag}>",
    st.sampled_from(["b", "i", "em", "strong", "code"]),
    st.text(),
)


@given(st.lists(st.one_of(st.text(), _LINKER_LINKS, _EMPHASIS)).map("".join))
def test_text_the_gate_passes_is_what_the_cleaner_would_leave(text: str) -> None:
    """The sanitiser's gate, taken only where it can change nothing: plain text, the linker's
    own links and plain emphasis skip the cleaner, which would have left them as they are."""
    if UNCHANGED.fullmatch(text):
        assert _CLEANER.clean(text) == text
        assert clean_html(text) == Cleaned(Markup(text.replace("\n", " ")), ())


def test_the_gate_sends_other_markup_to_the_cleaner() -> None:
    """Only those exact forms pass: any other link, attribute, tag or nesting is cleaned."""
    for text in (
        '<a class="rule-ref" href="javascript:alert(1)">x</a>',
        '<a class="rule-ref" href="#1" onclick="alert(1)">x</a>',
        '<a class="other" href="#1">x</a>',
        '<a class="rule-ref" href="#1">x',
        '<a class="rule-ref" href="#1"><b>x</b></a>',
        "<b>bold</b> &amp;",
        "<b>unclosed",
        "<b><i>misnested</b></i>",
        "<b>x</i>",
        '<b class="x">y</b>',
    ):
        assert not UNCHANGED.fullmatch(text)
    assert clean_html('<a class="rule-ref" href="javascript:alert(1)">x</a>').html == (
        '<a class="rule-ref">x</a>'
    )


def test_markup_removed_is_reported_at_the_line_it_came_from(tmp_path: Path) -> None:
    """The report's "markup removed" named line 1 for intro paragraphs (prose, wiki, 3rd
    edition) and the ``Q:`` line for a wiki FAQ answer."""
    prose = PROSE.replace("Intro.", "Intro.\n\nSecond <script>x</script>\nparagraph.")
    wiki = "Wiki intro.\nAnother <img src=x> intro.\nSteps[]\n- item\nQ: Why?\n\nA: <u>No</u>.\n"
    ti3 = ":: INTRO :: Intro.\nA line <svg></svg> of it.\n:: NEXT :: More.\n"
    content = write_content(
        tmp_path,
        {
            "rules/seven.md": prose,
            "rules/seven.meta.yaml": "number: 7\n",
            "wiki/movement.txt": wiki,
            "ti3/summary.txt": ti3,
        },
    )
    removed = {str(d) for d in generate(content).report.removed}
    assert removed == {
        "content/rules/seven.md:9: removed from the page: <script>",
        "content/wiki/movement.txt:2: removed from the page: <img>",
        "content/wiki/movement.txt:7: removed from the page: <u>",
        "content/ti3/summary.txt:2: removed from the page: <svg>",
    }
