"""The names a reader searches by: topic titles, unit abilities and the units that have them.

A rule that names one of these gets it as a search tag, so typing the name
ranks that rule (and the topic's own page) above pages that only mention the
words in passing. Searching by a unit finds the rules of its abilities:
"dreadnought" finds the Bombardment and Sustain Damage rules, which never say
"dreadnought" (abilities and units from the unit cards, Living Rules Reference
topics 6, 15, 64, 68, 77 and 87).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# Ability → the units whose card gives it.
ABILITY_UNITS: dict[str, tuple[str, ...]] = {
    "Anti-Fighter Barrage": ("Destroyer",),
    "Bombardment": ("Dreadnought", "War Sun"),
    "Planetary Shield": ("PDS",),
    "Production": ("Space Dock",),
    "Space Cannon": ("PDS",),
    "Sustain Damage": ("Dreadnought", "War Sun", "Mech", "Flagship"),
}
UNITS = tuple(
    sorted(
        {unit for units in ABILITY_UNITS.values() for unit in units}
        | {"Carrier", "Cruiser", "Fighter", "Infantry"}
    )
)


# A word, without the "s" that ends a word of more than three letters: a plural names the
# same thing ("Dreadnoughts" is the Dreadnought). One regex for both: a search entry per
# rule, 100,000 on a large corpus, is split into words here.
_WORD = re.compile(r"([a-z0-9]{3,}?(?=s(?![a-z0-9]))|[a-z0-9]+)s?")


def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text.lower()))


@dataclass(frozen=True)
class Names:
    """Names looked up by their words, so a text is scanned once whatever the number of names."""

    # First word → each name starting with it (its words, the name): a word of a text that
    # starts no name, most of them, costs one lookup.
    by_first: dict[str, tuple[tuple[tuple[str, ...], str], ...]]

    @classmethod
    def of(cls, names: Iterable[str]) -> Names:
        """The lookup for ``names``."""
        by_words = {_words(name): name for name in names if _words(name)}
        by_first: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for words, name in by_words.items():
            by_first.setdefault(words[0], []).append((words, name))
        return cls({first: tuple(entries) for first, entries in by_first.items()})

    def named_in(self, text: str) -> list[str]:
        """The names ``text`` mentions, plus the units of each ability among them, sorted."""
        words = _words(text)
        # Most words start no name: the ones that do are found by a set intersection.
        firsts = self.by_first.keys() & set(words)
        found = {
            name
            for start, word in enumerate(words)
            if word in firsts
            for name_words, name in self.by_first[word]
            if words[start : start + len(name_words)] == name_words
        }
        found |= {
            unit for ability in found & ABILITY_UNITS.keys() for unit in ABILITY_UNITS[ability]
        }
        return sorted(found)


def search_names(topic_titles: Iterable[str]) -> Names:
    """Every name worth a tag: the topics' titles, the abilities and the units."""
    return Names.of({*topic_titles, *ABILITY_UNITS, *UNITS})
