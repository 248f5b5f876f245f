"""Combining the forms of one topic into the topic a page shows.

- Prose (``x.md``) and rule cards (``x.yaml``) of one topic pair by file stem.
  The cards give the numbers, the prose the wording and links. Rules pair by
  position (rule i with rule i, subrule j with subrule j) and their texts must
  agree once formatting is set aside (HTML tags, Markdown emphasis, line
  breaks). A disagreement is an **error** naming both places: a page built
  anyway would put official numbers on rules they do not belong to.
- Prose alone is numbered by its own lists (item 3, its subitem 1 → N.3.1) once
  the topic number N is known: from a fact file, else from the topic index by
  the page's title (or slug); otherwise a notice naming the topic (a newer
  expansion's topic is no mistake), and the rules stay unnumbered. Where cards
  exist, a prose item whose list number differs from its card's is an error, and
  an index number differing from the cards' a warning.
  The index's ``numbers:`` fact renumbers (and nests again) the rules the prose nests
  other than the LRR (:mod:`rulesite.core.renumber`).
- A community wiki page is the page of its topic when no Living Rules
  Reference form exists; when one does, the wiki's sections and FAQ follow the
  rules on the same page, marked community.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from rulesite.core.loaders.facts import Facts
from rulesite.core.loaders.topic_index import IndexedTopic, TopicIndex
from rulesite.core.model import Diagnostic, Note, Rule, Section, Topic, iter_rules
from rulesite.core.renumber import renumber

# Neither looks past the next "<" or emphasis marker, so each character is looked at a
# bounded number of times: ".+?" made "*a *a *a …" quadratic.
_TAG = re.compile(r"<[^<>]+>")
_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3})(?=[^\s*_])([^*_]+?)(?<=\S)\1")
WIKI_OVERVIEW = "Overview"


@dataclass(frozen=True)
class Merged:
    """A merged topic and what merging found."""

    topic: Topic
    errors: tuple[Diagnostic, ...] = ()
    warnings: tuple[Diagnostic, ...] = ()
    notices: tuple[Diagnostic, ...] = ()  # not wrong, worth saying: a topic left unnumbered


def plain_text(text: str) -> str:
    """``text`` without formatting: no HTML tags or Markdown emphasis, single spaces."""
    return " ".join(_EMPHASIS.sub(r"\2", _TAG.sub("", text)).split())


def merge_lrr(
    prose: Topic | None, cards: Topic | None, facts: Facts, index: TopicIndex | None = None
) -> Merged:
    """One Living Rules Reference topic from its prose form, its rule cards, or both.

    Args:
        prose: the Markdown form (wording, intro, related links), if any.
        cards: the YAML form (official numbers), if any.
        facts: the topic's fact file (``Facts()`` if none).
        index: the topic index, for a topic number neither the cards nor facts give.

    Raises:
        ValueError: neither form given (a caller's mistake, not a source's).
    """
    if prose is None and cards is None:
        raise ValueError("merge_lrr needs at least one form of the topic")
    errors: list[Diagnostic] = []
    warnings: list[Diagnostic] = []
    notices: list[Diagnostic] = []
    number = _topic_number(cards, facts, errors)
    entry = indexed_entry(prose or cards, index)
    indexed = entry.number if entry else None
    if number is None:
        number = indexed
    elif cards is not None and indexed is not None and indexed != number:
        warnings.append(
            Diagnostic(
                cards.location,
                f"the rule cards' topic number {number} is not the topic index's ({indexed})",
            )
        )
    fact_sources = (facts.location,) if facts.location else ()
    if prose is None:
        assert cards is not None
        title = facts.title or cards.title
        return Merged(
            replace(cards, title=title, sources=cards.sources + fact_sources), tuple(errors)
        )
    if cards is not None:
        rules = _pair_rules(prose.rules, cards.rules, prose, cards, errors)
        notes = _pair(
            "note",
            (prose.notes, prose),
            (cards.notes, cards),
            lambda worded, numbered: replace(worded, number=numbered.number),
            errors,
        )
        _check_local_numbers(rules, errors)
        sources = prose.sources + cards.sources
    elif number is not None:
        first = entry.start if entry and entry.number == number else 1
        warnings.extend(check_sequence(prose, number, first))
        rules = number_rules(prose.rules, str(number), first)
        if entry and entry.number == number and entry.numbers:
            renumbered = renumber(rules, str(number), entry, prose.title)
            rules = renumbered.rules
            errors.extend(renumbered.errors)
            warnings.extend(renumbered.warnings)
        notes = prose.notes
        sources = prose.sources
    else:
        rules, notes, sources = prose.rules, prose.notes, prose.sources
        notices.append(
            Diagnostic(
                prose.location,
                f"topic '{prose.title}' is not in the topic index: its rules are left "
                f"unnumbered (give its number in {prose.slug}.meta.yaml as 'number: N')",
            )
        )
    if entry and entry.number == number and entry.roman:
        rules = with_roman_steps(rules, {f"{number}.{local}" for local in entry.roman})
    topic = replace(prose, number=number, rules=rules, notes=notes, sources=sources + fact_sources)
    return Merged(topic, tuple(errors), tuple(warnings), tuple(notices))


def with_roman_steps(rules: tuple[Rule, ...], parents: set[str]) -> tuple[Rule, ...]:
    """``rules`` with the subrules of each rule numbered in ``parents`` marked as the LRR's
    roman-numbered steps (i., ii., iii.): they have no letter form."""
    return tuple(
        replace(
            rule,
            subrules=tuple(
                replace(sub, lettered=False) if rule.number in parents else sub
                for sub in with_roman_steps(rule.subrules, parents)
            ),
        )
        for rule in rules
    )


def number_rules(rules: tuple[Rule, ...], prefix: str, first: int = 1) -> tuple[Rule, ...]:
    """Rules numbered under topic ``prefix`` ("3" → 3.1, 3.2, 3.2.1 …): by the number their
    prose list gives them, or else by their place in the list.

    ``first`` is the number the LRR gives the topic's first rule (the topic index's
    numbering fact): a list starting elsewhere is shifted to start there, every rule alike.
    """
    start = _first_local(rules)
    shift = first - start if start is not None else 0
    return _number_rules(rules, prefix, prefix, shift)


def _number_rules(
    rules: tuple[Rule, ...], topic: str, parent: str, shift: int = 0
) -> tuple[Rule, ...]:
    numbered: list[Rule] = []
    for n, rule in enumerate(rules, 1):
        local = _shifted(rule.local, shift)
        place = n + shift if parent == topic else n
        number = f"{topic}.{local}" if local else f"{parent}.{place}"
        numbered.append(
            replace(
                rule, number=number, subrules=_number_rules(rule.subrules, topic, number, shift)
            )
        )
    return tuple(numbered)


def _shifted(local: str | None, shift: int) -> str | None:
    """A prose list's number ("3", "3.2") with its first part moved by ``shift``."""
    head, dot, tail = (local or "").partition(".")
    if not shift or not head.isdigit():
        return local
    return f"{int(head) + shift}{dot}{tail}"


