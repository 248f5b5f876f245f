"""The generator's core: a content folder → every page, index and search entry of the site.

In the order the data goes: ``loaders`` (one per source format) → ``model`` (typed,
frozen) → ``corpus`` (a folder read, the forms of a topic merged by ``merge``) →
``anchors`` and ``links`` (an anchor per rule; related topics, rule numbers and
names in prose turned into links) → ``render`` (Jinja2 pages) → ``search_index``
(one entry per rule) → ``generate``, which runs them all. ``walkthroughs`` reads the
walkthrough files and plays their lines through ``engine.api``. Nothing here imports
a site engine, Node or packaging (``tests/generator/test_site_layout.py``).
"""

from rulesite.core.errors import SourceError
from rulesite.core.generate import GeneratedSite, generate

__all__ = ["GeneratedSite", "SourceError", "generate"]
