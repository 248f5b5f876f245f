"""Which earlier rule each rule is, when neither its number nor its words stayed the same.

The rules left over once equal numbers with equal words and equal words under other
numbers are paired (:func:`rulesite.core.changes.compare`) are paired here by likeness:
an earlier rule and a later one are one rule reworded when enough of their words are
shared, under the same number (a rule edited where it stands) or under another one, in
its topic or any other (a rule moved, and edited on the way).

Near-linear, never all against all: each later rule's word pairs (two-word shingles)
go into an inverted index, and an earlier rule looks up only its rarest few, so it is
compared with the handful of rules that share an unusual phrase with it, plus the rule
that holds its number now. A shingle common to hundreds of rules is looked up only
among the rules nearest in number, so a corpus of rules worded alike stays bounded.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise

__all__ = ["MOVED_ALIKE", "SAME_NUMBER_ALIKE", "alike", "number_order", "pair_rules"]

# How alike (0 to 1) two rules' words must be to be one rule: under its own number a
# rule may be reworded further (a rewording and an unrelated rule in its place differ
# far more), elsewhere it must be recognisable.
SAME_NUMBER_ALIKE = 0.45
MOVED_ALIKE = 0.6
# A rule's words beyond these are not compared: a pathological source cannot make the
# pairing quadratic in a rule's length.
MAX_WORDS = 400
_KEYS = 12  # the rarest shingles an earlier rule looks up
_RARE = 8  # a shingle of at most this many rules is rare: all of them are candidates
_COMMON_KEYS = 3  # a rule with no rare shingle looks up this many of its least common
_POSTINGS = 32  # the most rules one shingle contributes, the nearest in number
_CANDIDATES = 8  # the most likely later rules each earlier rule is compared with
_SAME_NUMBER_BONUS = 0.05  # between two equally likely rules, the one at the same number
_NUMBER_FIRST = 0.7  # this alike under the same number: the same rule, no look-up needed

_WORD = re.compile(r"[^\W_]+")
_MAX_CHARS = MAX_WORDS * 40  # more than MAX_WORDS words take, read no further


def number_order(number: str) -> tuple[int, ...]:
    """A rule number as a sort key: ``89.10`` after ``89.9``."""
    return tuple(int(part) for part in number.split(".") if part.isdigit())


def _words(text: str) -> list[str]:
    return _WORD.findall(text[:_MAX_CHARS].casefold())[:MAX_WORDS]


def _shingles(words: list[str]) -> frozenset[tuple[str, ...]]:
    if len(words) < 2:
        return frozenset((word,) for word in words)
    return frozenset(pairwise(words))


def alike(old: str, new: str) -> float:
    """How alike two rules' words are, 0 to 1: twice the words they share over the words
    of each (the Dice coefficient of their sets of words)."""
    return _dice(frozenset(_words(old)), frozenset(_words(new)))


def _dice(old: frozenset[str], new: frozenset[str]) -> float:
    total = len(old) + len(new)
    return 2 * len(old & new) / total if total else 1.0


@dataclass(frozen=True)
class _Rule:
    number: str
    order: tuple[int, ...]
    text: str
    words: frozenset[str]

    @property
    def shingles(self) -> frozenset[tuple[str, ...]]:
        """Its two-word phrases: worked out only for a rule its number did not pair."""
        return _shingles(_words(self.text))


def _rules(texts: Mapping[str, str]) -> list[_Rule]:
    rules = [
        _Rule(number, number_order(number), text, frozenset(_words(text)))
        for number, text in texts.items()
    ]
    return sorted(rules, key=lambda rule: rule.order)


def _nearest(postings: list[int], at: int) -> list[int]:
    """At most ``_POSTINGS`` of ``postings`` (ascending positions), those nearest ``at``."""
    if len(postings) <= _POSTINGS:
        return postings
    middle = bisect.bisect_left(postings, at)
    start = max(0, min(middle - _POSTINGS // 2, len(postings) - _POSTINGS))
    return postings[start : start + _POSTINGS]


Postings = dict[tuple[str, ...], list[int]]


def _likely(rule: _Rule, postings: Postings, at: int) -> list[int]:
    """The positions of the later rules likeliest to be ``rule``: those sharing the most of
    its rarest phrases (or, where it has no rare phrase, its least common ones among the
    rules nearest in number), the nearest in number first among equals."""
    shared = sorted((len(postings[key]), key) for key in rule.shingles if key in postings)
    rare = [key for count, key in shared[:_KEYS] if count <= _RARE]
    hits: Counter[int] = Counter()
    for key in rare or [key for _, key in shared[:_COMMON_KEYS]]:
        hits.update(_nearest(postings[key], at))
    ranked = sorted((-count, abs(index - at), index) for index, count in hits.items())
    return [index for _, _, index in ranked[:_CANDIDATES]]


def _by_number(earlier: list[_Rule], later: list[_Rule]) -> list[tuple[str, str]]:
    """The rules whose number holds words alike enough to be that rule edited in place."""
    by_number = {rule.number: rule for rule in later}
    return [
        (rule.number, rule.number)
        for rule in earlier
        if rule.number in by_number
        and _dice(rule.words, by_number[rule.number].words) >= _NUMBER_FIRST
    ]


def pair_rules(old: Mapping[str, str], new: Mapping[str, str]) -> list[tuple[str, str]]:
    """(earlier number, later number) for each earlier rule of ``old`` (number → plain
    words) that is a rule of ``new`` reworded; the likeliest pairs first taken, each rule
    in one pair at most."""
    earlier, later = _rules(old), _rules(new)
    # By number first: only the rules their number did not pair are looked up by words.
    pairs = _by_number(earlier, later)
    paired = {number for number, _ in pairs}
    earlier = [rule for rule in earlier if rule.number not in paired]
    later = [rule for rule in later if rule.number not in paired]
    orders = [rule.order for rule in later]
    at_number = {rule.number: index for index, rule in enumerate(later)}
    postings: Postings = {}
    for index, rule in enumerate(later):
        for shingle in rule.shingles:
            postings.setdefault(shingle, []).append(index)
    scored: list[tuple[float, int, int, str, str]] = []
    for position, rule in enumerate(earlier):
        # Where this rule's number falls among the later ones: "nearest" counts from here.
        at = bisect.bisect_left(orders, rule.order)
        likely = _likely(rule, postings, at)
        same = at_number.get(rule.number)
        if same is not None and same not in likely:
            likely.append(same)
        for index in likely:
            bonus = _SAME_NUMBER_BONUS if index == same else 0.0
            score = _dice(rule.words, later[index].words) + bonus
            scored.append((-score, position, index, rule.number, later[index].number))
    scored.sort()
    taken_old: set[str] = set()
    taken_new: set[str] = set()
    for negative, _, _, old_number, new_number in scored:
        same_number = old_number == new_number
        score = -negative - (_SAME_NUMBER_BONUS if same_number else 0.0)
        if score < (SAME_NUMBER_ALIKE if same_number else MOVED_ALIKE):
            continue
        if old_number in taken_old or new_number in taken_new:
            continue
        taken_old.add(old_number)
        taken_new.add(new_number)
        pairs.append((old_number, new_number))
    return pairs
