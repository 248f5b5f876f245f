"""Notes pages (``components/C_<slug>.md``, ``factions/F_<slug>.md``): the transcription's
component and faction notes, each a page of its folder
(:mod:`rulesite.core.loaders.notes_pages`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from rulesite.core.loaders.notes_pages import load_notes_page
from rulesite.core.model import Origin
from rulesite.core.sources.kind import Loaded, SourceFolder


@dataclass(frozen=True)
class NotesPages:
    """One folder of notes pages, of one origin (which names the folder its pages go to)."""

    folder: str
    origin: Origin
    pages: tuple[str, ...] = (".md",)
    facts: tuple[str, ...] = ()

    def load(self, source: SourceFolder) -> Loaded:
        load = partial(load_notes_page, origin=self.origin)
        return source.loaded(filter(None, (source.read(load, p) for p in source.files(".md"))))
