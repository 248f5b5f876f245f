"""``python -m rulesite.adapters.zensical TREE --out SITE``: a generated tree, built by Zensical."""

import sys

from rulesite.adapters.zensical.builder import main

sys.exit(main())
