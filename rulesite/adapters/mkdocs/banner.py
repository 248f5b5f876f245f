"""Under ``serve``, a broken source's error at the top of every page (the last good ones)."""

from __future__ import annotations

import html

from rulesite.core.errors import SourceError

__all__ = ["with_error_banner"]


def with_error_banner(output: str, error: SourceError) -> str:
    """The page ``output`` with ``error``'s diagnostics, escaped, first in its body."""
    body = output.find("<body")
    end = output.find(">", body) + 1 if body >= 0 else 0
    lines = "".join(f"<li>{html.escape(str(d))}</li>" for d in error.diagnostics)
    banner = (
        '<div class="rules-build-error" role="alert"><p>The last change to the rule sources '
        f"broke the build; showing the last good pages.</p><ul>{lines}</ul></div>"
    )
    return output[:end] + banner + output[end:]
