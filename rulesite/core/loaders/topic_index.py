"""The topic index (``content/topics.yaml``): the Living Rules Reference's topic numbers.

A prose page carries the numbers of its rules within its topic but not the topic's
own number; the index gives it, by the page's title (or, failing that, its slug).
It also tells a related topic that this reference lacks (a declared gap, shown as
"not in this reference yet") from a link to nothing (a mistake). The form::

    source: where the numbers and names were read
    sources_version: "tirules ccb9a0dedf5e"   # optional: the rule sources' own version
    sources_date: "2026-01-18"                # optional: and their date (YYYY-MM-DD)
    topics:
    - {number: 89, name: "Tactical Action", slug: tactical_action}
    - {number: 58, name: "Movement", slug: movement, first: 2}

``first`` is a numbering fact: the number the LRR gives the topic's first rule, where
it is not 1 (the LRR 2.0's Movement starts at 58.2). A prose list that starts
elsewhere is renumbered to match, with a warning naming its first item's line.

``roman`` lists the rules whose steps the LRR numbers i., ii., iii. rather than a., b.,
c. (``roman: [2]``: 8.2's steps): they get no letter form ("8.2a" is printed nowhere).

``numbers`` is another: where the prose nests rules other than the LRR does, each such
rule, by the number its list gives it within the topic, mapped to the LRR's number
(the printed letter form or dotted)::

    - {number: 17, name: "Capture", slug: capture, numbers: {3.1: 4, 3.2: 4a, 3.3: 4b, 4: 4c}}

The transcription's item 1 under item 3 is the LRR's 17.4, its items 2 and 3 17.4a and
17.4b, its item 4 17.4c: the rules are nested again by their new numbers
(:mod:`rulesite.core.renumber`).

``sources_version`` and ``sources_date`` date the rule sources where git cannot (a content
folder not kept in a repository; :mod:`rulesite.publish.sources_git` reads git's).

A content folder without ``topics.yaml`` is numbered from the index this package
ships (:data:`DEFAULT_INDEX`, the LRR 2.0's topics: facts only, no rule text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cached_property
from importlib import resources
from pathlib import Path

from rulesite.core.errors import SourceError
from rulesite.core.loaders.source_text import read_source
from rulesite.core.loaders.strict_yaml import YamlMapping, parse_yaml
from rulesite.core.model import Diagnostic, Location

FILE_NAME = "topics.yaml"
_KEYS = ("number", "name", "slug")
_OPTIONAL = ("first", "numbers", "roman")
_LIST_NUMBER = re.compile(r"[1-9][0-9]{0,3}(?:\.[1-9][0-9]{0,3}){0,3}")  # "3.1", within a topic
_LRR_NUMBER = re.compile(r"([1-9][0-9]{0,3})(?:([a-z])|((?:\.[1-9][0-9]{0,3}){0,3}))")  # "4a"
_MAX_NUMBERS = 200  # a topic's renumbered rules; the LRR's longest topic has fewer
_MAX_VERSION = 200
DEFAULT_INDEX = "data/lrr_topics.yaml"  # inside the rulesite package
DEFAULT_LABEL = "the LRR 2.0 topic index shipped with rulesite"


@dataclass(frozen=True)
class IndexedTopic:
    """One topic the Living Rules Reference numbers."""

    number: int
    name: str
    slug: str
    location: Location
    first: int | None = None  # the number the LRR gives the topic's first rule, if not 1
    # (the list's number, the LRR's) for each rule the LRR numbers otherwise: ("3.1", "4")
    numbers: tuple[tuple[str, str], ...] = ()
    # The rules (within the topic: "2" is 8.2) whose steps the LRR numbers i., ii., iii.
    roman: tuple[str, ...] = ()

    @property
    def start(self) -> int:
        """The number of the topic's first rule in the LRR (1 unless a fact says otherwise)."""
        return self.first or 1


