"""What changed, written out: the site's "What changed" page (``changes/``), the marks on
the changed rules' pages, and the terminal's lines (``python -m rulesite diff``).

Every word of a source or of the command line is escaped where it is written: the page
is Markdown, and a folder's name such as ``[x](https://…)`` is shown as it is, never as
a link (it sits in an HTML block, which neither engine's Markdown reads into).
"""

from __future__ import annotations

import difflib
import html
import re
import unicodedata

from rulesite.core.anchors import relative_href
from rulesite.core.changes import Changes, Renumbered, RuleText, renumbered_runs

__all__ = [
    "CHANGES_PAGE",
    "change_anchor",
    "change_lines",
    "change_marks",
    "mark_changed",
    "render_changes",
    "shown_name",
]

CHANGES_PAGE = "changes.md"  # at changes/
# Longer texts are diffed as a whole, replaced: difflib's worst case is quadratic.
_MAX_DIFF_WORDS = 2_000


def shown_name(name: str) -> str:
    """``name`` (a folder's, as given on the command line) with each control, format
    (bidirectional) or separator character written as ``\\u202e``, so it reads as it is."""
    return "".join(
        f"\\u{ord(char):04x}" if unicodedata.category(char)[0] in "CZ" and char != " " else char
        for char in name
    )


def _word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """The words of ``old`` and ``new`` as (kind, words) runs: "=" kept, "-" gone, "+" new."""
    a, b = old.split(), new.split()
    if len(a) > _MAX_DIFF_WORDS or len(b) > _MAX_DIFF_WORDS:
        return [("-", old), ("+", new)]
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


def _run_anchor(run: Renumbered) -> str:
    return f"renumbered-{run.new_first}"


def _diff_html(old: str, new: str) -> str:
    tags = {"=": "{}", "-": "<del>{}</del>", "+": "<ins>{}</ins>"}
    return " ".join(tags[kind].format(html.escape(words)) for kind, words in _word_diff(old, new))


def _diff_text(old: str, new: str) -> str:
    marks = {"=": "{}", "-": "[-{}-]", "+": "{{+{}+}}"}
    return " ".join(marks[kind].format(words) for kind, words in _word_diff(old, new))


def _span(first: str, last: str) -> str:
    return first if first == last else f"{first}–{last}"


def _topics(old: RuleText, new: RuleText) -> str:
    return new.topic if old.topic == new.topic else f"{old.topic} → {new.topic}"


def _reworded(changes: Changes) -> list[tuple[RuleText, RuleText]]:
    """The moves to show one by one: those in no run, and those whose words changed."""
    runs, alone = renumbered_runs(changes.moved)
    in_runs = [pair for run in runs for pair in run.moves if pair[0].text != pair[1].text]
    return sorted([*alone, *in_runs], key=lambda pair: pair[1].number)


def render_changes(changes: Changes, previous: str, rule_href: dict[str, str]) -> str:
    """The What changed page (Markdown with HTML blocks) against the earlier folder named
    ``previous``; ``rule_href``: number → href."""
    esc = html.escape

    def rule_link(number: str) -> str:
        href = rule_href.get(number)
        return f'<a href="{esc(href)}">{esc(number)}</a>' if href else esc(number)

    runs, _ = renumbered_runs(changes.moved)
    out = [
        "---\ntitle: What changed\n---\n",
        "# What changed\n",
        f'<p class="changes-against">Against the earlier sources <code>{esc(shown_name(previous))}'
        "</code>. Rules are matched by their words: a rule with a new number and the same "
        "words moved, and one whose words are alike moved and changed.</p>\n",
    ]
    if not changes:
        out.append("<p>Nothing changed.</p>\n")
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
            "Rules renumbered",
            [
                f'<li id="{esc(_run_anchor(run))}">{esc(_span(run.old_first, run.old_last))} → '
                f"{rule_link(run.new_first)}"
                + (f"–{rule_link(run.new_last)}" if run.new_last != run.new_first else "")
                + f" ({esc(run.topic)})</li>"
                for run in runs
            ],
        ),
        (
            "Rules moved",
            [
                f'<li id="{esc(change_anchor(new.number))}">{esc(old.number)} is now '
                f"{rule_link(new.number)} ({esc(_topics(old, new))}): "
                f"{_diff_html(old.text, new.text)}</li>"
                for old, new in _reworded(changes)
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
    runs, _ = renumbered_runs(changes.moved)
    lines: list[str] = []
    lines += [f"topic added: {name}" for name in changes.topics_added]
    lines += [f"topic removed: {name}" for name in changes.topics_removed]
    lines += [
        f"changed {c.number} ({c.topic}): {_diff_text(c.old, c.new)}" for c in changes.changed
    ]
    lines += [
        f"renumbered {_span(run.old_first, run.old_last)} -> "
        f"{_span(run.new_first, run.new_last)} ({run.topic})"
        for run in runs
    ]
    lines += [
        f"moved {old.number} -> {new.number} ({_topics(old, new)})"
        + (f": {_diff_text(old.text, new.text)}" if old.text != new.text else "")
        for old, new in _reworded(changes)
    ]
    lines += [f"added {r.number} ({r.topic}): {r.text}" for r in changes.added]
    lines += [f"removed {r.number} ({r.topic}): {r.text}" for r in changes.removed]
    lines += [
        f"note changed {n.number} ({n.topic}): {_diff_text(n.old, n.new)}" for n in changes.notes
    ]
    return lines or ["nothing changed"]


def change_marks(changes: Changes) -> dict[str, tuple[str, str]]:
    """Each changed, moved or added rule's number → (its mark's word, its entry's id on the
    What changed page): worked out once a build, for every page's :func:`mark_changed`."""
    runs, _ = renumbered_runs(changes.moved)
    marks = {c.number: ("changed", change_anchor(c.number)) for c in changes.changed}
    for run in runs:
        marks.update(
            {new.number: (f"was {old.number}", _run_anchor(run)) for old, new in run.moves}
        )
    for old, new in _reworded(changes):
        marks[new.number] = (f"was {old.number}", change_anchor(new.number))
    marks.update({rule.number: ("new", change_anchor(rule.number)) for rule in changes.added})
    return marks


# A rule's number link as rule_lists writes it; its number is HTML-escaped source text.
_NUMBER_LINK = re.compile(r'title="Link to rule ([^"<>]*)">([^"<>]*)</a>')


def mark_changed(page: str, marks: dict[str, tuple[str, str]], page_url: str) -> str:
    """``page`` (a rendered topic page at ``page_url``) with a mark after each number of
    ``marks`` (:func:`change_marks`), linking its entry on the What changed page. One pass
    over the page, whatever the number of marks."""
    href = relative_href(page_url, "changes/")

    def marked(link: re.Match[str]) -> str:
        number = html.unescape(link[1])
        if link[1] != link[2] or number not in marks:
            return link[0]
        word, anchor = marks[number]
        return (
            f'{link[0]} <a class="rule-changed" href="{href}#{html.escape(anchor)}" '
            f'title="What changed">{html.escape(word)}</a>'
        )

    return _NUMBER_LINK.sub(marked, page)
