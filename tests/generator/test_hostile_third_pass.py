"""Hostile input, third pass: search data escaped once on every engine, linear link patterns
in the Markdown loader, nothing dropped without a message, one gate for every source,
bounded walkthroughs, helpers that die with the build, and smaller leaks.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulesite.core.errors import SourceError
from tests.generator.content_folder import write_content

ROOT = Path(__file__).resolve().parents[2]


def _diagnostics(call) -> list[str]:  # type: ignore[no-untyped-def]
    with pytest.raises(SourceError) as caught:
        call()
    return [str(diagnostic) for diagnostic in caught.value.diagnostics]


# Link patterns in the Markdown loader stay linear.

_PAGE = (
    "---\ntitle: {title}\n---\n\n## Rules Reference\n\n1. {rule}\n\n"
    "## Related Topics\n\n - {related}\n"
)
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
HANG_GUARD_SECONDS = 60


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
        timeout=HANG_GUARD_SECONDS,
        check=True,
    )
