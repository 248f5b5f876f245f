"""Run every benchmark, each whatever the others do, and name the ones that missed.

    python -m bench                  # every benchmark, full
    python -m bench --quick          # every benchmark's quick mode
    python -m bench diff odds        # only these

Each runs in its own process; its output goes straight through, and a table at the end
gives each one's exit status and wall time. Exit status 1 when any missed or failed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from bench import BENCH, benchmarks


def main(argv: list[str] | None = None, folder: Path = BENCH) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: every one)")
    parser.add_argument("--quick", action="store_true", help="each benchmark's quick mode")
    args = parser.parse_args(argv)
    found = {path.stem: path for path in benchmarks(folder)}
    unknown = sorted(set(args.names) - set(found))
    if unknown:
        parser.error(f"no such benchmark: {', '.join(unknown)} (there are: {', '.join(found)})")
    chosen = args.names or list(found)
    results: list[tuple[str, int, float]] = []
    for name in chosen:
        print(f"=== bench/{name}.py", flush=True)
        start = time.monotonic()
        command = [sys.executable, str(found[name])] + (["--quick"] if args.quick else [])
        status = subprocess.run(command, check=False).returncode
        results.append((name, status, time.monotonic() - start))
    print(f"\n{'benchmark':<16} {'exit':>4} {'wall s':>8}")
    for name, status, seconds in results:
        print(f"{name:<16} {status:>4} {seconds:>8.0f}")
    missed = [name for name, status, _ in results if status != 0]
    if missed:
        print(f"benchmarks that missed or failed: {' '.join(missed)}")
        return 1
    print("every benchmark held its targets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
