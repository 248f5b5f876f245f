"""Build the rules reference site; ``python build_site.py --help`` lists the options."""

import signal
import sys


def _run() -> int:
    # Imported here, so Ctrl+C while MkDocs is still loading is handled like any other.
    from rulesite.cli import main

    return main()


if __name__ == "__main__":
    try:
        sys.exit(_run())
    except KeyboardInterrupt:
        # One line, whatever was running: a second Ctrl+C must not interrupt the message.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print("interrupted", file=sys.stderr)
        sys.exit(130)
