"""What changed between two content folders: rules added, removed, changed (word by word)
and moved (renumbered: matched by their words, not their numbers); topics added or
removed; notes changed.

Pure: two corpora in, :class:`Changes` out; :func:`render_changes` writes the site's
"What changed" page and :func:`change_lines` the terminal's text.
"""

from __future__ import annotations

import difflib
import html
from dataclasses import dataclass, replace
from pathlib import Path

from rulesite.core.anchors import relative_href
from rulesite.core.corpus import Corpus, load_content
from rulesite.core.errors import SourceError
from rulesite.core.merge import plain_text
from rulesite.core.model import Edition, Topic, iter_rules

__all__ = [
    "CHANGES_PAGE",
    "Changes",
    "change_anchor",
    "change_lines",
    "compare",
    "load_previous",
    "mark_changed",
    "render_changes",
]

CHANGES_PAGE = "changes.md"  # at changes/


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
    moved: tuple[tuple[RuleText, RuleText], ...] = ()  # (old, new): same words, new number
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


def _order(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.split(".") if part.isdigit())


def compare(old: Corpus, new: Corpus) -> Changes:
    """The changes from ``old`` to ``new``."""
    before, after = _rules(old), _rules(new)
    # A rule whose words are found again under another number, where its own number now
    # holds other words (or is gone), moved: renumbered, not removed and added.
    by_words: dict[str, list[str]] = {}
    for number, rule in after.items():
        if before.get(number) is None or before[number].text != rule.text:
            by_words.setdefault(rule.text, []).append(number)
    moved: list[tuple[RuleText, RuleText]] = []
    for number, rule in sorted(before.items(), key=lambda item: _order(item[0])):
        if number in after and after[number].text == rule.text:
            continue
        places = by_words.get(rule.text)
        if places:
            moved.append((rule, after[places.pop(0)]))
    # The rest are paired by likeness: the same number if its words are alike enough,
    # else the likeliest other number (renumbered and reworded: moved, with a word diff).
    taken_old = {o.number for o, _ in moved}
    taken_new = {n.number for _, n in moved}
    left_old = [
        rule
        for number, rule in sorted(before.items(), key=lambda item: _order(item[0]))
        if number not in taken_old and (number not in after or after[number].text != rule.text)
    ]
    left_new = {
        number: rule
        for number, rule in after.items()
        if number not in taken_new and (number not in before or before[number].text != rule.text)
    }
    changed: list[Changed] = []
    removed: list[RuleText] = []
    for rule in left_old:
        same = left_new.get(rule.number)
        if same is not None and _alike(rule.text, same.text) >= _ALIKE:
            changed.append(Changed(rule.number, same.topic, rule.text, same.text))
            del left_new[rule.number]
            continue
        # Within its topic only: across topics a rule moves only with the same words (and
        # a large corpus's changes are not compared each with each).
        topic = rule.number.partition(".")[0]
        near = [n for n in left_new.values() if n.number.partition(".")[0] == topic]
        best = max(near, key=lambda n: _alike(rule.text, n.text), default=None)
        if best is not None and _alike(rule.text, best.text) >= _ALIKE:
            moved.append((rule, best))
            del left_new[best.number]
        else:
            removed.append(rule)
    added = sorted(left_new.values(), key=lambda r: _order(r.number))
    moved.sort(key=lambda pair: _order(pair[0].number))
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
        added=tuple(added),
        removed=tuple(removed),
        changed=tuple(changed),
        moved=tuple(moved),
        topics_added=tuple(sorted(new_topics - old_topics)),
        topics_removed=tuple(sorted(old_topics - new_topics)),
        notes=tuple(notes),
    )


_ALIKE = 0.6  # how alike two rules' words must be to be one rule reworded


def _alike(old: str, new: str) -> float:
    """How alike two texts are, word by word (0 to 1)."""
    return difflib.SequenceMatcher(None, old.split(), new.split(), autojunk=False).ratio()


def _topic_name(topic: Topic) -> str:
    return f"{topic.number} {topic.title}" if topic.number is not None else topic.title


