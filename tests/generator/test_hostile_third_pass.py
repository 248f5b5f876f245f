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


# Every string that reaches an engine's search data is escaped, once.

HOSTILE = ROOT / "tests" / "fixtures" / "hostile_content"
_RAW_MARKUP = ("<img", "<script", "<meta", "<base", "<form", "<svg", "<iframe")


def _search_strings(item: dict[str, object]) -> list[str]:
    strings = [item.get("title"), item.get("text"), *item.get("path", []), *item.get("tags", [])]  # type: ignore[misc]
    return [text for text in strings if isinstance(text, str)]


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_no_source_markup_reaches_either_engines_search_data_raw(engine: str) -> None:
    """Zensical's rule items took their topic's name as their path unescaped: Zensical draws
    a path as HTML, and a title's ``<script>`` ran from the search results."""
    from rulesite.adapters.zensical.builder import zensical_search
    from rulesite.core.generate import generate
    from rulesite.core.search_index import search_records, with_search_records

    site = generate(HOSTILE)
    records = search_records(site.anchors, site.directly_indexed)
    if engine == "zensical":
        items = zensical_search({"config": {}, "items": []}, records)["items"]
    else:
        items = with_search_records({"config": {}, "docs": []}, records)["docs"]
    assert len(items) >= 8  # the pages, their notes and each rule
    for item in items:
        for text in _search_strings(item):
            assert not any(markup in text for markup in _RAW_MARKUP), (engine, item)


@pytest.mark.parametrize("title", ["Units & Ships", "Units &amp; Ships", "<b>Units</b>"])
def test_a_titles_entity_reaches_search_escaped_once_as_the_page_shows_it(
    tmp_path: Path, title: str
) -> None:
    """A title is words: the page's heading shows ``&amp;`` as written, so every search
    string naming the topic holds it escaped once (``&amp;amp;``), never twice, never raw."""
    import html

    from rulesite.adapters.zensical.builder import zensical_search
    from rulesite.core.generate import generate
    from rulesite.core.search_index import search_records
    from tests.generator.content_folder import CARDS

    content = write_content(
        tmp_path,
        {"rules/seven.yaml": CARDS, "rules/seven.meta.yaml": f"number: 7\ntitle: {title!r}\n"},
    )
    site = generate(content)
    records = search_records(site.anchors, site.directly_indexed)
    page = next(doc for doc in records["pages"] if doc["location"] == "rules/seven/")
    assert html.unescape(page["title"]) == f"7 {title}"
    for item in zensical_search({"config": {}, "items": []}, records)["items"]:
        if item["title"].startswith("7."):
            assert item["path"] == [html.escape(title)]


# Nothing dropped without a message.

_DEEP = "".join(f"{'    ' * depth}1. Level {depth + 1}.\n" for depth in range(12))


@pytest.mark.parametrize(
    ("name", "page"),
    [
        (
            "rules/R_deep.md",
            "---\ntitle: Deep\n---\n\n## Rules Reference\n\n"
            f"{_DEEP}\n2. A later rule.\n\n## Notes\n\n1. A note.\n",
        ),
        (
            "components/C_deep.md",
            f"---\ntitle: Deep\n---\n\n## Unit\n\n{_DEEP}\n## Later\n\n1. N\n",
        ),
    ],
)
def test_a_list_nested_past_the_parsers_limit_is_an_error_at_its_line(
    tmp_path: Path, name: str, page: str
) -> None:
    """markdown-it reads no deeper than its nesting limit and silently dropped the rest of
    the page (later rules, Notes, Related Topics): the build went on, exit 0."""
    content = write_content(tmp_path, {name: page})
    from rulesite.core.corpus import load_content

    messages = _diagnostics(lambda: load_content(content))
    first_line = page.splitlines().index("1. Level 1.") + 1
    assert len(messages) == 1, messages
    assert messages[0].startswith(f"content/{name}:"), messages
    line = int(messages[0].split(":")[1])
    assert first_line < line <= first_line + 12
    assert "nested" in messages[0]


def test_a_rule_page_and_a_notes_page_of_one_page_name_are_refused_naming_both(
    tmp_path: Path,
) -> None:
    """``R_c_units.md`` and ``components/C_units.md`` are both topic ``c_units``: both
    built, links went to one, the other was orphaned, and nothing was said."""
    from rulesite.core.corpus import load_content

    prose = "---\ntitle: Units\n---\n\n## Rules Reference\n\n1. A rule.\n"
    notes = "---\ntitle: Units\n---\n\n## Unit\n\n1. A note.\n"
    content = write_content(tmp_path, {"rules/R_c_units.md": prose, "components/C_units.md": notes})
    messages = _diagnostics(lambda: load_content(content))
    assert len(messages) == 1, messages
    assert "content/components/C_units.md" in messages[0]
    assert "content/rules/R_c_units.md" in messages[0]
    assert "c_units" in messages[0]


