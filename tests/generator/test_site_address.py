"""A build for publishing warns when it does not know the site's address: og:url,
sitemap.xml and rules.json would name this machine (``http://127.0.0.1:8000/``, the
fallback ``mkdocs.yml`` keeps for ``make serve``) without a word."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulesite.publish.site_address import address_warning, unset_address
from tests.generator.site_once import BuiltSite

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("site_url", "environ", "unset"),
    [
        ("http://127.0.0.1:8000/", {}, True),  # mkdocs.yml's fallback, SITE_URL unset
        ("http://localhost:8000/", {}, True),
        ("http://[::1]:8000/", {}, True),
        ("", {}, True),
        (None, {}, True),
        ("https://rules.example/ti4/", {}, False),
        ("http://127.0.0.1:8123/", {"SITE_URL": "http://127.0.0.1:8123/"}, False),  # on purpose
        ("http://127.0.0.1:8000/", {"SITE_URL": "https://rules.example/"}, True),  # not read
    ],
)
def test_an_address_of_this_machine_or_none_is_unset_unless_site_url_says_so(
    site_url: str | None, environ: dict[str, str], unset: bool
) -> None:
    assert (unset_address(site_url, environ) is not None) == unset


def test_an_address_given_to_the_build_is_meant_even_when_it_is_this_machines() -> None:
    # `rulesite build --site-url http://127.0.0.1:8123/`: a local test server, on purpose.
    assert unset_address("http://127.0.0.1:8123/", {}, given=True) is None
    assert unset_address("", {}, given=True) is not None  # an empty one says nothing


def test_the_warning_names_the_line_that_sets_the_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SITE_URL", raising=False)
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: X\n# the address\nsite_url: http://127.0.0.1:8000/\n")
    warning = address_warning("http://127.0.0.1:8000/", config)
    assert warning is not None
    assert warning.location.line == 3
    assert "this machine's address (SITE_URL is not set)" in warning.message
    assert "og:url, sitemap.xml and rules.json" in warning.message
    assert "--site-url" in warning.message
    assert address_warning("https://rules.example/", config) is None


@pytest.mark.slow
def test_a_seed_build_without_site_url_says_so_in_its_summary(built_site: BuiltSite) -> None:
    said = "site_url is http://127.0.0.1:8000/, this machine's address"
    lines = (REPO / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, start=1) if text.startswith("site_url:"))
    if os.environ.get("SITE_URL"):
        assert said not in built_site.stdout
    else:
        shown = f"  mkdocs.yml:{line}: {said}"
        assert any(out.startswith(shown) for out in built_site.stdout.splitlines())
