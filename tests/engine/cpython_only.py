"""The mark for engine tests that cannot run inside Pyodide, and the reason it gives."""

from __future__ import annotations

import sys

import pytest

# `python -m rulesite play` reads scenario files with the site's strict reader, built on
# libyaml's C parser: a command-line tool, never part of what the browser loads.
COMMAND_LINE_YAML = "the command line reads YAML through libyaml: CPython only"

reads_scenario_files = pytest.mark.skipif(sys.platform == "emscripten", reason=COMMAND_LINE_YAML)

# The peer calculator (alpha-mouse/ti4calc) runs under Node, in a process of its own.
PEER_UNDER_NODE = "no subprocesses in Pyodide: the peer calculator runs under Node"

runs_the_peer = pytest.mark.skipif(sys.platform == "emscripten", reason=PEER_UNDER_NODE)
