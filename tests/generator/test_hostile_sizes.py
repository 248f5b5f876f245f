"""Every source stays linear in its size up to its 16 MB bound.

Not timed: each test pins a bound by what the output looks like (markup beyond it is
dropped and reported, a navigation level stays short), or runs a shape that took
minutes at a tenth of the 16 MB bound and must now finish well inside a hang guard.
``bench/hostile_shapes.py`` measures how the time grows.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulesite.core.corpus import load_content
from rulesite.core.links import link_corpus
from rulesite.core.render.pages import NAV_GROUP, grouped_nav, render_site
from rulesite.core.render.sanitise import MAX_NESTING, MAX_TAGS, safe_inline
from tests.generator.content_folder import write_content
from tests.generator.site_once import ROOT

# The worst shapes the second attack found, each in one wiki line of about 150 KB: before,
# Python-Markdown and the prose linker took over ten minutes on them together.
SHAPES = {
    "nested links": "[" * 30_000 + "x" + "](u)" * 30_000,
    "unclosed tags": "<a " * 50_000,
    "emphasis markers": "*_" * 75_000,
    "unclosed bold": "<b>" * 50_000 + "x",
    "emphasis without closers": "*a " * 50_000,
}
_RUN = """
import sys
from pathlib import Path
from rulesite.core.corpus import load_content
from rulesite.core.links import link_corpus
from rulesite.core.merge import plain_text
from rulesite.core.render.pages import render_site
linked = link_corpus(load_content(Path(sys.argv[1])).topics)
pages = render_site(linked, lambda slug: "")
for text in Path(sys.argv[1], "wiki", "hostile.txt").read_text().splitlines():
    plain_text(text)  # how a rule's two forms are compared
