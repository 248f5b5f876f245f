"""Whether a build knows the address its site is published at.

``og:url``, ``sitemap.xml`` (which Material's instant navigation follows) and the rules as
data name the site's absolute address, from ``site_url``: ``rulesite build --site-url``,
else ``mkdocs.yml``'s, which this project takes from ``SITE_URL`` and falls back on
``http://127.0.0.1:8000/``. A build for publishing that kept the fallback would name this
machine in every one of them, silently. Such a build is warned.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from rulesite.core.model import Diagnostic, Location

__all__ = ["OPTION", "VARIABLE", "address_warning", "unset_address"]

VARIABLE = "SITE_URL"
OPTION = "--site-url"
_LOCAL_HOSTS = frozenset({"localhost", "0.0.0.0", "::1", "::"})
_SITE_URL_LINE = re.compile(r"^site_url\s*:", re.MULTILINE)


def unset_address(
    site_url: str | None, environ: Mapping[str, str] | None = None, given: bool = False
) -> str | None:
    """Why ``site_url`` is not the address the site is published at, or ``None`` when it
    may be: set, and not this machine's unless the build was given it (``--site-url``) or
    ``SITE_URL`` says so, on purpose (``rulesite serve``, a local test server)."""
    environ = os.environ if environ is None else environ
    variable = environ.get(VARIABLE, "").strip()
    if not site_url:
        return f"site_url is not set (neither {OPTION} nor {VARIABLE})"
    if given or (variable and variable.rstrip("/") == site_url.rstrip("/")):
        return None
    host = (urlsplit(site_url).hostname or "").lower()
    if host in _LOCAL_HOSTS or host.startswith("127.") or host.endswith(".localhost"):
        return f"site_url is {site_url}, this machine's address ({VARIABLE} is not set)"
    return None


def address_warning(
    site_url: str | None, config_file: Path | str, given: bool = False
) -> Diagnostic | None:
    """The build's warning when ``site_url`` (``given`` to the build, else read from
    ``config_file``) is not the published site's address, at the line that sets it."""
    why = unset_address(site_url, given=given)
    if why is None:
        return None
    try:
        text = Path(config_file).read_text(encoding="utf-8")
    except OSError:
        text = ""
    found = _SITE_URL_LINE.search(text)
    line = text.count("\n", 0, found.start()) + 1 if found else 1
    path = Path(config_file).resolve()
    shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
    return Diagnostic(
        Location(shown.as_posix(), line),
        f"{why}: og:url, sitemap.xml and rules.json would name it, not the published site; "
        f"give {OPTION} (or set {VARIABLE}) the address the site is published at",
    )
