"""Walkthrough files are read by the generator's strict YAML reader: same errors, same lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.core.errors import SourceError
from rulesite.core.walkthroughs.located_yaml import load_located_yaml


def _error(tmp_path: Path, text: str | bytes) -> str:
    path = tmp_path / "walk.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        load_located_yaml(path)
    return str(caught.value)


def test_duplicate_key_is_an_error_at_its_line(tmp_path: Path) -> None:
    text = "title: One\nplayers:\n  - id: red\n    id: blue\ntitle: Two\n"
    # Both are reported, not only the first; the order is PyYAML's, so compare as a set.
    assert set(_error(tmp_path, text).splitlines()) == {
        f"{tmp_path / 'walk.yaml'}:4: duplicate key 'id' (first at line 3)",
        f"{tmp_path / 'walk.yaml'}:5: duplicate key 'title' (first at line 1)",
    }


def test_file_that_is_not_utf8_is_named_with_its_line(tmp_path: Path) -> None:
    message = _error(tmp_path, b"title: One\npage: \xff\n")
    assert message == f"{tmp_path / 'walk.yaml'}:2: not UTF-8 text: byte 0xff cannot be decoded"


def test_every_value_keeps_its_line_list_items_included(tmp_path: Path) -> None:
    path = tmp_path / "walk.yaml"
    path.write_text("title: One\nsystems:\n  - id: home\n    space:\n      red: [a, b]\n")
    doc = load_located_yaml(path)
    assert doc.line_of("systems[0].space.red") == 5
    assert doc.line_of("systems[0].id") == 3
    # A path with no value of its own falls back to its nearest ancestor: the list.
    assert doc.line_of("systems[3].id") == 3
    assert doc.data["systems"][0]["space"]["red"] == ["a", "b"]
