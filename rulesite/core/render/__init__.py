"""The pages: Jinja2 templates and the renderer, with the sanitiser every source text passes."""

__all__ = [
    "comparison",
    "groups",
    "inline",
    "odds_page",
    "pages",
    "removed",
    "rule_lists",
    "sanitise",
]
