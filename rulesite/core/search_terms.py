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

    by_words: dict[tuple[str, ...], str]  # a name's words → the name
    # First word → the word counts of the names starting with it: a word of a text that starts
    # no name, most of them, costs one lookup, and one that does costs a lookup per length,
    # however many names share that word (a large corpus has hundreds per word).
    lengths: dict[str, tuple[int, ...]]

    @classmethod
    def of(cls, names: Iterable[str]) -> Names:
        """The lookup for ``names``."""
        by_words = {_words(name): name for name in names if _words(name)}
        lengths: dict[str, set[int]] = {}
        for words in by_words:
            lengths.setdefault(words[0], set()).add(len(words))
        return cls(by_words, {first: tuple(sorted(counts)) for first, counts in lengths.items()})

    def named_in(self, text: str) -> list[str]:
        """The names ``text`` mentions, plus the units of each ability among them, sorted."""
        words = _words(text)
        found = {
            self.by_words[candidate]
            for start, word in enumerate(words)
            for length in self.lengths.get(word, ())
            if (candidate := words[start : start + length]) in self.by_words
        }
        found |= {
            unit for ability in found & ABILITY_UNITS.keys() for unit in ABILITY_UNITS[ability]
        }
        return sorted(found)


def search_names(topic_titles: Iterable[str]) -> Names:
    """Every name worth a tag: the topics' titles, the abilities and the units."""
    return Names.of({*topic_titles, *ABILITY_UNITS, *UNITS})
