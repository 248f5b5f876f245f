"""One built site, one server and one Chromium for every browser test of the session.

The site is built with the project's own CLI (``build_site.py --out DIR``) into
a temporary folder and served on 127.0.0.1 (the port is chosen first, so the
build knows its URL); Debian's Chromium is driven by
Playwright's sync API (Playwright never downloads a browser here). Each test
gets a fresh browser context, so no test sees another's worker or storage.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Request, sync_playwright

from bench.site_server import CHROMIUM, CHROMIUM_ARGS, build_site_for, serve
from rulesite.adapters.zensical import builder as zensical
from rulesite.publish.csp import PAGE_POLICY, POLICY, page_policy


@dataclass
class Recorder:
    """What a page did: console errors, uncaught exceptions and every request URL."""

    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} ({message.location.get('url')})")

    def page_error(self, error: Exception) -> None:
        self.errors.append(f"uncaught: {error}")

    def request(self, request: Request) -> None:
        self.requests.append(request.url)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("site") / "site"


# The site engines the tests that matter run against (``both_engines``): MkDocs with the
# `rules` plugin, the default, and Zensical on the generated tree (rulesite/adapters/zensical).
ENGINES = ("mkdocs", "zensical")
both_engines = pytest.mark.parametrize("site_url", ENGINES, indirect=True)


@pytest.fixture(scope="session")
def site_url(request: pytest.FixtureRequest) -> str:
    """The MkDocs build's URL, or (``both_engines``) each engine's build's in turn."""
    engine = getattr(request, "param", "mkdocs")
    url: str = request.getfixturevalue(f"{engine}_site_url")
    return url


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> str:
    """The engine that built the site under test (``site_url``'s or ``reader_queries_url``'s)."""
    callspec = getattr(request.node, "callspec", None)
    params = callspec.params if callspec else {}
    name: str = params.get("site_url", params.get("reader_queries_url", "mkdocs"))
    return name


@pytest.fixture
def site_policy(engine: str) -> str:
    """The Content-Security-Policy in the pages of the site under test: a Zensical build's
    admits Zensical's own search stylesheet (rulesite.adapters.zensical.builder.site_policy);
    both add Trusted Types to the served policy."""
    return page_policy(zensical.site_policy()) if engine == "zensical" else PAGE_POLICY


@pytest.fixture(scope="session")
def mkdocs_site_url(site_dir: Path) -> Iterator[str]:
    with serve(site_dir) as url:
        build_site_for(url, site_dir)
        yield url


@pytest.fixture(scope="session")
def zensical_site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("zensical") / "site"


@pytest.fixture(scope="session")
def zensical_site_url(zensical_site_dir: Path) -> Iterator[str]:
    with serve(zensical_site_dir, policy=zensical.site_policy()) as url:
        build_site_for(url, zensical_site_dir, engine="zensical")
        yield url


def served_policy(engine: str) -> str:
    """The policy each engine's site is served with (a Zensical build's admits its search
    box's stylesheet)."""
    return zensical.site_policy() if engine == "zensical" else POLICY


# A content folder of the transcription's form whose names readers type otherwise than the
# sources write them (tests/fixtures/reader_queries/README.md): the search tests' site.
READER_QUERIES = Path(__file__).resolve().parents[1] / "fixtures" / "reader_queries"


@pytest.fixture(scope="session")
def reader_queries_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """``READER_QUERIES`` built by one engine (the test's parameter) and served."""
    engine: str = request.param
    site_dir = tmp_path_factory.mktemp(f"queries-{engine}") / "site"
    with serve(site_dir, policy=served_policy(engine)) as url:
        build_site_for(url, site_dir, content=READER_QUERIES, engine=engine)
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def page(browser: Browser, recorder: Recorder) -> Iterator[Page]:
    # Service workers are blocked except in the offline test: a worker's own fetches would
    # show up as requests of their own and blur what a page asked for.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    context.set_default_timeout(20_000)
    tab = context.new_page()
    tab.on("console", recorder.console)
    tab.on("pageerror", recorder.page_error)
    # On the context, not the page: requests a Web Worker makes (Pyodide's files) count too.
    context.on("request", recorder.request)
    yield tab
    context.close()