# One gate for every source: the topic index too.

_INDEX = "topics:\n- number: 7\n  name: Seven\n  slug: seven\n"


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ("link out", "symbolic link leads outside the content folder"),
        ("folder", "a folder, not a source file"),
        ("broken link", "broken symbolic link"),
    ],
)
def test_the_topic_index_goes_through_the_sources_gate(
    tmp_path: Path, shape: str, message: str
) -> None:
    """``topics.yaml`` linking out of the content folder was read and its topics published
    on the Coverage page; a ``topics.yaml`` folder was silently "no index"."""
    from rulesite.core.corpus import load_content
    from tests.generator.content_folder import CARDS

    content = write_content(tmp_path, {"rules/seven.yaml": CARDS})
    index = content / "topics.yaml"
    if shape == "link out":
        (tmp_path / "outside.yaml").write_text(_INDEX)
        index.symlink_to(tmp_path / "outside.yaml")
    elif shape == "folder":
        index.mkdir()
    else:
        index.symlink_to(tmp_path / "nowhere.yaml")
    assert _diagnostics(lambda: load_content(content)) == [f"content/topics.yaml:1: {message}"]


def test_a_topic_index_linked_inside_the_content_folder_is_read(tmp_path: Path) -> None:
    from rulesite.core.corpus import load_content
    from tests.generator.content_folder import CARDS

    content = write_content(tmp_path, {"rules/seven.yaml": CARDS, "index/topics.yaml": _INDEX})
    (content / "topics.yaml").symlink_to(content / "index" / "topics.yaml")
    assert load_content(content).index.by_slug("seven") is not None


# The static walkthrough line stores what changes between steps; walkthroughs are bounded.

WALKTHROUGHS = ROOT / "content" / "walkthroughs"


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
    assert _diagnostics(lambda: load_walkthrough(path)) == [
        f"{path}:{line}: script: {MAX_SCRIPT_STEPS + 1} steps; a script has at most "
        f"{MAX_SCRIPT_STEPS} (the page and the reader's download carry every position)"
    ]


def _walkthrough_folder(tmp_path: Path) -> Path:
    import shutil

    content = write_content(tmp_path, {})
    shutil.copytree(WALKTHROUGHS, content / "walkthroughs")
    return content


def test_the_sites_walkthroughs_are_bounded_in_steps_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rulesite.core.walkthroughs as walkthroughs

    monkeypatch.setattr(walkthroughs, "MAX_SITE_STEPS", 20)
    content = _walkthrough_folder(tmp_path)
    [message] = _diagnostics(lambda: walkthroughs.load_walkthroughs(content))
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
    messages = _diagnostics(lambda: walkthroughs.load_walkthroughs(content))
    files = len(list((content / "walkthroughs").glob("*.yaml")))
    assert files > 5
    assert messages == [
        f"{content / 'walkthroughs'}:1: {files} walkthrough files; a site has at most 5",
        f"{big}:1: {big.stat().st_size:,} bytes; a walkthrough file has at most 262,144",
    ]


# Helpers die with their parent; scratch folders are cleaned by the next build.

