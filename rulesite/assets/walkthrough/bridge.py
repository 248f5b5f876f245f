"""The Python side of the walkthrough worker (worker.js): run in Pyodide once the engine's
wheel is loaded, then called by name from JavaScript.

``_wt_call`` answers a call of an ``engine.api`` function, JSON in and out; ``_wt_run``
runs a try-it cell's code and answers its output, capped. Served beside worker.js (and
precached for offline use: rulesite/publish/offline.py), fetched by it at start.
"""

from __future__ import annotations

import contextlib
import io
import json
import traceback
from collections.abc import Callable


def _wt_call(
    name: str,
    args_json: str,
    kwargs_json: str = "{}",
    told: Callable[[float], object] | None = None,
) -> str:
    """``engine.api.<name>(*args, **kwargs)``'s answer as JSON; a name not in the API is refused.

    ``told`` (the worker's, posting to the page): given the share of the work done, for the
    calculator's progress bar, where the function takes ``progress`` (engine.api.odds). It
    never stops the work: the page stops it by ending the worker."""
    # engine.api is imported on first use: try-it cells only need the engine's modules.
    from engine import api

    if name not in api.__all__ or not callable(getattr(api, name)):
        raise ValueError(f"engine.api has no function {name!r}")
    kwargs = json.loads(kwargs_json)
    if told is not None and name == "odds":
        kwargs["progress"] = lambda share: told(share) and None
    answer = getattr(api, name)(*json.loads(args_json), **kwargs)
    return json.dumps(answer)


class _WtCappedOutput(io.TextIOBase):
    """Keeps the first ``LIMIT`` characters and only counts the lines after them, so a cell
    printing in a loop cannot fill the worker's memory before its time limit."""

    LIMIT = 20_000

    def __init__(self) -> None:
        super().__init__()
        self.kept: list[str] = []
        self.size = 0
        self.more_lines = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        written = len(text)
        room = self.LIMIT - self.size
        if room > 0:
            self.kept.append(text[:room])
            self.size += min(len(text), room)
            text = text[room:]
        self.more_lines += text.count("\n")
        return written


def _wt_run(code: str) -> str:
    """Run a try-it cell's ``code``; its output (stdout and stderr, capped) as JSON
    ``{"text", "more_lines"}``, a traceback of the cell's own code included."""
    out = _WtCappedOutput()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            exec(compile(code, "<try-it>", "exec"), {"__name__": "__tryit__"})
        except BaseException as error:
            # The cell's frames only (its last four): the reader wrote the cell, not this file.
            cell = error.__traceback__.tb_next if error.__traceback__ else None
            out.write("".join(traceback.format_exception(type(error), error, cell, limit=-4)))
    return json.dumps({"text": "".join(out.kept), "more_lines": out.more_lines})
