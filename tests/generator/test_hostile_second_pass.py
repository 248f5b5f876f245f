"""Hostile input, second pass: a file name never reaches an
attribute unescaped, bad input is ``file:line`` (never a traceback), no source is silently
dropped or overwritten, and a rule number is ASCII digits and dots.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from rulesite.core.walkthroughs import load_walkthroughs
from rulesite.core.walkthroughs.embed import side_by_side_html, tryit_html, walkthrough_html
from rulesite.core.walkthroughs.walkthrough_files import TryIt, Walkthrough
from tests.generator.content_folder import CARDS, PROSE, write_content

ROOT = Path(__file__).resolve().parents[2]
WALKTHROUGHS = ROOT / "content" / "walkthroughs"
HOSTILE_NAME = 'x"><img src=x onerror=alert(1)>.yaml'
TRYIT = "page: seven\ntitle: A cell\ncode: |\n  print(1)\n"


def _content(tmp_path: Path, files: dict[str, str]) -> Path:
    """A content folder with topic 7 (rules/seven.yaml) and ``files``."""
    return write_content(tmp_path, {"rules/seven.yaml": CARDS, **files})


def _diagnostics(call) -> list[str]:  # type: ignore[no-untyped-def]
    with pytest.raises(SourceError) as caught:
        call()
    return [str(diagnostic) for diagnostic in caught.value.diagnostics]


# One escaping path for every attribute the build writes; file names validated.


def test_a_file_name_with_markup_is_refused_with_its_file_and_line(tmp_path: Path) -> None:
    """``x"><img src=x onerror=alert(1)>.yaml`` reached ``data-walkthrough``,
    ``id`` and ``<option value>`` as it was, and ran without the policy."""
    content = _content(tmp_path, {})
    folder = content / "walkthroughs"
    folder.mkdir()
    shutil.copy(WALKTHROUGHS / "movement-blocking.yaml", folder / HOSTILE_NAME)
    (folder / f"tryit-{HOSTILE_NAME}").write_text(TRYIT)
    shutil.copy(WALKTHROUGHS / "compare-retreat.yaml", folder / f"compare-{HOSTILE_NAME}")
    messages = _diagnostics(lambda: load_walkthroughs(content))
    assert len(messages) == 3
    names = sorted([HOSTILE_NAME, f"compare-{HOSTILE_NAME}", f"tryit-{HOSTILE_NAME}"])
    for message, name in zip(messages, names, strict=True):
        assert message.startswith(f"{folder / name}:1: file name {name!r}: ")
        assert "lowercase letters a-z, digits and single dashes" in message


def test_every_attribute_of_a_placeholder_is_escaped() -> None:
    """One escaping path (embed._attr) for ids too, whatever reaches them."""
    from rulesite.core.model import Location
    from rulesite.core.walkthroughs.side_by_side import SideBySide

    hostile = '"><img src=x onerror=alert(1)>'
    where = Location("w.yaml", 1)
    blocks = [
        walkthrough_html(Walkthrough(hostile, "seven", "T", {}, where), {}, "seven/"),
        tryit_html(TryIt(hostile, "seven", "T", "print(1)", where)),
        side_by_side_html((SideBySide(hostile, "T", {"description": "d"}, where),)),
    ]
    for block in blocks:
        assert "<img" not in block and '"">' not in block
        assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in block


# No silent drop, no two sources claiming one page or id.


@pytest.mark.parametrize("page", ["nowhere", "../../etc/passwd"])
def test_a_page_naming_no_page_is_refused(tmp_path: Path, page: str) -> None:
    """``page:`` naming no page dropped the walkthrough or try-it cell unsaid."""
    walkthrough = (WALKTHROUGHS / "movement-blocking.yaml").read_text()
    content = _content(
        tmp_path,
        {
            "walkthroughs/lost.yaml": walkthrough.replace("page: movement", f"page: '{page}'"),
            "walkthroughs/tryit-lost.yaml": TRYIT.replace("page: seven", f"page: '{page}'"),
        },
    )
    messages = _diagnostics(lambda: generate(content))
    folder = content / "walkthroughs"
    assert messages == [
        f"{folder / 'lost.yaml'}:2: page: {page!r} names no page of the site",
        f"{folder / 'tryit-lost.yaml'}:1: page: {page!r} names no page of the site",
    ]
    # Named properly, both are placed.
    (folder / "lost.yaml").write_text(walkthrough.replace("page: movement", "page: seven"))
    (folder / "tryit-lost.yaml").write_text(TRYIT)
    page_text = generate(content).texts["rules/seven.md"]
    assert 'data-walkthrough="lost"' in page_text and 'data-tryit="tryit-lost"' in page_text


def test_walkthroughs_as_a_plain_file_is_refused(tmp_path: Path) -> None:
    """``content/walkthroughs`` as a plain file dropped them all (a ``wiki`` file
    is refused)."""
    content = _content(tmp_path, {"walkthroughs": "not a folder\n"})
    assert _diagnostics(lambda: generate(content)) == [
        f"{content / 'walkthroughs'}:1: not a folder (a broken link, or a file where a source "
        "folder should be)"
    ]


def test_two_files_of_one_id_are_refused(tmp_path: Path) -> None:
    """``movement_blocking.yaml`` beside ``movement-blocking.yaml`` overwrote each
    other's data (both are id ``movement-blocking``)."""
    text = (WALKTHROUGHS / "movement-blocking.yaml").read_text()
    content = _content(
        tmp_path,
        {"walkthroughs/movement-blocking.yaml": text, "walkthroughs/movement_blocking.yaml": text},
    )
    folder = content / "walkthroughs"
    assert _diagnostics(lambda: load_walkthroughs(content)) == [
        f"{folder / 'movement_blocking.yaml'}:1: id 'movement-blocking' is also "
        "movement-blocking.yaml's (underscores read as dashes) "
        f"(see {folder / 'movement-blocking.yaml'}:1)"
    ]