print(sum(len(text) for text in pages.files.values()))
"""
# Linear work on these takes seconds; the quadratic one took over ten minutes.
HANG_GUARD_SECONDS = 300


def test_the_worst_shapes_of_one_wiki_line_are_loaded_linked_and_rendered(tmp_path: Path) -> None:
    (tmp_path / "wiki").mkdir()
    lines = "".join(f"- {shape}\n" for shape in SHAPES.values())
    (tmp_path / "wiki" / "hostile.txt").write_text(f"Intro.\nShapes[]\n{lines}")
    result = subprocess.run(
        [sys.executable, "-c", _RUN, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_SECONDS,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) > 600_000  # every shape reached its page


def test_a_text_with_more_tags_than_the_bound_keeps_its_words_without_markup() -> None:
    """The cleaner's parsers took time growing with the tags open at each tag."""
    text = "<b>step</b> " * (MAX_TAGS // 2 + 1)
    cleaned = safe_inline(text)
    assert "<" not in cleaned.html
    assert cleaned.words == " ".join(["step"] * (MAX_TAGS // 2 + 1))
    assert cleaned.removed == (f"all markup ({MAX_TAGS + 2} tags in one text; at most {MAX_TAGS})",)
    assert "<b>" in safe_inline("<b>step</b> " * (MAX_TAGS // 2)).html  # at the bound: kept


def test_elements_nested_deeper_than_the_bound_lose_their_markup() -> None:
    """The search indexer looked at every open element for each tag: 350 KB of nested <b>
    took two minutes; distinct attributes made the sanitiser itself quadratic."""
    for opening in ("<b>", '<span title="{}">', "<i><b>"):
        tags = [opening.format(n) for n in range(MAX_NESTING + 1)]
        deep = "".join(tags) + "x"
        cleaned = safe_inline(deep)
        assert str(cleaned.html) == "x", opening
        assert cleaned.removed == (f"all markup (elements nested over {MAX_NESTING} deep)",)
    kept = safe_inline("<b>" * MAX_NESTING + "x" + "</b>" * MAX_NESTING)
    assert str(kept.html).count("<b>") == MAX_NESTING


def test_a_beyond_bound_texts_leftover_angle_brackets_are_escaped() -> None:
    cleaned = safe_inline("<div " + '<b title="<script>">' * MAX_TAGS + "<script>alert(1)")
    assert "<script" not in cleaned.html
    assert "<" not in cleaned.html.replace("&lt;", "")


def _longest_level(entries: list[Any]) -> int:
    longest = len(entries)
    for entry in entries:
        if isinstance(entry, dict):
            for value in entry.values():
                if isinstance(value, list):
                    longest = max(longest, _longest_level(value))
    return longest


def test_2000_third_edition_pages_and_wiki_pages_make_no_navigation_level_longer_than_50(
    tmp_path: Path,
) -> None:
    """Material draws the whole navigation into every page: 2,000 3rd-edition pages in one
    list made the build quadratic (75 s)."""
    (tmp_path / "ti3").mkdir()
    (tmp_path / "wiki").mkdir()
    blocks = "".join(f":: Step {n} :: text {n}\n" for n in range(2000))
    (tmp_path / "ti3" / "big.txt").write_text(":: Overview :: start\n" + blocks)
    for n in range(120):
        (tmp_path / "wiki" / f"page{n}.txt").write_text(f"Intro {n}.\n")
    pages = render_site(link_corpus(load_content(tmp_path).topics), lambda slug: "", about=False)
    groups = {name: value for entry in pages.nav for name, value in entry.items()}
    assert _longest_level(groups["3rd edition"]) <= NAV_GROUP
    assert _longest_level(groups["Community wiki"]) <= NAV_GROUP
    assert len(pages.files) > 2100


def test_a_navigation_group_is_named_by_its_first_and_last_titles_escaped() -> None:
    """MkDocs prints a section's name as it is, so a title's markup is escaped in it."""
    pages = [(f"Topic {n}", f"t{n}.md") for n in range(NAV_GROUP)] + [("<b>Last</b>", "z.md")]
    pages += [(f"<i>More {n}</i>", f"m{n}.md") for n in range(NAV_GROUP)]
    *groups, last = grouped_nav(pages)
    assert [next(iter(group)) for group in groups] == [
        f"Topic 0–Topic {NAV_GROUP - 1}",
        f"&lt;b&gt;Last&lt;/b&gt;–&lt;i&gt;More {NAV_GROUP - 2}&lt;/i&gt;",
    ]
    assert last == f"m{NAV_GROUP - 1}.md"  # a last range of one page is the page itself


# Each took minutes at 280 KB before (10 s at 70 KB, 46 s at 140 KB, 157 s at 280 KB).
LINK_SHAPES = {
    "html links": ('<a href="r_x">' * 20_000, "[Seven](r_seven)"),
    "markdown links": ("](r_x" * 56_000, "[Seven](r_seven)"),
    "related bullet": ("A rule.", "[a" + "](x" * 93_000),
    "capitalised words": ("Word " * 56_000, "[Seven](r_seven)"),
}


_GENERATE = """
import sys
from pathlib import Path
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
try:
    generate(Path(sys.argv[1]))
except SourceError as error:
    print(error.diagnostics[0])
"""


# Linear work on these takes a second or two; the quadratic patterns took minutes.
LINK_SHAPE_GUARD_SECONDS = 60
_PAGE = (
    "---\ntitle: {title}\n---\n\n## Rules Reference\n\n1. {rule}\n\n"
    "## Related Topics\n\n - {related}\n"
)


@pytest.mark.parametrize("shape", sorted(LINK_SHAPES))
def test_link_shapes_of_280_kb_in_a_rule_page_and_a_notes_page_build_in_seconds(
    tmp_path: Path, shape: str
) -> None:
    rule, related = LINK_SHAPES[shape]
    seven = _PAGE.format(title="Seven", rule="A rule.", related="[Seven](r_seven)")
    notes = f"---\ntitle: Units\n---\n\n## Unit\n\n1. {rule}\n2. {related}\n"
    content = write_content(
        tmp_path,
        {
            "rules/R_seven.md": seven,
            "rules/R_hostile.md": _PAGE.format(title="Hostile", rule=rule, related=related),
            "components/C_units.md": notes,
        },
    )
    subprocess.run(
        [sys.executable, "-c", _GENERATE, str(content)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=LINK_SHAPE_GUARD_SECONDS,
        check=True,
    )
