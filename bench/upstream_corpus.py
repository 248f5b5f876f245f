"""A synthetic corpus in the community transcription's form, at its size: 150 pages.

Like the folder a maintainer drops in (yjmrobert/tirules ``astro-site/src/content/docs/``):
101 numbered rule topics and 9 a newer expansion adds (``rules/R_<slug>.md``, prose
only, numbered by a topic index ``topics.yaml``), 10 component notes pages
(``components/C_<slug>.md``) and 30 faction notes pages (``factions/F_<slug>.md``).
Every shape of the transcription appears: ``###`` sub-headings in a number the list
skips, paragraphs between items, sublists indented by four and five spaces, bulleted
lists inside a rule, revised cards (Ω) and a heading twice on a notes page, related
topics written relative (or, with ``absolute``, ``/rules/r_x``), ``R_``-prefixed
and as ``<a href>``, links to notes pages, stray ``</sub>`` in headings, and related
topics the corpus lacks but the index knows (gaps). The words are generated; only
the shapes follow the transcription. Written to a temporary folder, never committed.

    python bench/upstream_corpus.py /tmp/upstream/content [--absolute]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.corpus import topic_title  # noqa: E402

NUMBERED = 101
UNNUMBERED = 9
COMPONENTS = 10
FACTIONS = 30
INDEXED = NUMBERED + 5  # the index knows five topics the corpus lacks: gaps, not mistakes


def _slug(n: int) -> str:
    return f"topic_{n:03d}"


def _link(n: int, absolute: bool) -> str:
    return f"/rules/r_{_slug(n)}" if absolute else f"r_{_slug(n)}"


def _notes_link(folder: str, slug: str, absolute: bool) -> str:
    return f"/{folder}/{slug}" if absolute else f"../{folder}/{slug}"


def _topic(n: int, absolute: bool) -> str:
    """Rule topic ``n``: 12 numbered items, one a sub-heading, with sublists and paragraphs."""
    title = topic_title(n)
    other = n % NUMBERED + 1
    lines = ["---", f"title: {title}", "---", "", " ", "## Rules Reference", "", "  "]
    lines += [f"{title} is resolved as the following rules say.", "", " "]
    for item in range(1, 13):
        if item == 4:
            lines += [f"### {title} Sub-step", " ", "Words that belong to the sub-heading.", ""]
            continue
        if item == 7:
            lines += ["Players perform the following steps:", ""]
        lines.append(
            f"{item}. <b>Step {item} – Part</b>: The active player resolves part {item}; "
            f"see rule {other}.{item} and the {topic_title(other)} rules."
        )
        if item in (3, 8):
            indent = " " * (4 if item == 3 else 5)
            lines += [" ", *(f"{indent}{sub}. A subrule, part {sub}." for sub in (1, 2, 3)), " "]
        if item == 2:
            # A bulleted list inside a rule (the LRR's lists of tokens or units).
            lines += [" ", *(f"     - Kind {kind} Tokens" for kind in "ABC"), " "]
    lines += ["", "## Notes", "", " "]
    lines.append(
        f"1. See the [faction notes page]"
        f"({_notes_link('factions', f'f_faction_{n % FACTIONS:02d}', absolute)})."
    )
    lines.append(
        f"2. See the [component notes]"
        f"({_notes_link('components', f'c_component_{n % COMPONENTS:02d}', absolute)})."
    )
    lines += [" ", "    1. A subnote.", ""]
    lines += ["", "## Related Topics", "", " "]
    lines.append(f" - [{topic_title(other)}]({_link(other, absolute)})")
    lines.append(f" - [{topic_title(n % NUMBERED + 2)}](R_{_slug(n % NUMBERED + 2)})")
    lines.append(f' - <a href="/rules/r_{_slug(n % 5 + NUMBERED + 1)}">A gap</sub></a>')
    return "\n".join(lines) + "\n"


def _notes_page(title: str, sections: int, absolute: bool) -> str:
    lines = ["---", f"title: {title}", "---", "", " ", "Notes on each part.", ""]
    # Part 1 again as a revised card (Ω), and once more under the very same heading.
    headings = [f"{title} Part {section} (Ability)" for section in range(1, sections + 1)]
    headings[1:1] = [f"{title} Part 1 Ω (Ability)", headings[0]]
    for section, heading in enumerate(headings, start=1):
        lines += [f"## {heading}</sub>", "", " "]
        target = section % NUMBERED + 1
        lines.append(f" 1. The {topic_title(target)} rules apply to this part.")
        lines += [" ", "    1. A subnote.", ""]
        lines.append(f' 2. See the <a href="R_{_slug(target)}">rules page</a>.')
        lines.append(f" 3. See [the rule]({_link(target, absolute)}).")
        lines += ["", " "]
    return "\n".join(lines) + "\n"


def _index() -> str:
    lines = ["source: bench/upstream_corpus.py (generated)", "topics:"]
    lines += [
        f'- {{number: {n}, name: "{topic_title(n)}", slug: {_slug(n)}}}'
        for n in range(1, INDEXED + 1)
    ]
    return "\n".join(lines) + "\n"


def write_upstream_corpus(folder: Path, absolute: bool = False) -> Path:
    """Write the 150 pages and the topic index under ``folder``; returns ``folder``."""
    files = {"topics.yaml": _index()}
    for n in range(1, NUMBERED + 1):
        files[f"rules/R_{_slug(n)}.md"] = _topic(n, absolute)
    for n in range(1, UNNUMBERED + 1):
        # A newer expansion's topic: numbered like the rest, but the index lacks it.
        files[f"rules/R_expansion_{n:02d}.md"] = _topic(n, absolute).replace(
            f"title: {topic_title(n)}", f"title: Expansion {topic_title(n + 500)}", 1
        )
    for n in range(COMPONENTS):
        files[f"components/C_component_{n:02d}.md"] = _notes_page(f"Component {n}", 8, absolute)
    for n in range(FACTIONS):
        files[f"factions/F_faction_{n:02d}.md"] = _notes_page(f"Faction {n}", 6, absolute)
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--absolute", action="store_true", help="the older version's links")
    args = parser.parse_args()
    write_upstream_corpus(args.folder, args.absolute)
