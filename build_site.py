"""Build the rules reference site; ``python build_site.py --help`` lists the options."""

import signal
import sys


def _run() -> int:
    # Imported here, so Ctrl+C while MkDocs is still loading is handled like any other.
    from engine.cli.command_line import run
    from rulesite.cli import main

    # An unexpected exception is one line and status 1; a closed stdout (`| head`) no error.
    return run(main, "build_site.py")


if __name__ == "__main__":
    # Ctrl+C (SIGINT) is how a build or `--serve` is stopped, whoever started us. A shell
    # without job control starts a background command with SIGINT ignored, and Python then
    # leaves it ignored: `--serve` run that way (a CI job, `make test &`) never stopped.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    status = None
    try:
        status = _run()
        # Done and reported: a Ctrl+C from here on has nothing to stop. Without this, one
        # during Python's own exit (which restores the default handler) killed the process
        # silently.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except KeyboardInterrupt:
        # Set only after the command returned: a Ctrl+C that came just after it is ignored.
        if status is None:
            # One line, whatever was running: a second Ctrl+C must not interrupt the message.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            print("interrupted", file=sys.stderr)
            sys.exit(130)
    sys.exit(status)
