"""Mass on its way down the exact odds' sweep, kept in units where rolling a die is cheap.

The sweep (``engine.odds.rounds``) rolls the mass leaving a row by each die the
row side loses on its way down: a die hitting with chance ``h`` turns the mass
``a`` over the column side's states into ``(1 - h) a + h S(a)``, ``S`` moving
each state's mass one hit along. That is six float operations a number where
the sweep also adds the row's own leaving mass, in the one pass over all the
mass on its way down that costs the sweep most of its time.

Kept instead as ``x``, with ``a[n] = f * up[n] * x[n]``: ``up[n]`` is ``ratio``
to the power of how many hits state n is from the column side's last (a hit
always takes one off, also where chains join), and ``f`` one number for the
whole vector. A die is then ``x + rho * S'(x)`` and ``f`` times ``1 - h``,
where ``rho = h / (1 - h) / ratio`` and ``S'`` is ``S`` with the last state's
own mass times ``ratio``. The sweep takes ``ratio`` from the die its row side
loses most often, so for most dice ``rho`` is exactly 1: the roll is one
addition a number, the row's leaving mass one multiplication and one addition.
Every number stays a positive sum of positive products: no cancellation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

__all__ = ["Scale", "Shift"]

Shift = Callable[[list[float], int, float], list[float]]
"""``Chains.shift``: mass moved one hit along, blocks end to end, the last state's own
mass times the last argument."""


@dataclass(frozen=True)
class Scale:
    """The column side's units: ``a[n] = f * up[n] * x[n]`` (``down[n]`` is ``1 / up[n]``)."""

    ratio: float
    up: list[float]
    down: list[float]

    @classmethod
    def of(cls, lost: Iterable[Sequence[float]], absorb: Sequence[int]) -> Scale:
        """The units for a sweep whose row side loses the dice ``lost`` (per row state)
        over a column side whose states are ``absorb[n]`` hits from its last."""
        # A die that always or never hits has no finite ratio; such a die is rolled
        # as it comes (``roll``), never chosen.
        counts = Counter(h for dice in lost for h in dice if 0.0 < h < 1.0)
        hit = counts.most_common(1)[0][0] if counts else 0.5
        ratio = hit / (1.0 - hit)
        # Centred on the middle hit count, so the powers stay far from the float limits.
        middle = max(absorb, default=0) // 2
        up = [ratio ** (middle - k) for k in absorb]
        return cls(ratio, up, [1.0 / u for u in up])

    def die(self, hit: float) -> float:
        """``rho``: what ``S'(x)`` is weighted by against ``x`` for a die with ``0 < hit < 1``."""
        return hit / (1.0 - hit) / self.ratio

    def roll(
        self, shift: Shift, x: list[float], dice: Sequence[float], blocks: int, f: float
    ) -> tuple[list[float], float]:
        """``x`` (with its ``f``) rolled by each of ``dice``: the new ``x`` and ``f``."""
        for hit in dice:
            if not hit:
                continue  # a die that never hits moves nothing
            moved = shift(x, blocks, self.ratio)
            if hit == 1.0:
                x, f = moved, f / self.ratio
                continue
            rho = self.die(hit)
            x = [a + rho * b for a, b in zip(x, moved, strict=True)]
            f *= 1.0 - hit
        return x, f
