"""A walkthrough's suggested line, played at build time: HTML for the page, JSON for the widget.

The engine (CPython, the same code Pyodide runs) plays the script when the file is
loaded (:func:`rulesite.core.walkthroughs.walkthrough_files.check_with_engine`); each
position it passes through is kept. The page carries them as HTML (readable,
printable and searchable with no JavaScript and no runtime), and the widget's data
carries them as JSON, so Start shows step 1 and Next/Back walk the line without
the Python runtime: it is needed only off the line.

Engine texts name units by id (``red-carrier-1``); both here and in the widget
(``names.js``) they read as a player would say them ("Red's carrier 1").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from engine import api as engine_api
from rulesite.core.anchors import relative_href
from rulesite.core.step_reuse import also_forget
from rulesite.core.walkthroughs.walkthrough_files import Walkthrough

# At most this many of a position's choices are listed; the rest are counted.
MAX_LISTED_CHOICES = 10
_TAIL_REFS = re.compile(r"\s*\(([^()]*)\)\s*$")

RulesIndex = Mapping[str, Mapping[str, str]]  # anchor id → {url, title, label}


# What an offered choice says besides its parameters (``concrete`` in choices.js drops them).
_WORDS = ("label", "rules", "carry_candidates", "capacity")


def line_json(
    line: Sequence[Mapping[str, Any]], script: Sequence[Mapping[str, Any]] = ()
) -> list[dict[str, Any]]:
    """The widget's copy of the line: the first position's view, then what each position
    changes of the one before, with its choices and ``next``.

    Only changes are kept: each whole view made the file grow with the script's length
    times the board's size (6 MB for 1,000 steps). A later position has ``set`` (its
    view's keys whose values changed, or new), ``unset`` (keys it no longer has) and
    ``items`` (of a list of the same length, only its changed items, by index: one
    system of the board, say); ``walkthrough.js`` rebuilds each view from these. A view's
    log holds every event so far; each position keeps only the events its choice added
    (``log``). ``next`` is the index of the offered choice that leads where the script's
    does (-1 for none), so a reader pressing that button stays on the line.
    """
    out: list[dict[str, Any]] = []
    seen = 0
    before: dict[str, Any] | None = None
    for result, taken in zip(line, taken_choices(line, script), strict=True):
        view = dict(result["view"])
        log = view.pop("log", [])
        position = {"log": log[seen:], "choices": result["choices"], "next": taken}
        out.append(
            {"view": view, **position} if before is None else {**_changes(before, view), **position}
        )
        before, seen = view, len(log)
    return out


def _changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """What ``after`` changes of ``before`` (see :func:`line_json`)."""
    changed: dict[str, Any] = {}
    items: dict[str, dict[str, Any]] = {}
    for key, value in after.items():
        old = before.get(key)
        if key in before and old == value:
            continue
        if isinstance(old, list) and isinstance(value, list) and len(old) == len(value):
            pairs = enumerate(zip(old, value, strict=True))
            items[key] = {str(i): new for i, (was, new) in pairs if was != new}
        else:
            changed[key] = value
    unset = sorted(key for key in before if key not in after)
    return {"set": changed, "unset": unset, "items": items}


def taken_choices(
    line: Sequence[Mapping[str, Any]], script: Sequence[Mapping[str, Any]] = ()
) -> list[int]:
    """Per position, the index of the offered choice that leads to the line's next position
    (the script may word it differently: a default left out), -1 for none or the last.

    An offered choice that is the script's own, word for word, leads there without asking
    the engine: each question replays the whole state, the log of every step so far.
    """
    key = (id(line), id(script))
    kept = _TAKEN.get(key)
    if kept is not None and kept[0] is line and kept[1] is script:
        return list(kept[2])
    steps = list(script) + [None] * max(len(line) - len(script), 0)
    taken = [
        _leading_to(result["state"], result["choices"], after["state"], step)
        for result, after, step in zip(line, line[1:], steps, strict=False)
    ] + [-1] * min(len(line), 1)
    if len(_TAKEN) >= MAX_TAKEN_KEPT:
        _TAKEN.clear()
    _TAKEN[key] = (line, script, tuple(taken))
    return taken


# Each line's taken choices, by the very line and script asked about (kept alive here, so
# their ids are not reused): a walkthrough unchanged since the last generation is the same
# object (``load_walkthroughs`` keeps it), and asking the engine again for every choice of
# every position was 5.3 of a seed edit's 13.9 s under ``serve`` (cProfile).
_TAKEN: dict[tuple[int, int], tuple[Any, Any, tuple[int, ...]]] = {}
also_forget(_TAKEN.clear)
MAX_TAKEN_KEPT = 4096


def _leading_to(
    state: Any, choices: Sequence[Mapping[str, Any]], after: Any, step: Mapping[str, Any] | None
) -> int:
    offered = [{k: v for k, v in choice.items() if k not in _WORDS} for choice in choices]
    if step is not None and step in offered:
        return offered.index(dict(step))
    for i, params in enumerate(offered):
        result = engine_api.apply(state, params)
        if result["ok"] and result["state"] == after:
            return i
    return -1


class _Names:
    """Player, system and unit names as the widget shows them (``names.js``)."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.players = {p["id"]: p.get("name") or p["id"] for p in view["players"]}
        ids = sorted((re.escape(p) for p in self.players), key=len, reverse=True)
        self.units = re.compile(rf"\b({'|'.join(ids)})-([a-z_]+)-(\d+)\b") if ids else None

    def short(self, player: str) -> str:
        return self.players.get(player, player).split(" ")[0]

    def text(self, words: str) -> str:
        if self.units is None:
            return words
        return self.units.sub(
            lambda m: f"{self.short(m[1])}'s {m[2].replace('_', ' ')} {m[3]}", words
        )