@dataclass(frozen=True)
class TopicIndex:
    """Every indexed topic, found by slug or by title."""

    topics: tuple[IndexedTopic, ...] = ()
    label: str = ""  # which index this is, as the build names it
    version: str = ""  # its ``version:``, as the JSON export gives it
    # The rule sources' own version and date (YYYY-MM-DD), where its maintainer gives them
    # (``sources_version:``, ``sources_date:``): for a content folder not kept in git.
    sources_version: str = ""
    sources_date: str = ""

    def by_slug(self, slug: str) -> IndexedTopic | None:
        """The topic whose pages and links use ``slug``."""
        return self._slugs.get(slug)

    def by_title(self, title: str) -> IndexedTopic | None:
        """The topic named ``title`` (case, dashes and spacing aside)."""
        return self._titles.get(_key(title))

    # Looked up for every topic and every link of a corpus: a scan of the index each time
    # was a tenth of merging. The first topic of a slug or name answers, as a scan found it.
    @cached_property
    def _slugs(self) -> dict[str, IndexedTopic]:
        found: dict[str, IndexedTopic] = {}
        for topic in self.topics:
            found.setdefault(topic.slug, topic)
        return found

    @cached_property
    def _titles(self) -> dict[str, IndexedTopic]:
        found: dict[str, IndexedTopic] = {}
        for topic in self.topics:
            found.setdefault(_key(topic.name), topic)
        return found


def _key(title: str) -> str:
    return " ".join(title.replace("–", "-").replace("—", "-").casefold().split())


def load_topic_index(path: Path, name: str) -> TopicIndex:
    """Read the topic index; ``name`` is the path diagnostics show."""
    return parse_topic_index(read_source(path, name), name)


def with_numbering_facts(index: TopicIndex, facts: TopicIndex) -> TopicIndex:
    """``index`` with the numbering facts of ``facts`` (the shipped index) for each topic it
    lists under the same number and slug without a fact of its own: a folder's copy of an
    older index still numbers Movement from 58.2 and Capture's nested rule 17.4."""
    filled = []
    for topic in index.topics:
        known = facts.by_slug(topic.slug)
        if known is not None and known.number == topic.number:
            if topic.first is None:
                topic = replace(topic, first=known.first)
            if not topic.numbers:
                topic = replace(topic, numbers=known.numbers)
            if not topic.roman:
                topic = replace(topic, roman=known.roman)
        filled.append(topic)
    return replace(index, topics=tuple(filled))


def load_default_index() -> TopicIndex:
    """The LRR 2.0 topic index this package ships, for a content folder without one."""
    text = resources.files("rulesite.core").joinpath(DEFAULT_INDEX).read_text(encoding="utf-8")
    return replace(parse_topic_index(text, f"rulesite/core/{DEFAULT_INDEX}"), label=DEFAULT_LABEL)


def parse_topic_index(text: str, name: str) -> TopicIndex:
    """Parse the topic index.

    Raises:
        SourceError: every entry that is not a number, a name and a slug, and repeats.
    """
    data = parse_yaml(text, name)
    entries = data.get("topics") if isinstance(data, YamlMapping) else None
    if not isinstance(entries, list):
        raise SourceError.at(name, 1, "the topic index must have a list 'topics'")
    problems: list[Diagnostic] = []
    topics: list[IndexedTopic] = []
    for entry in entries:
        line = entry.line if isinstance(entry, YamlMapping) else data.line_of("topics")
        where = Location(name, line)
        if not isinstance(entry, YamlMapping) or not _has_keys(entry):
            problems.append(
                Diagnostic(
                    where,
                    "a topic is {number: N, name: ..., slug: ...[, first: N][, numbers: {...}]}",
                )
            )
            continue
        numbers = _numbers(entry.get("numbers"), Location(name, entry.line_of("numbers")))
        roman = _roman(entry.get("roman"), Location(name, entry.line_of("roman")))
        if isinstance(numbers, Diagnostic) or isinstance(roman, Diagnostic):
            problems.extend(d for d in (numbers, roman) if isinstance(d, Diagnostic))
            continue
        number, title, slug = entry["number"], entry["name"], entry["slug"]
        first = entry.get("first")
        if not (_whole(number) and (first is None or _whole(first))):
            problems.append(
                Diagnostic(where, "a topic's number and first must be whole numbers above 0")
            )
        elif not (isinstance(title, str) and isinstance(slug, str) and slug.isidentifier()):
            problems.append(Diagnostic(where, "a topic's name and slug must be text"))
        else:
            assert isinstance(number, int) and (first is None or isinstance(first, int))
            topics.append(IndexedTopic(number, title, slug, where, first, numbers, roman))
    seen: dict[object, IndexedTopic] = {}
    for topic in topics:
        for key in (topic.number, topic.slug):
            if key in seen:
                problems.append(
                    Diagnostic(topic.location, f"'{key}' is listed twice", other=seen[key].location)
                )
            seen[key] = topic
    if problems:
        raise SourceError(problems)
    version = data.get("version", "")
    sources_version, sources_date = data.get("sources_version", ""), data.get("sources_date", "")
    if not isinstance(sources_version, str) or len(sources_version) > _MAX_VERSION:
        problems.append(
            Diagnostic(
                Location(name, data.line_of("sources_version")),
                f"sources_version must be text of at most {_MAX_VERSION} characters",
            )
        )
    if not (isinstance(sources_date, str) and (not sources_date or _is_date(sources_date))):
        problems.append(
            Diagnostic(
                Location(name, data.line_of("sources_date")),
                "sources_date must be a date written YYYY-MM-DD, in quotes",
            )
        )
    if problems:
        raise SourceError(problems)
    return TopicIndex(
        tuple(topics),
        label=name,
        version=version if isinstance(version, str) else "",
        sources_version=str(sources_version),
        sources_date=str(sources_date),
    )


