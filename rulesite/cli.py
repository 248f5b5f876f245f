"""The command line: ``rulesite COMMAND`` (also ``python -m rulesite``; ``build_site.py`` is
``rulesite build``, or ``rulesite serve`` with ``--serve``).

Every command reports a broken source as ``file:line: what is wrong`` on stderr (printed
by :func:`rulesite.core.errors.print_diagnostics`) with exit status 1, the output it
would have replaced untouched; a folder it may not write is status 2; Ctrl+C is 130.
"""

from __future__ import annotations

import argparse
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from rulesite.adapters.registry import DEFAULT, REGISTERED, engine_names, site_engine
from rulesite.adapters.site_engine import BuildSettings
from rulesite.core.errors import SourceError, print_diagnostics, printable
from rulesite.publish.swap import BuildBusy, OutputRefused
from rulesite.site_build import CONFIG_FILE, ROOT, BuildInterrupted, build_site

EXIT_SOURCE_ERROR = 1
EXIT_SYSTEM_ERROR = 2  # the output folder cannot be written or the address not listened on
EXIT_INTERRUPTED = 130  # the shell's status for a command stopped by Ctrl+C
# diff's, as diff(1)'s: 0 the same, 1 something changed, 2 a folder could not be read.
EXIT_DIFFERENT = 1
EXIT_DIFF_TROUBLE = 2
BUILD_SITE = "build_site.py"
_BUILD_SITE_PROGS = {"build": "{}", "serve": "{} --serve"}

_MANUAL = """\
Build the Twilight Imperium rules reference from a folder of rule sources, serve it
while you edit, and ask its rules engine. Each command's --help has its options and
examples (rulesite build --help).

Exit status: 0 done, 1 a source is broken (each problem printed as file:line: what is
wrong), 2 a folder may not be written or an address not listened on, 130 stopped (Ctrl+C).
diff exits as diff(1) does: 0 the folders' rules are the same, 1 they differ, 2 trouble.
"""
_EXAMPLES = """\
examples:
  rulesite build                                   content/ -> site/, with MkDocs
  rulesite build --content my-rules --out public --engine zensical
  rulesite build --previous old-content            adds a What changed page
  rulesite serve --dev-addr 127.0.0.1:8000         rebuilt and reloaded on every edit
  rulesite diff old-content content
  rulesite play content/walkthroughs/tactical-action.yaml
  rulesite odds --attacker "1 dreadnought, 2 fighter" --defender "2 cruiser"
"""


