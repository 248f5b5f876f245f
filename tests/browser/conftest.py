"""One built site, one server and one Chromium for every browser test of the session.

The site is built with the project's own CLI (``rulesite build --out DIR``) into
a temporary folder and served on 127.0.0.1 (the port is chosen first, so the
build knows its URL); Debian's Chromium is driven by
Playwright's sync API (Playwright never downloads a browser here). Each test
gets a fresh browser context, so no test sees another's worker or storage.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Request,
    sync_playwright,
)

from bench.site_server import CHROMIUM, CHROMIUM_ARGS, build_site_for, serve
from rulesite.adapters.registry import DEFAULT, site_engine
from rulesite.publish.csp import page_policy
from tests.site_engines import ONE_PER_THEME


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


# The site engines the tests that matter run against (``each_engine``).
ENGINES = ONE_PER_THEME
each_engine = pytest.mark.parametrize("site_url", ENGINES, indirect=True)


@dataclass
class BuiltSites:
    """Each engine's build of the site, served: built when a test first asks for it, once
    per session (the default engine's in ``site_dir``)."""

    site_dir: Path
    tmp_path_factory: pytest.TempPathFactory
    servers: contextlib.ExitStack
    urls: dict[str, str] = field(default_factory=dict)
    folders: dict[str, Path] = field(default_factory=dict)

    def url(self, engine: str) -> str:
        """Where ``engine``'s build is served."""
        if engine not in self.urls:
            folder = (
                self.site_dir
                if engine == DEFAULT
                else self.tmp_path_factory.mktemp(engine) / "site"
            )
            policy = site_engine(engine).policy()
            self.urls[engine] = self.servers.enter_context(serve(folder, policy=policy))
            build_site_for(self.urls[engine], folder, engine=engine)
            self.folders[engine] = folder
        return self.urls[engine]

    def folder(self, engine: str) -> Path:
        """The folder ``engine``'s build is in."""
        self.url(engine)
        return self.folders[engine]


@pytest.fixture(scope="session")
def built_sites(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BuiltSites]:
    with contextlib.ExitStack() as servers:
        yield BuiltSites(site_dir, tmp_path_factory, servers)


@pytest.fixture(scope="session")
def site_url(request: pytest.FixtureRequest, built_sites: BuiltSites) -> str:
    """The default engine's build's URL, or (``each_engine``) each engine's in turn."""
    return built_sites.url(getattr(request, "param", DEFAULT))


@pytest.fixture
def built_site_dir(site_url: str, engine: str, built_sites: BuiltSites) -> Path:
    """The folder of the site under test (``site_url``'s build)."""
    return built_sites.folder(engine)


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> str:
    """The engine that built the site under test (``site_url``'s or ``reader_queries_url``'s)."""
    callspec = getattr(request.node, "callspec", None)
    params = callspec.params if callspec else {}
    name: str = params.get("site_url", params.get("reader_queries_url", DEFAULT))
    return name


@pytest.fixture
def site_policy(engine: str) -> str:
    """The Content-Security-Policy in the pages of the site under test: the engine's (a
    Zensical build's admits Zensical's own search stylesheet), with Trusted Types added."""
    return page_policy(site_engine(engine).policy())


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
    with serve(site_dir, policy=site_engine(engine).policy()) as url:
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


def controlled_page(context: BrowserContext, url: str) -> Page:
    """A new tab on ``url``, once the site's service worker is installed and controls it."""
    page = context.new_page()
    page.goto(url)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    return page
