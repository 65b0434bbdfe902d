"""What a widget shows, as plain text, for tests that look for words in it."""

import re


def shown(widget) -> str:
    """Every text the widget shows: descriptions, placeholders, tooltips, options and HTML,
    tags and style sheets removed (a browser shows neither)."""
    parts = []

    def walk(w):
        for attribute in ("description", "placeholder", "value", "tooltip"):
            value = getattr(w, attribute, None)
            if isinstance(value, str):
                parts.append(value)
        for option in getattr(w, "options", ()):
            parts.append(str(option[0] if isinstance(option, tuple) else option))
        for child in getattr(w, "children", ()):
            walk(child)

    walk(widget)
    without_styles = re.sub(r"<style>.*?</style>", " ", " ".join(parts), flags=re.S)
    return re.sub(r"<[^>]+>", " ", without_styles)
