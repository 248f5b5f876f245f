"""The options the exact odds model: technologies, action cards, agendas, promissory notes.

Each option is named as printed, with what is modelled. Card texts were read in
ti-assistant ``server/data/base/techs.ts`` / ``prophecyofkings/techs.ts`` (technologies),
the Living Rules Reference's errata (Direct Hit), and the alpha-mouse calculator's option
list (``game-elements.js``), which names the same cards; see engine/RULES.md. An option
that a player chooses the round of (Morale Boost, Fire Team, War Funding, Magen Defense
Grid) is written ``id`` for the first round or ``id:ROUNDS``: ``morale_boost:2``,
``war_funding:1,3``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.odds.faction_options import FACTION_OPTIONS
from engine.ti4.factions import FACTIONS

__all__ = ["CASUALTIES", "OPTIONS", "Option", "parse_options"]

MAX_ROUND = 50
"""A round further than any combat is fought (and than an option's round may be named)."""


@dataclass(frozen=True)
class Option:
    """One option: ``side`` is who holds it (``attacker``, ``defender`` or ``either``)."""

    id: str
    name: str
    kind: str
    side: str
    combat: str  # "space", "ground" or "both"
    description: str
    rules: tuple[str, ...]
    by_round: bool = False  # the reader names the round(s) it is used in
    faction: str | None = None  # only a side playing this faction may hold it
    amount: str = ""  # the reader names how many (``id:N``): of what
    # Whose faction technology it is: a page offers it to that faction's side, yet any side
    # may name it (the peer takes it without a faction). Where read: engine/RULES.md.
    owner: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "side": self.side,
            "combat": self.combat,
            "description": self.description,
            "rules": list(self.rules),
            "by_round": self.by_round,
            "faction": self.faction or self.owner,
            "amount": self.amount,
        }


def _o(*args: Any, **kwargs: Any) -> Option:
    return Option(*args, **kwargs)


OPTIONS: dict[str, Option] = {
    o.id: o
    for o in (
        _o(
            "plasma_scoring",
            "Plasma Scoring",
            "technology",
            "either",
            "both",
            "1 unit rolls 1 more die for space cannon and for bombardment (the best such unit)",
            ("77.3", "15.1"),
        ),
        _o(
            "antimass_deflectors",
            "Antimass Deflectors",
            "technology",
            "either",
            "both",
            "-1 to the opponent's space cannon rolls against your units",
            ("77.3",),
        ),
        _o(
            "graviton_laser_system",
            "Graviton Laser System",
            "technology",
            "either",
            "space",
            "your space cannon offense hits go to non-fighter ships while any are left",
            ("77.5",),
        ),
        _o(
            "duranium_armor",
            "Duranium Armor",
            "technology",
            "either",
            "both",
            "each round, after hits are assigned, repair 1 of your damaged units that did "
            "not use Sustain Damage this round (the strongest)",
            ("87.1",),
        ),
        _o(
            "assault_cannon",
            "Assault Cannon",
            "technology",
            "either",
            "space",
            "at the start of space combat, with 3 or more non-fighter ships, the opponent "
            "destroys 1 non-fighter ship (their weakest)",
            ("78.2",),
        ),
        _o(
            "magen_defense_grid",
            "Magen Defense Grid",
            "technology",
            "defender",
            "ground",
            "with a unit with Planetary Shield on the planet: in the round(s) named, the "
            "attacker makes no combat rolls",
            ("42.1",),
            True,
        ),
        _o(
            "magen_defense_grid_omega",
            "Magen Defense Grid Ω",
            "technology",
            "defender",
            "ground",
            "at the start of ground combat, with a structure on the planet (a PDS or "
            "space dock in the defender's fleet), 1 hit on the attacker's ground forces",
            ("42.2",),
        ),
        _o(
            "x89_bacterial_weapon_omega",
            "X-89 Bacterial Weapon Ω",
            "technology",
            "attacker",
            "ground",
            "after bombardment destroys 1 or more infantry, all the defender's "
            "infantry are destroyed",
            ("15.2",),
        ),
        _o(
            "morale_boost",
            "Morale Boost",
            "action_card",
            "either",
            "both",
            "+1 to all your units' combat rolls in the round(s) named (one card a round)",
            ("78.5", "42.1"),
            True,
        ),
        _o(
            "direct_hit",
            "Direct Hit",
            "action_card",
            "either",
            "space",
            "one card: the first time a ship of the opponent uses Sustain Damage against "
            "your space cannon or combat hits, it is destroyed (the most valuable if several "
            "sustain at once; not Dreadnought II, Super-Dreadnought II, Exotrireme II)",
            ("87.1",),
        ),
        _o(
            "fire_team",
            "Fire Team",
            "action_card",
            "either",
            "ground",
            "after your ground combat rolls in the round(s) named, reroll every miss",
            ("42.1",),
            True,
        ),
        _o(
            "fighter_prototype",
            "Fighter Prototype",
            "action_card",
            "either",
            "space",
            "+2 to your fighters' combat rolls in the first round of space combat",
            ("78.5",),
        ),
        _o(
            "bunker",
            "Bunker",
            "action_card",
            "defender",
            "ground",
            "-4 to the results of bombardment rolls against your planet",
            ("15.1",),
        ),
        _o(
            "experimental_battlestation",
            "Experimental Battlestation",
            "action_card",
            "defender",
            "space",
            "one of your space docks fires Space Cannon 5 (x3) at the "
            "active player's ships in space cannon offense",
            ("77.3",),
        ),
        _o(
            "maneuvering_jets",
            "Maneuvering Jets",
            "action_card",
            "either",
            "both",
            "cancel 1 hit that space cannon (offense or defense) produces against your units",
            ("77.5", "77.8"),
        ),
        _o(
            "publicize_weapon_schematics",
            "Publicize Weapon Schematics",
            "agenda",
            "either",
            "space",
            "war suns (both sides') lose Sustain Damage",
            ("87.1",),
        ),
        _o(
            "conventions_of_war",
            "Conventions of War",
            "agenda",
            "defender",
            "ground",
            "the planet is cultural: no bombardment against it",
            ("15.1",),
        ),
        _o(
            "prophecy_of_ixth",
            "Prophecy of Ixth",
            "agenda",
            "either",
            "space",
            "+1 to your fighters' combat rolls",
            ("78.5",),
        ),
        _o(
            "war_funding",
            "War Funding / Munitions Reserves",
            "promissory_note",
            "either",
            "space",
            "reroll every miss of your space combat rolls in the round(s) named "
            "(Munitions Reserves: name each round you pay 2 trade goods for)",
            ("78.5",),
            True,
        ),
        _o(
            "tekklar_legion",
            "Tekklar Legion",
            "promissory_note",
            "either",
            "ground",
            "+1 to your ground combat rolls; -1 to the opponent's if they are Sardakk N'orr",
            ("42.1",),
        ),
        _o(
            "non_euclidean_shielding",
            "Non-Euclidean Shielding",
            "faction_technology",
            "either",
            "both",
            "each use of Sustain Damage cancels 2 hits",
            ("87.1",),
            owner="letnev",
        ),
        _o(
            "l4_disruptors",
            "L4 Disruptors",
            "faction_technology",
            "attacker",
            "ground",
            "no space cannon against your units during the invasion",
            ("77.7",),
            owner="letnev",
        ),
        _o(
            "valkyrie_particle_weave",
            "Valkyrie Particle Weave",
            "faction_technology",
            "either",
            "ground",
            "in each ground combat round where the opponent scores 1 or "
            "more hits, you score 1 more",
            ("42.2",),
            owner="sardakk",
        ),
        *(Option(**fields) for fields in FACTION_OPTIONS),
    )
}
"""Every option by id."""

