"""Plain text keeps words apart: wherever blocks or list items meet ("Control Tokens</li><li>
Fighter Tokens", "<b>Voting</b><br>When voting"), rules.json, search text and previews put
a space or a line break, never "TokensFighter". Previews end at a word boundary and never
inside a bracket they opened.

Checked over every rule and note of the transcription's form (tests/generator/upstream_form.py
and the 150-page corpus of bench/upstream_corpus.py): sub-headings in a skipped number, lists
inside a rule and inside a note, lettered items on notes pages.
"""

from __future__ import annotations

import functools
import html
import itertools
import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bench.upstream_corpus import write_upstream_corpus
from rulesite.adapters.tree import short_link_texts
from rulesite.core.generate import GeneratedSite, generate
from rulesite.core.render.preview import cut, preview
from rulesite.core.render.sanitise import safe_inline
from rulesite.core.search_index import number_files, rule_documents
from tests.generator.upstream_form import write_upstream_form

_BLOCK = re.compile(r"</?(?:p|ol|ul|li|br)\b[^>]*>")
_TAG = re.compile(r"<[^>]+>")
_DESCRIPTION = re.compile(r'<meta property="og:description" content="([^"]*)">')


@functools.cache
def site(folder: str) -> GeneratedSite:
    write = write_upstream_form if folder == "upstream" else write_upstream_corpus
    return generate(write(Path(tempfile.mkdtemp()) / "content"))


def meeting_words(fragment: str) -> Iterator[tuple[str, str]]:
    """(last word before, first word after) each place in HTML ``fragment`` where one
    block or list item meets the next."""
    pieces = [html.unescape(_TAG.sub("", piece)).split() for piece in _BLOCK.split(fragment)]
    words = [piece for piece in pieces if piece]
    for before, after in itertools.pairwise(words):
        yield before[-1], after[0]


def glued(fragment: str, text: str) -> list[str]:
    """The words of ``fragment``'s meeting places that ``text`` runs together."""
    return [a + b for a, b in meeting_words(fragment) if a + b in text]


def exported(folder: str) -> list[dict[str, Any]]:
    data = json.loads(site(folder).export.files()["rules.json"])
    return [item for t in data["topics"] for key in ("rules", "notes") for item in t[key]]


def test_every_rule_and_note_of_the_corpus_forms_keeps_its_words_apart() -> None:
    places = 0
    for folder in ("upstream", "corpus"):
        for item in exported(folder):
            assert glued(item["html"], item["text"]) == [], item["id"]
            places += len(list(meeting_words(item["html"])))
    assert places > 300  # lists and sub-headings were there to be run together


def test_23_2_a_list_inside_a_rule_is_a_line_an_item() -> None:
    rule = next(item for item in exported("upstream") if item["id"] == "23.2")
    assert rule["text"].splitlines() == [
        "Tokens: Words about tokens, except for these:",
        "Control Tokens",
        "Fighter Tokens",
        "Trade Good Tokens",
    ]


def test_8_5_a_sub_heading_and_its_words_are_two_lines() -> None:
    rule = next(item for item in exported("upstream") if item["id"] == "8.5")
    assert rule["text"] == "Voting\nWords that open the voting rules."


def test_search_text_keeps_the_words_of_every_rule_apart() -> None:
    for folder in ("upstream", "corpus"):
        anchors = {a.id: a for a in site(folder).anchors}
        for document in rule_documents(site(folder).anchors):
            fragment = str(safe_inline(anchors[document["title"]].text).html)
            assert glued(fragment, html.unescape(document["text"])) == [], document["title"]


def test_previews_keep_their_words_apart_and_end_on_a_whole_word() -> None:
    for folder in ("upstream", "corpus"):
        anchors = {a.id: a for a in site(folder).anchors}
        pages = dict(short_link_texts(site(folder)))
        for path, page in pages.items():
            if not path.endswith("/index.html"):
                continue
            found = _DESCRIPTION.search(page)
            assert found and found.group(1), path
            words = html.unescape(found.group(1))
            anchor = anchors[path.split("/")[1]]
            assert glued(str(safe_inline(anchor.text).html), words) == [], path
            whole = html.unescape(safe_inline(anchor.text).words)
            assert words == whole or (words.endswith("…") and whole.startswith(words[:-1]))
        for text in number_files(site(folder).anchors).values():
            entries = json.loads(text)
            if isinstance(entries, dict):
                for _, said in entries.values():
                    assert "&amp;" not in said and "<" not in said


def test_a_preview_ends_before_a_bracket_it_would_leave_open() -> None:
    words = "The player resolves the ability as its card says " + "(see 89.2b and 89.2c for when)"
    assert cut(words, 60) == "The player resolves the ability as its card says…"
    early = "(A ruling that is all one long aside about how the card is played in a combat)"
    assert cut(early, 40) == "(A ruling that is all one long aside…)"
    assert cut("short (and closed)", 40) == "short (and closed)"


def _open_brackets(text: str) -> list[str]:
    stack: list[str] = []
    for character in text:
        if character in "([":
            stack.append(character)
        elif character in ")]" and stack and stack[-1] == {")": "(", "]": "["}[character]:
            stack.pop()
    return stack


@given(
    st.lists(
        st.sampled_from(["word", "(", ")", "[", "]", "(see", "89.2b)", "a,", "x", "to-do"]),
        max_size=60,
    ).map(" ".join),
    st.integers(min_value=20, max_value=120),
)
def test_a_preview_never_ends_inside_a_bracket_or_a_word(words: str, limit: int) -> None:
    shown = cut(words, limit)
    assert len(shown) <= limit
    if shown == words:
        return
    assert _open_brackets(shown) == []
    body = shown[: shown.index("…")]
    assert words.startswith(body)
    assert not (body[-1:].isalnum() and words[len(body)].isalnum())  # never half a word


def test_a_word_longer_than_a_preview_is_cut_where_it_must_be() -> None:
    assert cut("x" * 50, 20) == "x" * 19 + "…"


def test_a_notes_page_without_opening_words_has_a_preview_of_what_it_holds() -> None:
    text = site("upstream").texts["factions/arborec.md"]
    intro = re.search(r'<p class="intro[^"]*">(.*?)</p>', text)
    assert intro is not None
    assert "Stymie (Promissory Note)" in intro.group(1)
    assert "Stymie Ω (Promissory Note)" in intro.group(1)


def test_preview_reads_markdown_and_entities_as_words() -> None:
    assert preview("Words &amp; <b>bold</b> *em*", 80) == "Words & bold em"
