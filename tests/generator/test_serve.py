"""``build_site.py --serve`` is ``mkdocs serve``: live reload, last good pages, safe serving."""

from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesite.publish.csp import POLICY
from tests.serve_process import RELOAD_SECONDS, Server, get, raw_status, serving, until

pytestmark = pytest.mark.slow

CARDS = Path("rules") / "tactical_action.yaml"
PROSE = Path("rules") / "tactical_action.md"
INTRO = "The tactical action is the primary method"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``build_site.py --serve`` on a free port over its own copy of ``content/``."""
    with serving(tmp_path_factory.mktemp("serve")) as running:
        yield running


def test_serves_the_home_page_and_a_topic_page(server: Server) -> None:
    home = get(server.base)
    assert (home.status, home.content_type) == (200, "text/html")
    assert b"Twilight Imperium Rules Reference" in home.body
    topic = get(server.base + "rules/tactical-action/")
    assert topic.status == 200
    assert b'id="89.2.3"' in topic.body


def test_module_scripts_and_webassembly_get_the_types_browsers_require(server: Server) -> None:
    # Browsers refuse a module script or streamed WebAssembly sent under another type.
    expected = {
        "assets/pyodide/pyodide.mjs": "text/javascript",
        "assets/pyodide/pyodide.asm.wasm": "application/wasm",
        "assets/walkthrough/widget.js": "text/javascript",
    }
    found = {path: get(server.base + path).content_type for path in expected}
    assert found == expected


def test_every_response_carries_the_security_headers(server: Server) -> None:
    for path in ("", "assets/walkthrough/widget.js", "no-such-page/"):
        headers = get(server.base + path).headers
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["X-Frame-Options"] == "DENY", path
        assert headers["Content-Security-Policy"] == POLICY, path


def test_a_nul_in_the_path_is_answered_400(server: Server) -> None:
    assert raw_status(server.port, "/rules/%00/") == 400
    assert raw_status(server.port, "/%00") == 400


def test_a_folder_without_an_index_is_not_listed(server: Server) -> None:
    reply = get(server.base + "assets/walkthrough/")
    assert reply.status == 404
    assert b"Index of" not in reply.body
    assert b"worker.js" not in reply.body  # a file of the folder no page links to


def test_the_live_reload_script_is_a_file_not_inline(server: Server) -> None:
    # A Content-Security-Policy without 'unsafe-inline' would block MkDocs's inline poller.
    page = get(server.base + "rules/tactical-action/").body.decode()
    assert "var livereload" not in page
    (src,) = re.findall(r'<script src="(/\.rulesite/livereload/[0-9a-f]+\.js)"></script>', page)
    script = get(server.base + src.lstrip("/"))
    assert script.content_type == "text/javascript"
    assert b"livereload(" in script.body
    assert get(server.base + ".rulesite/livereload/0123.js").status == 404


def test_200_concurrent_clients_are_all_answered(server: Server) -> None:
    # The listen backlog holds them: with socketserver's default of 5, some time out.
    from bench.serve_load import load

    result = load(server.base, clients=200, requests_each=2)
    assert result.errors == [], result.errors[:5]
    assert len(result.latencies) == 400


def test_saving_a_rule_source_changes_the_served_page(server: Server) -> None:
    """A saved edit to a rule source shows in the open browser without a manual step."""
    prose = server.content / PROSE
    text = prose.read_text(encoding="utf-8")
    assert INTRO in text
    prose.write_text(text.replace(INTRO, "Edited while serving: " + INTRO), encoding="utf-8")
    page = server.base + "rules/tactical-action/"
    until(lambda: b"Edited while serving: " in get(page).body, RELOAD_SECONDS, "the edit shows")
    assert b"rules-build-error" not in get(page).body


def test_a_broken_source_is_reported_and_the_last_good_page_served_with_a_banner(
    server: Server,
) -> None:
    """A broken source prints ``file:line``, the last good pages stay, with the error."""
    cards = server.content / CARDS
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines[5] = "        89.1.1 [unclosed"
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    page = server.base + "rules/tactical-action/"
    until(lambda: b"rules-build-error" in get(page).body, RELOAD_SECONDS, "the banner shows")
    body = get(page).body
    assert b'id="89.2.3"' in body  # the last good page, not an error page
    log = server.log.read_text(encoding="utf-8")
    reported = [line for line in log.splitlines() if "tactical_action.yaml:" in line]
    assert reported, log[-2000:]
    where = reported[-1].partition("content/")[2].partition(": ")[0]  # rules/....yaml:14
    assert where.split(":")[1].isdigit(), reported
    assert f"{where}: invalid YAML".encode() in body
    assert "Traceback" not in log


def test_interrupting_the_server_stops_it_cleanly(server: Server) -> None:
    # Last in the file: it ends the server the tests above share.
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=30) == 0
    log = server.log.read_text(encoding="utf-8")
    assert "Traceback" not in log
    assert "Serving on" in log
    assert "Shutting down" in log


def test_interrupting_a_server_started_with_sigint_ignored_stops_it(tmp_path: Path) -> None:
    """Ctrl+C stops a server started in the background: a background command of a shell
    without job control inherits SIGINT ignored; the server did too, and never stopped on Ctrl+C."""
    with serving(tmp_path, sigint_ignored=True) as running:
        running.process.send_signal(signal.SIGINT)
        assert running.process.wait(timeout=30) == 0
    log = running.log.read_text(encoding="utf-8")
    assert "Shutting down" in log
    assert "Traceback" not in log
