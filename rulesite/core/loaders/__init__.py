"""One loader per source format, each turning a file into the shared :mod:`rulesite.core.model`."""

__all__ = [
    "comparison",
    "facts",
    "markdown",
    "markdown_blocks",
    "notes_pages",
    "rule_cards",
    "source_text",
    "strict_yaml",
    "ti3_summary",
    "topic_index",
    "wiki",
]
