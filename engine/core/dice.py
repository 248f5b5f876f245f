"""Ten-sided dice the engine can replay: the same seed gives the same rolls everywhere.

A ``Dice`` value is the seed plus how many dice have been rolled so far. The
n-th die of a seed is read off a SHA-256 digest of ``"<seed>:<n>"``, so a roll
depends on nothing but those two numbers: CPython and Pyodide, or a page
reloaded from a share link, roll exactly the same results, and a saved state
resumes its dice by storing two integers. Tests can instead script the exact
results they need.

The "0" side of a d10 is a 10 (the Living Rules Reference's FAQ, "General":
"the '0' face is a '10' result"), so results run 1 to 10.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

SIDES = 10


class DiceExhausted(ValueError):
    """A scripted ``Dice`` was asked for more results than its script holds."""


@dataclass(frozen=True)
class Dice:
    """The dice of one game: a seed and the number of dice rolled so far.

    ``script``, when given, replaces the seed: die number n is ``script[n]``,
    and asking for more dice than the script holds raises ``DiceExhausted``
    (a test that runs out of scripted dice is wrong, not random).
    """

    seed: int = 0
    rolls: int = 0
    script: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.rolls < 0:
            raise ValueError(f"rolls must not be negative, got {self.rolls}")
        if self.script is not None:
            bad = [r for r in self.script if not 1 <= r <= SIDES]
            if bad:
                raise ValueError(f"scripted results must be 1 to {SIDES}, got {bad}")

    def to_json(self) -> dict[str, Any]:
        """The dice as a JSON-able dict (``script`` only when scripted)."""
        data: dict[str, Any] = {"seed": self.seed, "rolls": self.rolls}
        if self.script is not None:
            data["script"] = list(self.script)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Dice:
        """Rebuild dice saved by ``to_json``."""
        script = data.get("script")
        return cls(
            seed=int(data.get("seed", 0)),
            rolls=int(data.get("rolls", 0)),
            script=None if script is None else tuple(int(r) for r in script),
        )


def die_result(seed: int, index: int) -> int:
    """The result (1-10) of die number ``index`` for ``seed``.

    The first eight digest bytes taken modulo 10 are uniform to within 1e-18,
    far below anything a test or a player could notice.
    """
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SIDES + 1


def roll(dice: Dice, count: int) -> tuple[tuple[int, ...], Dice]:
    """Roll ``count`` dice: their results and the dice to roll with next.

    Raises:
        ValueError: ``count`` is negative.
        DiceExhausted: scripted dice have fewer than ``count`` results left.
    """
    if count < 0:
        raise ValueError(f"cannot roll a negative number of dice ({count})")
    start, end = dice.rolls, dice.rolls + count
    if dice.script is not None:
        if end > len(dice.script):
            raise DiceExhausted(
                f"scripted dice hold {len(dice.script)} results; "
                f"{end} were needed (rolls {start + 1}-{end})"
            )
        results = dice.script[start:end]
    else:
        results = tuple(die_result(dice.seed, i) for i in range(start, end))
    return results, Dice(dice.seed, end, dice.script)
