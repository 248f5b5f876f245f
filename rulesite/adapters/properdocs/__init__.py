"""ProperDocs, the maintained fork of MkDocs 1.x, as a site engine: the same ``rules`` plugin
and the same in-process build as MkDocs's (:mod:`rulesite.adapters.mkdocs.run`), in a
process of its own.

Imported, ProperDocs answers every later ``import mkdocs`` in its process with itself, so
it never shares one with MkDocs: :mod:`rulesite.adapters.properdocs.child` runs the build
or the server there and hands the build's outcome back through a file.
"""

from __future__ import annotations

import json
import pickle
import signal
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

from rulesite.adapters.site_engine import BuildSettings, EngineBuild
from rulesite.core.errors import SourceError
from rulesite.publish.csp import POLICY
from rulesite.publish.helpers import die_with_parent

__all__ = ["ENGINE", "child"]

CHILD = "rulesite.adapters.properdocs.child"
RESULT = "properdocs-outcome.pickle"  # in the build's own folder, beside the site
TIMEOUT_S = 1800


def settings_json(settings: BuildSettings) -> str:
    """``settings`` as the child reads them (absolute paths)."""
    fields = asdict(settings.resolved())
    return json.dumps({k: str(v) if isinstance(v, Path) else v for k, v in fields.items()})


def _command(action: str, settings: BuildSettings, *args: str) -> list[str]:
    return [sys.executable, "-m", CHILD, action, settings_json(settings), *args]


class ProperDocsEngine:
    """ProperDocs and Material with the ``rules`` plugin, in a process of its own."""

    name = "properdocs"
    theme = "material"

    def build(self, settings: BuildSettings, site_dir: Path) -> EngineBuild:
        result = site_dir.parent / RESULT
        command = _command("build", settings, str(site_dir), str(result))
        process = subprocess.Popen(
            command, stderr=subprocess.PIPE, text=True, preexec_fn=die_with_parent()
        )
        try:
            _, errors = process.communicate(timeout=TIMEOUT_S)
        except BaseException:  # Ctrl+C or the time limit: nothing of it is left running
            process.kill()
            process.wait()
            raise
        where = str(settings.config_file)
        if not result.is_file():
            last = errors.strip().splitlines()[-1:] or [f"exit status {process.returncode}"]
            raise SourceError.at(where, 1, f"ProperDocs failed: {last[0]}")
        with result.open("rb") as file:
            outcome = pickle.load(file)  # written by our own child, into our own folder
        if isinstance(outcome, list):  # the diagnostics of a broken source
            raise SourceError(outcome)
        if not isinstance(outcome, EngineBuild):
            raise SourceError.at(where, 1, "ProperDocs's build gave no outcome")
        return outcome

    def serve(self, settings: BuildSettings, dev_addr: str) -> int:
        process = subprocess.Popen(
            _command("serve", settings, dev_addr), preexec_fn=die_with_parent()
        )
        try:
            return process.wait()
        except KeyboardInterrupt:
            # The child stops on its own Ctrl+C (one terminal, one process group); a SIGINT
            # sent to this process alone is passed on.
            process.send_signal(signal.SIGINT)
            return process.wait()

    def policy(self) -> str:
        return POLICY


ENGINE = ProperDocsEngine()
