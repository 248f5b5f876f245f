"""What changed: rules added, removed, changed word by word and moved (matched by their
words), topics added or removed, notes changed; on the site, in the terminal, and the
old numbers' short links. Fixtures in the transcription's form, words of our own."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulesite.adapters.tree import short_link_texts
from rulesite.core.changes import change_lines, compare
from rulesite.core.corpus import load_content
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate

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
    content = root / "content"
    (content / "rules").mkdir(parents=True)
    (content / "rules/R_movement.md").write_text(movement, encoding="utf-8")
    for name, text in extra:
        (content / "rules" / name).write_text(text, encoding="utf-8")
    shutil.copy(REPO / "content/topics.yaml", content / "topics.yaml")
    return content


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    old = _folder(tmp_path / "old", OLD.replace("1. Words of the first", "1. Words of the first"))
    new = _folder(tmp_path / "new", NEW, ("R_bombardment.md", BOMBARDMENT))
    return old, new


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
    assert "moved 58.3 -> 58.4 (Movement)" in lines
    assert (
        "moved 58.4 -> 58.5 (Movement): Ships move along {+a path of+} adjacent systems." in lines
    )
    assert "topic added: 15 Bombardment (Unit Ability)" in lines


def test_the_site_has_a_what_changed_page_and_marks_on_changed_rules(
    folders: tuple[Path, Path],
) -> None:
    old, new = folders
    site = generate(new, previous=old)
    page = site.texts["changes.md"]
    assert "## Rules moved" in page and "## Notes changed" in page
    assert '<li id="change-58.4">58.3 is now <a href="../rules/movement/#58.4">58.4</a>' in page
    assert "fighters <ins>and mechs</ins> blocking" in page
    assert {"What changed": "changes.md"} in site.nav
    movement = site.texts["rules/movement.md"]
    assert 'href="../../changes/#change-58.4" title="What changed">was 58.3</a>' in movement
    assert 'href="../../changes/#change-58.3" title="What changed">new</a>' in movement


def test_an_old_number_keeps_working_as_a_short_link_after_a_renumbering(
    tmp_path: Path,
) -> None:
    old = _folder(tmp_path / "old", OLD)
    renumbered = OLD.replace("4. Words of a rule that goes away entirely.\n", "")
    renumbered = renumbered.replace("1. Words of the first rule.\n", "")
    renumbered = renumbered.replace("2. Words", "1. Words").replace("3. Ships", "2. Ships")
    new = _folder(tmp_path / "new", renumbered)
    site = generate(new, previous=old)
    texts = dict(short_link_texts(site))
    # 58.4 (the ships rule) is now 58.3: no rule holds 58.4 now, and its short link sends
    # to 58.3; 58.3's own short link is the rule that holds it now.
    assert "url=../../rules/movement/#58.3" in texts["r/58.4/index.html"]
    assert "58.4 is now 58.3: " in texts["r/58.4/index.html"]
    assert "is now" not in texts["r/58.3/index.html"]
    assert "r/58.5/index.html" not in texts  # removed, not moved: no rule to send to


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
    result = subprocess.run(
        [sys.executable, "-m", "rulesite", "diff", str(previous), str(new)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert result.returncode == 1
    assert "earlier sources (--previous):" in result.stderr
    assert "Traceback" not in result.stderr


def test_diff_prints_the_changes_between_two_folders(folders: tuple[Path, Path]) -> None:
    old, new = folders
    result = subprocess.run(
        [sys.executable, "-m", "rulesite", "diff", str(old), str(new)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "moved 58.3 -> 58.4 (Movement)" in result.stdout.splitlines()


def test_a_rule_reworded_under_its_own_number_is_changed_with_old_and_new_words(
    tmp_path: Path,
) -> None:
    old = _folder(tmp_path / "old", OLD)
    new = _folder(tmp_path / "new", OLD.replace("Ships move along", "Ships may move along"))
    changes = compare(load_content(old), load_content(new))
    assert [(c.number, c.old, c.new) for c in changes.changed] == [
        ("58.4", "Ships move along adjacent systems.", "Ships may move along adjacent systems.")
    ]
    page = generate(new, previous=old).texts["changes.md"]
    assert "Ships <ins>may</ins> move along adjacent systems." in page
    assert not (changes.moved or changes.added or changes.removed)
