"""The HTML a page carries for its walkthroughs and try-it cells.

The widget script (``assets/walkthrough/widget.js``) finds them on each page
Material shows and mounts the interactive parts, starting the Pyodide worker only
when a reader leaves a walkthrough's suggested line or presses Run. A walkthrough
carries its whole suggested line as HTML (:mod:`rulesite.core.walkthroughs.static_line`),
read with no JavaScript, printed and searched. Each placeholder is a single raw
HTML block with no blank line inside, so Markdown passes it through untouched
wherever it is placed.
"""

from __future__ import annotations

from html import escape

from rulesite.core.walkthroughs.side_by_side import SideBySide
from rulesite.core.walkthroughs.static_line import RulesIndex, line_html
from rulesite.core.walkthroughs.walkthrough_files import TryIt, Walkthrough


def _attr(text: str) -> str:
    """Every attribute value (and the textarea's text): the one escaping path.

    Ids are slugs already (``walkthrough_files.check_id``); escaped all the same, so no
    value reaches an attribute unescaped whatever its origin.
    """
    # Newlines as character references keep the block free of blank lines.
    return escape(text, quote=True).replace("\n", "&#10;")


def walkthrough_html(walkthrough: Walkthrough, index: RulesIndex, page_url: str) -> str:
    """One walkthrough: title, description, a Start button and the suggested line.

    ``index`` and ``page_url`` (the page's URL from the site root) make the line's
    rule citations links.
    """
    title = escape(walkthrough.title)
    intro = walkthrough.data.get("description", "")
    intro_html = f'<p class="wt-intro">{escape(intro)}</p>' if intro else ""
    return (
        f'<section class="wt" id="walkthrough-{_attr(walkthrough.id)}" '
        f'data-walkthrough="{_attr(walkthrough.id)}" '
        f'aria-label="Walkthrough: {_attr(walkthrough.title)}">'
        f'<h3 class="wt-heading">Walkthrough: {title}</h3>'
        f"{intro_html}"
        # Hidden until the widget mounts: with JavaScript off it would do nothing.
        '<p class="wt-boot"><button type="button" class="wt-button wt-button--primary wt-start" '
        "hidden>Start walkthrough</button>"
        '<span class="wt-progress" role="status" aria-live="polite"></span></p>'
        f"{_noscript('Playing other moves than the suggested line needs JavaScript.')}"
        f"{line_html(f'walkthrough-{walkthrough.id}', walkthrough, index, page_url)}"
        "</section>"
    )


def _noscript(words: str) -> str:
    """What a reader without JavaScript reads instead, kept out of every engine's search
    (``data-search-exclude``): Zensical stores a ``<noscript>``'s content as escaped text,
    so a result showed ``<p class="wt-noscript">`` as words."""
    return f'<noscript data-search-exclude><p class="wt-noscript">{words}</p></noscript>'


def tryit_html(tryit: TryIt) -> str:
    """The placeholder for one try-it cell: the snippet, a Run button and an output area."""
    rows = min(max(tryit.code.count("\n") + 1, 4), 16)
    # Leading newlines go: a parser drops the first, and they mean nothing to Python.
    code = tryit.code.lstrip("\n")
    cell = _attr(tryit.id)
    return (
        f'<div class="wt-tryit" id="{cell}" data-tryit="{cell}">'
        f'<h3 class="wt-heading">Try it: {escape(tryit.title)}</h3>'
        f'<label class="wt-label" for="{cell}-code">'
        "Python, run against the rules engine</label>"
        # The snippet is the textarea's own text, on one line for Markdown (newlines as
        # references): no script writes the value, so a reader's early typing never mixes with it.
        f'<textarea id="{cell}-code" class="wt-code" rows="{rows}" spellcheck="false">'
        f"{_attr(code)}</textarea>"
        '<p class="wt-boot">'
        '<button type="button" class="wt-button wt-button--primary wt-run" hidden>Run</button>'
        '<span class="wt-progress" role="status" aria-live="polite"></span></p>'
        f'<pre class="wt-output" aria-live="polite" aria-label="Output of {_attr(tryit.title)}">'
        "</pre>"
        f"{_noscript('This cell needs JavaScript.')}</div>"
    )


def side_by_side_html(boards: tuple[SideBySide, ...]) -> str:
    """The placeholder of the two-pane player: a scenario picker and a Start button.

    Each scenario's description is shown while it is picked (the widget toggles them).
    """
    options = "".join(f'<option value="{_attr(b.id)}">{escape(b.title)}</option>' for b in boards)
    intros = "".join(
        f'<p class="wt-intro" data-board="{_attr(b.id)}"{"" if i == 0 else " hidden"}>'
        f"{escape(b.data['description'])}</p>"
        for i, b in enumerate(boards)
    )
    return (
        '<section class="wt wt-compare" id="side-by-side" data-side-by-side="" '
        'aria-label="One position under both editions">'
        '<h3 class="wt-heading">Play one position under both editions</h3>'
        '<p class="wt-compare-intro">The 3rd edition plays on the left, the 4th on the right: '
        "the same board, each engine ruling by its own edition.</p>"
        '<p><label class="wt-label" for="side-by-side-pick">Scenario</label> '
        f'<select id="side-by-side-pick" class="wt-compare-pick">{options}</select></p>'
        f"{intros}"
        '<p class="wt-boot"><button type="button" class="wt-button wt-button--primary wt-start" '
        "hidden>Start both editions</button>"
        '<span class="wt-progress" role="status" aria-live="polite"></span></p>'
        f"{_noscript('This needs JavaScript.')}"
        '<div class="wt-compare-panes"></div>'
        "</section>"
    )
