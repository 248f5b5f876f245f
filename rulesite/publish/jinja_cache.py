"""Material's templates compiled once, not on every build: a Jinja bytecode cache.

MkDocs builds a fresh Jinja environment per build and compiles every theme
template it renders with; keeping the compiled templates on disk (keyed by
Jinja on each template's source, so an edited template is recompiled) saves
that work on every later build and every ``serve`` rebuild. The plugin calls
this from MkDocs's ``on_env`` event.
"""

from __future__ import annotations

from pathlib import Path

import jinja2


def with_bytecode_cache(env: jinja2.Environment, folder: Path) -> jinja2.Environment:
    """``env``, keeping its compiled templates in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(folder))
    return env