def _without_refs(text: str, refs: Sequence[str]) -> str:
    """An engine text without its "(89.2)" tail when the citations follow it (``citations.js``)."""
    tail = _TAIL_REFS.search(text)
    if tail is None or not any(ref in tail[1] for ref in refs):
        return text
    return text[: tail.start()]


class _Cite:
    """Rule citations as links from one page: an anchor the site has, else "LRR 78.4"."""

    def __init__(self, index: RulesIndex, page_url: str) -> None:
        self.index = index
        self.page_url = page_url

    def one(self, ref: str) -> str:
        entry = self.index.get(ref)
        if entry is None:
            return (
                f'<cite class="wt-ref wt-ref--lrr" title="Living Rules Reference {escape(ref)} '
                f'(no page on this site yet)">LRR {escape(ref)}</cite>'
            )
        href = relative_href(self.page_url, entry["url"])
        title = f' title="{escape(entry["title"])}"' if entry.get("title") else ""
        label = entry.get("label") or ref
        return f'<a class="wt-ref" href="{escape(href)}"{title}>{escape(label)}</a>'

    def refs(self, refs: Sequence[str]) -> str:
        if not refs:
            return ""
        return f' <span class="wt-refs">({", ".join(self.one(r) for r in refs)})</span>'


def _forces(units: Sequence[Mapping[str, Any]], names: _Names) -> str:
    """ "Blue: 1 destroyer, 1 cruiser; Red: 2 fighter" (``board_list.js``)."""
    by_owner: dict[str, dict[str, list[int]]] = {}
    for unit in units:
        counts = by_owner.setdefault(unit["owner"], {}).setdefault(unit["type"], [0, 0])
        counts[0] += 1
        counts[1] += 1 if unit.get("damaged") else 0
    return "; ".join(
        f"{names.short(owner)}: "
        + ", ".join(
            f"{n} {kind.replace('_', ' ')}" + (f" ({damaged} damaged)" if damaged else "")
            for kind, (n, damaged) in kinds.items()
        )
        for owner, kinds in by_owner.items()
    )


def _system(system: Mapping[str, Any], active: bool, names: _Names) -> str:
    parts = [escape(f"Space: {_forces(system['space'], names) or 'empty'}")]
    for planet in system["planets"]:
        owner = planet.get("controller")
        held = f"controlled by {names.short(owner)}" if owner else "uncontrolled"
        units = _forces(planet["units"], names) or "no units"
        parts.append(f"<em>{escape(planet['name'])}</em> {escape(f'({held}): {units}')}")
    title = (system.get("name") or system["id"]) + (" (active system)" if active else "")
    tokens = system.get("tokens") or []
    if tokens:
        title += f"; command tokens: {', '.join(names.short(t) for t in tokens)}"
    return f"<li><strong>{escape(title)}</strong>: {'. '.join(parts)}</li>"


