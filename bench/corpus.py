"""Generated rule corpora for the build benchmark: N topics in the real source formats.

Each topic is a Living Rules Reference pair, prose (``<stem>.md``) and rule cards
(``<stem>.yaml``), shaped like the seeds: an intro, five steps of which four
have three subrules (20 rules a topic, so 1,000 topics hold 20,000 rules), two
notes and related topics. Prose cites other topics' rules by number and names
them, so the cross-linker has real work. Written to a temporary folder, never
committed.
"""

from __future__ import annotations

import argparse
from pathlib import Path

_WORDS = [
    "Anomaly",
    "Armada",
    "Beacon",
    "Citadel",
    "Dominion",
    "Envoy",
    "Flagship",
    "Garrison",
    "Harbor",
    "Influence",
    "Jubilee",
    "Keystone",
    "Legion",
    "Mandate",
    "Nebula",
    "Outpost",
    "Parley",
    "Quorum",
    "Rampart",
    "Sentinel",
    "Tribute",
    "Uprising",
    "Vanguard",
    "Warden",
    "Xenolith",
    "Yield",
    "Zenith",
]


def topic_title(n: int) -> str:
    """A distinct, capitalised two-word title for topic ``n`` ("Beacon Legion")."""
    first, second = divmod(n, len(_WORDS))
    return f"{_WORDS[first % len(_WORDS)]} {_WORDS[second]}{'' if n < len(_WORDS) ** 2 else n}"


def _slug(n: int) -> str:
    return f"bench_{n:04d}"


def _rules(n: int, count: int) -> list[tuple[str, list[str]]]:
    """Topic ``n``'s rules: (text, subrule texts) for five steps, with cross-references."""
    other = (n + 1) % count + 1
    other_title = topic_title(other)
    steps = []
    for step in range(1, 6):
        text = (
            f"<b>Step {step} – Phase</b>: The active player resolves this step; see rule "
            f"{other}.{step} and the {other_title} rules."
        )
        subrules = [
            f"A player may resolve step {step} only once, as {n}.{step - 1 or 1} describes "
            f"(part {sub})."
            for sub in range(1, 4)
        ]
        steps.append((text, subrules))
    return steps


def _prose(n: int, count: int) -> str:
    lines = ["---", f"title: {topic_title(n)}", "---", "", "## Rules Reference", ""]
    lines += [f"Topic {n} explains how {topic_title(n)} works during the action phase.", ""]
    for step, (text, subrules) in enumerate(_rules(n, count), start=1):
        lines.append(f"{step}. {text}")
        if subrules:
            lines.append("")
            lines += [f"    {i}. {sub}" for i, sub in enumerate(subrules, start=1)]
            lines.append("")
    lines += ["", "## Notes", "", "1. Each step happens in order.", "2. Abilities resolve first."]
    lines += ["", "## Related Topics", ""]
    for other in (n % count + 1, (n + 7) % count + 1, count + 1):  # the last has no page
        lines.append(f" - [{topic_title(other)}](/rules/r_{_slug(other)})")
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _cards(n: int, count: int) -> str:
    lines = ["cards:", "- name: Rules Reference", "  rules:"]
    for step, (text, subrules) in enumerate(_rules(n, count), start=1):
        plain = text.replace("<b>", "").replace("</b>", "")
        lines += [f"    '{n}.{step}':", f"      rule: {_quote(plain)}"]
        if subrules:
            lines.append("      subrules:")
            for i, sub in enumerate(subrules, start=1):
                lines += [f"        {n}.{step}.{i}:", f"          rule: {_quote(sub)}"]
    lines += ["- name: Notes", "  rules:"]
    lines += ["    '1':", "      rule: Each step happens in order."]
    lines += ["    '2':", "      rule: Abilities resolve first."]
    lines.append("- name: Related Topics")
    return "\n".join(lines) + "\n"


def write_corpus(folder: Path, count: int) -> Path:
    """Write ``count`` topics (numbered 1..count) under ``folder/rules``; returns ``folder``."""
    rules = folder / "rules"
    rules.mkdir(parents=True, exist_ok=True)
    for n in range(1, count + 1):
        (rules / f"{_slug(n)}.md").write_text(_prose(n, count), encoding="utf-8")
        (rules / f"{_slug(n)}.yaml").write_text(_cards(n, count), encoding="utf-8")
    return folder


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--topics", type=int, default=250)
    args = parser.parse_args()
    write_corpus(args.folder, args.topics)
