"""The policy itself and its place in every page; the browser tests
(tests/browser/test_csp.py) show the site works under it."""

from __future__ import annotations

import re

from rulesite.publish.csp import PAGE_POLICY, POLICY, with_csp_meta
from tests.generator.site_once import BuiltSite


def test_policy_is_the_strict_one() -> None:
    """The policy is "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src
    'self'; object-src 'none'; base-uri 'self'" — no 'unsafe-inline', no 'unsafe-eval'."""
    directives = dict(d.strip().split(" ", 1) for d in POLICY.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert directives["worker-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["base-uri"] == "'self'"
    assert "unsafe-inline" not in POLICY and "'unsafe-eval'" not in POLICY


def test_the_meta_comes_first_in_the_head_once() -> None:
    """A meta policy governs only what follows it; applying it twice changes nothing."""
    page = '<html><head><meta charset="utf-8"><script src="a.js"></script></head></html>'
    once = with_csp_meta(page)
    assert once.index("Content-Security-Policy") < once.index("charset")
    assert with_csp_meta(once) == once
    assert with_csp_meta("no head here") == "no head here"


def test_every_built_page_carries_the_policy_and_no_inline_script(built_site: BuiltSite) -> None:
    """Delivered "as a <meta http-equiv> for static hosts"; Material's inline
    scripts are files now, so the policy needs no hash for any."""
    site = built_site
    assert site.status == 0, site.stdout
    pages = [p for p in site.out.rglob("*.html") if "pyodide" not in p.parts]
    assert len(pages) >= 8
    for path in pages:
        text = path.read_text("utf-8")
        assert f'<meta http-equiv="Content-Security-Policy" content="{PAGE_POLICY}">' in text, path
        inline = re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", text)
        assert inline == [], path


def test_no_meta_http_equiv_but_the_policy_survives_in_a_page() -> None:
    """No policy forbids ``<meta http-equiv="refresh">`` (it navigates without a
    script), so no page keeps one, wherever it stands and however its attributes are written."""
    page = (
        '<html><head><meta charset="utf-8"></head><body>'
        "<meta http-equiv='refresh' content='0;url=//evil.example/x'>"
        '<META content="a>b" HTTP-EQUIV=Refresh>'
        '<meta http-equiv="Content-Security-Policy" content="default-src *">'
        '<meta name="description" content="http-equiv in a value is words">'
        "&lt;meta http-equiv=refresh&gt;</body></html>"
    )
    cleaned = with_csp_meta(page)
    assert re.findall(r"(?i)<meta[^>]*http-equiv=\S*", cleaned) == [
        '<meta http-equiv="Content-Security-Policy"'
    ]
    assert f'content="{PAGE_POLICY}"' in cleaned
    assert '<meta name="description"' not in cleaned  # it names http-equiv: gone too
    assert "&lt;meta http-equiv=refresh&gt;" in cleaned  # text, not markup: kept
    assert with_csp_meta(cleaned) == cleaned


def test_the_policy_requires_the_default_trusted_types_policy(built_site: BuiltSite) -> None:
    """Every HTML string and script URL a page's script writes passes the default
    Trusted Types policy (rulesite/assets/theme/trusted_types.js), loaded before any other."""
    directives = dict(d.strip().split(" ", 1) for d in PAGE_POLICY.split(";"))
    assert directives["require-trusted-types-for"] == "'script'"
    assert directives["trusted-types"] == "default"
    assert directives["form-action"] == "'self'"
    site = built_site
    page = (site.out / "index.html").read_text("utf-8")
    scripts = re.findall(r'<script src="([^"]+)"', page)
    assert scripts[0].endswith("assets/theme/trusted_types.js")
    assert (site.out / "assets" / "theme" / "trusted_types.js").is_file()
