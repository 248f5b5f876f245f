"""The files the plugin adds to MkDocs's, as MkDocs's ``File`` objects."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from rulesite.adapters.finish import Finisher

__all__ = ["content_of", "folder_files", "hand_over_static"]


def content_of(file: File) -> Callable[[], bytes]:
    """What reads ``file``'s bytes as MkDocs writes them, when it is called."""
    return lambda: file.content_bytes


def folder_files(config: MkDocsConfig, folder: Path, prefix: str) -> list[File]:
    """Every file under ``folder``, published at ``prefix`` + its path inside it."""
    return [
        File.generated(config, prefix + path.relative_to(folder).as_posix(), abs_src_path=str(path))
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    ]


def hand_over_static(finisher: Finisher, files: Files, dirty: bool) -> None:
    """What MkDocs's copy_static_files copies, with the same bytes, to ``finisher``'s workers
    (``dirty``: only what it copies in a dirty build, the files changed since the last).

    Queued without waiting for room: 5,000 rule-number files handed over while the queue
    held only 16 kept the build waiting for their compression (1.1 s at 5,000 topics).
    """
    for file in files:
        # A dirty build copies only the changed files; the others are compressed already.
        unchanged = dirty and not file.is_modified()
        if not (file.is_documentation_page() or unchanged) and file.inclusion.is_included():
            path = Path(file.abs_dest_path)
            if file.abs_src_path is None:  # generated in memory, held by its File anyway
                finisher.other_file(path, content_of(file))
            else:
                finisher.other_file(path, Path(file.abs_src_path).read_bytes)