def _first_local(rules: tuple[Rule, ...]) -> int | None:
    head = (rules[0].local or "").partition(".")[0] if rules else ""
    return int(head) if head.isdigit() else None


def check_sequence(prose: Topic, number: int, first: int) -> list[Diagnostic]:
    """Where the prose's list numbers contradict the LRR's sequence for topic ``number``:
    a first rule other than the index's ``first``, a number skipped or repeated."""
    found: list[Diagnostic] = []
    start = _first_local(prose.rules)
    if start is not None and start != first:
        found.append(
            Diagnostic(
                prose.rules[0].location,
                f"the list numbers this first rule of '{prose.title}' {number}.{start}; "
                f"the topic index says the LRR's starts at {number}.{first}: "
                f"every rule of the topic is numbered {first - start:+d} to match the LRR",
            )
        )
    previous = start
    for rule in prose.rules[1:]:
        head = (rule.local or "").partition(".")[0]
        if previous is None or not head.isdigit():
            break
        if int(head) != previous + 1:
            found.append(
                Diagnostic(
                    rule.location,
                    f"the list numbers this rule {number}.{head} after {number}.{previous}: "
                    "the LRR numbers a topic's rules one after another",
                )
            )
        previous = int(head)
    return found


def _check_local_numbers(rules: tuple[Rule, ...], errors: list[Diagnostic]) -> None:
    """A prose item numbered differently by its list than by the card paired with it."""
    for rule in iter_rules(rules):
        if rule.local and rule.number and rule.number.partition(".")[2] != rule.local:
            errors.append(
                Diagnostic(
                    rule.location,
                    f"the prose numbers this rule {rule.local} in its list, "
                    f"the rule cards {rule.number}",
                )
            )