CASUALTIES: tuple[dict[str, str], ...] = (
    {
        "id": "sustain_first",
        "name": "Sustain first",
        "kind": "casualties",
        "description": "sustain damage with every unit able before losing any (the default)",
    },
    {
        "id": "lose_first",
        "name": "Fodder first",
        "kind": "casualties",
        "description": "lose the cheapest units first; sustain only when nothing else is left",
    },
)
"""Casualty priorities: both sides' (``casualties=``) or one side's, with ``keep:UNIT``."""


def parse_options(
    given: Any, side: str, combat: str, faction: str | None = None
) -> dict[str, tuple[int, ...]]:
    """``["morale_boost:2", "plasma_scoring"]`` read into {id: rounds} for ``side``.

    Raises:
        ValueError: an unknown id, an option the side cannot hold (another faction's, say)
            or the combat has no use for, a round that is not a number from 1 to MAX_ROUND.
    """
    if given is None:
        return {}
    if not isinstance(given, (list, tuple)) or len(given) > len(OPTIONS):
        raise ValueError(f"{side}_options must be a list of at most {len(OPTIONS)} option ids")
    chosen: dict[str, tuple[int, ...]] = {}
    for item in given:
        if not isinstance(item, str) or len(item) > 80:
            raise ValueError(f"{side}_options: {item!r} is not an option id")
        name, _, rounds_text = item.strip().partition(":")
        option = OPTIONS.get(name.strip().lower())
        if option is None:
            raise ValueError(
                f"{side}_options: unknown option {name!r}; known: {', '.join(OPTIONS)}"
            )
        if option.side not in ("either", side):
            raise ValueError(f"{side}_options: {option.name} is the {option.side}'s")
        if option.faction is not None and option.faction != faction:
            whose = FACTIONS[option.faction].name
            raise ValueError(f"{side}_options: {option.name} is {whose}'s: name that faction")
        if option.combat not in ("both", combat):
            raise ValueError(f"{side}_options: {option.name} has no use in a {combat} combat")
        rounds: tuple[int, ...] = ()
        if option.amount:
            rounds = (_amount(rounds_text, option, side),)
        elif option.by_round:
            rounds = _rounds(rounds_text, option, side) if rounds_text else (1,)
        elif rounds_text:
            raise ValueError(f"{side}_options: {option.name} is not used in a chosen round")
        chosen[option.id] = rounds
    return chosen


MAX_AMOUNT = 30
"""More trade goods or repairs than any combat could use."""


def _amount(text: str, option: Option, side: str) -> int:
    text = text.strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_AMOUNT:
        raise ValueError(
            f"{side}_options: name the {option.amount} for {option.name} as "
            f"{option.id}:N, N from 1 to {MAX_AMOUNT}"
        )
    return int(text)


def _rounds(text: str, option: Option, side: str) -> tuple[int, ...]:
    rounds = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 1 <= int(part) <= MAX_ROUND:
            raise ValueError(
                f"{side}_options: {option.name}'s round must be 1 to {MAX_ROUND}, not {part!r}"
            )
        rounds.append(int(part))
    return tuple(sorted(set(rounds)))
