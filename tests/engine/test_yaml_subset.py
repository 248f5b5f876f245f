"""The strict YAML-subset reader used for scenarios (the engine cannot rely on PyYAML)."""

from __future__ import annotations

import pytest

from engine.yaml_subset import YamlError, parse

TEXT = """\
# a comment
title: "Quoted: with colon"   # trailing comment
seed: 7
ratio: 0.5
flag: true
nothing: ~
players:
  - id: red
    cards: [Leadership, 'Trade']
  -
    id: blue
space: {red: {carrier: 1, fighter: 2}, blue: {}}
links: [[a, b], [c, d]]
story: |
  line one
  line two
folded: >
  one
  two
"""


def test_reads_block_and_flow_collections_and_scalars() -> None:
    document = parse(TEXT)
    assert document.data == {
        "title": "Quoted: with colon",
        "seed": 7,
        "ratio": 0.5,
        "flag": True,
        "nothing": None,
        "players": [{"id": "red", "cards": ["Leadership", "Trade"]}, {"id": "blue"}],
        "space": {"red": {"carrier": 1, "fighter": 2}, "blue": {}},
        "links": [["a", "b"], ["c", "d"]],
        "story": "line one\nline two\n",
        "folded": "one two\n",
    }


def test_records_the_line_of_each_path() -> None:
    document = parse(TEXT)
    assert document.lines["players[1]"] == 10
    assert document.lines["players[1].id"] == 11
    assert document.line_of("space.red.carrier") == 12


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("a: 1\n  b: 2\n", 2, "unexpected indentation"),
        ("a: &x 1\n", 1, "unsupported"),
        ("a: [1, 2\n", 1, "flow collection"),
        ("a: 1\na: 2\n", 2, "duplicate key"),
        ("a:\n\t- 1\n", 2, "tabs"),
        ("a: 'open\n", 1, "unterminated"),
        ("- a\nb: 1\n", 2, "sequence item"),
        ("a: b: c\n", 1, "unexpected ':'"),
    ],
)
def test_errors_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(YamlError) as caught:
        parse(text)
    assert caught.value.line == line
    assert message in caught.value.message
