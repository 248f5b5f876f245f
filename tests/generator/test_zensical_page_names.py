"""Page names Zensical would misspell (``?`` kept, ``%41`` read as ``A``, nothing built for a
``:``) are hidden from it while it builds and put back after, percent-encoded."""

from __future__ import annotations

from pathlib import Path

from rulesite.adapters.zensical.page_names import hide_page_names

PAGES = ["rules/p?query=1/index.md", "rules/x:y/index.md", "rules/movement/index.md", "about.md"]


def test_an_odd_page_name_is_built_under_a_plain_placeholder_and_put_back(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    for page in PAGES:
        (docs / page).parent.mkdir(parents=True, exist_ok=True)
        (docs / page).write_text("# page\n")
    hidden = hide_page_names(docs, PAGES)
    moved = [hidden.path(page) for page in PAGES]
    assert moved[2:] == PAGES[2:]  # plain names stay
    assert all(path.startswith("rules/rulesite-page-") for path in moved[:2])
    assert all((docs / path).is_file() for path in moved)
    # The engine builds each page under its placeholder's name; then it is put back.
    built = tmp_path / "site"
    for path in moved[:2]:
        (built / path).parent.mkdir(parents=True)
        (built / path).with_name("index.html").write_text("<p>built</p>")
    hidden.restore(built)
    assert (built / "rules/p?query=1/index.html").is_file()
    assert (built / "rules/x:y/index.html").is_file()
    first, second = (path.split("/")[1] for path in moved[:2])
    nav = f'<a href="../{first}/">P</a> <a href="./{second}/#1">X</a>'
    assert hidden.spelled(nav) == '<a href="../p%3Fquery%3D1/">P</a> <a href="./x%3Ay/#1">X</a>'


def test_with_no_odd_name_nothing_moves(tmp_path: Path) -> None:
    (tmp_path / "rules/movement").mkdir(parents=True)
    (tmp_path / "rules/movement/index.md").write_text("# m\n")
    hidden = hide_page_names(tmp_path, ["rules/movement/index.md"])
    assert hidden.moved == {}
    assert hidden.spelled("rulesite-page-0123456789abcdef") == "rulesite-page-0123456789abcdef"
