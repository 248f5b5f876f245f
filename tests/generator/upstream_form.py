"""A small content folder in the community transcription's form (yjmrobert/tirules,
``astro-site/src/content/docs/``), one shape of it per file, for the generator's tests
and the corpus benchmark.

The words are this project's own: only facts (topic numbers, names, the numbering and
layout of the lists) follow the Living Rules Reference. ``version`` picks the spelling
of links: ``"relative"`` (``r_x``, ``../components/c_x``, the newer version) or
``"absolute"`` (``/rules/r_x``, ``/components/c_x``, the older one).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rulesite.core.generate import GeneratedSite

REPO = Path(__file__).resolve().parents[2]
# The ``upstream_site`` fixture (tests/generator/conftest.py): version, missing_topic_url → site.
UpstreamSite = Callable[..., GeneratedSite]

# Lines of spaces alone are written \x20: the transcription has them, and they mean nothing.
# Topic 77: a sub-heading in the number the list skips (77.2), nested lists indented by
# four spaces, inline HTML the sanitiser keeps and one it removes (<abbr>), and related
# topics written relative, R_-prefixed and as an <a href> with a stray </sub> inside.
SPACE_CANNON = """\
---
title: Space Cannon (Unit Ability)
---

\x20
## Rules Reference

\x20\x20
Opening words about when the ability is used.

\x20
1. Words of the first rule, with <b>bold</b> words.

### Space Cannon Offense
\x20
Words that belong to the offense heading.

3. <b>Step 1 – Roll Dice</b>: Words about rolling.
\x20
    1. First words under the roll.
    2. Second words under the roll.
\x20
4. Words of the fourth rule.

## Notes

\x20
1. A note in <i>italics</i>.
\x20
    1. A subnote of it.

2. A note that says <abbr title="x">ABBR</abbr>.

## Related Topics

\x20
 - [Space Combat](r_space_combat)
 - [Purge](R_purge)
 - <a href="/rules/r_pds">PDS (<abbr title="Planetary Defense System">P</abbr>)</sub></a>
"""

# Topic 78: a paragraph between two items of one list (78.3 continues after it), a
# third level to quote by letter (78.7.2 is 78.7b), and links to notes pages.
SPACE_COMBAT = """\
---
title: Space Combat
---

## Rules Reference

Opening words.

1. Words of the first rule.
2. Words of the second rule.
\x20
    1. Under the second.
\x20
Words before the steps:

3. <b>Step 1 – First Step</b>: Words of the first step.
4. Words four.
5. Words five.
6. Words six.
7. <b>Step 5 – Last Step</b>: Words of the last step.
\x20
    1. First words under it.
    2. Second words under it, to be quoted as a letter.

## Notes

1. See the [faction notes page](../factions/f_lizix) and the [unit notes](../components/c_units).
2. The Move Ships step and the Establish Control step name no topic. Units are words here.

## Related Topics

 - [Space Cannon](r_space_cannon)
 - [Tactical Action](r_tactical_action)
"""

# Topic 15, a one-word name with a qualifier, pointing at a faction's notes page.
BOMBARDMENT = """\
---
title: Bombardment (Unit Ability)
---

## Rules Reference

1. Words of the first rule.

## Notes

1. For notes about one ability, see the [L1Z1X faction notes page](../factions/f_lizix).

## Related Topics

 - [Space Cannon](r_space_cannon)
"""

# A topic of a newer expansion: the index does not number it.
SYNERGY = """\
---
title: Synergy
---

## Rules Reference

1. Words of an unnumbered topic.

## Notes

## Related Topics

 - [Space Combat](r_space_combat)
"""

# A component notes page: lists indented by one space, an <a href> to a rule topic in the
# transcription's file-name form, an empty section.
UNITS = """\
---
title: Units
---

For notes about one faction's units, see that faction's notes page.

## War Sun

 1. A note on war suns.
\x20
    1. A subnote on war suns.

## Fighter

\x20
\x20
## PDS

 1. See the <a href="R_space_cannon">space cannon page</a> of the Rules Reference.
"""

# A faction notes page: stray closing tags in headings, a sublist indented by five spaces,
# a note that names a rule topic.
LIZIX = """\
---
title: The L1Z1X Mindnet
---

## Harrow (Ability)</sub>

 1. The Planetary Shield ability and the Space Cannon ability are named here.
\x20
     1. A subnote indented by five spaces.