def test_hidden_and_unread_files_are_reported_not_published(tmp_path: Path) -> None:
    """``wiki/.hidden.txt`` was published though dotfiles are skipped elsewhere;
    every file not read is reported with its place."""
    content = _content(
        tmp_path,
        {
            "wiki/.hidden.txt": "Hidden intro.\n",
            "walkthroughs/.draft.yaml": "title: draft\n",
            "walkthroughs/notes.txt": "a note\n",
        },
    )
    site = generate(content)
    assert not any("hidden" in path for path in site.texts)
    warnings = {str(warning) for warning in site.report.warnings}
    assert warnings == {
        "content/wiki/.hidden.txt:1: a hidden file (its name starts with a dot): not read",
        f"{content / 'walkthroughs/.draft.yaml'}:1: a hidden file (its name starts with a dot): "
        "not read",
        f"{content / 'walkthroughs/notes.txt'}:1: not a source the site reads (ignored)",
    }


# ``file:line`` instead of a traceback, from every reader and every entry point.

TAGGED = ["!!int abc", "!!bool maybe", "!!timestamp 2020-13-45", "!!int ''", "2020-13-45"]


@pytest.mark.parametrize("value", TAGGED)
def test_an_explicit_yaml_tag_is_refused_with_file_and_line(tmp_path: Path, value: str) -> None:
    """``x: !!int abc`` and the like raised ValueError, KeyError or IndexError
    tracebacks from PyYAML's constructors, in front matter or any YAML."""
    prose = PROSE.replace("title: Seven", f"title: Seven\nx: {value}")
    cards = CARDS.replace("      rule: Second rule.", f"      rule: Second rule.\n      x: {value}")
    facts = f"number: 7\nx: {value}\n"
    walkthrough = (WALKTHROUGHS / "movement-blocking.yaml").read_text()
    content = write_content(
        tmp_path,
        {
            "rules/seven.md": prose,
            "rules/seven.yaml": cards,
            "rules/eight.yaml": CARDS.replace("7.", "8."),
            "rules/eight.meta.yaml": facts,
            "walkthroughs/walk.yaml": walkthrough.replace("seed: 3", f"seed: {value}"),
        },
    )
    shown = value.removeprefix("!!int ").removeprefix("!!bool ").removeprefix("!!timestamp ")
    problem = (
        "the tag !!timestamp is not allowed (plain values only)"
        if "timestamp" in value
        else f"{shown.strip(chr(39))!r} is not a "
        + ("!!timestamp" if value == "2020-13-45" else value.split()[0])
        + " value"
    )
    assert _diagnostics(lambda: generate(content)) == [
        f"content/rules/eight.meta.yaml:2: invalid YAML: {problem}",
        f"content/rules/seven.md:3: invalid YAML: {problem}",
        f"content/rules/seven.yaml:11: invalid YAML: {problem}",
    ]
    walk = content / "walkthroughs" / "walk.yaml"
    assert _diagnostics(lambda: load_walkthroughs(content)) == [
        f"{walk}:7: invalid YAML: {problem}"
    ]


def test_plain_explicit_tags_still_read() -> None:
    from rulesite.core.loaders.strict_yaml import parse_yaml

    text = "a: !!str 12\nb: !!int 12\nc: !!bool yes\nd: !!null ~\ne: !!float 1.5\n"
    assert parse_yaml(text, "x.yaml") == {"a": "12", "b": 12, "c": True, "d": None, "e": "1.5"}


