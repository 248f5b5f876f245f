"""The anchors of the 3rd-edition items the engine cites, as the site gives them.

Each is the id of one paragraph of a 3rd-edition page built from
``content/ti3/action_phase.txt`` (``rulesite.links.item_id``);
``tests/test_ti3_coverage.py`` checks every one against the generator's own
reading of the seed, so a renumbered source fails a test instead of leaving a
dead citation.
"""

from __future__ import annotations

_TACTICAL = "ti3-tactical-action-activation-sequence-as-follows-"
_TRANSFER = "ti3-transfer-action-transfer-sequence-as-follows-"
_BATTLE = "ti3-space-battles-battle-sequence-"
_INVASION = "ti3-invasion-combat-combat-sequence-"

FRIENDLY_ENEMY = "ti3-tactical-action-friendly-and-enemy-clarification-1"
ACTIVATE = _TACTICAL + "1"
MOVE = _TACTICAL + "2"
MOVE_LIMITS = _TACTICAL + "3"
PROBE = _TACTICAL + "4"
PDS_FIRE = _TACTICAL + "5"
SPACE_MINES = _TACTICAL + "6"
SPACE_BATTLE = _TACTICAL + "7"
LANDINGS = _TACTICAL + "8"
FRIENDLY_LANDING = _TACTICAL + "9"
NEUTRAL_LANDING = _TACTICAL + "10"
HOSTILE_LANDING = _TACTICAL + "11"
INVASION_COMBAT = _TACTICAL + "12"
RAZE = _TACTICAL + "13"
LANDING_PDS = _TACTICAL + "14"
PRODUCE = _TACTICAL + "15"

TRANSFER_ACTIVATE = _TRANSFER + "1"
TRANSFER_MOVE = _TRANSFER + "2"
TRANSFER_PDS = _TRANSFER + "3"
TRANSFER_LANDINGS = _TRANSFER + "4"
TRANSFER_PRODUCE = _TRANSFER + "5"

ANTI_FIGHTER_BARRAGE = _BATTLE + "2"
PRE_COMBAT_ORDER = _BATTLE + "6"
ANNOUNCE_RETREAT = _BATTLE + "7"
BATTLE_ROLL = _BATTLE + "8"
BATTLE_CASUALTIES = _BATTLE + "9"
EXECUTE_RETREAT = _BATTLE + "10"
BATTLE_END = _BATTLE + "11"

BOMBARDMENT = _INVASION + "1"
DREADNOUGHT_PDS = _INVASION + "2"
WAR_SUN_BOMBARD = _INVASION + "3"
INVASION_PDS = _INVASION + "4"
INVASION_ROLL = _INVASION + "5"
INVASION_CASUALTIES = _INVASION + "6"
INVASION_SUCCESS = _INVASION + "7"

ALL = tuple(
    value
    for name, value in sorted(globals().items())
    if name.isupper() and not name.startswith("_") and name != "ALL"
)
"""Every anchor cited, for the coverage test."""
