"""Reading an odds request with factions, options, rounds or a retreat, and answering it.

``engine.api.odds`` hands a request here when it names any of these, or a fleet says
``ii``, ``damaged``, ``flagship`` or ``mech`` of a faction; every malformed value is
answered ``{"ok": False, "error": {"message", "field"}}``, never raised.
"""

from __future__ import annotations

from typing import Any

from engine.core.casualties import CasualtyPolicy
from engine.core.units import UnitType, spellings
from engine.odds.battle import applied, battle
from engine.odds.exact import MAX_FLEET_TEXT, FleetError
from engine.odds.general import Setup
from engine.odds.graded import parse_pieces
from engine.odds.options import CASUALTIES, MAX_ROUND, OPTIONS, option_json, parse_options
from engine.odds.parts import GRADED, Piece
from engine.ti4.abilities import Combat, Kind, Odds
from engine.ti4.abilities.derived import of_faction
from engine.ti4.abilities.flagships import QUIETUS
from engine.ti4.factions import FACTIONS

__all__ = ["graded_odds", "graded_text", "options_catalogue"]

KEYS = frozenset(
    {
        "attacker_faction",
        "defender_faction",
        "attacker_options",
        "defender_options",
        "rounds",
        "retreat",
    }
)
_WORDS = frozenset({"ii", "damaged", "flagship", "flagships"})


def options_catalogue() -> dict[str, Any]:
    """Every faction and option the odds take, JSON-ready."""
    return {
        "ok": True,
        "factions": [
            {"id": f.id, "name": f.name, "flagship": _flagship(f.id)} for f in FACTIONS.values()
        ],
        "options": [
            *(option_json(o) for o in OPTIONS.values()),
            *({**c, "side": "either", "rules": ["87"]} for c in CASUALTIES),
            {
                "id": "keep:UNIT",
                "name": "Keep a unit type",
                "kind": "casualties",
                "side": "either",
                "description": "units of that type (keep:carrier, keep:mech) are destroyed "
                "only once nothing else is left to hit; they still use Sustain Damage (sustaining "
                "first: after the other units have sustained, before any is lost)",
                "rules": ["87"],
            },
        ],
    }


def _flagship(faction: str) -> dict[str, Any] | None:
    """A faction's flagship as printed, and the combats it takes part in: every space combat;
    an invasion only from the attacker's ships, where it bombards or one of its faction's
    flagship options acts on the ground (Matriarch, Visz El Vir). None for a sheet without
    one (the neutral units)."""
    spec = FACTIONS[faction].flagship
    if spec is None:
        return None
    acts_on_ground = any(
        o.combat in (Combat.GROUND, Combat.BOTH) for o in of_faction(faction, Kind.FLAGSHIP)
    )
    invades = spec.bombardment is not None or acts_on_ground
    return {"name": spec.label, "combats": ["space", "ground"] if invades else ["space"]}


def graded_text(text: str) -> bool:
    """Whether a fleet uses words only graded fleets have (``ii``, ``damaged``, ``flagship``)."""
    return len(text) <= MAX_FLEET_TEXT and bool(
        _WORDS & set(text.lower().replace(",", " ").split())
    )


