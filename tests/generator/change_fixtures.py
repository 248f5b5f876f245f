"""Content folders in the community transcription's form (``rules/R_<slug>.md``) for the
What changed tests: two topics of our own words, numbered by the project's topic index
(64 Planets, 78 Space Combat), written as a test asks, before and after an edit."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Space Combat's rules, our own words: (text, subrules). 78.7 has two subrules (78.7a, 78.7b).
SPACE_COMBAT = [
    ("Ships in the active system fight when two players have ships there.", []),
    ("Before the first round, each ship with the barrage ability fires once.", []),
    ("The defender may announce a withdrawal before the attacker does.", []),
    ("The attacker may announce a withdrawal after the defender declines.", []),
    ("Each player rolls a die for every ship, and a roll at its value scores a hit.", []),
    ("Hits are assigned by the player whose ships take them.", []),
    (
        "A player who announced a withdrawal moves all ships to one adjacent system.",
        ["That system must hold none of the enemy's ships.", "It must hold a token of theirs."],
    ),
    ("A round ends once both players have assigned their hits.", []),
    ("Combat goes on until one side has no ships left or withdraws.", []),
    ("The player with ships left afterwards wins the combat.", []),
]

PLANETS = [
    "Every planet has a resource value and an influence value printed on its card.",
    "A player who controls a planet keeps its card in their play area.",
    "Ships in orbit around a planet blockade the planet's space dock for enemy units.",
]


def topic(title: str, rules: list[tuple[str, list[str]]]) -> str:
    """A topic page as the transcription writes it: front matter, numbered rules with
    nested lists, empty notes and related topics sections."""
    lines = ["---", f"title: {title}", "---", "", "## Rules Reference", ""]
    for n, (text, subrules) in enumerate(rules, start=1):
        lines.append(f"{n}. {text}")
        if subrules:
            lines.append("")
            lines += [f"    {i}. {sub}" for i, sub in enumerate(subrules, start=1)]
            lines.append("")
    lines += ["", "## Notes", "", "## Related Topics", ""]
    return "\n".join(lines) + "\n"


def content(
    folder: Path,
    space_combat: list[tuple[str, list[str]]] | None = None,
    planets: list[str] | None = None,
    date: str = "",
) -> Path:
    """A content folder with Space Combat (78) and Planets (64), each given or as written
    above; an empty list leaves that topic out. ``date``: its topic index's
    ``sources_date`` (YYYY-MM-DD), as a folder kept outside git dates its sources."""
    rules = folder / "rules"
    rules.mkdir(parents=True)
    combat = SPACE_COMBAT if space_combat is None else space_combat
    worlds = PLANETS if planets is None else planets
    if combat:
        (rules / "R_space_combat.md").write_text(topic("Space Combat", combat), encoding="utf-8")
    if worlds:
        listed = [(text, []) for text in worlds]
        (rules / "R_planets.md").write_text(topic("Planets", listed), encoding="utf-8")
    index = (REPO / "content/topics.yaml").read_text(encoding="utf-8")
    if date:
        index = index.replace("\ntopics:\n", f'\nsources_date: "{date}"\ntopics:\n', 1)
    (folder / "topics.yaml").write_text(index, encoding="utf-8")
    return folder
