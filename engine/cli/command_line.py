"""What every command line of the project does when it ends in a way nobody planned.

A command's own errors are its business (``file:line: what``, a refusal with its rule);
this is the last line behind them: an exception no one expected becomes one line on
stderr and exit status 1, never a traceback, and a reader that stopped reading
(``build_site.py ... | head -c 5``) is no error at all.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

EXIT_UNEXPECTED = 1


def run(command: Callable[[], int], program: str) -> int:
    """``command()``'s exit status; an unexpected exception is one line and status 1.

    ``KeyboardInterrupt`` and ``SystemExit`` pass: they are how a command is stopped.
    """
    try:
        status = command()
        sys.stdout.flush()  # here, not at exit: a reader gone is found while it can be handled
        return status
    except BrokenPipeError:
        stdout_closed()
        return 0
    except Exception as error:  # the last resort: anything else is reported, never a traceback
        print(unexpected(program, error), file=sys.stderr)
        return EXIT_UNEXPECTED


def unexpected(program: str, error: BaseException) -> str:
    """One line naming the error and where it was raised: ``prog: unexpected error at f.py:12``."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    words = " ".join(str(error).split())
    return f"{program}: unexpected error{where}: {type(error).__name__}" + (
        f": {words}" if words else ""
    )


def stdout_closed() -> None:
    """Stop writing to a standard output whose reader is gone.

    What is left in Python's buffer would fail again when the interpreter flushes it on
    exit ("Exception ignored ... BrokenPipeError"); the descriptor is pointed at the null
    device instead, as Python's documentation of SIGPIPE advises.
    """
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