def _parser(prog: str) -> argparse.ArgumentParser:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog=prog, description=_MANUAL, epilog=_EXAMPLES, formatter_class=formatter
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, summary: str, manual: str, examples: str) -> argparse.ArgumentParser:
        return commands.add_parser(
            name,
            # build_site.py takes no command: it is build, or serve given --serve.
            prog=_BUILD_SITE_PROGS.get(name, "{}").format(prog) if prog == BUILD_SITE else None,
            help=summary,
            description=f"{summary[0].upper()}{summary[1:]}.\n\n{manual}",
            epilog=f"examples:\n{examples}",
            formatter_class=formatter,
        )

    build = command(
        "build",
        "build the site into a folder",
        "Every source is checked first; the site is built beside OUT and swapped in whole,\n"
        "so a broken source, a failed or a stopped build leaves the last good site in place.\n"
        "The build ends with a summary: topics, rules, links, warnings, markup removed.",
        f"  {prog} build --content my-rules --out public\n"
        f"  {prog} build --engine zensical --strict\n"
        f"  {prog} build --previous old-content --site-url https://rules.example/\n",
    )
    _site_options(build)
    build.add_argument("--out", type=Path, default=ROOT / "site", help="where the site goes")
    build.add_argument(
        "--previous",
        type=Path,
        metavar="OLD",
        help="an earlier content folder: add a What changed page against it",
    )
    build.add_argument("--site-url", help="the public address (default: mkdocs.yml's site_url)")
    build.add_argument(
        "--precache-mb",
        type=float,
        metavar="MB",
        help="megabytes a reader's first visit keeps for offline use (default: mkdocs.yml's)",
    )

    serve = command(
        "serve",
        "serve the site while you edit it",
        "Builds, serves, and rebuilds on every saved edit to a source, a walkthrough, the\n"
        "engine or docs/, reloading the page. A broken source prints file:line: what is\n"
        "wrong; the last good pages stay served with the error in a banner. Ctrl+C stops.",
        f"  {prog} serve\n  {prog} serve --dev-addr 0.0.0.0:8080 --engine zensical\n",
    )
    _site_options(serve)
    serve.add_argument(
        "--dev-addr", default="127.0.0.1:8000", metavar="HOST:PORT", help="where to listen"
    )

    generate = command(
        "generate",
        "write the site as plain files any engine can build",
        "Pages (Markdown with front matter), assets, search records and a manifest\n"
        "(rulesite.json): what every site engine builds, with no engine run.",
        f"  {prog} generate --content content --docs docs --out build/tree\n",
    )
    generate.add_argument("--content", type=Path, required=True, help="folder of rule sources")
    generate.add_argument("--out", type=Path, required=True, help="where the tree goes")
    generate.add_argument("--docs", type=Path, help="hand-written pages to include (docs/)")
    _strict(generate)
    generate.add_argument(
        "--pyodide-url", default="", help="load Pyodide from this URL instead of serving npm's"
    )
    generate.add_argument("--cache", type=Path, default=Path(".cache"), help="build cache folder")
    generate.add_argument(
        "--node-modules", type=Path, default=Path("node_modules"), help="npm's folder (pyodide)"
    )

    diff = command(
        "diff",
        "print what changed between two content folders",
        "Rules added, removed, changed word by word and moved (matched by their words),\n"
        "topics added or removed: what `build --previous` shows on its What changed page.\n"
        "Exit status as diff(1)'s: 0 nothing changed, 1 something did, 2 a folder is broken.",
        f"  {prog} diff old-content content\n",
    )
    diff.add_argument("old", type=Path, help="the earlier content folder")
    diff.add_argument("new", type=Path, help="the newer content folder")

    play = command(
        "play",
        "replay a walkthrough's or scenario's line as a transcript",
        "Each scripted choice with the events it caused and the rules behind them; an\n"
        "illegal choice stops with its file:line and the rule that forbids it.",
        f"  {prog} play tests/engine/scenarios/full_tactical.yaml\n",
    )
    play.add_argument("scenario", help="a scenario or walkthrough YAML file")

    command(
        "odds",
        "exact combat odds from the rules engine",
        "The engine's own command line (python -m engine odds): its options are listed by\n"
        f"`{prog} odds --help`, its factions and options by `{prog} odds --list-options`.",
        f'  {prog} odds --attacker "1 dreadnought, 2 fighter" --defender "2 cruiser"\n'
        f'  {prog} odds --edition 3 --attacker "1 war sun" --defender "2 cruiser, 1 pds"\n',
    )
    return parser


def _site_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--content", type=Path, default=ROOT / "content", help="folder of rule sources"
    )
    engines = "; ".join(f"{r.name}: {r.summary}" for r in REGISTERED)
    parser.add_argument(
        "--engine",
        choices=engine_names(),
        default=DEFAULT,
        help=f"the site engine (default {DEFAULT}) - {engines}",
    )
    _strict(parser)


def _strict(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--strict", action="store_true", help="links to topics without a page are errors"
    )


def main(argv: Sequence[str] | None = None, prog: str = "rulesite") -> int:
    """Run one command; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["odds"]:  # the engine's command line, given its arguments whole
        from engine.cli.odds import main as odds

        return odds(argv[1:], prog=f"{prog} odds")
    parser = _parser(prog)
    args = parser.parse_args(argv)
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "build": _build,
        "serve": lambda args: _serve(args, parser),
        "generate": _generate,
        "diff": _diff,
        "play": _play,
    }
    return commands[args.command](args)


def build_site_main(argv: Sequence[str] | None = None) -> int:
    """``build_site.py``: ``rulesite build``, or ``rulesite serve`` given ``--serve``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = "serve" if "--serve" in argv else "build"
    return main([command, *(arg for arg in argv if arg != "--serve")], prog=BUILD_SITE)


