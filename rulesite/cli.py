"""The command line: ``python build_site.py [--content DIR] [--out DIR] [--strict] [--serve]``.

A thin wrapper over MkDocs's own commands: a build is ``mkdocs build`` swapped
into ``--out`` (:mod:`rulesite.site_build`), ``--serve`` is ``mkdocs serve`` with
live reload. Broken sources are reported as ``file:line: what is wrong`` on
stderr with a non-zero exit status, never as a traceback; the previous output
stays as it was.
"""

from __future__ import annotations

import argparse
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

import click
from mkdocs.__main__ import cli as mkdocs_cli

from rulesite.adapters import zensical
from rulesite.core.errors import SourceError
from rulesite.publish.swap import BuildBusy, OutputRefused
from rulesite.site_build import (
    CONFIG_FILE,
    CONTENT_VARIABLE,
    ROOT,
    BuildInterrupted,
    build_site,
    environment_variable,
)

EXIT_SOURCE_ERROR = 1
EXIT_SYSTEM_ERROR = 2  # the output folder cannot be written or the address not listened on
EXIT_INTERRUPTED = 130  # the shell's status for a command stopped by Ctrl+C


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="build_site.py", description="Build the Twilight Imperium rules reference site."
    )
    parser.add_argument(
        "--content", type=Path, default=ROOT / "content", help="folder of rule sources"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="where the site goes")
    parser.add_argument(
        "--strict", action="store_true", help="links to topics without a page are errors"
    )
    parser.add_argument(
        "--previous",
        type=Path,
        metavar="OLD",
        help="an earlier content folder: add a What changed page against it",
    )
    parser.add_argument(
        "--serve",
        action="store_true",
        help="serve with live reload instead of building (`mkdocs serve`, or `zensical serve`)",
    )
    parser.add_argument(
        "--dev-addr", default="127.0.0.1:8000", metavar="HOST:PORT", help="where --serve listens"
    )
    parser.add_argument(
        "--engine",
        choices=("mkdocs", "zensical"),
        default="mkdocs",
        help="the site engine: MkDocs with the `rules` plugin, or Zensical on the generated tree",
    )
    return parser


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


def serve(content_dir: Path, dev_addr: str, strict: bool) -> int:
    """``mkdocs serve`` on the content folder, until Ctrl+C; returns the exit status."""
    args = ["serve", "-f", str(CONFIG_FILE), "--dev-addr", dev_addr, *(["--strict"] * strict)]
    with environment_variable(CONTENT_VARIABLE, str(content_dir.resolve())):
        try:
            mkdocs_cli.main(args, prog_name="mkdocs", standalone_mode=False)
        except click.exceptions.Abort:
            print("stopped", file=sys.stderr)
            return EXIT_INTERRUPTED
        except (click.ClickException, SystemExit) as error:
            print(f"serving stopped: {error}", file=sys.stderr)
            return EXIT_SOURCE_ERROR
    return 0


def serve_zensical(content_dir: Path, dev_addr: str, strict: bool) -> int:
    """``zensical serve`` on the generated tree, regenerated on an edit; the exit status."""
    options = zensical.tree_options(CONFIG_FILE, strict)
    try:
        return zensical.serve(
            content_dir.resolve(),
            dev_addr,
            config_file=CONFIG_FILE,
            options=options,
        )
    except SourceError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic, file=sys.stderr)
        print("serving stopped: nothing to serve", file=sys.stderr)
        return EXIT_SOURCE_ERROR


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        address = _address(args.dev_addr)
    except ValueError:
        parser.error(f"--dev-addr must be HOST:PORT, not {args.dev_addr!r}")
    if args.serve:
        try:
            _check_free(address)
        except OSError as error:
            print(f"cannot serve at {args.dev_addr}: {error}", file=sys.stderr)
            return EXIT_SYSTEM_ERROR
        if args.engine == "zensical":
            return serve_zensical(args.content, args.dev_addr, args.strict)
        return serve(args.content, args.dev_addr, args.strict)
    try:
        report, timings = build_site(
            args.content, args.out, strict=args.strict, engine=args.engine, previous=args.previous
        )
    except SourceError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic, file=sys.stderr)
        print(f"build stopped; {args.out} is unchanged", file=sys.stderr)
        return EXIT_SOURCE_ERROR
    except OutputRefused as error:
        print(f"build refused: {error}", file=sys.stderr)
        return EXIT_SYSTEM_ERROR
    except BuildBusy as error:
        print(f"build refused: {error}; {args.out} was left to that build", file=sys.stderr)
        return EXIT_SYSTEM_ERROR
    except OSError as error:
        print(f"build failed: {error}; {args.out} is unchanged", file=sys.stderr)
        return EXIT_SYSTEM_ERROR
    except BuildInterrupted as interrupted:
        return _interrupted(args.out, interrupted.replaced)
    try:
        print(f"built {args.out} in {timings.generator + timings.mkdocs:.1f}s")
        for line in report.lines():
            print(line)
    except KeyboardInterrupt:
        return _interrupted(args.out, replaced=True)
    return 0


def _interrupted(out: Path, replaced: bool) -> int:
    state = "was already replaced by the new site" if replaced else "is unchanged"
    print(f"build interrupted; {out} {state}", file=sys.stderr)
    return EXIT_INTERRUPTED
