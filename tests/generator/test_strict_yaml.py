"""The strict YAML reader: bounded, plain values only, lines as an editor counts them.

Nesting depth, anchors/aliases and integer size are refused with ``file:line``
before libyaml's composer or PyYAML's constructors see them: a 100,000-deep
source crashed the build (exit 139), an alias bomb hung it, a 5,000-digit
integer ended in a ValueError traceback. An explicit tag that PyYAML's constructors
would choke on is ``file:line`` too.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from rulesite.core.loaders.strict_yaml import MAX_DEPTH, MAX_INT_DIGITS, parse_yaml
from rulesite.core.walkthroughs import load_walkthroughs
from rulesite.core.walkthroughs.walkthrough_files import load_walkthrough
from tests.generator.content_folder import CARDS, PROSE, diagnostics, write_content

_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)


def _error(text: str) -> str:
    started = time.perf_counter()
    with pytest.raises(SourceError) as raised:
        parse_yaml(text, "x.yaml")
    assert time.perf_counter() - started < 2.0
    return str(raised.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, f"x.yaml:1: invalid YAML: nested deeper than {MAX_DEPTH}"),
        ("".join("  " * i + "a:\n" for i in range(200)), "x.yaml:65: invalid YAML: nested deeper"),
        (_BOMB, "x.yaml:1: invalid YAML: anchors and aliases (& and *) are not allowed"),
        ("a: &a [*a]\n", "anchors and aliases"),
        ("a: 1\nb: *a\n", "x.yaml:2: invalid YAML: anchors and aliases"),
        (
            "n: " + "9" * 5000,
            f"x.yaml:1: invalid YAML: a number of 5000 digits (at most {MAX_INT_DIGITS})",
        ),
        ("a: 1\n---\nb: 2\n", "x.yaml:2: invalid YAML: a second document"),
        ("a: !!python/object/apply:os.system [ls]\n", "could not determine a constructor"),
        # Built in one pass with the events: only plain mappings and lists are collections.
        ("a: 1\nb: !!set {x, y}\n", "x.yaml:2: invalid YAML: could not determine a constructor"),
    ],
)
def test_yaml_is_bounded_before_it_is_built(text: str, message: str) -> None:
    """Nesting depth, aliases (PyYAML's loader without alias expansion, or a
    check first) and integer size are bounded: clear errors, checked before any allocation."""
    assert message in _error(text)


def test_ordinary_yaml_still_reads() -> None:
    """The bounds leave every real source's shape alone."""
    assert parse_yaml("a: [1, {b: c}]\nn: 123456789012345678\n", "x.yaml") == {
        "a": [1, {"b": "c"}],
        "n": 123456789012345678,
    }


def _walkthrough(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "w.yaml"
    path.write_text(
        "title: T\nplayers:\n  - {id: red, name: Red, initiative: 1}\n"
        "systems:\n  - id: home\n    q: 0\n    r: 0\n" + body,
        encoding="utf-8",
    )
    return path


def test_a_walkthrough_over_the_reinforcement_limit_is_refused_at_its_line(
    tmp_path: Path,
) -> None:
    """`cruiser: 100000000` ran 77 s into a MemoryError; 96.2 allows 8."""
    started = time.perf_counter()
    with pytest.raises(SourceError) as raised:
        load_walkthrough(_walkthrough(tmp_path, "    space: {red: {cruiser: 100000000}}\n"))
    assert time.perf_counter() - started < 2.0
    assert str(raised.value).startswith(f"{tmp_path / 'w.yaml'}:8: systems[0].space.red.cruiser: ")
    assert "more than 8 cruiser units" in str(raised.value)


def test_a_walkthrough_alias_loop_is_refused(tmp_path: Path) -> None:
    """An alias loop in a walkthrough gave a RecursionError traceback."""
    with pytest.raises(SourceError, match="anchors and aliases"):
        load_walkthrough(_walkthrough(tmp_path, "    tokens: &t [*t]\n"))


TAGGED = ["!!int abc", "!!bool maybe", "!!timestamp 2020-13-45", "!!int ''", "2020-13-45"]


ROOT = Path(__file__).resolve().parents[2]


WALKTHROUGHS = ROOT / "content" / "walkthroughs"


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
    assert diagnostics(lambda: generate(content)) == [
        f"content/rules/eight.meta.yaml:2: invalid YAML: {problem}",
        f"content/rules/seven.md:3: invalid YAML: {problem}",
        f"content/rules/seven.yaml:11: invalid YAML: {problem}",
    ]
    walk = content / "walkthroughs" / "walk.yaml"
    assert diagnostics(lambda: load_walkthroughs(content)) == [f"{walk}:7: invalid YAML: {problem}"]


def test_plain_explicit_tags_still_read() -> None:
    from rulesite.core.loaders.strict_yaml import parse_yaml

    text = "a: !!str 12\nb: !!int 12\nc: !!bool yes\nd: !!null ~\ne: !!float 1.5\n"
    assert parse_yaml(text, "x.yaml") == {"a": "12", "b": 12, "c": True, "d": None, "e": "1.5"}


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_a_separator_in_yaml_does_not_shift_the_lines_of_its_diagnostics(separator: str) -> None:
    """YAML counts U+2028 and U+2029 as line breaks; an editor does not."""
    from rulesite.core.loaders.strict_yaml import parse_yaml

    text = f'a: "x{separator}y{separator}z"\nb: 1\nb: 2\n'
    assert diagnostics(lambda: parse_yaml(text, "f.yaml")) == [
        "f.yaml:3: duplicate key 'b' (first at line 2)"
    ]