def _build(args: argparse.Namespace) -> int:
    out = args.out
    try:
        report, timings = build_site(
            args.content,
            out,
            strict=args.strict,
            engine=args.engine,
            previous=args.previous,
            site_url=args.site_url,
            precache_mb=args.precache_mb,
        )
    except BuildInterrupted as interrupted:
        return _interrupted(out, interrupted.replaced)
    except (SourceError, OSError) as error:
        return _failed(error, "build", out)
    try:
        print(printable(f"built {out} in {timings.generator + timings.mkdocs:.1f}s"))
        for line in report.lines():
            print(printable(line))
    except KeyboardInterrupt:
        return _interrupted(out, replaced=True)
    return 0


def _failed(error: SourceError | OSError, what: str, out: Path) -> int:
    """Say why ``what`` (a build, a generation) stopped; its exit status."""
    if isinstance(error, SourceError):
        print_diagnostics(error)
        print(printable(f"{what} stopped; {out} is unchanged"), file=sys.stderr)
        return EXIT_SOURCE_ERROR
    if isinstance(error, OutputRefused):
        print(printable(f"{what} refused: {error}"), file=sys.stderr)
    elif isinstance(error, BuildBusy):
        print(printable(f"{what} refused: {error}; {out} was left to that build"), file=sys.stderr)
    else:
        print(printable(f"{what} failed: {error}; {out} is unchanged"), file=sys.stderr)
    return EXIT_SYSTEM_ERROR


def _interrupted(out: Path, replaced: bool) -> int:
    state = "was already replaced by the new site" if replaced else "is unchanged"
    print(printable(f"build interrupted; {out} {state}"), file=sys.stderr)
    return EXIT_INTERRUPTED


def _address(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(value)
    return host, int(port)


def _check_free(address: tuple[str, int]) -> None:
    """Refuse an address that cannot be listened on before building anything.

    Raises:
        OSError: in use, or not this machine's.
    """
    family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
    with socket.socket(family) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(address)


def _serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        address = _address(args.dev_addr)
    except ValueError:
        parser.error(f"--dev-addr must be HOST:PORT, not {args.dev_addr!r}")
    try:
        _check_free(address)
    except OSError as error:
        print(printable(f"cannot serve at {args.dev_addr}: {error}"), file=sys.stderr)
        return EXIT_SYSTEM_ERROR
    settings = BuildSettings(
        args.content, CONFIG_FILE, args.strict, site_url=f"http://{args.dev_addr}/"
    )
    try:
        return site_engine(args.engine).serve(settings, args.dev_addr)
    except SourceError as error:
        print_diagnostics(error)
        print("serving stopped: nothing to serve", file=sys.stderr)
        return EXIT_SOURCE_ERROR


def _generate(args: argparse.Namespace) -> int:
    from rulesite.adapters.tree import TreeOptions, write_tree

    options = TreeOptions(
        docs_dir=args.docs,
        strict_links=args.strict,
        pyodide_url=args.pyodide_url,
        cache_dir=args.cache,
        node_modules=args.node_modules,
    )
    try:
        site = write_tree(args.content, args.out, options)
    except (SourceError, OSError) as error:
        return _failed(error, "generation", args.out)
    except KeyboardInterrupt:
        print(printable(f"generation interrupted; {args.out} is unchanged"), file=sys.stderr)
        return EXIT_INTERRUPTED
    print(printable(f"generated {args.out}"))
    for line in site.report.lines():
        print(printable(line))
    return 0


def _diff(args: argparse.Namespace) -> int:
    """Print what changed from ``old`` to ``new``; as diff(1) does, exit 0 when nothing
    changed, 1 when something did, 2 when a folder cannot be read."""
    from rulesite.core.changes import compare, load_previous
    from rulesite.core.changes_page import change_lines
    from rulesite.core.corpus import load_content

    try:
        earlier = load_previous(args.old)
        later = load_content(args.new)
    except SourceError as error:
        print_diagnostics(error)
        return EXIT_DIFF_TROUBLE
    changes = compare(earlier, later)
    for line in change_lines(changes):
        print(printable(line))
    return EXIT_DIFFERENT if changes else 0


def _play(args: argparse.Namespace) -> int:
    from rulesite.play import play

    return play(args.scenario)