def indexed_entry(topic: Topic | None, index: TopicIndex | None) -> IndexedTopic | None:
    """The index's topic of ``topic``'s title (or slug): all :func:`merge_lrr` reads of it."""
    if topic is None or index is None:
        return None
    return index.by_title(topic.title) or index.by_slug(topic.slug)


def merge_wiki(lrr: Topic, wiki: Topic) -> Topic:
    """The Living Rules Reference topic with the wiki page's community content after its rules.

    The wiki's intro becomes a community section ("Overview") so nothing from
    the wiki reads as official wording.
    """
    overview = (
        (
            Section(
                title=WIKI_OVERVIEW,
                items=wiki.intro,
                location=wiki.location,
                item_locations=wiki.intro_places,
                bulleted=tuple(False for _ in wiki.intro),
                community=True,
            ),
        )
        if wiki.intro
        else ()
    )
    return replace(
        lrr,
        sections=lrr.sections + overview + tuple(replace(s, community=True) for s in wiki.sections),
        faq=lrr.faq + wiki.faq,
        category=lrr.category or wiki.category,
        previous=lrr.previous or wiki.previous,
        next=lrr.next or wiki.next,
        sources=lrr.sources + wiki.sources,
    )


def _topic_number(cards: Topic | None, facts: Facts, errors: list[Diagnostic]) -> int | None:
    if cards is None or cards.number is None:
        return facts.number
    if facts.number is not None and facts.number != cards.number and facts.location:
        errors.append(
            Diagnostic(
                facts.location,
                f"number {facts.number} disagrees with the rule cards' topic number {cards.number}",
                other=cards.location,
            )
        )
    return cards.number


def _pair_rules(
    prose: tuple[Rule, ...],
    cards: tuple[Rule, ...],
    prose_parent: Topic | Rule,
    cards_parent: Topic | Rule,
    errors: list[Diagnostic],
) -> tuple[Rule, ...]:
    return _pair(
        "rule",
        (prose, prose_parent),
        (cards, cards_parent),
        lambda worded, numbered: replace(
            worded,
            number=numbered.number,
            subrules=_pair_rules(worded.subrules, numbered.subrules, worded, numbered, errors),
        ),
        errors,
    )


_Item = TypeVar("_Item", Rule, Note)


def _pair(
    kind: str,
    prose: tuple[tuple[_Item, ...], Topic | Rule],
    cards: tuple[tuple[_Item, ...], Topic | Rule],
    combine: Callable[[_Item, _Item], _Item],
    errors: list[Diagnostic],
) -> tuple[_Item, ...]:
    """Prose items paired by position with the cards' items, which give their numbers.

    Args:
        kind: what the items are called in errors ("rule", "note").
        prose: the prose's items and what they sit under.
        cards: the cards' items and what they sit under.
        combine: the merged item of a prose item and its card.
        errors: where items without a partner and disagreeing texts are reported.
    """
    (worded_items, prose_parent), (numbered_items, cards_parent) = prose, cards
    for extra in worded_items[len(numbered_items) :]:
        # Prose rules have no numbers of their own (notes do): say where the card is missing.
        what = (
            f"{kind} {extra.number} is in the prose only"
            if extra.number
            else f"{kind} in the prose only: no rule card in its place under {_name(cards_parent)}"
        )
        errors.append(Diagnostic(extra.location, what, other=cards_parent.location))
    for extra in numbered_items[len(worded_items) :]:
        errors.append(
            Diagnostic(
                extra.location,
                f"{kind} {extra.number} is in the rule cards only",
                other=prose_parent.location,
            )
        )
    merged: list[_Item] = []
    for worded, numbered in zip(worded_items, numbered_items, strict=False):
        # Most texts are written alike in both forms: only unlike ones are compared as plain text.
        same = worded.text == numbered.text or plain_text(worded.text) == plain_text(numbered.text)
        if not same:
            errors.append(
                Diagnostic(
                    worded.location,
                    f"{kind} {numbered.number} is worded differently "
                    "in the prose and the rule cards",
                    other=numbered.location,
                )
            )
        merged.append(combine(worded, numbered))
    return tuple(merged)


def _name(parent: Topic | Rule) -> str:
    return f"rule {parent.number}" if isinstance(parent, Rule) else "the topic"