def _board(view: Mapping[str, Any], names: _Names) -> str:
    items = (_system(s, s["id"] == view.get("active_system"), names) for s in view["systems"])
    return f'<ul class="wt-line-board">{"".join(items)}</ul>'


def _board_key(view: Mapping[str, Any]) -> Any:
    return repr((view["systems"], view.get("active_system")))


def _events(events: Sequence[Mapping[str, Any]], names: _Names, cite: _Cite) -> str:
    items = "".join(
        f"<li>{escape(names.text(_without_refs(e['text'], e.get('rules', []))))}"
        f"{cite.refs(e.get('rules', []))}</li>"
        for e in events
    )
    return f'<ol class="wt-line-events">{items}</ol>'


def _choices(
    choices: Sequence[Mapping[str, Any]], taken: int, own: str | None, names: _Names
) -> str:
    """The offered choices, the one the line takes marked; ``own`` says what the line does
    when it takes a choice the engine does not list as such (one of the builders')."""
    listed = list(range(min(len(choices), MAX_LISTED_CHOICES)))
    if taken >= MAX_LISTED_CHOICES:
        listed.append(taken)
    mark = " <strong>(the suggested line)</strong>"
    items = [
        f"<li{' class=wt-line-taken' if i == taken else ''}>"
        f"{escape(names.text(choices[i].get('label', choices[i]['kind'])))}"
        f"{mark if i == taken else ''}</li>"
        for i in listed
    ]
    more = len(choices) - len(listed)
    if more > 0:
        items.append(f"<li>… and {more} more</li>")
    if taken < 0 and own is not None:
        items.append(f'<li class="wt-line-taken">Another choice: {escape(own)}{mark}</li>')
    return f'<ul class="wt-line-choices">{"".join(items)}</ul>'


def line_html(
    item_id: str,
    walkthrough: Walkthrough,
    index: RulesIndex,
    page_url: str,
) -> str:
    """Every position of the suggested line as HTML: the step, its narration, what happened,
    the board where it changed, the choices offered and the one the line takes.

    Hrefs lead from ``page_url`` (relative to the site root) to the anchors of ``index``.
    One raw HTML block without blank lines, so Markdown leaves it alone.
    """
    cite = _Cite(index, page_url)
    line = walkthrough.line
    narration: Mapping[str, str] = walkthrough.data.get("narration", {})
    script: Sequence[Mapping[str, Any]] = walkthrough.data.get("script", [])
    steps = []
    board_before = None
    step_before = None
    seen = 0
    taken = taken_choices(line, script)
    for n, result in enumerate(line):
        view = result["view"]
        names = _Names(view)
        log = view.get("log", [])
        title = escape(view.get("step_title") or view["step"])
        # The list numbers the positions; the heading is the engine's step ("Step 1 – …").
        parts = [f'<h4 class="wt-line-title">{title}{cite.refs(view.get("step_rules", []))}</h4>']
        said = narration.get(view["step"])
        if said and view["step"] != step_before:
            parts.append(f'<p class="wt-line-narration">{escape(said)}</p>')
        if n and log[seen:]:
            happened = _events(log[seen:], names, cite)
            parts.append(f'<p class="wt-line-label">What happened:</p>{happened}')
        if _board_key(view) != board_before:
            label = "Board" if board_before is None else "Board now"
            parts.append(f'<p class="wt-line-label">{label}:</p>{_board(view, names)}')
        own = None
        if n + 1 < len(line) and taken[n] < 0:
            # What the line's own choice did: the first thing its next position logged.
            done = line[n + 1]["view"].get("log", [])[len(log) : len(log) + 1]
            said_done = _without_refs(done[0]["text"], done[0].get("rules", [])) if done else ""
            own = names.text(said_done) if done else script[n]["kind"]
        if result["choices"]:
            parts.append(
                f'<p class="wt-line-label">Choices offered:</p>'
                f"{_choices(result['choices'], taken[n], own, names)}"
            )
        anchor = f"{escape(item_id)}-step-{n + 1}"
        steps.append(f'<li class="wt-line-step" id="{anchor}">{"".join(parts)}</li>')
        board_before, step_before, seen = _board_key(view), view["step"], len(log)
    return (
        f'<details class="wt-line" open><summary>The suggested line, step by step '
        f"({len(line)} steps)</summary><ol>{''.join(steps)}</ol></details>"
    )
