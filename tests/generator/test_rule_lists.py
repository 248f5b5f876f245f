"""The rule lists written in Python (rulesite/core/render/rule_lists.py): exact HTML, escaped.

The golden pages (test_render.py) pin them inside whole pages; these pin the
pieces a golden corpus does not hold: unnumbered rules beside numbered ones, and
numbers and texts that need escaping or sanitising.
"""

from __future__ import annotations

from rulesite.core.anchors import Anchor
from rulesite.core.model import Location, Rule
from rulesite.core.render.rule_lists import excerpt, rule_index_items, rule_items

AT = Location("content/rules/x.md", 3)


def test_numbered_rules_link_to_themselves_nest_their_subrules_and_show_the_letter_form() -> None:
    rules = (
        Rule("89.1", "Activate a *system*.", AT, (Rule("89.1.1", "Place a token.", AT),)),
        Rule(None, "An unnumbered rule.", AT),
    )
    assert rule_items(rules) == (
        '<li class="rule" id="89.1"><a class="rule-number" href="#89.1" '
        'title="Link to rule 89.1">89.1</a> <span class="rule-text">Activate a <em>system</em>.'
        '</span><ol class="rules subrules"><li class="rule" id="89.1.1"><a class="rule-number" '
        'href="#89.1.1" title="Link to rule 89.1.1">89.1.1</a> '
        '<small class="rule-alias" id="89.1a">(89.1a)</small> <span class="rule-text">'
        "Place a token.</span></li></ol></li>"
        '<li class="rule"><span class="rule-text">An unnumbered rule.</span></li>'
    )


def test_text_between_two_items_of_the_prose_list_leads_the_next_rule() -> None:
    rule = Rule("78.3", "Step 1.", AT, lead=("Perform these steps:",))
    assert rule_items((rule,)).startswith(
        '<li class="rule" id="78.3"><span class="rule-lead">Perform these steps:</span>'
        '<a class="rule-number"'
    )


def test_hostile_numbers_are_escaped_and_texts_sanitised() -> None:
    rules = (Rule('1"><script>x</script>', "<img src=x onerror=alert(1)>ok", AT),)
    html = rule_items(rules)
    assert "<script>" not in html and "<img" not in html
    assert 'id="1&#34;&gt;&lt;script&gt;x&lt;/script&gt;"' in html
    assert '<span class="rule-text">ok</span>' in html


def test_the_rules_index_lists_each_rule_with_a_link_and_a_plain_excerpt() -> None:
    anchors = (
        Anchor("89.1", "rules/x/#89.1", "89.1 X", "Activate a <b>system</b> &amp; more.", "89.1"),
        Anchor("89.2", "rules/x/#89.2", "89.2 X", "word " * 30, "89.2"),
    )
    html = rule_index_items(anchors, "../rules/x/")
    assert html.startswith(
        '<li><a href="../rules/x/#89.1">89.1</a> Activate a system &amp; more.</li>'
    )
    assert html.endswith(f'<li><a href="../rules/x/#89.2">89.2</a> {excerpt("word " * 30)}</li>')
    assert excerpt("word " * 30) == " ".join(["word"] * 18) + "…"  # whole words, 90 at most
