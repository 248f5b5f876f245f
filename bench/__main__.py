"""Run every benchmark, each whatever the others do, and name the ones that missed.

    python -m bench                       # every benchmark, its default run
    python -m bench --quick               # every benchmark's quick mode
    python -m bench diff odds             # only these
    python -m bench --scaling             # the longer scaling runs too (hours)
    python -m bench --budget-factor 2     # each time budget doubled (a loaded machine)
    python -m bench --total-min 45        # the whole run within 45 minutes

Each runs in its own process group, its output going straight through, within the time
budget its source declares (``BUDGET_S``, bench/__init__.py): one that runs out is stopped
(an interrupt, so it cleans up its scratch folders; killed if it does not end soon after)
and said to have run out. Each has a scratch folder of the runner's as its TMPDIR, removed
when it ends however it ends. With ``--total-min``, each gets at most its share of the time
left, in proportion to its budget and those of the ones still to run, so the whole run
ends in time and every benchmark still runs. At the end a table gives each one's verdict
and wall time, the lines in which each said what it missed, and the run's total time.
Exit status 1 when any missed, failed or ran out of time.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from bench import BENCH, benchmarks, declared

# After an interrupt, the time a benchmark gets to clean up before it is killed.
STOP_GRACE_S = 60.0
# The least a benchmark is given under a whole-run limit, however little time is left.
MIN_BUDGET_S = 30.0
# A line in which a benchmark says it missed a target ("misses: ...", "MISSED", "NOT met").
_MISS = re.compile(r"\b(?:miss(?:es|ed)?|not met)\b", re.IGNORECASE)
# A benchmark's lines kept for the summary: enough to name every target, bounded.
_KEPT_LINES = 20
_KEPT_CHARS = 300


@dataclass
class Outcome:
    """One benchmark's run."""

    name: str
    status: int | None  # None: stopped when its budget ran out
    seconds: float
    budget_s: float
    misses: list[str] = field(default_factory=list)
    stopped: str = ""  # how it was stopped, when it was

    @property
    def verdict(self) -> str:
        if self.status is None:
            return f"ran out of its {self.budget_s:.0f} s budget ({self.stopped})"
        return "held" if self.status == 0 else f"missed or failed (exit {self.status})"


def _stop(process: subprocess.Popen[bytes]) -> str:
    """Interrupt the benchmark's whole process group, killing it if it lingers; says how."""
    started = time.monotonic()
    for sig, wait in ((signal.SIGINT, STOP_GRACE_S), (signal.SIGKILL, STOP_GRACE_S)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        took = time.monotonic() - started
        if sig == signal.SIGINT:
            return f"interrupted, ended {took:.0f} s later"
        return f"killed {took:.0f} s after an interrupt"
    return "could not be stopped"


def _relay(stream: IO[bytes], misses: list[str]) -> None:
    """Copy the benchmark's output through as it comes; keep the lines naming a miss."""
    out = sys.stdout.buffer
    for raw in iter(stream.readline, b""):
        out.write(raw)
        out.flush()
        line = raw.decode("utf-8", "replace").strip()
        if _MISS.search(line) and len(misses) < _KEPT_LINES:
            misses.append(line[:_KEPT_CHARS])


def run(name: str, command: list[str], budget_s: float) -> Outcome:
    """Run one benchmark within ``budget_s`` wall seconds."""
    start = time.monotonic()
    misses: list[str] = []
    # Its own scratch folder as TMPDIR, removed here whatever happens: a benchmark stopped
    # in the middle of cleaning up its own (as first_visit was) leaves nothing behind.
    scratch = Path(tempfile.mkdtemp(prefix=f"bench-{name}-"))
    # Unbuffered: a benchmark's rows reach the terminal as they come, and are not lost
    # with its buffer if it has to be stopped.
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "TMPDIR": str(scratch)}
    try:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, start_new_session=True, env=env)
        status, stopped = _wait(name, process, budget_s, misses)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return Outcome(name, status, time.monotonic() - start, budget_s, misses, stopped)


