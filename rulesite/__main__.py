"""``python -m rulesite`` and the ``rulesite`` console script: :mod:`rulesite.cli`'s command
line, started so that Ctrl+C always stops it cleanly."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Callable


def launch(command: Callable[[], int], program: str) -> int:
    """Run ``command`` as a program's whole life; returns its exit status.

    An unexpected exception is one line and status 1, a closed stdout no error
    (:func:`engine.cli.command_line.run`); Ctrl+C anywhere, loading included, is one line
    and status 130.
    """
    # Ctrl+C (SIGINT) is how a build or a server is stopped, whoever started us. A shell
    # without job control starts a background command with SIGINT ignored, and Python then
    # leaves it ignored: a server run that way (a CI job, `make test &`) never stopped.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    finished: list[int] = []  # the command's status, once it has returned

    def command_then_done() -> int:
        finished.append(command())
        return finished[0]

    try:
        # Imported here, so Ctrl+C while the command is still loading is handled like any other.
        from engine.cli.command_line import run

        status = run(command_then_done, program)
        # Done and reported: a Ctrl+C from here on has nothing to stop. Without this, one
        # during Python's own exit (which restores the default handler) killed the process
        # silently.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except KeyboardInterrupt:
        # One line, whatever was running: a second Ctrl+C must not interrupt the message.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if finished:
            # After the command returned (its output being flushed): nothing left to stop.
            with contextlib.suppress(OSError, ValueError):
                sys.stdout.flush()
            return finished[0]
        print("interrupted", file=sys.stderr)
        return 130
    return status


def _rulesite() -> int:
    from rulesite.cli import main

    return main()


def entry() -> int:
    """The ``rulesite`` console script."""
    return launch(_rulesite, "rulesite")


if __name__ == "__main__":
    sys.exit(entry())