def _numbers(value: object, where: Location) -> tuple[tuple[str, str], ...] | Diagnostic:
    """A ``numbers:`` fact's pairs (the LRR's number dotted: "4a" is "4.1"), or what is wrong."""
    if value is None:
        return ()
    if not isinstance(value, YamlMapping) or not 0 < len(value) <= _MAX_NUMBERS:
        return Diagnostic(
            where,
            f"a topic's numbers are a mapping of 1 to {_MAX_NUMBERS} list numbers to LRR numbers "
            "({3.1: 4, 3.2: 4a})",
        )
    pairs: list[tuple[str, str]] = []
    for key, lrr in value.items():
        at = Location(where.path, value.line_of(key))
        found = _LRR_NUMBER.fullmatch(str(lrr)) if isinstance(lrr, (str, int)) else None
        if not _LIST_NUMBER.fullmatch(key) or isinstance(lrr, bool) or found is None:
            return Diagnostic(
                at,
                f"{_said(key)}: {_said(lrr)} in a topic's numbers: each maps a number its list "
                "gives a rule (3.1) to the LRR's (4, 4a or 4.1)",
            )
        head, letter, tail = found.groups()
        dotted = f"{head}.{ord(letter) - ord('a') + 1}" if letter else f"{head}{tail}"
        if any(dotted == other for _, other in pairs):
            return Diagnostic(at, f"{key}: {lrr} in a topic's numbers: {lrr} is mapped to twice")
        pairs.append((key, dotted))
    return tuple(pairs)


def _roman(value: object, where: Location) -> tuple[str, ...] | Diagnostic:
    """A ``roman:`` fact's rules (numbers within the topic: ``[2]``), or what is wrong."""
    if value is None:
        return ()
    if isinstance(value, list) and 0 < len(value) <= _MAX_NUMBERS and all(map(_listed, value)):
        return tuple(str(number) for number in value)
    return Diagnostic(
        where,
        "a topic's roman is a list of its rules whose steps the LRR numbers i., ii., iii. "
        "([2] for 8.2; dotted numbers in quotes)",
    )


def _listed(number: object) -> bool:
    """Whether ``number`` is a rule's number within its topic (2, or "2.1")."""
    return (
        isinstance(number, (int, str))
        and not isinstance(number, bool)
        and _LIST_NUMBER.fullmatch(str(number)) is not None
    )


def _said(value: object) -> str:
    """``value`` as a message quotes it: its repr, cut short."""
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:39] + "…"


def _is_date(text: str) -> bool:
    """Whether ``text`` is a real date written ``YYYY-MM-DD``."""
    try:
        return datetime.strptime(text, "%Y-%m-%d").strftime("%Y-%m-%d") == text
    except ValueError:
        return False


def _has_keys(entry: YamlMapping) -> bool:
    keys = set(entry)
    return set(_KEYS) <= keys <= set(_KEYS + _OPTIONAL)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0