_PARENT = """
import sys, time
from pathlib import Path
from rulesite.publish.node import start_node
run = start_node(Path(sys.argv[1]), [], where="x", what="waiting", timeout_s=60)
print(run.process.pid, flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (dead, not yet reaped by its new parent) counts as gone.
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "State:\tZ" not in status.read_text()


def test_a_killed_builds_node_helper_dies_with_it(tmp_path: Path) -> None:
    """A killed build left its Node helpers running 30 s and more."""
    import signal
    import time

    script = tmp_path / "wait.mjs"
    script.write_text("setTimeout(() => {}, 60_000);\n")
    parent = subprocess.Popen(
        [sys.executable, "-c", _PARENT, str(script)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    helper = int(parent.stdout.readline())
    assert _alive(helper)
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=10)
    deadline = time.monotonic() + 5
    while _alive(helper) and time.monotonic() < deadline:
        time.sleep(0.1)
    alive = _alive(helper)
    if alive:
        import os

        os.kill(helper, signal.SIGKILL)
    assert not alive


def test_a_killed_builds_scratch_folder_is_removed_by_the_next(tmp_path: Path) -> None:
    """The plugin's scratch folder was made in /tmp by mkdtemp, and a killed build left it
    there for good (84 MB after 70 kills)."""
    from rulesite.publish.helpers import SCRATCH, scratch_folder

    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    dead_pid = int(gone.stdout)
    left = tmp_path / ".cache" / SCRATCH / f"assets-{dead_pid}-abc"
    left.mkdir(parents=True)
    (left / "pyodide.asm.wasm").write_bytes(b"x" * 1000)
    mine = scratch_folder(tmp_path / ".cache", "assets")
    assert mine.parent == tmp_path / ".cache" / SCRATCH
    assert not left.exists()
    # A live build's folder (this process's) is left alone.
    assert scratch_folder(tmp_path / ".cache", "assets").parent == mine.parent
    assert mine.exists()


# Smaller: line numbers, the server's header, what one generate() keeps.


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_a_line_or_paragraph_separator_does_not_shift_the_lines_of_diagnostics(
    separator: str,
) -> None:
    """``str.splitlines`` split at U+2028 and U+2029 where the Markdown parser reads text:
    every line named after one was off by one."""
    from rulesite.core.loaders.markdown import parse_markdown

    page = (
        f'---\ntitle: "T{separator}x"\n---\n\n## Rules Reference\n\n'
        f"Intro{separator}more{separator}text.\n\n## Bogus\n"
    )
    line = page.split("\n").index("## Bogus") + 1
    [message] = _diagnostics(lambda: parse_markdown(page, "p.md"))
    assert message.startswith(f"p.md:{line}: unknown section 'Bogus'")


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_a_separator_in_yaml_does_not_shift_the_lines_of_its_diagnostics(separator: str) -> None:
    """YAML counts U+2028 and U+2029 as line breaks; an editor does not."""
    from rulesite.core.loaders.strict_yaml import parse_yaml

    text = f'a: "x{separator}y{separator}z"\nb: 1\nb: 2\n'
    assert _diagnostics(lambda: parse_yaml(text, "f.yaml")) == [
        "f.yaml:3: duplicate key 'b' (first at line 2)"
    ]


def test_the_local_server_sends_each_security_header_once(tmp_path: Path) -> None:
    """The policy header went out twice (listed twice), and an app's own was kept too."""
    from rulesite.publish.serving import serving_middleware

    def app(environ: dict[str, object], start_response) -> list[bytes]:  # type: ignore[no-untyped-def]
        start_response("200 OK", [("Content-Type", "text/html"), ("X-Frame-Options", "SAMEORIGIN")])
        return [b"<p>x</p>"]

    sent: list[tuple[str, str]] = []
    middleware = serving_middleware(app, tmp_path)
    environ = {"PATH_INFO": "/page/", "REQUEST_METHOD": "GET"}
    list(middleware(environ, lambda status, headers, *rest: sent.extend(headers)))
    names = [name.lower() for name, _ in sent]
    assert names.count("content-security-policy") == 1
    assert names.count("x-frame-options") == 1
    assert ("X-Frame-Options", "DENY") in sent


_REPEATED = """
import gc, sys, tracemalloc
from pathlib import Path
from rulesite.core.generate import generate
content = Path(sys.argv[1])
for _ in range(2):
    generate(content)
tracemalloc.start()
gc.collect()
before = tracemalloc.get_traced_memory()[0]
for _ in range(6):
    generate(content)
gc.collect()
print(tracemalloc.get_traced_memory()[0] - before)
"""


def test_generate_run_again_in_one_process_keeps_no_more_memory() -> None:
    """Each generate() kept about 0.75 MB for good: the garbage cycles playing the
    walkthroughs leaves were frozen with the model, out of the collector's reach."""
    done = subprocess.run(
        [sys.executable, "-c", _REPEATED, str(ROOT / "content")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    kept = int(done.stdout)
    assert kept < 1_000_000, f"{kept:,} bytes kept by six more runs"


def test_two_files_of_one_page_are_refused_naming_both(tmp_path: Path) -> None:
    """``a_b.md`` and ``a-b.md`` are both ``rules/a-b/``: one page silently replaced the other."""
    from rulesite.core.corpus import load_content
    from tests.generator.content_folder import PROSE

    content = write_content(
        tmp_path,
        {
            "rules/a_b.md": PROSE.replace("Seven", "One"),
            "rules/a-b.md": PROSE.replace("Seven", "Two"),
        },
    )
    [message] = _diagnostics(lambda: load_content(content))
    assert "page rules/a-b/" in message
    assert "content/rules/a_b.md" in message and "content/rules/a-b.md" in message