@pytest.mark.parametrize(("key", "card"), [("'²'", "rules"), ("'¹'", "notes")])
def test_rule_and_note_keys_must_be_ascii_numbers(tmp_path: Path, key: str, card: str) -> None:
    """A rule key ``'²'`` or note key ``'¹'`` passed ``str.isdigit`` and then
    ``int()`` raised a traceback at rule_cards.py."""
    cards = CARDS.replace("'7.2'", key) if card == "rules" else CARDS.replace("'1':", f"{key}:")
    content = _content(tmp_path, {"rules/seven.yaml": cards})
    expected = (
        f"content/rules/seven.yaml:9: rule number {key} is not ASCII digits and dots (like 89.5.1)"
        if card == "rules"
        else f"content/rules/seven.yaml:13: note number {key} is not a whole number"
    )
    assert _diagnostics(lambda: generate(content)) == [expected]


def _python(code: str, **kwargs) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, **kwargs
    )


def test_an_unexpected_exception_in_build_site_is_one_line_and_status_1() -> None:
    """Every top-level entry point turns an unexpected exception into one line."""
    result = _python(
        "import runpy, sys, rulesite.cli\n"
        "def broken(): raise KeyError('no such thing')\n"
        "rulesite.cli.main = broken\n"
        "sys.argv = ['build_site.py']\n"
        "runpy.run_path('build_site.py', run_name='__main__')\n"
    )
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "build_site.py: unexpected error at <string>:2: KeyError: 'no such thing'"
    ]


def test_an_unexpected_exception_in_the_engine_command_is_one_line_and_status_1() -> None:
    result = _python(
        "import runpy, sys, engine.cli.odds\n"
        "def broken(args): raise RuntimeError('lost\\nits way')\n"
        "engine.cli.odds.main = broken\n"
        "sys.argv = ['engine', 'odds']\n"
        "runpy.run_module('engine', run_name='__main__', alter_sys=True)\n"
    )
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "python -m engine: unexpected error at <string>:2: RuntimeError: lost its way"
    ]


