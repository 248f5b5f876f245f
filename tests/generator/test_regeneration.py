"""Under ``serve`` an edit regenerates only what it touches, and the result is byte for byte
what a fresh process generates from the same sources (:mod:`rulesite.core.step_reuse`)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rulesite.adapters.tree import generated_texts, short_link_texts
from rulesite.core import step_reuse
from rulesite.core.errors import SourceError
from rulesite.core.export import FORMAT, _absolute, _dump
from rulesite.core.generate import GeneratedSite, generate
from rulesite.core.render import pages
from rulesite.core.search_index import search_records
from rulesite.publish.previews import SiteFacts
from tests.generator.golden_model import CONTENT

SITE = SiteFacts(url="https://example.org/rules/")

# Two more topics beside the seeds' (numbered by the topic index from their titles), which
# cite the seeds' rules and each other by number and by name: a link graph to follow.
INVASION = """\
---
title: Invasion
---

## Rules Reference

Invasion happens during a Tactical Action, after Space Combat.

1. A player may invade only in the Action Phase (see 3.2 and 89.2).
2. Ground forces land on planets once Space Combat has ended.

## Related Topics

 - [Space Combat](/rules/r_space_combat)
 - [Tactical Action](/rules/r_tactical_action)
"""

SPACE_COMBAT = """\
---
title: Space Combat
---

## Rules Reference

Space Combat comes before Invasion, as 49.1 says.

1. Ships fire in rounds; see 49.2 for what follows.
2. A round ends when every ship has fired.

## Related Topics

 - [Invasion](/rules/r_invasion)
"""

PRODUCTION = """\
---
title: Production (Unit Ability)
---

## Rules Reference

Production places units; ships placed may later join a Space Combat (78.1).

1. A player produces during a Tactical Action.
"""


def _replace(old: str, new: str, name: str) -> Callable[[Path], None]:
    def edit(content: Path) -> None:
        page = content / "rules" / name
        text = page.read_text(encoding="utf-8")
        assert old in text
        page.write_text(text.replace(old, new, 1), encoding="utf-8")

    return edit


def _write(name: str, text: str) -> Callable[[Path], None]:
    return lambda content: (content / "rules" / name).write_text(text, encoding="utf-8")


def _delete(name: str) -> Callable[[Path], None]:
    return lambda content: (content / "rules" / name).unlink()


EDITS = {
    "a-text": _replace("each player takes", "each player now takes", "action_phase.md"),
    "a-title": _replace("title: Invasion", "title: Invasion Of Planets", "invasion.md"),
    # A rule put first: every rule of the topic moves up a number, and 49.1 cited elsewhere
    # is another rule now.
    "a-rule-number": _replace(
        "1. A player may", "1. A new first rule.\n2. A player may", "invasion.md"
    ),
    "a-new-topic": _write("production.md", PRODUCTION),
    "a-deleted-topic": _delete("space_combat.md"),
    "a-broken-link": _replace(
        "as 49.1 says.", "as 49.1 says; see [Nowhere](/rules/r_nowhere_at_all).", "space_combat.md"
    ),
}


@pytest.fixture
def content(tmp_path: Path) -> Path:
    folder = Path(shutil.copytree(CONTENT, tmp_path / "content"))
    (folder / "rules" / "invasion.md").write_text(INVASION, encoding="utf-8")
    (folder / "rules" / "space_combat.md").write_text(SPACE_COMBAT, encoding="utf-8")
    return folder


def _output(site: GeneratedSite) -> dict[str, Any]:
    """Everything a generation gives a site engine, as text."""
    records = search_records(site.anchors, site.directly_indexed, site.gaps)
    return {
        "texts": generated_texts(site, SITE.url),
        "short links": dict(short_link_texts(site, SITE)),
        "search records": json.dumps(records, ensure_ascii=False),
        "nav": repr(site.nav),
        "report": site.report.lines(),
        "anchors": repr(site.anchors),
        "gaps": repr(site.gaps),
    }


def _fresh(content: Path, **options: Any) -> dict[str, Any]:
    step_reuse.forget()  # as a fresh process has it
    return _output(generate(content, **options))


@pytest.mark.parametrize("edit", EDITS.values(), ids=EDITS.keys())
def test_a_regeneration_after_an_edit_is_byte_for_byte_a_fresh_ones(
    content: Path, edit: Callable[[Path], None]
) -> None:
    before = _output(generate(content))  # the serve process's last generation
    edit(content)
    again = _output(generate(content))
    assert again != before  # the edit shows
    assert again == _fresh(content)


def test_a_regeneration_against_a_previous_folder_is_a_fresh_ones(
    content: Path, tmp_path: Path
) -> None:
    previous = Path(shutil.copytree(content, tmp_path / "previous"))
    generate(content, previous=previous)
    EDITS["a-rule-number"](content)
    again = _output(generate(content, previous=previous))
    assert "changes.md" in again["texts"]
    assert again == _fresh(content, previous=previous)


def _pages_rendered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The source path of each topic page rendered from now on, in order."""
    rendered: list[str] = []
    real = pages.render_topic

    def counted(linked: Any, *args: Any) -> str:
        rendered.append(linked.page.source_path)
        return real(linked, *args)

    monkeypatch.setattr(pages, "render_topic", counted)
    return rendered


