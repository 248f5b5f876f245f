"""Every rule reference the engine's source makes: in code, in docstrings and in comments.

A reference in code is a string constant shaped like a rule anchor ("78.7.2",
"89-note-1", "movement-transport-3"), or an f-string built from such a
prefix and a number (``f"{MOVE}1"``). In prose (docstrings and comments) it
is a number after "LRR" or a parenthesised list of dotted numbers
("(16.3, 37.3)"). The 3rd-edition package ``engine/ti3`` cites another
rulebook and is not scanned.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# Rule numbers start at 1: a string "0" in code is a digit, never a citation.
RULE_ID = re.compile(
    r"[1-9]\d{0,2}(\.\d{1,2}){0,3}|\d{1,3}-note-\d{1,2}|[a-z]+(-[a-z0-9]+)+-\d{1,2}"
)
NUMBER = r"\d{1,3}(?:\.\d{1,2}){0,3}"
# In prose a bare "(3)" is usually a count, so a parenthesised citation needs a dot or a note.
CITED = r"(?:\d{1,3}(?:\.\d{1,2}){1,3}|\d{1,3}-note-\d{1,2})"
PROSE = (
    re.compile(rf"LRR ({NUMBER}(?:(?:, | and |–|-){NUMBER})*)"),
    re.compile(rf"\(({CITED}(?:, {CITED})*)\)"),
)


def engine_sources() -> list[Path]:
    # The 4th-edition engine and its core, odds and command line; the 3rd edition cites its own
    # anchors (tests/test_ti3_coverage.py).
    return sorted(p for p in ENGINE.rglob("*.py") if "ti3" not in p.relative_to(ENGINE).parts)


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the constant nodes that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _prefixes(tree: ast.Module) -> dict[str, str]:
    """Module-level names bound to strings ending in "-", the stems of numbered anchors."""
    names = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            and node.value.value.endswith("-")
        ):
            names[node.targets[0].id] = node.value.value
    return names


def _in_code(tree: ast.Module) -> set[str]:
    docstrings = _docstrings(tree)
    prefixes = _prefixes(tree)
    found = set()
    pieces = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = node.values
            if (
                len(parts) == 2
                and isinstance(parts[0], ast.FormattedValue)
                and isinstance(parts[0].value, ast.Name)
                and parts[0].value.id in prefixes
                and isinstance(parts[1], ast.Constant)
            ):
                found.add(prefixes[parts[0].value.id] + str(parts[1].value))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and id(node) not in pieces
            and RULE_ID.fullmatch(node.value)
        ):
            found.add(node.value)
    return found


def _prose(text: str, tree: ast.Module) -> list[str]:
    pieces = [
        tok.string
        for tok in tokenize.generate_tokens(io.StringIO(text).readline)
        if tok.type == tokenize.COMMENT
    ]
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node)
            if doc:
                pieces.append(doc)
    return pieces


def _in_prose(text: str, tree: ast.Module) -> set[str]:
    found = set()
    for piece in _prose(text, tree):
        for pattern in PROSE:
            for match in pattern.finditer(piece):
                found.update(re.findall(rf"{NUMBER}(?:-note-\d+)?", match.group(1)))
    return found


def cited_rules(path: Path) -> set[str]:
    """The rule references one engine module makes."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    return _in_code(tree) | _in_prose(text, tree)
