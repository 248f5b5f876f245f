"""The summary of a combat fought by ``engine.odds.battle``: its results and survivors."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from engine.core.casualties import absorbable
from engine.core.combat import Attack
from engine.odds.general import Dist
from engine.odds.labels import fleet_label

__all__ = ["summary"]


def summary(
    dist: Dist,
    defender_fights: bool,
    attack: Attack,
    retreat: str | None,
    left: Dist | None = None,
) -> dict[str, Any]:
    """Who wins how often in ``dist``, and what is left: ``left`` if given (the sides once
    the retreat is made: Last Dispatch destroys a ship as it goes, after the outcome)."""
    wins = {"attacker_wins": 0.0, "defender_wins": 0.0, "both_destroyed": 0.0, "undecided": 0.0}
    a_left: dict[str, float] = defaultdict(float)
    d_left: dict[str, float] = defaultdict(float)
    for (a, d), p in dist.items():
        a, d = (tuple(p for p in s if not p.type.startswith("card|")) for s in (a, d))
        a_up = bool(a) and absorbable(a, attack) > 0
        d_up = bool(d) and absorbable(d, attack) > 0
        if a_up and not d_up:
            wins["attacker_wins"] += p
        elif (d_up and not a_up) or (not a_up and not defender_fights):
            wins["defender_wins"] += p
        elif not a_up:
            wins["both_destroyed"] += p
        else:
            wins["undecided"] += p
    for (a, d), p in (dist if left is None else left).items():
        a, d = (tuple(p for p in s if not p.type.startswith("card|")) for s in (a, d))
        a_left[fleet_label(a)] += p
        d_left[fleet_label(d)] += p
    if retreat is not None:
        wins["retreated"] = wins.pop("undecided")
    return {
        **wins,
        "attacker_survivors": _ranked(a_left),
        "defender_survivors": _ranked(d_left),
    }


def _ranked(dist: dict[str, float]) -> dict[str, float]:
    return dict(sorted(dist.items(), key=lambda item: (-item[1], item[0])))
