"""Card rulings keep anchors of their own: a revised card (Ω, ΩΩ) is not its first printing,
a heading written twice gets a second name, and no page holds one id twice.

The built sites (every engine, the seeds and the 150-page corpus) are checked page by page
in tests/generator/test_built_links.py; here, every page the generator writes.
"""

from __future__ import annotations

import functools
import tempfile
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

from bench.upstream_corpus import write_upstream_corpus
from rulesite.core.anchors import item_id, topic_anchors, with_unique_anchors
from rulesite.core.generate import GeneratedSite, generate
from rulesite.core.model import FaqEntry, Location, Origin, Section, Topic
from rulesite.core.slugs import slugify
from tests.generator.upstream_form import write_upstream_form


@functools.cache
def site(folder: str) -> GeneratedSite:
    write = write_upstream_form if folder == "upstream" else write_upstream_corpus
    return generate(write(Path(tempfile.mkdtemp()) / "content"))


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: Counter[str] = Counter()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids[value] += 1


def repeated_ids(text: str) -> list[str]:
    parser = _Ids()
    parser.feed(text)
    return [name for name, count in parser.ids.items() if count > 1]


def test_no_generated_page_holds_an_id_twice() -> None:
    for folder in ("upstream", "corpus"):
        pages = {path: text for path, text in site(folder).texts.items() if path.endswith(".md")}
        assert len(pages) > 5
        assert {
            path: repeated_ids(text) for path, text in pages.items() if repeated_ids(text)
        } == {}


def test_every_anchor_of_a_site_is_unique() -> None:
    for folder in ("upstream", "corpus"):
        ids = Counter(anchor.id for anchor in site(folder).anchors)
        assert [name for name, count in ids.items() if count > 1] == []


def test_a_revised_card_has_ids_of_its_own() -> None:
    assert slugify("Stymie Ω (Promissory Note)") == "stymie-omega-promissory-note"
    assert slugify("Z’eu ΩΩ (Agent)") == "z-eu-omega-omega-agent"
    assert slugify("Political Data Nexus Ω(Hero)") == "political-data-nexus-omega-hero"
    text = site("upstream").texts["factions/arborec.md"]
    assert 'id="f-arborec-stymie-promissory-note-1"' in text
    assert 'id="f-arborec-stymie-omega-promissory-note-1"' in text


def test_a_heading_written_twice_gets_a_second_name_and_the_first_keeps_its_ids() -> None:
    text = site("upstream").texts["factions/firmament.md"]
    assert 'id="f-firmament-planesplitter-technology-1"' in text
    assert 'id="f-firmament-planesplitter-technology-2-1"' in text


def _page(*titles: str) -> Topic:
    here = Location("content/factions/F_x.md", 1)
    return Topic(
        slug="f_x",
        title="X",
        origin=Origin.FACTION_NOTES,
        location=here,
        sections=tuple(Section(title, ("Words.",), here, numbered=True) for title in titles),
    )


def test_a_second_name_never_takes_another_sections_name() -> None:
    topic = with_unique_anchors(_page("A", "A-2", "A"))
    assert [s.anchor for s in topic.sections] == ["a", "a-2", "a-3"]
    ids = [anchor.id for anchor in topic_anchors(topic)]
    assert len(ids) == len(set(ids))
    assert item_id(topic, topic.sections[2], 1) == "f-x-a-3-1"


def test_a_section_named_faq_or_note_never_takes_the_pages_own_ids() -> None:
    here = Location("content/wiki/x.txt", 1)
    wiki = Topic(
        slug="x",
        title="X",
        origin=Origin.WIKI,
        location=here,
        sections=(Section("FAQ", ("Words.",), here),),
        faq=(FaqEntry("Q?", "A.", here),),
    )
    named = with_unique_anchors(wiki)
    ids = [anchor.id for anchor in topic_anchors(named)]
    assert "x-faq-1" in ids and len(ids) == len(set(ids))
