"""Walkthrough files loaded for the site: names checked, each placed on a page that exists,
one id per file, every attribute escaped, the static line stored as changes, and the
site's walkthroughs bounded in steps, files and bytes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulesite.core import step_reuse
from rulesite.core.generate import generate
from rulesite.core.walkthroughs import load_walkthroughs, static_line
from rulesite.core.walkthroughs.embed import side_by_side_html, tryit_html, walkthrough_html
from rulesite.core.walkthroughs.walkthrough_files import TryIt, Walkthrough
from tests.generator.content_folder import diagnostics, with_seven, write_content

ROOT = Path(__file__).resolve().parents[2]
WALKTHROUGHS = ROOT / "content" / "walkthroughs"
HOSTILE_NAME = 'x"><img src=x onerror=alert(1)>.yaml'
TRYIT = "page: seven\ntitle: A cell\ncode: |\n  print(1)\n"


def _views(line: list[dict[str, object]]) -> list[dict[str, object]]:
    """Each position's view rebuilt from the first and the changes, as walkthrough.js does."""
    views: list[dict[str, object]] = []
    for position in line:
        if not views:
            views.append(dict(position["view"]))  # type: ignore[arg-type]
            continue
        view = {**views[-1], **position["set"]}  # type: ignore[dict-item]
        for key in position["unset"]:  # type: ignore[attr-defined]
            del view[key]
        for key, items in position["items"].items():  # type: ignore[attr-defined]
            rebuilt = list(views[-1][key])  # type: ignore[call-overload]
            for index, item in items.items():
                rebuilt[int(index)] = item
            view[key] = rebuilt
        views.append(view)
    return views


def _walkthrough_folder(tmp_path: Path) -> Path:
    import shutil

    content = write_content(tmp_path, {})
    shutil.copytree(WALKTHROUGHS, content / "walkthroughs")
    return content


def test_a_file_name_with_markup_is_refused_with_its_file_and_line(tmp_path: Path) -> None:
    """``x"><img src=x onerror=alert(1)>.yaml`` reached ``data-walkthrough``,
    ``id`` and ``<option value>`` as it was, and ran without the policy."""
    content = with_seven(tmp_path, {})
    folder = content / "walkthroughs"
    folder.mkdir()
    shutil.copy(WALKTHROUGHS / "movement-blocking.yaml", folder / HOSTILE_NAME)
    (folder / f"tryit-{HOSTILE_NAME}").write_text(TRYIT)
    shutil.copy(WALKTHROUGHS / "compare-retreat.yaml", folder / f"compare-{HOSTILE_NAME}")
    messages = diagnostics(lambda: load_walkthroughs(content))
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


@pytest.mark.parametrize("page", ["nowhere", "../../etc/passwd"])
def test_a_page_naming_no_page_is_refused(tmp_path: Path, page: str) -> None:
    """``page:`` naming no page dropped the walkthrough or try-it cell unsaid."""
    walkthrough = (WALKTHROUGHS / "movement-blocking.yaml").read_text()
    content = with_seven(
        tmp_path,
        {
            "walkthroughs/lost.yaml": walkthrough.replace("page: movement", f"page: '{page}'"),
            "walkthroughs/tryit-lost.yaml": TRYIT.replace("page: seven", f"page: '{page}'"),
        },
    )
    messages = diagnostics(lambda: generate(content))
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
    content = with_seven(tmp_path, {"walkthroughs": "not a folder\n"})
    assert diagnostics(lambda: generate(content)) == [
        f"{content / 'walkthroughs'}:1: not a folder (a broken link, or a file where a source "
        "folder should be)"
    ]


def test_two_files_of_one_id_are_refused(tmp_path: Path) -> None:
    """``movement_blocking.yaml`` beside ``movement-blocking.yaml`` overwrote each
    other's data (both are id ``movement-blocking``)."""
    text = (WALKTHROUGHS / "movement-blocking.yaml").read_text()
    content = with_seven(
        tmp_path,
        {"walkthroughs/movement-blocking.yaml": text, "walkthroughs/movement_blocking.yaml": text},
    )
    folder = content / "walkthroughs"
    assert diagnostics(lambda: load_walkthroughs(content)) == [
        f"{folder / 'movement_blocking.yaml'}:1: id 'movement-blocking' is also "
        "movement-blocking.yaml's (underscores read as dashes) "
        f"(see {folder / 'movement-blocking.yaml'}:1)"
    ]


