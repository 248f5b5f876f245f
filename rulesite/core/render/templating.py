"""The Jinja2 environment every page template renders in, and its filters for source text."""

from __future__ import annotations

import json
import re
from functools import cache

import jinja2
from markupsafe import Markup, escape

from rulesite.core.render.rule_lists import rule_index_items, rule_items
from rulesite.core.render.sanitise import safe_inline

__all__ = ["front_matter_title", "markdown_text", "template", "with_article"]

# Words spelled with a vowel but said with a consonant ("a unit", "a one-time ability"), and
# the reverse ("an hour"); the rest take "an" before a vowel letter, "a" before any other.
_SAID_WITH_A_CONSONANT = re.compile(r"(?:u[bcfhjkmrst][aeiou]|uni|use|usu|eu|one|once)", re.I)
_SAID_WITH_A_VOWEL = re.compile(r"(?:hour|honest|honou?r|heir)", re.I)
# An initialism said letter by letter: "an SD", "a PDS", "an L1Z1X fleet".
_LETTERS_SAID_WITH_A_VOWEL = frozenset("AEFHILMNORSX")


def with_article(noun: str) -> str:
    """``noun`` with "a" or "an" before it, as it is said: "an action phase", "a unit",
    "an hour", "a PDS", "an SD"."""
    word = noun.lstrip()
    first = word.split(maxsplit=1)[0] if word else ""
    if len(first) > 1 and first.isupper():
        vowel = first[:1] in _LETTERS_SAID_WITH_A_VOWEL
    elif first[:1].isdigit():
        vowel = first[:1] == "8" or first in ("11", "18")
    elif _SAID_WITH_A_VOWEL.match(first):
        vowel = True
    elif _SAID_WITH_A_CONSONANT.match(first):
        vowel = False
    else:
        vowel = first[:1].lower() in "aeiou"
    return f"{'an' if vowel else 'a'} {noun}"


@cache
def _environment() -> jinja2.Environment:
    # Escaped by default: the pages are Markdown carrying HTML, and every text in them comes
    # from sources the site's owner does not control. Only the sanitiser's output is Markup.
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("rulesite.core.render", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    env.filters["inline"] = lambda text: safe_inline(text).html
    env.filters["heading"] = markdown_text
    env.filters["front_matter_title"] = front_matter_title
    env.filters["rule_items"] = rule_items
    env.filters["rule_index_items"] = rule_index_items
    env.filters["with_article"] = with_article
    return env


def template(name: str) -> jinja2.Template:
    """One of this package's templates, with its filters for source text.

    ``inline`` (Markdown and inline HTML → sanitised HTML), ``heading`` (plain text in a
    Markdown heading), ``front_matter_title`` (the page title as MkDocs's meta), and the
    lists of rules (:mod:`rulesite.core.render.rule_lists`): ``rule_items`` (a topic's rules)
    and ``rule_index_items`` (a page's rules on the rules-by-number page); ``with_article``
    (a name with "a" or "an" before it, as it is said).
    """
    return _environment().get_template(name)


# Inside a heading, Markdown acts on these anywhere: code, emphasis, links (`[x](javascript:…)`)
# and attr_list's `{: onclick=…}`. The rest of its syntax only counts at a line's start.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]])")


def markdown_text(text: str) -> Markup:
    """``text`` as literal words in Markdown: HTML-escaped, Markdown syntax backslashed."""
    # Backslashes first: the entities escaping makes (`&#39;`) must keep their `#`.
    return escape(_MARKDOWN_SPECIAL.sub(r"\\\1", text))


def front_matter_title(title: str) -> Markup:
    """A YAML scalar for the page title, already HTML-escaped.

    MkDocs and Material print the meta title into the page unescaped (the navigation,
    the header, ``<title>``), so the escaping has to be in the value itself; JSON's
    quoting is YAML's, whatever quotes or backslashes the title holds.
    """
    return Markup(json.dumps(str(escape(title)), ensure_ascii=False))
