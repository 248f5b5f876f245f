"""Under ``serve``, what an earlier build wrote and this one does not is removed."""

from __future__ import annotations

from pathlib import Path

from rulesite.adapters.mkdocs.stale import remove_built


def test_a_removed_pages_file_goes_with_its_siblings_and_the_folders_it_leaves_empty(
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    page = site / "rules" / "movement" / "index.html"
    kept = site / "rules" / "tactical-action" / "index.html"
    for path in (page, kept):
        path.parent.mkdir(parents=True)
        for name in (path.name, path.name + ".br", path.name + ".gz"):
            path.with_name(name).write_text("page", encoding="utf-8")
    remove_built(site, ["rules/movement/index.html"])
    assert not (site / "rules" / "movement").exists()
    assert sorted(p.name for p in kept.parent.iterdir()) == [
        "index.html",
        "index.html.br",
        "index.html.gz",
    ]


def test_nothing_outside_the_site_folder_is_removed(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    outside = tmp_path / "notes.txt"
    outside.write_text("mine", encoding="utf-8")
    remove_built(site, ["../notes.txt", "."])
    assert outside.read_text(encoding="utf-8") == "mine"
    assert site.is_dir()
