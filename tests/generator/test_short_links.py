"""Short links: ``r/<number>/`` for every rule number and letter form, a page that sends
the reader on without script and carries a preview of the rule (Open Graph, Twitter card)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from rulesite.adapters.tree import short_link_texts
from rulesite.core.anchors import Anchor
from rulesite.core.generate import generate
from rulesite.core.short_links import short_link_page
from rulesite.publish.csp import PAGE_POLICY, with_csp_meta

REPO = Path(__file__).resolve().parents[2]


@functools.cache
def texts() -> dict[str, str]:
    return dict(short_link_texts(generate(REPO / "content")))


def test_89_2_3_has_a_short_link_page_sending_the_reader_to_its_anchor() -> None:
    page = texts()["r/89.2.3/index.html"]
    assert (
        '<meta http-equiv="refresh" content="0; url=../../rules/tactical-action/#89.2.3">' in page
    )
    assert '<a href="../../rules/tactical-action/#89.2.3">89.2.3 Tactical Action</a>' in page
    assert '<meta property="og:title" content="89.2.3 Tactical Action">' in page
    assert '<meta name="twitter:card" content="summary">' in page
    description = re.search(r'<meta property="og:description" content="([^"]*)">', page)
    assert description and description.group(1).strip()
    # The policy is first in the head, and the refresh survives it.
    assert page.index("Content-Security-Policy") < page.index('http-equiv="refresh"')


def test_89_2_c_the_letter_form_has_its_own_short_link() -> None:
    page = texts()["r/89.2c/index.html"]
    assert "url=../../rules/tactical-action/#89.2c" in page
    assert "<title>89.2c Tactical Action</title>" in page


def test_every_rule_number_has_a_short_link_and_nothing_else_does() -> None:
    site = generate(REPO / "content")
    wanted = {a.id for a in site.anchors if a.is_rule or a.is_alias}
    written = {p.split("/")[1] for p in texts() if p.startswith("r/")}
    assert written == wanted
    assert "89" not in written  # a topic is its page, no short link


def test_a_rules_words_are_escaped_in_its_preview() -> None:
    hostile = Anchor(
        "1.1",
        "rules/x/#1.1",
        '1.1 X"><script>alert(1)</script>',
        'Words "quoted" & <img src=x onerror=alert(1)> done',
        "1.1",
    )
    page = short_link_page(hostile)
    assert "<script" not in page and "<img" not in page
    assert 'content="1.1 X&quot;&gt;&lt;script&gt;' in page
    assert "Words &quot;quoted&quot; &amp; " in page  # one escaping, not "&amp;amp;"


def test_the_policy_keeps_a_short_links_same_site_refresh_and_no_other() -> None:
    page = short_link_page(Anchor("1.1", "rules/x/#1.1", "1.1 X", "Words", "1.1"))
    assert 'http-equiv="refresh"' in with_csp_meta(page, PAGE_POLICY, allow_refresh=True)
    assert 'http-equiv="refresh"' not in with_csp_meta(page, PAGE_POLICY)
    for target in ("https://evil.example/", "//evil.example/", "/abs/", "javascript:alert(1)"):
        elsewhere = f'<html><head><meta http-equiv="refresh" content="0; url={target}"></head>'
        assert "refresh" not in with_csp_meta(elsewhere, PAGE_POLICY, allow_refresh=True)


def test_with_the_sites_address_a_short_link_names_its_absolute_url() -> None:
    anchor = Anchor("89.2.3", "rules/tactical-action/#89.2.3", "89.2.3 Tactical Action", "W", "")
    page = short_link_page(anchor, site_url="https://rules.example/")
    assert '<meta property="og:url" content="https://rules.example/r/89.2.3/">' in page
    assert "og:url" not in short_link_page(anchor)
