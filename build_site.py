"""The design card's entry point: ``rulesite build`` (``--serve``: ``rulesite serve``).

``python build_site.py --help`` lists the options; ``rulesite --help`` every command.
"""

import sys

from rulesite.__main__ import launch


def _build_site() -> int:
    from rulesite.cli import build_site_main

    return build_site_main()


if __name__ == "__main__":
    sys.exit(launch(_build_site, "build_site.py"))
