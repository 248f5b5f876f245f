"""Generated pages handed to MkDocs in memory, as if they were files of its docs folder.

Writing a thousand page sources to disk only for MkDocs to read them back (and
then deleting them) was a large part of the generator's time on a big corpus.
"""

from __future__ import annotations

from collections.abc import Mapping

from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

PLUGIN_NAME = "rulesite-generated-files"


class _NoOptions(Config):
    """The plugin takes no options: its texts come from the build, not from mkdocs.yml."""


class GeneratedFiles(BasePlugin[_NoOptions]):
    """Adds each text under its docs-folder path; a generated file replaces a written one."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        super().__init__()
        self.texts = texts

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        """MkDocs's event: the docs folder's files are known, the navigation not yet built."""
        for path, text in self.texts.items():
            written = files.get_file_from_path(path)
            if written is not None:
                files.remove(written)
            files.append(File.generated(config, path, content=text))
        return files


def add_generated_files(config: MkDocsConfig, texts: Mapping[str, str]) -> None:
    """Make the build of ``config`` include ``texts`` (docs-folder path → text)."""
    config.plugins[PLUGIN_NAME] = GeneratedFiles(texts)
