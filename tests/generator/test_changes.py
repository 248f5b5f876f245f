"""What changed: rules added, removed, changed word by word and moved (paired by their
words, in their topic or across topics), runs of renumbering said once, topics added or
removed, notes changed; on the site, in the terminal, and in the short links of the
numbers that changed hands. Fixtures in the transcription's form, words of our own."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulesite.adapters.tree import short_link_texts
from rulesite.core.changes import compare
from rulesite.core.changes_page import change_lines, shown_name
from rulesite.core.corpus import load_content
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from tests.generator.change_fixtures import PLANETS, SPACE_COMBAT, content
from tests.site_engines import ONE_PER_THEME

REPO = Path(__file__).resolve().parents[2]

OLD = """\
---
title: Movement
---

## Rules Reference

1. Words of the first rule.
2. Words of the second rule that will move.
3. Ships move along adjacent systems.
4. Words of a rule that goes away entirely.

## Notes

1. A note that stays.
2. A note about fighters blocking.

## Related Topics

"""

NEW = """\
---
title: Movement
---

## Rules Reference

1. Words of the first rule.
2. A rule put in before the second.
3. Words of the second rule that will move.
4. Ships move along a path of adjacent systems.

## Notes

1. A note that stays.
2. A note about fighters and mechs blocking.

## Related Topics

"""

BOMBARDMENT = """\
---
title: Bombardment (Unit Ability)
---

## Rules Reference

1. Words of bombardment.

## Notes

## Related Topics