def test_the_line_stores_the_first_view_and_each_steps_changes(tmp_path: Path) -> None:
    """Each position carried its whole view: 1,000 steps made a 6 MB file for Start."""
    import json

    from rulesite.core.walkthroughs.static_line import line_json
    from rulesite.core.walkthroughs.walkthrough_files import load_walkthrough

    walkthrough = load_walkthrough(WALKTHROUGHS / "tactical-action.yaml")
    line = line_json(walkthrough.line, walkthrough.data["script"])
    assert "view" in line[0]
    assert all("view" not in position for position in line[1:])
    whole = [{k: v for k, v in r["view"].items() if k != "log"} for r in walkthrough.line]
    assert _views(line) == whole
    changes = [line[0]["view"], *({k: p[k] for k in ("set", "unset", "items")} for p in line[1:])]
    assert len(json.dumps(changes)) < len(json.dumps(whole)) / 3


def test_a_script_past_its_bound_is_refused_at_its_line(tmp_path: Path) -> None:
    from rulesite.core.walkthroughs.walkthrough_files import MAX_SCRIPT_STEPS, load_walkthrough

    text = (WALKTHROUGHS / "movement-blocking.yaml").read_text(encoding="utf-8")
    head = text[: text.index("script:")]
    steps = "".join("  - {kind: end_movement}\n" for _ in range(MAX_SCRIPT_STEPS + 1))
    path = tmp_path / "long.yaml"
    path.write_text(f"{head}script:\n{steps}", encoding="utf-8")
    line = head.count("\n") + 2  # the script's first step, where its value starts
    assert diagnostics(lambda: load_walkthrough(path)) == [
        f"{path}:{line}: script: {MAX_SCRIPT_STEPS + 1} steps; a script has at most "
        f"{MAX_SCRIPT_STEPS} (the page and the reader's download carry every position)"
    ]


def test_the_sites_walkthroughs_are_bounded_in_steps_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rulesite.core.walkthroughs as walkthroughs

    monkeypatch.setattr(walkthroughs, "MAX_SITE_STEPS", 20)
    content = _walkthrough_folder(tmp_path)
    [message] = diagnostics(lambda: walkthroughs.load_walkthroughs(content))
    assert message.startswith(str(content / "walkthroughs"))
    assert "steps with this file; a site's have at most 20" in message


def test_the_sites_walkthrough_files_are_bounded_in_number_and_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rulesite.core.walkthroughs as walkthroughs

    content = _walkthrough_folder(tmp_path)
    big = content / "walkthroughs" / "tryit-big.yaml"
    big.write_text("# pad\n" * 50_000 + "page: x\ntitle: T\ncode: print(1)\n", encoding="utf-8")
    monkeypatch.setattr(walkthroughs, "MAX_FILES", 5)
    messages = diagnostics(lambda: walkthroughs.load_walkthroughs(content))
    files = len(list((content / "walkthroughs").glob("*.yaml")))
    assert files > 5
    assert messages == [
        f"{content / 'walkthroughs'}:1: {files} walkthrough files; a site has at most 5",
        f"{big}:1: {big.stat().st_size:,} bytes; a walkthrough file has at most 262,144",
    ]


