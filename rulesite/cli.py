"""The command line: ``python build_site.py [--content DIR] [--out DIR] [--strict] [--serve]``.

Broken sources are reported as ``file:line: what is wrong`` on stderr with a
non-zero exit status, never as a traceback; the previous output stays as it was.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from collections.abc import Sequence
from pathlib import Path

from rulesite.errors import SourceError
from rulesite.site_build import ROOT, build_site

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
    parser.add_argument("--serve", action="store_true", help="serve the built site afterwards")
    parser.add_argument(
        "--dev-addr", default="127.0.0.1:8000", metavar="HOST:PORT", help="where --serve listens"
    )
    return parser


def _address(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(value)
    return host, int(port)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site with the types Pyodide needs (module scripts, streamed wasm)."""

    extensions_map = {  # noqa: RUF012 -- the base class declares it as a plain class dict
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }


def serve(site_dir: Path, address: tuple[str, int]) -> None:
    """Serve the built ``site_dir`` until interrupted.

    Raises:
        OSError: the address cannot be listened on (in use, not this machine's).
    """
    handler = functools.partial(SiteHandler, directory=str(site_dir))
    with http.server.ThreadingHTTPServer(address, handler) as server:
        print(f"serving {site_dir} at http://{address[0]}:{address[1]}/ (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        address = _address(args.dev_addr)
    except ValueError:
        parser.error(f"--dev-addr must be HOST:PORT, not {args.dev_addr!r}")
    try:
        report, timings = build_site(args.content, args.out, strict=args.strict)
    except SourceError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic, file=sys.stderr)
        print(f"build stopped; {args.out} is unchanged", file=sys.stderr)
        return EXIT_SOURCE_ERROR
    except OSError as error:
        print(f"build failed: {error}; {args.out} is unchanged", file=sys.stderr)
        return EXIT_SYSTEM_ERROR
    except KeyboardInterrupt:
        print(f"build interrupted; {args.out} is unchanged", file=sys.stderr)
        return EXIT_INTERRUPTED
    print(f"built {args.out} in {timings.generator + timings.mkdocs:.1f}s")
    for line in report.lines():
        print(line)
    if args.serve:
        try:
            serve(args.out, address)
        except OSError as error:
            print(f"cannot serve at {args.dev_addr}: {error}", file=sys.stderr)
            return EXIT_SYSTEM_ERROR
    return 0
