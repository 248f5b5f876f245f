"""One built site, one server and one Chromium for every browser test of the session.

The site is built with the project's own CLI (``rulesite build --out DIR``) into
a temporary folder and served on 127.0.0.1 (the port is chosen first, so the
build knows its URL); Debian's Chromium is driven by
Playwright's sync API (Playwright never downloads a browser here). Each test
gets a fresh browser context, so no test sees another's worker or storage.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
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


@pytest.fixture(scope="session")
def built_sites(
    site_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[[str], tuple[str, Path]]]:
    """Each engine's build of the site, served: its URL and folder, built when a test first
    asks for it, once per session (the default engine's in ``site_dir``)."""
    built: dict[str, tuple[str, Path]] = {}
    with contextlib.ExitStack() as servers:

        def served(engine: str) -> tuple[str, Path]:
            if engine not in built:
                folder = site_dir if engine == DEFAULT else tmp_path_factory.mktemp(engine) / "site"
                policy = site_engine(engine).policy()
                url = servers.enter_context(serve(folder, policy=policy))
                build_site_for(url, folder, engine=engine)
                built[engine] = (url, folder)
            return built[engine]

        yield served


@pytest.fixture(scope="session")
def site_url(request: pytest.FixtureRequest, built_sites: Callable[[str], tuple[str, Path]]) -> str:
    """The default engine's build's URL, or (``each_engine``) each engine's in turn."""
    return built_sites(getattr(request, "param", DEFAULT))[0]


@pytest.fixture
def built_site_dir(
    site_url: str, engine: str, built_sites: Callable[[str], tuple[str, Path]]
) -> Path:
    """The folder of the site under test (``site_url``'s build)."""
    return built_sites(engine)[1]


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> str:
    """The engine that built the site under test (``site_url``'s)."""
    callspec = getattr(request.node, "callspec", None)
    name: str = callspec.params.get("site_url", DEFAULT) if callspec else DEFAULT
    return name


@pytest.fixture
def site_policy(engine: str) -> str:
    """The Content-Security-Policy in the pages of the site under test: the engine's (a
    Zensical build's admits Zensical's own search stylesheet), with Trusted Types added."""
    return page_policy(site_engine(engine).policy())


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
