"""Dice of the exact odds: one die's chances of 0 to 3 hits, and many dice together."""

from __future__ import annotations

from functools import lru_cache

__all__ = ["convolve", "die", "near_die"]


@lru_cache(maxsize=4096)
def die(value: int, reroll: bool, triple_on_9: bool) -> tuple[float, ...]:
    """P(0, 1, 2, 3 hits) of one die hitting on ``value`` (clamped to 1..11).

    ``reroll``: a miss is rolled again. ``triple_on_9``: an unmodified 9 or 10 makes
    2 more hits (J.N.S. Hylarim); ``value`` is the modified value, 9 and 10 the faces.
    """
    value = min(11, max(1, value))
    faces = [0.0, 0.0, 0.0, 0.0]  # 0, 1, 2 or 3 hits
    for face in range(1, 11):
        # An unmodified 9 or 10 makes its 2 more hits even where the modified roll misses.
        faces[(face >= value) + (2 if triple_on_9 and face >= 9 else 0)] += 0.1
    if reroll:
        miss = faces[0]
        faces = [miss * miss, *(f * (1 + miss) for f in faces[1:])]
    return tuple(faces)


@lru_cache(maxsize=65536)
def convolve(dice: tuple[tuple[float, ...], ...]) -> tuple[float, ...]:
    """P(k hits) for k = 0, 1, ... of independent dice."""
    if not dice:
        return (1.0,)
    rest = convolve(dice[1:])
    out = [0.0] * (len(rest) + len(dice[0]) - 1)
    for k, p in enumerate(dice[0]):
        if p:
            for j, q in enumerate(rest):
                out[k + j] += p * q
    return tuple(out)


@lru_cache(maxsize=256)
def near_die(value: int, reroll: bool) -> tuple[float, float, float]:
    """P(miss, miss by exactly 1, hit) of one die hitting on ``value`` (Wrath of Kenara).

    ``reroll``: a miss is rolled again first; only the second roll can then miss by 1.
    """
    hit = min(1.0, max(0.0, (11 - value) / 10))
    near = 0.1 if 2 <= value <= 11 else 0.0
    if reroll:
        near, hit = (1 - hit) * near, hit + (1 - hit) * hit
    return 1.0 - hit - near, near, hit
