"""``python -m rulesite generate --content DIR --out DIR``: the site as a plain tree, no MkDocs;
``python -m rulesite play SCENARIO.yaml``: a scenario's script replayed as a transcript;
``python -m rulesite diff OLD NEW``: what changed between two content folders (exit 0 when
nothing did, 1 when something did, 2 on an error, as diff(1)).

The tree (:mod:`rulesite.adapters.tree`) is what any site engine builds: MkDocs with the
``rules`` plugin does the same in memory, ``python -m rulesite.adapters.zensical`` builds it
with Zensical. Broken sources print ``file:line: what is wrong`` and exit 1.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from rulesite.adapters.tree import TreeOptions, write_tree
from rulesite.core.errors import SourceError
from rulesite.publish.swap import BuildBusy


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rulesite")
    commands = parser.add_subparsers(dest="command", required=True)
    generate = commands.add_parser("generate", help="write the site's pages and assets as files")
    generate.add_argument("--content", type=Path, required=True, help="folder of rule sources")
    generate.add_argument("--out", type=Path, required=True, help="where the tree goes")
    generate.add_argument("--docs", type=Path, help="hand-written pages to include (docs/)")
    generate.add_argument(
        "--strict", action="store_true", help="links to topics without a page are errors"
    )
    generate.add_argument(
        "--pyodide-url", default="", help="load Pyodide from this URL instead of serving npm's"
    )
    generate.add_argument("--cache", type=Path, default=Path(".cache"), help="build cache folder")
    generate.add_argument(
        "--node-modules", type=Path, default=Path("node_modules"), help="npm's folder (pyodide)"
    )
    diff = commands.add_parser("diff", help="what changed between two content folders")
    diff.add_argument("old", type=Path, help="the earlier content folder")
    diff.add_argument("new", type=Path, help="the newer content folder")
    play = commands.add_parser("play", help="replay a scenario's script as a transcript")
    play.add_argument("scenario", help="a scenario or walkthrough YAML file")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.command == "play":
        from rulesite.play import play

        return play(args.scenario)
    if args.command == "diff":
        return _diff(args.old, args.new)
    options = TreeOptions(
        docs_dir=args.docs,
        strict_links=args.strict,
        pyodide_url=args.pyodide_url,
        cache_dir=args.cache,
        node_modules=args.node_modules,
    )
    try:
        site = write_tree(args.content, args.out, options)
    except SourceError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic, file=sys.stderr)
        print(f"generation stopped; {args.out} is unchanged", file=sys.stderr)
        return 1
    except BuildBusy as error:
        print(f"generation refused: {error}; {args.out} was left to that build", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"generation failed: {error}; {args.out} is unchanged", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"generation interrupted; {args.out} is unchanged", file=sys.stderr)
        return 130
    print(f"generated {args.out}")
    for line in site.report.lines():
        print(line)
    return 0


def _diff(old: Path, new: Path) -> int:
    """Print what changed from ``old`` to ``new``; as diff(1) does, exit 0 when nothing
    changed, 1 when something did, 2 when a folder cannot be read."""
    from rulesite.core.changes import compare, load_previous
    from rulesite.core.changes_page import change_lines
    from rulesite.core.corpus import load_content

    try:
        earlier = load_previous(old)
        later = load_content(new)
    except SourceError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic, file=sys.stderr)
        return 2
    changes = compare(earlier, later)
    for line in change_lines(changes):
        print(line)
    return 1 if changes else 0


if __name__ == "__main__":
    from engine.cli.command_line import run

    # Ctrl+C is how a generation is stopped, even when started with SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit(run(main, "python -m rulesite"))
