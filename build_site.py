"""Build the rules reference site; ``python build_site.py --help`` lists the options."""

import sys

from rulesite.cli import main

if __name__ == "__main__":
    sys.exit(main())
