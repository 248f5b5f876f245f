"""The files the plugin adds to MkDocs's, as MkDocs's ``File`` objects."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File

__all__ = ["content_of", "folder_files"]


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