def _word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """The words of ``old`` and ``new`` as (kind, words) runs: "=" kept, "-" gone, "+" new."""
    a, b = old.split(), new.split()
    runs: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            runs.append(("=", " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            runs.append(("-", " ".join(a[i1:i2])))
        if j2 > j1:
            runs.append(("+", " ".join(b[j1:j2])))
    return runs


def change_anchor(number: str) -> str:
    """The id of a changed rule's entry on the What changed page: ``change-89.2.3``."""
    return f"change-{number}"


def _diff_html(old: str, new: str) -> str:
    tags = {"=": "{}", "-": "<del>{}</del>", "+": "<ins>{}</ins>"}
    return " ".join(tags[kind].format(html.escape(words)) for kind, words in _word_diff(old, new))


def _diff_text(old: str, new: str) -> str:
    marks = {"=": "{}", "-": "[-{}-]", "+": "{{+{}+}}"}
    return " ".join(marks[kind].format(words) for kind, words in _word_diff(old, new))


def render_changes(changes: Changes, previous: str, rule_href: dict[str, str]) -> str:
    """The What changed page (Markdown with HTML lists); ``rule_href``: number → href."""
    esc = html.escape

    def rule_link(number: str) -> str:
        href = rule_href.get(number)
        return f'<a href="{esc(href)}">{esc(number)}</a>' if href else esc(number)

    out = [
        "---\ntitle: What changed\n---\n",
        "# What changed\n",
        f"Against the earlier sources ({esc(previous)}).",
        "Rules are matched by their words: a rule with a new number and the same words moved.\n",
    ]
    if not changes:
        out.append("Nothing changed.\n")
    sections: list[tuple[str, list[str]]] = [
        ("Topics added", [f"<li>{esc(name)}</li>" for name in changes.topics_added]),
        ("Topics removed", [f"<li>{esc(name)}</li>" for name in changes.topics_removed]),
        (
            "Rules changed",
            [
                f'<li id="{esc(change_anchor(c.number))}">{rule_link(c.number)} {esc(c.topic)}: '
                f"{_diff_html(c.old, c.new)}</li>"
                for c in changes.changed
            ],
        ),
        (
            "Rules moved",
            [
                f'<li id="{esc(change_anchor(new.number))}">{esc(old.number)} is now '
                f"{rule_link(new.number)} ({esc(new.topic)}): {_diff_html(old.text, new.text)}</li>"
                for old, new in changes.moved
            ],
        ),
        (
            "Rules added",
            [
                f'<li id="{esc(change_anchor(r.number))}">{rule_link(r.number)} {esc(r.topic)}: '
                f"{esc(r.text)}</li>"
                for r in changes.added
            ],
        ),
        (
            "Rules removed",
            [f"<li>{esc(r.number)} {esc(r.topic)}: {esc(r.text)}</li>" for r in changes.removed],
        ),
        (
            "Notes changed",
            [
                f"<li>{esc(n.number)} ({esc(n.topic)}): {_diff_html(n.old, n.new)}</li>"
                for n in changes.notes
            ],
        ),
    ]
    for title, items in sections:
        if items:
            out.append(f"## {title}\n")
            out.append(f'<ul class="changes">{"".join(items)}</ul>\n')
    return "\n".join(out)


def change_lines(changes: Changes) -> list[str]:
    """The changes as lines for a terminal."""
    lines: list[str] = []
    lines += [f"topic added: {name}" for name in changes.topics_added]
    lines += [f"topic removed: {name}" for name in changes.topics_removed]
    lines += [
        f"changed {c.number} ({c.topic}): {_diff_text(c.old, c.new)}" for c in changes.changed
    ]
    lines += [
        f"moved {old.number} -> {new.number} ({new.topic})"
        + (f": {_diff_text(old.text, new.text)}" if old.text != new.text else "")
        for old, new in changes.moved
    ]
    lines += [f"added {r.number} ({r.topic}): {r.text}" for r in changes.added]
    lines += [f"removed {r.number} ({r.topic}): {r.text}" for r in changes.removed]
    lines += [
        f"note changed {n.number} ({n.topic}): {_diff_text(n.old, n.new)}" for n in changes.notes
    ]
    return lines or ["nothing changed"]


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


def mark_changed(page: str, changes: Changes, page_url: str) -> str:
    """``page`` (a rendered topic page at ``page_url``) with a mark after each changed,
    moved or added rule's number, linking its entry on the What changed page."""
    marks = {c.number: "changed" for c in changes.changed}
    marks.update({new.number: f"was {old.number}" for old, new in changes.moved})
    marks.update({rule.number: "new" for rule in changes.added})
    href = relative_href(page_url, "changes/")
    for number, word in marks.items():
        number_link = f'title="Link to rule {number}">{number}</a>'
        if number_link in page:
            mark = (
                f' <a class="rule-changed" href="{href}#{change_anchor(number)}" '
                f'title="What changed">{html.escape(word)}</a>'
            )
            page = page.replace(number_link, number_link + mark, 1)
    return page
