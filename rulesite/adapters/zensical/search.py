"""Zensical's ``search.json`` with the site's search records, ranked as the MkDocs build ranks.

Zensical reads no boost. Its search ranks an item by its best field (title, then path,
then text), then by the query's words found together in it, the first found earliest,
then by how many fields match; items alike in all that keep their order in the index.
So the order and the fields do what MkDocs's boosts do:

- a topic page, then an entry for a topic the build lacks, then everything else;
- a lacking topic's entry is titled with its name first ("Space Combat — LRR 78"), as
  a page named by the words typed starts with them ("Combat sequence" outranked
  "18 Combat (Attribute)", its name a word later), and carries its name in its path
  too (Coverage, then the name);
- a rule's path is its topic's name without the number: "89" in every rule's path
  would rank them all above topic 89's page.

Every string that reaches an item is escaped: Zensical draws titles and paths as HTML.
"""

from __future__ import annotations

import html
from typing import Any

from rulesite.core.search_index import is_gap_location, merge_search_records

__all__ = ["zensical_search"]


def zensical_search(index: dict[str, Any], records: dict[str, Any]) -> dict[str, Any]:
    """Zensical's ``search.json`` (``index``) with the site's ``records``
    (:func:`rulesite.core.search_index.search_records`), Zensical's item fields filled in."""
    titles = {item["location"]: item["title"] for item in index["items"]}
    topics: dict[str, str] = records["topics"]
    rules = {rule["location"] for rule in records["rules"]}
    first: list[dict[str, Any]] = []  # the topic pages
    gaps: list[dict[str, Any]] = []  # the topics the build lacks
    rest: list[dict[str, Any]] = []
    for doc in merge_search_records(index["items"], records):
        # Zensical lists a page's anchors as results of their own (Material groups them under
        # the page, hence ``?rule=``), and appends its ``?h=`` to a location as it is.
        location = doc["location"].replace("?rule=", "#")
        page = location.partition("#")[0]
        level = 2 if "#" in location else 1
        path = [titles.get(page, doc["title"])]
        if doc["location"] in rules:
            # Escaped: a topic's name is source text.
            path = [html.escape(topics[page])] if page in topics else []
        item = {"level": level, "path": path, "tags": [], **doc, "location": location}
        if is_gap_location(doc["location"]):
            # Its title is the escaped "78 Space Combat": the name goes first.
            number, _, name = doc["title"].partition(" ")
            gaps.append({**item, "title": f"{name} — LRR {number}", "path": [*path, name]})
        else:
            (first if location in topics else rest).append(item)
    return {**index, "items": [*first, *gaps, *rest]}
