"""The pages: Jinja2 templates and the renderer, with the sanitiser every source text passes."""

__all__ = ["comparison", "inline", "pages", "removed", "rule_lists", "sanitise"]
