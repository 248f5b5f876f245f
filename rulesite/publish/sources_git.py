"""The rule sources' version and date from git, where the content folder is kept in a
repository: the last commit that changed anything under it (its hash, its commit date in
UTC). A build without git, or of a folder outside any repository, falls back on the
topic index's ``sources_version``/``sources_date`` (:func:`rulesite.core.generate.generate`).

The content folder is untrusted, and so is any repository it sits in: git runs with no
configuration but the repository's own, fsmonitor and signature checks off (the settings
through which ``git log`` could start another program), no bare repository but one named
on purpose (a content folder that is itself one, planted, is not read), no pager, no
prompt, asked about
nothing outside the content folder (``-- .`` from inside it), for at most a few seconds,
and only its one line of output is read.
"""

from __future__ import annotations

import os
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from rulesite.core.model import Provenance

__all__ = ["git_provenance"]

GIT_TIMEOUT_S = 10.0
_COMMIT = re.compile(r"([0-9a-f]{40}) (\S+)")


def _git_environment() -> dict[str, str]:
    # Only the repository's own configuration: no GIT_DIR or GIT_WORK_TREE from outside
    # pointing git at another repository, no user or system configuration.
    kept = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    return {
        **kept,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_OPTIONAL_LOCKS": "0",
        "LC_ALL": "C",
    }


def git_provenance(content_dir: Path) -> Provenance | None:
    """The last commit that changed ``content_dir``'s files, if it is kept in git."""
    command = [
        "git",
        "--no-pager",
        "-c",
        "core.fsmonitor=false",
        "-c",
        "log.showSignature=false",
        "-c",
        "safe.bareRepository=explicit",
        "-C",
        str(content_dir),
        "log",
        "-1",
        "--format=%H %cI",
        "--",
        ".",
    ]
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            stdin=subprocess.DEVNULL,
            env=_git_environment(),
            timeout=GIT_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None  # no git, or it hung: the index's facts, if any, say it instead
    found = _COMMIT.fullmatch(done.stdout.decode("ascii", "replace").strip())
    if done.returncode != 0 or found is None:
        return None  # not a repository, one git refuses (another owner's), or no commit yet
    try:
        when = datetime.fromisoformat(found.group(2)).astimezone(UTC)
    except ValueError:
        return None
    return Provenance(f"git {found.group(1)[:12]}", when.date().isoformat(), "git")
