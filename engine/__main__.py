"""Command line: ``python -m engine odds ...`` (scenario files: ``python -m rulesite play``)."""

from __future__ import annotations

import sys

USAGE = "usage: python -m engine odds --attacker UNITS --defender UNITS [--ground] [--json]"


def main(argv: list[str] | None = None) -> int:
    """Dispatch to a subcommand; returns the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "odds":
        from engine.cli.odds import main as odds_main

        return odds_main(args[1:])
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    from engine.cli.command_line import run

    sys.exit(run(main, "python -m engine"))
