"""The ``rules`` MkDocs plugin (entry point ``mkdocs.plugins: rules``), also ProperDocs's."""

__all__ = ["plugin"]
