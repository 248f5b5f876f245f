"""Under ``serve``, the theme's templates are compiled once per process, not once per edit.

MkDocs makes a new Jinja environment for every build, so every rebuild compiled Material's
templates again. Jinja's own bytecode cache (its public ``bytecode_cache``) keeps what it
compiled, in memory here; Jinja checks each template's source against its checksum before
it uses the compiled form, so an edited template is compiled again. What else shapes the
compiled code (the environment's syntax, extensions, settings and the way each filter is
called) is part of the key.
"""

from __future__ import annotations

from collections.abc import Mapping

import jinja2
from jinja2.bccache import Bucket, BytecodeCache

__all__ = ["CompiledTemplates"]


class CompiledTemplates(BytecodeCache):
    """Compiled templates in memory, for the environments of one ``serve``."""

    def __init__(self) -> None:
        self.compiled: dict[tuple[str, str], bytes] = {}

    def attach(self, env: jinja2.Environment) -> jinja2.Environment:
        """``env``, compiling through this cache."""
        env.bytecode_cache = self
        return env

    def load_bytecode(self, bucket: Bucket) -> None:
        found = self.compiled.get((_shape(bucket.environment), bucket.key))
        if found is not None:
            bucket.bytecode_from_string(found)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[(_shape(bucket.environment), bucket.key)] = bucket.bytecode_to_string()


def _shape(env: jinja2.Environment) -> str:
    """What of ``env`` its compiled code depends on besides a template's source."""
    return repr(
        (
            sorted(env.extensions),
            env.block_start_string,
            env.block_end_string,
            env.variable_start_string,
            env.variable_end_string,
            env.comment_start_string,
            env.comment_end_string,
            env.line_statement_prefix,
            env.line_comment_prefix,
            env.trim_blocks,
            env.lstrip_blocks,
            env.newline_sequence,
            env.keep_trailing_newline,
            env.optimized,
            env.is_async,
            env.finalize is not None,
            env.autoescape if isinstance(env.autoescape, bool) else "callable",
            env.code_generator_class,
            env.context_class,
            # How a filter or test is called is compiled in (whether it takes the context).
            _callables(env.filters),
            _callables(env.tests),
        )
    )


def _callables(found: Mapping[str, object]) -> list[tuple[str, str]]:
    return sorted((name, repr(getattr(f, "jinja_pass_arg", None))) for name, f in found.items())