## Super Dreadnought (Unit)</sub>

\x20
"""


# Topic 8: steps the LRR numbers i., ii., iii. under 8.2 (no letter form), and a sub-heading
# in the number the list skips (8.5) followed by its own words.
AGENDA_PHASE = """\
---
title: Agenda Phase
---

## Rules Reference

Opening words that say what the phase is for.

1. Words of the first rule, ending with the steps:
2. <b>Step 1 – First Step</b>: Words of the first step, resolved in order:
\x20
    1. <b>Reveal</b>: Words of the first part.
    2. <b>Vote</b>: Words of the second part.
    3. <b>Resolve</b>: Words of the third part.
\x20
3. <b>Step 2 – Second Step</b>: Words of the second step.
4. <b>Step 3 – Third Step</b>: Words of the third step.

### Voting
\x20
Words that open the voting rules.

6. Words of the sixth rule.
7. Words of the seventh rule.

## Notes

## Related Topics

 - [Space Combat](r_space_combat)
"""

# Topic 13: an opening paragraph and notes, no numbered rule at all.
ATTACKER = """\
---
title: Attacker
---

\x20
## Rules Reference

\x20\x20
Words that say which side this topic names.

\x20
\x20
## Notes

\x20
1. A note about that side.
2. Another note, with a subnote.
\x20
    1. The subnote.

## Related Topics

 - [Space Combat](r_space_combat)
"""

# Topic 23: a bulleted list inside a rule, as the LRR lists its tokens.
COMPONENT_LIMITATIONS = """\
---
title: Component Limitations
---

## Rules Reference

Opening words about running out of pieces.

1. Dice: Words about dice.
2. Tokens: Words about tokens, except for these:
\x20
     - Control Tokens
     - Fighter Tokens
     - Trade Good Tokens
\x20
3. Words of the third rule, after the list.

## Notes

## Related Topics

 - [Space Combat](r_space_combat)
"""

# A faction notes page with a revised card (Ω) beside the first printing, lettered items
# under a note, and no opening words of its own.
ARBOREC = """\
---
title: The Arborec
---

## Stymie (Promissory Note)</sub>

 1. A ruling on the card as first printed.
 2. A second ruling, with lettered items:
\x20
     1. The first lettered item.
     2. The second lettered item.

## Stymie Ω (Promissory Note)</sub>

 1. A ruling on the revised card, not the first printing.
"""

# A faction notes page that writes one heading twice.
FIRMAMENT = """\
---
title: The Firmament
---

##  Planesplitter (Technology)</sub>

 1. A ruling under the heading.

##  Planesplitter (Technology)</sub>

 1. A ruling under the same heading, written again.
"""


def files(version: str = "relative") -> dict[str, str]:
    """The folder's files (path under ``content/`` → text) at one version of the links."""
    texts = {
        "rules/R_space_cannon.md": SPACE_CANNON,
        "rules/R_space_combat.md": SPACE_COMBAT,
        "rules/R_synergy.md": SYNERGY,
        "rules/R_bombardment.md": BOMBARDMENT,
        "components/C_units.md": UNITS,
        "factions/F_lizix.md": LIZIX,
        "rules/R_agenda_phase.md": AGENDA_PHASE,
        "rules/R_attacker.md": ATTACKER,
        "rules/R_component_limitations.md": COMPONENT_LIMITATIONS,
        "factions/F_arborec.md": ARBOREC,
        "factions/F_firmament.md": FIRMAMENT,
        # The seed's own prose of topic 89, under the transcription's name, beside its cards.
        "rules/R_tactical_action.md": (REPO / "content/rules/tactical_action.md")
        .read_text(encoding="utf-8")
        .replace("](/rules/r_", "](r_"),
        "rules/tactical_action.yaml": (REPO / "content/rules/tactical_action.yaml").read_text(
            encoding="utf-8"
        ),
        "topics.yaml": (REPO / "content/topics.yaml").read_text(encoding="utf-8"),
    }
    if version == "absolute":
        texts = {
            path: text.replace("](r_", "](/rules/r_")
            .replace("](../components/", "](/components/")
            .replace("](../factions/", "](/factions/")
            for path, text in texts.items()
        }
    return texts


def write_upstream_form(content: Path, version: str = "relative") -> Path:
    """Write the folder under ``content`` (a ``content/`` folder); returns ``content``."""
    for name, text in files(version).items():
        path = content / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return content
