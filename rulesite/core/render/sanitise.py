"""The one gate through which source text reaches a page as HTML: an allow-list sanitiser.

Rule sources come from people the site's owner does not control (the wiki export
anyone can edit, pull requests), and one script on a rules page reaches every
reader. Sources legitimately hold inline HTML (``<b>``), Markdown makes links and
emphasis, and the linker adds ``<a>`` elements: what survives is exactly the
allow-list below, cleaned by `nh3` (the Ammonia sanitiser), so ``javascript:`` or
``data:`` URLs, event-handler attributes, ``<script>``, ``<iframe>`` and the like
never do. Everything else a template prints is escaped by Jinja's autoescape.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache
from html.parser import HTMLParser

import nh3
from markupsafe import Markup

from rulesite.core.render.inline import inline_html

# What rule text uses: the seeds' <b>, Markdown's inline output (emphasis, code, links,
# line breaks, and the lists and paragraphs a text that starts like a list becomes), and
# the linker's links and "not in this reference yet" markers.
TAGS = frozenset(
    {"a", "b", "i", "em", "strong", "code", "br", "span", "small", "sub", "sup"}
    | {"p", "ul", "ol", "li"}
)
ATTRIBUTES = {"a": {"href", "title"}, "span": {"title"}}
CLASSES = {"a": {"rule-ref", "topic-link"}, "span": {"missing-topic"}}
# Relative URLs (the linker's, "../movement/#89.2") pass; of absolute ones only these.
URL_SCHEMES = frozenset({"http", "https"})

_CLEANER = nh3.Cleaner(
    tags=set(TAGS),
    attributes={tag: set(names) for tag, names in ATTRIBUTES.items()},
    allowed_classes={tag: set(names) for tag, names in CLASSES.items()},
    url_schemes=set(URL_SCHEMES),
    link_rel=None,  # rule links stay on this site; rel would only make every link differ
    strip_comments=True,
)


# In sanitised HTML a "<" only ever opens a tag (a text's own is escaped) and comments are gone.
_TAG = re.compile(r"<[^>]+>")
# Where one block or list item meets the next: as plain text, words there are apart
# ("Control Tokens</li><li>Fighter Tokens" is two items, never "TokensFighter").
_BLOCK_TAG = re.compile(r"</?(?:p|ul|ol|li|br)\b[^>]*>")
_SPACES = re.compile(r"[^\S\n]+")


@dataclass(frozen=True)
class Cleaned:
    """Sanitised HTML and what the sanitiser took out of it (for the build report).

    Its text without tags is kept with it, made once: listings and search entries show
    every rule's text, and a large corpus has 100,000 of them.
    """

    html: Markup
    removed: tuple[str, ...]

    @cached_property
    def text(self) -> str:
        """The HTML without its tags, a space where blocks or list items meet; its entities
        stay (the text is still HTML)."""
        return _TAG.sub("", _BLOCK_TAG.sub(" ", str(self.html)))

    @cached_property
    def words(self) -> str:
        """:attr:`text` with each run of whitespace made one space and none at either end."""
        return " ".join(self.text.split())

    @cached_property
    def lines(self) -> str:
        """The HTML without its tags, a line for each block or list item: its words as
        :attr:`words` spaces them, no empty line; entities stay."""
        marked = _TAG.sub("", _BLOCK_TAG.sub("\n", str(self.html)))
        return "\n".join(
            line for line in (_SPACES.sub(" ", part).strip() for part in marked.split("\n")) if line
        )


class _Markup(HTMLParser):
    """The elements (``(tag, "")``) and attributes (``(tag, 'name="value"')``) of a fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: Counter[tuple[str, str]] = Counter()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found[tag, ""] += 1
        for name, value in attrs:
            self.found[tag, f"{name}={_short(value or '')!r}"] += 1

    def handle_comment(self, data: str) -> None:
        self.found["!--", ""] += 1


def _short(value: str, limit: int = 40) -> str:
    return value if len(value) <= limit else value[: limit - 1] + "…"


def _markup(fragment: str) -> Counter[tuple[str, str]]:
    parser = _Markup()
    parser.feed(fragment)
    parser.close()
    return parser.found


