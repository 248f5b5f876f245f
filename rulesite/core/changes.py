"""What changed between two content folders: rules added, removed, changed (word by word)
and moved (renumbered, in their topic or into another: paired by their words, not their
numbers); topics added or removed; notes changed.

Pure: two corpora in, :class:`Changes` out. :mod:`rulesite.core.changes_page` writes the
site's "What changed" page and the terminal's lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from rulesite.core.corpus import Corpus, load_content
from rulesite.core.errors import SourceError
from rulesite.core.merge import plain_text
from rulesite.core.model import Edition, Topic, iter_rules
from rulesite.core.rule_pairing import number_order, pair_rules

__all__ = [
    "Changed",
    "Changes",
    "Renumbered",
    "RuleText",
    "compare",
    "load_previous",
    "renumbered_runs",
]


@dataclass(frozen=True)
class RuleText:
    """A rule as the comparison sees it: its number, its topic and its words."""

    number: str
    topic: str
    text: str


@dataclass(frozen=True)
class Changed:
    """A rule whose number stayed and whose words changed, or a note that changed."""

    number: str
    topic: str
    old: str
    new: str


@dataclass(frozen=True)
class Changes:
    """Everything that differs between an old and a new content folder."""

    added: tuple[RuleText, ...] = ()
    removed: tuple[RuleText, ...] = ()
    changed: tuple[Changed, ...] = ()
    # (old, new): a new number, the same words or words alike enough (moved and changed).
    moved: tuple[tuple[RuleText, RuleText], ...] = ()
    topics_added: tuple[str, ...] = ()
    topics_removed: tuple[str, ...] = ()
    notes: tuple[Changed, ...] = ()  # number "89 note 2"; old or new "" if added or removed

    def __bool__(self) -> bool:
        kinds = (self.added, self.removed, self.changed, self.moved, self.notes)
        return any((*kinds, self.topics_added, self.topics_removed))


def _numbered(corpus: Corpus) -> list[Topic]:
    return [t for t in corpus.topics if t.edition is Edition.FOURTH and t.number is not None]


def _rules(corpus: Corpus) -> dict[str, RuleText]:
    return {
        rule.number: RuleText(rule.number, topic.title, plain_text(rule.text))
        for topic in _numbered(corpus)
        for rule in iter_rules(topic.rules)
        if rule.number
    }


def _notes(corpus: Corpus) -> dict[str, tuple[str, str]]:
    return {
        f"{topic.number} note {note.number}": (topic.title, plain_text(note.text))
        for topic in _numbered(corpus)
        for note in topic.notes
    }


def _by_number(rules: Iterable[RuleText]) -> list[RuleText]:
    return sorted(rules, key=lambda rule: number_order(rule.number))


def compare(old: Corpus, new: Corpus) -> Changes:
    """The changes from ``old`` to ``new``."""
    before, after = _rules(old), _rules(new)
    left_old = {n: r for n, r in before.items() if n not in after or after[n].text != r.text}
    left_new = {n: r for n, r in after.items() if n not in before or before[n].text != r.text}
    # A rule whose words are found again under another number, where its own number now
    # holds other words (or is gone), moved: renumbered, not removed and added.
    by_words: dict[str, list[str]] = {}
    for rule in _by_number(left_new.values()):
        by_words.setdefault(rule.text, []).append(rule.number)
    moved: list[tuple[RuleText, RuleText]] = []
    for rule in _by_number(left_old.values()):
        places = by_words.get(rule.text)
        if places:
            moved.append((rule, left_new.pop(places.pop(0))))
    for rule, _ in moved:
        del left_old[rule.number]
    # The rest are paired by likeness (rulesite.core.rule_pairing): under the same number a
    # rule reworded (changed), under another one a rule moved and reworded.
    changed: list[Changed] = []
    pairs = pair_rules(
        {n: r.text for n, r in left_old.items()}, {n: r.text for n, r in left_new.items()}
    )
    for old_number, new_number in pairs:
        earlier, later = left_old.pop(old_number), left_new.pop(new_number)
        if old_number == new_number:
            changed.append(Changed(new_number, later.topic, earlier.text, later.text))
        else:
            moved.append((earlier, later))
    old_notes, new_notes = _notes(old), _notes(new)
    notes = [
        Changed(
            key,
            (new_notes.get(key) or old_notes[key])[0],
            old_notes.get(key, ("", ""))[1],
            new_notes.get(key, ("", ""))[1],
        )
        for key in sorted(set(old_notes) | set(new_notes))
        if old_notes.get(key, ("", ""))[1] != new_notes.get(key, ("", ""))[1]
    ]
    old_topics = {_topic_name(t) for t in old.topics if t.edition is Edition.FOURTH}
    new_topics = {_topic_name(t) for t in new.topics if t.edition is Edition.FOURTH}
    return Changes(
        added=tuple(_by_number(left_new.values())),
        removed=tuple(_by_number(left_old.values())),
        changed=tuple(sorted(changed, key=lambda c: number_order(c.number))),
        moved=tuple(sorted(moved, key=lambda pair: number_order(pair[0].number))),
        topics_added=tuple(sorted(new_topics - old_topics)),
        topics_removed=tuple(sorted(old_topics - new_topics)),
        notes=tuple(notes),
    )


def _topic_name(topic: Topic) -> str:
    return f"{topic.number} {topic.title}" if topic.number is not None else topic.title


@dataclass(frozen=True)
class Renumbered:
    """Rules renumbered together by one shift: ``78.1–78.10 → 78.2–78.11`` (their subrules
    with them), each (old, new) pair in ``moves``."""

    old_first: str
    old_last: str
    new_first: str
    new_last: str
    topic: str
    moves: tuple[tuple[RuleText, RuleText], ...]


def _shift(old: str, new: str) -> tuple[tuple[str, ...], int, int, int] | None:
    """(the parts before, which part, its old value, how far it moved) when ``new`` is
    ``old`` with one part moved (78.3.2 → 78.4.2: part 1, from 3, by 1); else None."""
    a, b = old.split("."), new.split(".")
    if len(a) != len(b):
        return None
    differ = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if len(differ) != 1 or not (a[differ[0]].isdigit() and b[differ[0]].isdigit()):
        return None
    part = differ[0]
    return tuple(a[:part]), part, int(a[part]), int(b[part]) - int(a[part])


def renumbered_runs(
    moved: Iterable[tuple[RuleText, RuleText]],
) -> tuple[tuple[Renumbered, ...], tuple[tuple[RuleText, RuleText], ...]]:
    """The runs of rules ``moved`` by one shift, and the moves in no run.

    A run is two or more moves whose numbers differ from their old ones by the same step
    in the same place (78.1 → 78.2, 78.2 → 78.3, 78.2.1 → 78.3.1, …) with no gap between
    the numbers moved: one line ``78.1–78.10 → 78.2–78.11`` says all of them.
    """
    groups: dict[tuple[tuple[str, ...], int, int], dict[int, list[tuple[RuleText, RuleText]]]] = {}
    heads: set[tuple[tuple[str, ...], int, int, int]] = set()  # the rules moved themselves
    alone: list[tuple[RuleText, RuleText]] = []
    for pair in moved:
        shift = _shift(pair[0].number, pair[1].number)
        if shift is None:
            alone.append(pair)
            continue
        prefix, part, value, step = shift
        groups.setdefault((prefix, part, step), {}).setdefault(value, []).append(pair)
        if pair[0].number.count(".") == part:
            heads.add((prefix, part, step, value))
    runs: list[Renumbered] = []
    for (prefix, part, step), by_value in groups.items():
        # A subrule moved with no move of its rule (78.3.1 → 78.4.1 where 78.3 stayed) is
        # no part of a run: the run would say 78.3 moved.
        values = sorted(v for v in by_value if (prefix, part, step, v) in heads)
        alone += [
            p
            for v, pairs in by_value.items()
            if (prefix, part, step, v) not in heads
            for p in pairs
        ]
        start = 0
        for end in range(1, len(values) + 1):
            if end < len(values) and values[end] == values[end - 1] + 1:
                continue
            members = [pair for value in values[start:end] for pair in by_value[value]]
            if len(members) < 2:
                alone.extend(members)
            else:
                first, last = values[start], values[end - 1]
                name = ".".join(prefix)

                def number(value: int, name: str = name) -> str:
                    return f"{name}.{value}" if name else str(value)

                runs.append(
                    Renumbered(
                        number(first),
                        number(last),
                        number(first + step),
                        number(last + step),
                        members[0][1].topic,
                        tuple(sorted(members, key=lambda p: number_order(p[0].number))),
                    )
                )
            start = end
    runs.sort(key=lambda run: number_order(run.old_first))
    alone.sort(key=lambda pair: number_order(pair[0].number))
    return tuple(runs), tuple(alone)


def load_previous(folder: Path) -> Corpus:
    """The earlier content folder, each problem with it said as a problem of the earlier
    sources (a missing folder, a folder that holds no sources, a broken source).

    Raises:
        SourceError: the folder cannot be compared against.
    """
    try:
        return load_content(folder)
    except SourceError as error:
        raise SourceError(
            [
                replace(d, message=f"earlier sources (--previous): {d.message}")
                for d in error.diagnostics
            ]
        ) from None