def test_an_edit_to_one_rules_words_renders_that_page_alone(
    content: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    generate(content)
    rendered = _pages_rendered(monkeypatch)
    EDITS["a-text"](content)
    generate(content)
    assert rendered == ["rules/action-phase.md"]


def test_a_retitled_topic_renders_again_only_pages_that_show_its_title(
    content: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = generate(content)
    topic_pages = {linked.page.source_path for linked in before.directly_indexed} | {
        path for path in before.texts if path.startswith(("rules/", "ti3/"))
    }
    showing = {path for path in topic_pages if "Invasion" in before.texts[path]}
    rendered = _pages_rendered(monkeypatch)
    EDITS["a-title"](content)
    generate(content)
    # Space Combat names and links Invasion; a page Invasion cites lists it as a backlink.
    assert {"rules/invasion.md", "rules/space-combat.md", "rules/action-phase.md"} <= set(rendered)
    assert set(rendered) <= showing < topic_pages


def test_a_broken_source_is_reported_at_its_line_and_its_fix_regenerates_as_fresh(
    content: Path,
) -> None:
    generate(content)
    cards = content / "rules" / "tactical_action.yaml"
    good = cards.read_text(encoding="utf-8")
    cards.write_text(good.replace("rules:", "rules: [", 1), encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        generate(content)
    first = str(raised.value.diagnostics[0])
    assert first.startswith("content/rules/tactical_action.yaml:")
    assert first.split(":")[1].isdigit()
    cards.write_text(good, encoding="utf-8")
    EDITS["a-text"](content)
    assert _output(generate(content)) == _fresh(content)


def test_the_export_joined_from_each_topics_part_is_one_dump_of_it_all(content: Path) -> None:
    export = generate(content).export
    whole = _absolute(
        {**export.head, "site_url": SITE.url, "topics": list(export.topics)}, SITE.url
    )
    assert export.files(SITE.url)["rules.json"] == _dump(whole)
    # Each item's file is its line of rules.jsonl with the format first.
    expected = []
    for text in export.files(SITE.url)["rules.jsonl"].splitlines():
        line = json.loads(text)
        if line["type"] != "topic":
            page = _dump({"format": FORMAT, **line})
            names = [name for name in (line["id"], line.get("letter")) if name]
            expected += [(f"r/{name}.json", page) for name in names]
    assert list(export.item_files(SITE.url)) == expected
    assert json.loads(export.files()["rules.json"])["site_url"] is None
