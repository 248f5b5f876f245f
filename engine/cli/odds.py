"""``python -m engine odds``: exact combat odds from the command line.

    python -m engine odds --attacker "1 dreadnought, 2 fighter" --defender "2 cruiser"
    python -m engine odds --attacker "3 infantry, 1 dreadnought" \\
        --defender "2 infantry, 1 pds" --ground
    python -m engine odds ... --casualties lose_first --json
    python -m engine odds --edition 3 --attacker "1 war sun, 1 carrier" \
        --defender "2 cruiser, 1 pds" --mines
    python -m engine odds --attacker "flagship, 2 cruiser ii" --attacker-faction sardakk \
        --defender "1 damaged dreadnought, 3 fighter" --defender-option antimass_deflectors \
        --attacker-option morale_boost:2 --rounds 3 --retreat defender
    python -m engine odds --list-options

Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from engine.api import odds, odds_options
from engine.core.casualties import CasualtyPolicy
from engine.odds import Odds, combat_odds, parse_fleet
from engine.odds.request import graded_text
from engine.ti3 import odds as ti3_odds

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """An argument parser that reports errors in one line instead of usage plus message."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


class _UsageError(Exception):
    pass


PROG = "python -m engine odds"


def _parser(prog: str = PROG) -> argparse.ArgumentParser:
    parser = _Parser(
        prog=prog,
        description="Exact odds of a space (or ground) combat with the engine's casualty policy.",
    )
    parser.add_argument(
        "--attacker",
        required=True,
        help='the active player\'s units, e.g. "1 dreadnought, 2 fighter"',
    )
    parser.add_argument("--defender", required=True, help='the defending units, e.g. "2 cruiser"')
    parser.add_argument(
        "--ground", action="store_true", help="a ground combat (invasion) instead of a space combat"
    )
    parser.add_argument(
        "--casualties",
        default=CasualtyPolicy.SUSTAIN_FIRST.value,
        help="casualty policy: " + " or ".join(p.value for p in CasualtyPolicy),
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--edition", type=int, choices=(3, 4), default=4, help="the rules edition (default 4)"
    )
    parser.add_argument(
        "--mines", action="store_true", help="3rd edition: a defending space mine goes off first"
    )
    for side in ("attacker", "defender"):
        parser.add_argument(f"--{side}-faction", help=f"the {side}'s faction id (--list-options)")
        parser.add_argument(
            f"--{side}-option",
            action="append",
            default=[],
            help=f"an option the {side} has (repeat it); ID or ID:ROUNDS, e.g. morale_boost:2",
        )
    parser.add_argument("--rounds", type=int, help="stop after N rounds: report what is undecided")
    parser.add_argument(
        "--retreat", choices=("attacker", "defender"), help="that side retreats after --rounds"
    )
    parser.add_argument(
        "--list-options", action="store_true", help="list the factions and options and exit"
    )
    return parser


def _wants_more(args: argparse.Namespace) -> bool:
    """Whether the call names anything only engine.api.odds's graded path reads."""
    named = (
        args.attacker_faction,
        args.defender_faction,
        args.attacker_option,
        args.defender_option,
        args.rounds,
        args.retreat,
    )
    return any(v not in (None, []) for v in named) or any(
        graded_text(t) for t in (args.attacker, args.defender)
    )


def _graded(args: argparse.Namespace, prog: str) -> int:
    extra = {
        "attacker_faction": args.attacker_faction,
        "defender_faction": args.defender_faction,
        "attacker_options": args.attacker_option,
        "defender_options": args.defender_option,
        "rounds": args.rounds,
        "retreat": args.retreat,
    }
    result = odds(
        args.attacker,
        args.defender,
        ground=args.ground,
        casualties=args.casualties,
        **{k: v for k, v in extra.items() if v not in (None, [])},
    )
    if not result["ok"]:
        error = result["error"]
        field = error["field"].replace("_options", "_option").replace("_", "-")
        print(f"{prog}: error: --{field}: {error['message']}", file=sys.stderr)
        return USAGE_ERROR
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else render_result(result))
    return 0


def render_result(result: dict[str, Any]) -> str:
    """A graded result (options, factions, rounds) as a plain-text table."""
    keys = ("attacker_wins", "defender_wins", "both_destroyed", "undecided", "retreated")
    lines = [f"{k.replace('_', ' '):<16}{result[k]:>8.2%}" for k in keys if k in result]
    for side in ("attacker", "defender"):
        lines += ["", f"{side} survivors"]
        lines += [f"  {p:>8.2%}  {fleet}" for fleet, p in result[f"{side}_survivors"].items()]
        described = result[side]
        if described["faction"]:
            lines.append(f"  faction: {described['faction']['name']}")
        for option in described["options"]:
            lines.append(f"  option: {option['name']} – {option['description']}")
        lines += [f"  note: {note}" for note in described["notes"]]
    return "\n".join(lines)


def main(argv: list[str], prog: str = PROG) -> int:
    """Run the odds command on ``argv`` (the arguments after ``odds``); return the exit status.

    ``prog`` names the command in its help and its errors (``rulesite odds`` runs it too).
    """
    try:
        if "--list-options" in argv:
            print(json.dumps(odds_options(), indent=2, ensure_ascii=False))
            return 0
        args = _parser(prog).parse_args(argv)
        if args.edition == 3:
            return _third_edition(args)
        if _wants_more(args):
            return _graded(args, prog)
        odds = combat_odds(
            _fleet(args.attacker, "--attacker"),
            _fleet(args.defender, "--defender"),
            ground=args.ground,
            casualties=args.casualties,
        )
    except (_UsageError, ValueError) as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    if args.json:
        print(json.dumps(odds.to_json(), indent=2))
    else:
        print(render_table(odds))
    return 0


def _third_edition(args: argparse.Namespace) -> int:
    """The 3rd edition's odds: PDS with the defender and space mines fire before the battle."""
    result = ti3_odds.odds(args.attacker, args.defender, ground=args.ground, mines=args.mines)
    print(json.dumps(result, indent=2) if args.json else ti3_odds.render_table(result))
    return 0


def _fleet(text: str, option: str) -> tuple[str, ...]:
    try:
        return parse_fleet(text)
    except ValueError as error:
        raise ValueError(f"{option}: {error}") from None


def render_table(odds: Odds) -> str:
    """The odds as a small plain-text table for a terminal."""
    lines = [
        f"{'attacker wins':<16}{odds.attacker_wins:>8.2%}",
        f"{'defender wins':<16}{odds.defender_wins:>8.2%}",
        f"{'both destroyed':<16}{odds.both_destroyed:>8.2%}",
    ]
    for title, survivors in (
        ("attacker survivors", odds.attacker_survivors),
        ("defender survivors", odds.defender_survivors),
    ):
        lines += ["", title]
        lines += [f"  {p:>8.2%}  {fleet}" for fleet, p in survivors.items()]
    return "\n".join(lines)