@pytest.mark.parametrize(
    ("players", "place", "what"),
    [
        # 10,000 of one upgrade were read as one, silently.
        ("    upgrades: [" + ", ".join(["fighter"] * 10_000) + "]\n", "upgrades[1]", "the upgrade"),
        (
            "    technologies: [antimass_deflectors, Antimass Deflectors]\n",
            "technologies[1]",
            "the technology",
        ),
        ("    strategy_cards: [warfare, warfare]\n", "strategy_cards[1]", "strategy card"),
    ],
)
def test_a_thing_listed_twice_in_a_scenario_is_refused_at_its_line(
    tmp_path: Path, players: str, place: str, what: str
) -> None:
    from rulesite.core.walkthroughs.walkthrough_files import load_walkthrough

    text = (WALKTHROUGHS / "upgraded-invasion.yaml").read_text(encoding="utf-8")
    text = text.replace("    upgrades: [dreadnought, infantry]\n", players)
    path = tmp_path / "twice.yaml"
    path.write_text(text, encoding="utf-8")
    line = text[: text.index(players)].count("\n") + 1
    [problem] = diagnostics(lambda: load_walkthrough(path))
    assert problem.startswith(f"{path}:{line}: players[0].{place}: {what} ")
    assert problem.endswith(f"is listed twice (first at players[0].{place[:-2]}0])")


def test_a_command_token_placed_twice_in_a_system_is_refused_at_its_line(tmp_path: Path) -> None:
    from rulesite.core.walkthroughs.walkthrough_files import load_walkthrough

    text = (WALKTHROUGHS / "upgraded-invasion.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "    name: Empty space\n", "    name: Empty space\n    tokens: [blue, blue]\n"
    )
    path = tmp_path / "tokens.yaml"
    path.write_text(text, encoding="utf-8")
    line = text[: text.index("    tokens: [blue")].count("\n") + 1
    assert diagnostics(lambda: load_walkthrough(path)) == [
        f"{path}:{line}: systems[1].tokens[1]: a command token of 'blue' is listed twice "
        "(first at systems[1].tokens[0])"
    ]


def test_an_unchanged_walkthroughs_folder_is_not_replayed_and_an_edit_is(tmp_path: Path) -> None:
    """Under serve, an edit to a rule leaves the walkthroughs as they were: their lines are
    not replayed through the engine again, and the site is the same as a fresh load's.
    An edit to a walkthrough is read again."""
    import shutil

    from rulesite.core.walkthroughs import load_walkthroughs

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "walkthroughs", content / "walkthroughs")
    first = load_walkthroughs(content)
    again = load_walkthroughs(content)
    assert again.walkthroughs is first.walkthroughs  # not replayed
    assert again == first
    edited = sorted((content / "walkthroughs").glob("*.yaml"))[0]
    edited.write_text(edited.read_text("utf-8") + "\n# a reader's note\n", "utf-8")
    after_edit = load_walkthroughs(content)
    assert after_edit.walkthroughs is not first.walkthroughs
    assert after_edit == first  # a comment changes no walkthrough


def test_a_regeneration_that_reuses_the_walkthroughs_gives_the_full_generations_pages(
    tmp_path: Path,
) -> None:
    """An edit to a rule under serve: the regenerated pages and records, walkthroughs reused,
    are byte for byte those of a fresh process's generation of the edited folder."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    generate(content)  # the serve process's last build
    rule = content / "rules" / "action_phase.md"
    text = rule.read_text("utf-8")
    rule.write_text(text.replace("they must pass.", "they must pass. An edited sentence.", 1))
    reused = generate(content)
    step_reuse.forget()  # as a fresh process has it
    fresh = generate(content)
    assert "An edited sentence." in "".join(reused.texts.values())
    assert reused.texts == fresh.texts
    assert reused.anchors == fresh.anchors
    assert reused.walkthroughs == fresh.walkthroughs


def test_a_lines_taken_choices_are_asked_of_the_engine_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An unchanged walkthrough (the same line, kept by ``load_walkthroughs``) is not replayed
    through the engine again on the next generation; an equal line of its own is."""
    walkthroughs = load_walkthroughs(ROOT / "content")
    line, script = walkthroughs.walkthroughs[0].line, walkthroughs.walkthroughs[0].data["script"]
    first = static_line.taken_choices(line, script)
    asked: list[object] = []
    real = static_line.engine_api.apply

    def apply(state: object, params: object) -> object:
        asked.append(params)
        return real(state, params)  # type: ignore[arg-type]

    monkeypatch.setattr(static_line.engine_api, "apply", apply)
    assert static_line.taken_choices(line, script) == first
    assert asked == []
    copied = [dict(position) for position in line]
    assert static_line.taken_choices(copied, list(script)) == first