"""


def _folder(root: Path, movement: str, *extra: tuple[str, str]) -> Path:
    folder = root / "content"
    (folder / "rules").mkdir(parents=True)
    (folder / "rules/R_movement.md").write_text(movement, encoding="utf-8")
    for name, text in extra:
        (folder / "rules" / name).write_text(text, encoding="utf-8")
    shutil.copy(REPO / "content/topics.yaml", folder / "topics.yaml")
    return folder


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    old = _folder(tmp_path / "old", OLD)
    new = _folder(tmp_path / "new", NEW, ("R_bombardment.md", BOMBARDMENT))
    return old, new


def _diff(old: Path, new: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rulesite", "diff", str(old), str(new)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )


def test_58_rules_are_matched_by_words_moved_changed_added_and_removed(
    folders: tuple[Path, Path],
) -> None:
    # The fact file of the index says Movement starts at 58.2: 58.2 is the first rule.
    old, new = (load_content(folder) for folder in folders)
    changes = compare(old, new)
    # 58.3 kept its words under 58.4; 58.4 was reworded and renumbered 58.5 (moved, with
    # a word diff); 58.5 went; 58.3 is new.
    assert [(o.number, n.number) for o, n in changes.moved] == [("58.3", "58.4"), ("58.4", "58.5")]
    assert changes.moved[1][1].text == "Ships move along a path of adjacent systems."
    assert changes.changed == ()
    assert [r.number for r in changes.added] == ["15.1", "58.3"]  # 15: a topic added
    assert [r.text for r in changes.removed] == ["Words of a rule that goes away entirely."]
    assert changes.topics_added == ("15 Bombardment (Unit Ability)",)
    assert [n.number for n in changes.notes] == ["58 note 2"]


def test_a_changed_rule_is_diffed_word_by_word_in_the_terminal(folders: tuple[Path, Path]) -> None:
    lines = change_lines(compare(*(load_content(folder) for folder in folders)))
    assert (
        "note changed 58 note 2 (Movement): A note about fighters {+and mechs+} blocking." in lines
    )
    assert "renumbered 58.3–58.4 -> 58.4–58.5 (Movement)" in lines
    assert (
        "moved 58.4 -> 58.5 (Movement): Ships move along {+a path of+} adjacent systems." in lines
    )
    assert not any(line.startswith("moved 58.3") for line in lines)  # said by its run
    assert "topic added: 15 Bombardment (Unit Ability)" in lines


def test_the_site_has_a_what_changed_page_and_marks_on_changed_rules(
    folders: tuple[Path, Path],
) -> None:
    old, new = folders
    site = generate(new, previous=old)
    page = site.texts["changes.md"]
    assert "## Rules renumbered" in page and "## Rules moved" in page
    assert "## Notes changed" in page
    assert (
        '<li id="renumbered-58.4">58.3–58.4 → <a href="../rules/movement/#58.4">58.4</a>–'
        '<a href="../rules/movement/#58.5">58.5</a> (Movement)</li>' in page
    )
    assert '<li id="change-58.5">58.4 is now <a href="../rules/movement/#58.5">58.5</a>' in page
    assert "fighters <ins>and mechs</ins> blocking" in page
    assert {"What changed": "changes.md"} in site.nav
    movement = site.texts["rules/movement.md"]
    assert 'href="../../changes/#renumbered-58.4" title="What changed">was 58.3</a>' in movement
    assert 'href="../../changes/#change-5' + '8.5" title="What changed">was 58.4</a>' in movement
    assert 'href="../../changes/#change-58.3" title="What changed">new</a>' in movement


def test_a_rule_reworded_under_its_own_number_is_changed_not_added_and_removed(
    tmp_path: Path,
) -> None:
    """Half its words kept ("Ships move along" → "A ship may move through"): the same rule
    reworded, listed once as changed, on the page a --previous build writes too."""
    old = _folder(tmp_path / "old", OLD)
    reworded = OLD.replace("Ships move along", "A ship may move through")
    new = _folder(tmp_path / "new", reworded)
    changes = compare(load_content(old), load_content(new))
    assert [(c.number, c.old, c.new) for c in changes.changed] == [
        (
            "58.4",
            "Ships move along adjacent systems.",
            "A ship may move through adjacent systems.",
        )
    ]
    assert not (changes.moved or changes.added or changes.removed)
    page = generate(new, previous=old).texts["changes.md"]
    assert "<del>Ships</del> <ins>A ship may</ins> move <del>along</del> <ins>through</ins>" in page
    assert "Rules added" not in page and "Rules removed" not in page


def test_an_unrelated_rule_in_a_removed_rules_place_is_added_and_the_old_removed(
    tmp_path: Path,
) -> None:
    old = content(tmp_path / "old")
    combat = [*SPACE_COMBAT[:5], ("Words about something else entirely, unlike before.", [])]
    new = content(tmp_path / "new", [*combat, *SPACE_COMBAT[6:]])
    changes = compare(load_content(old), load_content(new))
    assert [r.number for r in changes.added] == ["78.6"]
    assert [r.number for r in changes.removed] == ["78.6"]
    assert changes.changed == () and changes.moved == ()


def test_a_rule_moved_into_another_topic_with_a_word_changed_is_moved_and_changed(
    tmp_path: Path,
) -> None:
    """64.3 leaves Planets and comes back as Space Combat's 78.11 with one word changed:
    moved and changed, with word marks, not an unrelated removal and addition."""
    old = content(tmp_path / "old")
    carried = PLANETS[2].replace("enemy units", "opposing units")
    new = content(tmp_path / "new", [*SPACE_COMBAT, (carried, [])], PLANETS[:2])
    changes = compare(load_content(old), load_content(new))
    assert [(o.number, n.number) for o, n in changes.moved] == [("64.3", "78.11")]
    assert not (changes.added or changes.removed)
    lines = change_lines(changes)
    assert (
        "moved 64.3 -> 78.11 (Planets → Space Combat): Ships in orbit around a planet blockade "
        "the planet's space dock for [-enemy-] {+opposing+} units." in lines
    )
    page = generate(new, previous=old).texts["changes.md"]
    assert "64.3 is now <a href=" in page and "<del>enemy</del> <ins>opposing</ins>" in page


def test_inserting_a_rule_at_the_top_says_the_renumbering_in_one_line(tmp_path: Path) -> None:
    """A rule put before 78.1 moves 78.1–78.10 (and 78.7's subrules) up by one: one line."""
    old = content(tmp_path / "old")
    new = content(tmp_path / "new", [("A rule put before every other.", []), *SPACE_COMBAT])
    changes = compare(load_content(old), load_content(new))
    assert len(changes.moved) == 12  # ten rules and 78.7's two subrules
    assert change_lines(changes) == [
        "renumbered 78.1–78.10 -> 78.2–78.11 (Space Combat)",
        "added 78.1 (Space Combat): A rule put before every other.",
    ]
    page = generate(new, previous=old).texts["changes.md"]
    assert page.count("<li") == 2 and "78.1–78.10 → " in page


def test_a_removed_rules_short_link_says_it_was_removed_when_and_its_old_words(
    tmp_path: Path,
) -> None:
    """The dates are the sources' own (here the topic index's ``sources_date``; git's where
    the folder is kept in git), never a file's time."""
    old = content(tmp_path / "old", date="2025-03-01")
    new = content(tmp_path / "new", SPACE_COMBAT[:9], date="2026-01-18")
    texts = dict(short_link_texts(generate(new, previous=old)))
    page = texts["r/78.10/index.html"]
    assert "<h1>78.10 was removed</h1>" in page
    assert "Until the sources of 2025-03-01, 78.10 was a rule of Space Combat" in page
    assert "the sources of 2026-01-18 no longer have it" in page
    assert "The player with ships left afterwards wins the combat." in page
    assert '<a href="../../rules/space-combat/">78 Space Combat</a>' in page
    assert '<a href="../../changes/">What changed</a>' in page
    assert 'http-equiv="refresh"' not in page  # nothing to send the reader to


def test_a_removed_rules_short_link_without_dated_sources_names_no_date(tmp_path: Path) -> None:
    """Folders outside git whose topic index gives no ``sources_date``: no date is made up
    (a file's time is the day it was copied)."""
    old = content(tmp_path / "old")
    new = content(tmp_path / "new", SPACE_COMBAT[:9])
    page = dict(short_link_texts(generate(new, previous=old)))["r/78.10/index.html"]
    assert "Until the earlier sources, 78.10 was a rule of Space Combat" in page
    assert "these sources no longer have it" in page
    assert "the sources of " not in page


def test_a_number_another_rule_holds_now_says_so_on_its_short_link(tmp_path: Path) -> None:
    """A subrule put first under 78.7: r/78.7b/ (78.7.2) names the rule that is 78.7.2
    now, first, and says it named another rule, now 78.7.3, until then."""
    old = content(tmp_path / "old")
    text, subrules = SPACE_COMBAT[6]
    combat = [*SPACE_COMBAT[:6], (text, ["A subrule put first.", *subrules]), *SPACE_COMBAT[7:]]
    new = content(tmp_path / "new", combat)
    texts = dict(short_link_texts(generate(new, previous=old)))
    for path in ("r/78.7.2/index.html", "r/78.7b/index.html"):
        page = texts[path]
        assert "<h1>78.7.2 now names another rule</h1>" in page
        now = '<a href="../../rules/space-combat/#78.7.2">78.7.2 Space Combat</a>'
        assert f"<p>Now: {now}: That system must hold none of the enemy" in page
        assert (
            '78.7.2 was the rule now numbered <a href="../../rules/space-combat/#78.7.3">' in page
        )
        assert "<blockquote><p>It must hold a token of theirs.</p></blockquote>" in page
        assert 'http-equiv="refresh"' not in page
    # 78.7.3 is new as a number, its rule moved from 78.7.2: a plain short link.
    assert 'http-equiv="refresh"' in texts["r/78.7c/index.html"]


def test_the_old_numbers_no_rule_holds_now_send_to_the_rules_they_became(tmp_path: Path) -> None:
    """A rule put first: 78.10 is 78.11 now, and 78.7.2 (78.7b) is 78.8.2 (78.8b)."""
    old = content(tmp_path / "old")
    new = content(tmp_path / "new", [("A rule put before every other.", []), *SPACE_COMBAT])
    texts = dict(short_link_texts(generate(new, previous=old)))
    for old_number, page in (("78.7.2", "r/78.7.2/"), ("78.7.2", "r/78.7b/")):
        assert "url=../../rules/space-combat/#78.8.2" in texts[f"{page}index.html"]
        assert f"{old_number} is now 78.8.2: " in texts[f"{page}index.html"]
    assert "78.7 now names another rule" in texts["r/78.7/index.html"]


def test_an_old_number_no_rule_holds_now_sends_to_the_rule_it_became(tmp_path: Path) -> None:
    old = _folder(tmp_path / "old", OLD)
    renumbered = OLD.replace("4. Words of a rule that goes away entirely.\n", "")
    renumbered = renumbered.replace("1. Words of the first rule.\n", "")
    renumbered = renumbered.replace("2. Words", "1. Words").replace("3. Ships", "2. Ships")
    new = _folder(tmp_path / "new", renumbered)
    texts = dict(short_link_texts(generate(new, previous=old)))
    # 58.4 (the ships rule) is now 58.3: no rule holds 58.4 now, and its short link sends
    # to 58.3; 58.3 is held by another rule now, and its page says which it named before.
    assert "url=../../rules/movement/#58.3" in texts["r/58.4/index.html"]
    assert "58.4 is now 58.3: " in texts["r/58.4/index.html"]
    assert "58.3 now names another rule" in texts["r/58.3/index.html"]
    assert "58.5 was removed" in texts["r/58.5/index.html"]


def test_a_short_link_of_a_topic_the_build_lacks_says_not_in_this_reference_yet(
    tmp_path: Path,
) -> None:
    texts = dict(short_link_texts(generate(content(tmp_path / "c"))))
    page = texts["r/58/index.html"]
    assert "<h1>58 Movement: not in this reference yet</h1>" in page
    assert '<a href="../../coverage/#topic-58">Coverage</a>' in page


@pytest.mark.parametrize("kind", ["missing", "not content"])
def test_broken_previous_input_gets_a_clear_error(tmp_path: Path, kind: str) -> None:
    new = _folder(tmp_path / "new", NEW)
    previous = tmp_path / "nowhere"
    if kind == "not content":
        previous.mkdir()
        (previous / "notes.txt").write_text("hello", encoding="utf-8")
    with pytest.raises(SourceError) as error:
        generate(new, previous=previous)
    message = str(error.value)
    assert "earlier sources (--previous):" in message
    assert ("content folder not found" if kind == "missing" else "no rule sources") in message
    result = _diff(previous, new)
    assert result.returncode == 2
    assert "earlier sources (--previous):" in result.stderr
    assert "Traceback" not in result.stderr


def test_diff_exits_1_when_something_changed_and_0_when_nothing_did(
    folders: tuple[Path, Path],
) -> None:
    """As diff(1): 1 with changes (and prints them), 0 for two folders alike."""
    old, new = folders
    changed = _diff(old, new)
    assert changed.returncode == 1, changed.stderr
    assert "renumbered 58.3–58.4 -> 58.4–58.5 (Movement)" in changed.stdout.splitlines()
    same = _diff(old, old)
    assert same.returncode == 0, same.stderr
    assert same.stdout.splitlines() == ["nothing changed"]


_ODD_NAME = "[a link](https:evil.example) *b* <img src=x onerror=alert(1)>"


def _oddly_named(tmp_path: Path) -> Path:
    return _folder(tmp_path / "old", OLD).rename(tmp_path / "old" / _ODD_NAME)


def test_the_earlier_folders_name_is_written_as_text_in_an_html_block(tmp_path: Path) -> None:
    old = _oddly_named(tmp_path)
    page = generate(_folder(tmp_path / "new", NEW), previous=old).texts["changes.md"]
    shown = "[a link](https:evil.example) *b* &lt;img src=x onerror=alert(1)&gt;"
    assert f'\n<p class="changes-against">Against the earlier sources <code>{shown}</code>.' in page
    assert shown_name("a\u202eb\nc") == "a\\u202eb\\u000ac"


@pytest.mark.slow
@pytest.mark.parametrize("engine", ONE_PER_THEME)
def test_the_earlier_folders_name_is_text_on_the_built_page(tmp_path: Path, engine: str) -> None:
    """Built with ``--previous`` by either engine: the name, Markdown and HTML in it, is
    text on the page, and the rule reworded in place is listed once, as changed."""
    old = _oddly_named(tmp_path)
    new = _folder(tmp_path / "new", OLD.replace("Ships move along", "A ship may move through"))
    out = tmp_path / "site"
    args = ["--content", str(new), "--out", str(out), "--previous", str(old), "--engine", engine]
    build = subprocess.run(
        [sys.executable, "build_site.py", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    page = (out / "changes/index.html").read_text(encoding="utf-8")
    assert (
        "<code>[a link](https:evil.example) *b* &lt;img src=x onerror=alert(1)&gt;</code>" in page
    )
    assert 'evil.example"' not in page and "<em>b</em>" not in page and "<img" not in page
    assert "Rules changed" in page
    assert "Rules added" not in page and "Rules removed" not in page
