"""The precompiled runtime in Chromium: the trimmed stdlib suffices, the full one is a fallback.

Issue 10, item 1: a walkthrough boots from the trimmed, precompiled
``python_stdlib.zip``; a try-it cell may still import any stdlib module, which
fetches ``python_stdlib_full.zip`` once.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import Recorder
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start

pytestmark = pytest.mark.browser

# Pyodide booted in a module worker from the site's own runtime, then some Python run.
RUN_IN_WORKER = """async ([indexUrl, code]) => {
  const source = `
    const { loadPyodide } = await import("${indexUrl}pyodide.mjs");
    const py = await loadPyodide({ indexURL: "${indexUrl}" });
    self.onmessage = ({ data }) => {
      try { self.postMessage(String(py.runPython(data))); }
      catch (error) { self.postMessage("error: " + error.message); }
    };
    self.postMessage("ready");
  `;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })),
                            { type: "module" });
  // Bounded: a worker that never answers fails the test instead of hanging it.
  const next = () => new Promise((resolve) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.onerror = (event) => resolve("error: " + event.message);
    setTimeout(() => resolve("timeout"), 150000);
  });
  await next();
  const answer = next();
  worker.postMessage(code);
  return answer;
}"""


def test_walkthrough_starts_on_the_trimmed_stdlib_alone(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    page.goto(site_url + "rules/tactical-action/")
    start(page, "tactical-action")
    assert any(url.endswith("/python_stdlib.zip") for url in recorder.requests)
    assert not [url for url in recorder.requests if "python_stdlib_full" in url]


def test_any_stdlib_module_still_imports_through_the_full_stdlib(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.goto(site_url)
    code = "import tomllib, xml.dom.minidom; str(tomllib.loads('a = 1')['a'])"
    answer = page.evaluate(RUN_IN_WORKER, [site_url + "assets/pyodide/", code])
    assert answer == "1"
    assert [url for url in recorder.requests if url.endswith("/python_stdlib_full.zip")]