# What the cleaner rewrites: tags and entities, and characters HTML parsing drops or changes.
_REWRITTEN = "\x00\r&<>\u00a0\ufeff\ud800-\udfff"
_TEXT = f"[^{_REWRITTEN}]*"
# Elements the cleaner keeps as they are, around plain text: the prose linker's links as it
# writes them (an allowed class, a relative href of plain URL characters), and emphasis
# without attributes as the sources (<b>) and Markdown (<em>, <code>) write it.
_KEPT = (
    f'<a class="(?:rule-ref|topic-link)" href="[A-Za-z0-9_./#-]*">{_TEXT}</a>'
    f"|<(?P<tag>b|i|em|strong|code)>{_TEXT}</(?P=tag)>"
)
# A text that is plain text and such elements only skips the cleaner, which would leave it
# as it is (tests/generator/test_sanitise.py checks that): most rule texts are words, bold
# step names and the linker's links, and a large corpus has 100,000 of them.
UNCHANGED = re.compile(f"{_TEXT}(?:(?:{_KEPT}){_TEXT})*")


# Bounds on one text's markup, far above any rule's (a few links, a bold step name). The
# cleaner's HTML parsers take time growing with the tags left open at each tag, and so does
# the search indexer with the elements open around each: denser or deeper markup made them
# quadratic (350 KB of nested <b> took two minutes). A text beyond either
# keeps its words and loses all its markup, reported like any other removal.
MAX_TAGS = 256
MAX_NESTING = 32
_TAG_NAME = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"})
# A tag, or what is left of one: never a "<" inside, so each character is looked at once.
_TAG_OR_PIECE = re.compile(r"<[^<>]*>?")


def _beyond_bounds(fragment: str) -> str | None:
    """Why ``fragment``'s markup is beyond :data:`MAX_TAGS` or :data:`MAX_NESTING`, if it is."""
    tags = fragment.count("<")  # Markdown escaped every "<" of the text's own words
    if tags > MAX_TAGS:
        return f"all markup ({tags:,} tags in one text; at most {MAX_TAGS})"
    depth = 0
    for found in _TAG_NAME.finditer(fragment):
        if found[2].lower() not in _VOID:
            depth += -1 if found[1] else 1
            if depth > MAX_NESTING:
                return f"all markup (elements nested over {MAX_NESTING} deep)"
    return None


def clean_html(fragment: str) -> Cleaned:
    """``fragment`` with every tag, attribute and URL outside the allow-list removed, or all
    of its markup when it is beyond :data:`MAX_TAGS` or :data:`MAX_NESTING`."""
    beyond = _beyond_bounds(fragment)
    if beyond is not None:
        words = _TAG_OR_PIECE.sub("", fragment).replace("<", "&lt;").replace("\n", " ")
        return Cleaned(Markup(words), (beyond,))
    cleaned = fragment if UNCHANGED.fullmatch(fragment) else _CLEANER.clean(fragment)
    # A blank line would end the raw HTML block the text sits in and let Markdown (with
    # attr_list) loose on the rest; in HTML a newline is only a space.
    safe = Markup(cleaned.replace("\n", " "))
    if cleaned == fragment:
        return Cleaned(safe, ())
    # Cleaning also re-serialises (quotes, entities): only what is gone counts as removed,
    # and the attributes of an element that went are not counted again.
    gone = _markup(fragment) - _markup(cleaned)
    removed = [
        f"<{tag}>" if not attribute else f"{attribute} on <{tag}>"
        for tag, attribute in sorted(gone.elements())
        if not attribute or (tag, "") not in gone
    ]
    return Cleaned(safe, tuple(removed))


# Each text is sanitised for its page, then again for the rules-by-number listing and the
# search index: the cache must hold a whole corpus (1,000 topics hold 41,000 texts),
# or those later passes find nothing of the first in it. Bounded for `mkdocs serve`,
# whose rebuilds would otherwise keep every text ever edited.
@lru_cache(maxsize=1 << 19)
def safe_inline(text: str) -> Cleaned:
    """One source text (inline Markdown with inline HTML) as HTML safe to put on a page."""
    return clean_html(inline_html(text))
