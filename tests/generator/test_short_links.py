"""Short links: ``r/<number>/`` for every rule number and letter form, a page that sends
the reader on without script and carries a preview of the rule (Open Graph, Twitter card)."""

from __future__ import annotations

import functools
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesite.adapters.tree import short_link_texts
from rulesite.core.anchors import Anchor
from rulesite.core.generate import generate
from rulesite.core.short_links import short_link_page
from rulesite.publish.csp import PAGE_POLICY, with_csp_meta
from rulesite.publish.precompress import Precompressor
from rulesite.publish.short_link_files import ShortLinkWriter, write_pages

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
    # The site's preview image with it, large (rulesite/publish/previews.py).
    assert '<meta name="twitter:card" content="summary_large_image">' in page
    assert page.count('name="twitter:card"') == 1
    assert '<meta property="og:image" content="../../assets/preview/social.png">' in page
    description = re.search(r'<meta property="og:description" content="([^"]*)">', page)
    assert description and description.group(1).strip()
    # The policy is first in the head, and the refresh survives it.
    assert page.index("Content-Security-Policy") < page.index('http-equiv="refresh"')


def test_89_2_c_the_letter_form_has_its_own_short_link() -> None:
    page = texts()["r/89.2c/index.html"]
    assert "url=../../rules/tactical-action/#89.2c" in page
    assert "<title>89.2c Tactical Action</title>" in page


def test_every_rule_number_and_note_has_a_short_link_and_its_data_and_nothing_else_does() -> None:
    """Every rule number, letter form and note; and each topic the build lacks, whose page
    says so (it has no data)."""
    site = generate(REPO / "content")
    wanted = {a.id for a in site.anchors if a.is_rule or a.is_alias or a.is_note}
    lacking = {str(number) for number, _ in site.gaps}
    pages = {p.split("/")[1] for p in texts() if p.endswith("/index.html")}
    data = {p.split("/")[1].removesuffix(".json") for p in texts() if p.endswith(".json")}
    assert pages == wanted | lacking
    assert data == wanted
    assert lacking and not lacking & wanted
    assert {"89.2.3", "89.2c", "89-note-1", "3-note-4"} <= wanted
    assert "89" not in pages  # a topic is its page, no short link


def test_89_note_1_has_a_short_link_with_a_preview_of_its_words() -> None:
    page = texts()["r/89-note-1/index.html"]
    assert "url=../../rules/tactical-action/#89-note-1" in page
    assert '<meta property="og:title" content="89 Tactical Action, note 1">' in page
    description = re.search(r'<meta property="og:description" content="([^"]*)">', page)
    assert description and len(description.group(1)) > 20


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


def test_the_short_links_files_hold_their_pages_and_a_dirty_build_overwrites(
    tmp_path: Path,
) -> None:
    (tmp_path / "r" / "89.2.3").mkdir(parents=True)
    (tmp_path / "r" / "89.2.3" / "index.html").write_text("an old, longer page " * 100)
    assert write_pages(tmp_path, texts().items()) == len(texts())
    for relative, page in texts().items():
        assert (tmp_path / relative).read_text(encoding="utf-8") == page


def test_the_short_links_thread_writes_them_all_and_says_its_cpu_time(tmp_path: Path) -> None:
    writer = ShortLinkWriter(tmp_path, texts().items())
    assert writer.join() >= 0.0
    assert writer.count == len(texts())
    written = (p for p in tmp_path.rglob("*") if p.is_file())
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == sorted(texts())


def test_a_short_link_that_cannot_be_written_fails_the_build_where_it_waits(
    tmp_path: Path,
) -> None:
    (tmp_path / "r").write_text("a file where the folder goes")
    writer = ShortLinkWriter(tmp_path, texts().items())
    with pytest.raises(OSError):
        writer.join()


def test_a_cancelled_build_stops_writing_short_links(tmp_path: Path) -> None:
    started = threading.Event()

    def pages() -> Iterator[tuple[str, str]]:
        for n in range(1, 1_000_000):
            started.set()
            yield f"r/1.{n}/index.html", "page"

    writer = ShortLinkWriter(tmp_path, pages())
    started.wait(5)
    writer.cancel()
    assert 0 < writer.count < 999_999


def test_the_finishing_walk_does_not_enter_the_short_links_folder(tmp_path: Path) -> None:
    """Neither compressed nor fingerprinted: r/'s pages are not even read (175,000 at
    5,000 topics took seconds), while a page beside them still is."""
    write_pages(tmp_path, texts().items())
    (tmp_path / "page.html").write_text("<p>words</p>" * 200, encoding="utf-8")
    seen: list[str] = []

    def fingerprinted(relative: str) -> bool:
        seen.append(relative)
        return True

    compressor = Precompressor(tmp_path, tmp_path / ".cache", lambda r: False, fingerprinted)
    compressor.add_tree(tmp_path)
    compressor.finish()
    assert "page.html" in compressor.revisions
    assert not [relative for relative in seen if relative.startswith("r/")]


def test_under_serve_a_short_link_unchanged_since_the_last_build_is_not_written_again(
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    kept: dict[str, bytes] = {}
    pages = [("r/1.1/index.html", "<p>one</p>"), ("r/1.2/index.html", "<p>two</p>")]
    write_pages(site, pages, kept=kept)
    for relative, _ in pages:
        os.utime(site / relative, ns=(0, 0))
    written: list[tuple[str, int]] = []
    edited = [pages[0], ("r/1.2/index.html", "<p>two, edited</p>")]
    assert write_pages(site, edited, written=written, kept=kept) == 2
    assert (site / "r/1.1/index.html").stat().st_mtime_ns == 0
    assert (site / "r/1.2/index.html").read_text(encoding="utf-8") == "<p>two, edited</p>"
    # The offline list still names every page, written now or before.
    assert written == [("r/1.1/index.html", 10), ("r/1.2/index.html", 18)]


def test_under_serve_a_short_link_no_longer_given_is_removed_with_its_folder(
    tmp_path: Path,
) -> None:
    """A removed rule's short link stopped answering only once serve restarted."""
    site = tmp_path / "site"
    kept: dict[str, bytes] = {}
    pages = [("r/1.1/index.html", "<p>one</p>"), ("r/1.2/index.html", "<p>two</p>")]
    write_pages(site, pages, kept=kept)
    (site / "r" / "1.1" / "other.txt").write_text("not a short link's", encoding="utf-8")
    assert write_pages(site, [], kept=kept) == 0
    assert not (site / "r" / "1.2").exists()
    assert not (site / "r" / "1.1" / "index.html").exists()
    assert (site / "r" / "1.1" / "other.txt").is_file()  # a folder holding more stays
    assert kept == {}