def graded_odds(
    attacker: str, defender: str, ground: bool, policy: CasualtyPolicy, extra: dict[str, Any]
) -> dict[str, Any]:
    """The odds of a request with factions, options, rounds or a retreat."""

    unknown = sorted(set(extra) - KEYS)
    if unknown:
        return _error(
            unknown[0], f"unknown argument {unknown[0]!r}; known: {', '.join(sorted(KEYS))}"
        )
    combat = "ground" if ground else "space"
    setups: dict[str, Setup] = {}
    fleets: dict[str, list[Piece]] = {}
    for side, text in (("attacker", attacker), ("defender", defender)):
        faction = extra.get(f"{side}_faction")
        if faction is not None and (not isinstance(faction, str) or faction not in FACTIONS):
            known = ", ".join(FACTIONS)
            return _error(
                f"{side}_faction", f"unknown faction {str(faction)[:40]!r}; known: {known}"
            )
        try:
            given, policy_of_side, keep = _casualty_items(extra.get(f"{side}_options"), side)
            options = parse_options(given, side, combat, faction)
        except ValueError as error:
            return _error(f"{side}_options", str(error))
        setups[side] = Setup(faction, options, policy_of_side, keep)
        try:
            fleets[side] = parse_pieces(text, faction)
        except ValueError as error:
            return _error(side, f"{side}: {error}")
    for side, foe in (("attacker", "defender"), ("defender", "attacker")):
        if setups[side].has(QUIETUS):  # a PDS left without Space Cannon has no part in space
            stripped = [_without_abilities(p) for p in fleets[foe]]
            fleets[foe] = [p for p in stripped if ground or _in_space(GRADED[p.type])]
    rounds = extra.get("rounds")
    if rounds is not None and (
        not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUND
    ):
        return _error("rounds", f"rounds must be a whole number from 1 to {MAX_ROUND}")
    retreat = extra.get("retreat")
    if retreat is not None:
        if retreat not in ("attacker", "defender"):
            return _error("retreat", "retreat must be 'attacker' or 'defender'")
        if rounds is None:
            return _error("retreat", "a retreat needs rounds: the side retreats after round N")
    try:
        result = battle(
            fleets["attacker"],
            fleets["defender"],
            ground=ground,
            policy=policy,
            attacker=setups["attacker"],
            defender=setups["defender"],
            rounds=rounds,
            retreat=retreat,
        )
    except FleetError as error:
        return _error(error.side, str(error))
    return {
        "ok": True,
        **result,
        **({"retreating": retreat, "after_round": rounds} if retreat else {}),
        **({"rounds": rounds} if rounds is not None else {}),
        "attacker": _described(setups["attacker"], fleets["attacker"], combat, "attacker"),
        "defender": _described(setups["defender"], fleets["defender"], combat, "defender"),
        "rules": _rules(ground, retreat),
    }


def _in_space(spec: UnitType) -> bool:
    return spec.is_ship or spec.space_cannon is not None


def _without_abilities(piece: Piece) -> Piece:
    """``piece`` with no unit abilities (Quietus): a grade the values table knows. A
    damaged unit keeps its last hit point, which is all an undamaged one without Sustain
    Damage has."""
    unit, _, grade = piece.type.partition("|")
    return Piece(f"{unit}|{grade} noabilities".replace("| ", "|"), False)


def _casualty_items(given: Any, side: str) -> tuple[Any, CasualtyPolicy | None, str | None]:
    """The casualty priorities among a side's options: a policy id and ``keep:UNIT``."""
    if not isinstance(given, (list, tuple)):
        return given, None, None
    rest, policy, keep = [], None, None
    for item in given:
        text = item.strip().lower() if isinstance(item, str) else ""
        if text in {c["id"] for c in CASUALTIES}:
            policy = CasualtyPolicy.parse(text)
        elif text.startswith("keep:"):
            name = next((k for k in spellings(text[5:]) if k in GRADED or k == "flagship"), None)
            if name is None:
                raise ValueError(f"{side}_options: {item!r} keeps no unit type this engine knows")
            keep = name
        else:
            rest.append(item)
    return rest, policy, keep


def _described(setup: Setup, fleet: list[Piece], combat: str, side: str) -> dict[str, Any]:
    faction = FACTIONS.get(setup.faction or "")
    notes = []
    flagship = next((p for p in fleet if p.type.startswith("flagship|")), None)
    if faction and flagship is not None:
        spec = GRADED[flagship.type]
        modelled = any(
            a.odds is Odds.ALWAYS or a.id in setup.options
            for a in of_faction(faction.id, Kind.FLAGSHIP)
        )
        notes.append(
            f"{spec.printed}: {faction.flagship_ability}"
            + ("" if modelled else " (not modelled: it fights with its printed values)")
        )
    if faction:
        for option in OPTIONS.values():
            usable = option.combat in ("both", combat) and option.side in ("either", side)
            mine = option.faction_only and option.owner == faction.id
            if mine and usable and option.id not in setup.options:
                notes.append(f"{option.name}: not applied (choose it among the {side}'s options)")
    if faction and faction.combat_modifier:
        notes.append(
            f"{faction.name}: {faction.combat_modifier:+d} to every combat roll (modelled)"
        )
    casualties = [c for c in CASUALTIES if setup.policy and c["id"] == setup.policy.value]
    if setup.keep:
        casualties.append(
            {"id": f"keep:{setup.keep}", "name": f"Keep {setup.keep.replace('_', ' ')}"}
        )
    return {
        "faction": {"id": faction.id, "name": faction.name} if faction else None,
        "options": applied(setup),
        "casualties": [dict(c) for c in casualties],
        "notes": notes,
    }


def _rules(ground: bool, retreat: str | None) -> list[str]:
    rules = ["15.1", "77.7", "42"] if ground else ["77.2", "10", "78"]
    return [*rules, "97.4", *(["78.7"] if retreat else [])]


def _error(field: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"message": message, "field": field}}