def _wait(
    name: str, process: subprocess.Popen[bytes], budget_s: float, misses: list[str]
) -> tuple[int | None, str]:
    """The benchmark's exit status, or None and how it was stopped when out of time."""
    stopped = ""
    assert process.stdout is not None
    relay = threading.Thread(target=_relay, args=(process.stdout, misses), daemon=True)
    relay.start()
    status: int | None
    try:
        status = process.wait(timeout=budget_s)
    except subprocess.TimeoutExpired:
        print(
            f"\n*** bench/{name}.py ran out of its {budget_s:.0f} s budget: stopping it",
            flush=True,
        )
        stopped = _stop(process)
        print(f"*** bench/{name}.py {stopped}", flush=True)
        status = None
    except KeyboardInterrupt:
        _stop(process)
        raise
    relay.join(timeout=10)
    return status, stopped


def budget_for(own: float, later: list[float], left: float | None) -> float:
    """A benchmark's budget: its own or, with ``left`` seconds of a whole-run limit, its
    share of them by its budget against those of the ``later`` ones still to run."""
    if left is None:
        return own
    return max(MIN_BUDGET_S, min(own, left * own / (own + sum(later))))


def summary(outcomes: list[Outcome], total_s: float) -> list[str]:
    """The closing table, what each one missed, the total time and the names that missed."""
    lines = [f"\n{'benchmark':<18} {'wall s':>7} {'budget s':>9}  verdict"]
    for outcome in outcomes:
        figures = f"{outcome.seconds:>7.0f} {outcome.budget_s:>9.0f}"
        lines.append(f"{outcome.name:<18} {figures}  {outcome.verdict}")
    for outcome in outcomes:
        for miss in outcome.misses:
            lines.append(f"  {outcome.name}: {miss}")
    lines.append(f"total wall time: {total_s:.0f} s ({total_s / 60:.1f} min)")
    ran_out = [o.name for o in outcomes if o.status is None]
    missed = [o.name for o in outcomes if o.status is not None and o.status != 0]
    if ran_out:
        lines.append(f"benchmarks that ran out of time: {' '.join(ran_out)}")
    if missed:
        lines.append(f"benchmarks that missed or failed: {' '.join(missed)}")
    if not ran_out and not missed:
        lines.append("every benchmark held its targets")
    return lines


def main(argv: list[str] | None = None, folder: Path = BENCH) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join(__doc__.splitlines()[1:]),
    )
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: every one)")
    parser.add_argument("--quick", action="store_true", help="each benchmark's quick mode")
    parser.add_argument(
        "--scaling", action="store_true", help="the longer scaling runs, where there are"
    )
    parser.add_argument(
        "--budget-factor", type=float, default=1.0, help="multiply every time budget by this"
    )
    parser.add_argument(
        "--total-min", type=float, help="minutes the whole run may take (budgets shared out)"
    )
    args = parser.parse_args(argv)
    if not 0 < args.budget_factor <= 100:
        parser.error("--budget-factor must be above 0 and at most 100")
    if args.total_min is not None and not 0 < args.total_min <= 24 * 60:
        parser.error("--total-min must be above 0 and at most a day")
    # A shell starts a background job (`make bench &`, nohup) with SIGINT ignored, and an
    # ignored signal stays ignored across exec: no benchmark would hear the interrupt that
    # lets it clean up. A handler of the runner's own is reset to the default in a child.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    found = {path.stem: path for path in benchmarks(folder)}
    unknown = sorted(set(args.names) - set(found))
    if unknown:
        parser.error(f"no such benchmark: {', '.join(unknown)} (there are: {', '.join(found)})")
    chosen = args.names or list(found)
    outcomes: list[Outcome] = []
    started = time.monotonic()
    budgets = [declared(found[name]).budget_s * args.budget_factor for name in chosen]
    for number, name in enumerate(chosen):
        facts = declared(found[name])
        command = [sys.executable, str(found[name])]
        command += ["--quick"] if args.quick else []
        command += ["--scaling"] if args.scaling and facts.scaling else []
        left = None
        if args.total_min is not None:
            left = args.total_min * 60 - (time.monotonic() - started)
        budget = budget_for(budgets[number], budgets[number + 1 :], left)
        print(f"=== bench/{name}.py (budget {budget:.0f} s)", flush=True)
        outcomes.append(run(name, command, budget))
    for line in summary(outcomes, time.monotonic() - started):
        print(line, flush=True)
    return 0 if all(outcome.status == 0 for outcome in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