def test_a_closed_pipe_is_no_error(tmp_path: Path) -> None:
    """``build_site.py ... | head -c 5`` ended in BrokenPipeError and status 1
    after a good build (and ``python -m engine odds`` the same)."""
    content = _content(tmp_path, {})
    commands = [
        [str(ROOT / "build_site.py"), "--content", str(content), "--out", str(tmp_path / "site")],
        ["-m", "engine", "odds", "--attacker", "1 dreadnought", "--defender", "1 cruiser"],
    ]
    for command in commands:
        process = subprocess.Popen(
            [sys.executable, *command], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # the reader is gone before anything is written
        errors = process.stderr.read().decode()
        assert process.wait(timeout=300) == 0, errors
        assert "Traceback" not in errors and "BrokenPipe" not in errors
    assert (tmp_path / "site" / "rules" / "seven" / "index.html").is_file()


# Look-alike numbers, control characters, and the report's lines.

LOOK_ALIKES = ["7.1.1\u200b", "7.1.\u202e1", "7.1.\u0661", "7.1.1\u00a0"]


@pytest.mark.parametrize("number", LOOK_ALIKES)
def test_a_look_alike_rule_number_is_refused(tmp_path: Path, number: str) -> None:
    """``89.5.1\\u200b``, ``89.5.\\u202e1``, ``89.5.١`` and ``89.5.1\\u00a0``
    became separate anchors beside 89.5.1."""
    cards = CARDS.replace("        7.1.1:", f"        '{number}':")
    content = _content(tmp_path, {"rules/seven.yaml": cards})
    assert _diagnostics(lambda: generate(content)) == [
        f"content/rules/seven.yaml:7: rule number {number!r} is not ASCII digits and dots "
        "(like 89.5.1)"
    ]


@pytest.mark.parametrize("number", ["-3", "0"])
def test_a_topic_number_must_be_positive(tmp_path: Path, number: str) -> None:
    """``number: -3`` gave a page "-3 Action Phase"."""
    content = write_content(
        tmp_path, {"rules/seven.md": PROSE, "rules/seven.meta.yaml": f"number: {number}\n"}
    )
    assert _diagnostics(lambda: generate(content)) == [
        "content/rules/seven.meta.yaml:1: number must be a positive whole number"
    ]


@pytest.mark.parametrize("character", ["\x00", "\x1b", "\x7f", "\x85"])
def test_a_control_character_is_refused_at_its_line(tmp_path: Path, character: str) -> None:
    """A NUL in a wiki heading reached the navigation raw."""
    content = _content(tmp_path, {"wiki/movement.txt": f"Intro.\nStep {character}1: Move[]\n- x\n"})
    code = f"U+{ord(character):04X}"
    assert _diagnostics(lambda: generate(content)) == [
        f"content/wiki/movement.txt:2: a control character ({code}): no source may hold one"
    ]


def test_markup_removed_is_reported_at_the_line_it_came_from(tmp_path: Path) -> None:
    """The report's "markup removed" named line 1 for intro paragraphs (prose, wiki, 3rd
    edition) and the ``Q:`` line for a wiki FAQ answer."""
    prose = PROSE.replace("Intro.", "Intro.\n\nSecond <script>x</script>\nparagraph.")
    wiki = "Wiki intro.\nAnother <img src=x> intro.\nSteps[]\n- item\nQ: Why?\n\nA: <u>No</u>.\n"
    ti3 = ":: INTRO :: Intro.\nA line <svg></svg> of it.\n:: NEXT :: More.\n"
    content = write_content(
        tmp_path,
        {
            "rules/seven.md": prose,
            "rules/seven.meta.yaml": "number: 7\n",
            "wiki/movement.txt": wiki,
            "ti3/summary.txt": ti3,
        },
    )
    removed = {str(d) for d in generate(content).report.removed}
    assert removed == {
        "content/rules/seven.md:9: removed from the page: <script>",
        "content/wiki/movement.txt:2: removed from the page: <img>",
        "content/wiki/movement.txt:7: removed from the page: <u>",
        "content/ti3/summary.txt:2: removed from the page: <svg>",
    }


def test_a_title_with_a_blank_line_is_one_heading(tmp_path: Path) -> None:
    """A title with a blank line split its ``<h1>`` (the rest became text)."""
    content = write_content(
        tmp_path,
        {
            "rules/seven.yaml": CARDS,
            "rules/seven.meta.yaml": 'number: 7\ntitle: "Seven\\n\\nSplit # {: x}"\n',
            "rules/eight.md": PROSE.replace("7.", "8.").replace(
                "title: Seven", "title: |\n  Eight\n\n  Split"
            ),
            "rules/eight.meta.yaml": "number: 8\n",
        },
    )
    texts = generate(content).texts
    assert "\n# 7 Seven Split # \\{: x\\}\n" in texts["rules/seven.md"]
    assert 'title: "7 Seven Split # {: x}"' in texts["rules/seven.md"]
    assert "\n# 8 Eight Split\n" in texts["rules/eight.md"]


@pytest.mark.parametrize(
    ("heading", "problem"),
    [
        (
            "Compare Tactical Action",
            "page name 'compare-tactical-action' is reserved (the edition comparison page)",
        ),
        ("☃☃", "the page name of '☃☃' has no letter or digit"),
        ("Index", "page name 'index' is reserved (a folder's index page)"),
    ],
)
def test_a_third_edition_heading_may_not_claim_a_reserved_page(
    tmp_path: Path, heading: str, problem: str
) -> None:
    """``:: Compare Tactical Action ::`` was overwritten by the comparison page,
    and ``:: ☃☃ ::`` became ``ti3/index.html``."""
    ti3 = f":: INTRO :: Intro.\n:: {heading} :: Its text.\n"
    content = write_content(tmp_path, {"ti3/summary.txt": ti3})
    assert _diagnostics(lambda: generate(content)) == [f"content/ti3/summary.txt:2: {problem}"]


def test_two_wiki_files_may_not_claim_one_page(tmp_path: Path) -> None:
    """Two sources may not claim one page: ``Movement.txt`` and ``movement.txt`` are both
    the wiki page ``movement``, and one silently replaced the other."""
    content = write_content(
        tmp_path, {"wiki/movement.txt": "One.\n", "wiki/Movement.txt": "Two.\n"}
    )
    assert _diagnostics(lambda: generate(content)) == [
        "content/wiki/movement.txt:1: page movement is also content/wiki/Movement.txt's "
        "(see content/wiki/Movement.txt:1)"
    ]


def test_a_topic_file_may_not_be_a_folders_index(tmp_path: Path) -> None:
    """``rules/index.yaml`` or ``README.md`` would be MkDocs's index of ``rules/``."""
    content = _content(tmp_path, {"rules/README.yaml": CARDS.replace("7.", "8.")})
    assert _diagnostics(lambda: generate(content)) == [
        "content/rules/README.yaml:1: page name 'README' is reserved (a folder's index page)"
    ]


def test_a_side_by_side_board_without_a_comparison_page_is_refused(tmp_path: Path) -> None:
    """A side-by-side board is shown only on the edition comparison page: without one it was
    dropped unsaid."""
    board = (WALKTHROUGHS / "compare-retreat.yaml").read_text()
    content = _content(tmp_path, {"walkthroughs/compare-retreat.yaml": board})
    assert _diagnostics(lambda: generate(content)) == [
        f"{content / 'walkthroughs' / 'compare-retreat.yaml'}:1: a side-by-side board, "
        "but no edition comparison page"
    ]
