"""The rules R1–R20 in one line each, folded: the same card in every lesson and in the app, so
that a rule id the text cites can be looked up where it is read."""

from __future__ import annotations

from html import escape

from .i18n import check_language, text


def rules_list(language: str) -> str:
    """The rules R1–R20 as an HTML table, a line and a title each (R1–R20)."""
    from ..game.rules import rule_title

    rows = "".join(
        f"<tr><th scope='row' style='text-align:left;padding-right:0.5em;vertical-align:top'>"
        f"R{n}</th><td><b>{escape(rule_title(f'R{n}', language))}</b>: "
        f"{escape(text(f'app_rule_R{n}', language))}</td></tr>" for n in range(1, 21))
    return f"<table class='t21-rules-list'>{rows}</table>"


def rules_card(language: str = "en") -> str:
    """The rules R1–R20 as HTML, folded under one line (R1–R20)."""
    language = check_language(language)
    summary = escape(text("rules_card", language))
    return (f"<details class='t21-rules-card'><summary><b>{summary}</b></summary>"
            f"{rules_list(language)}</details>")


def show_rules(language: str = "en") -> None:
    """Show the rules R1–R20, folded, at the top of a lesson (R1–R20)."""
    from IPython.display import HTML, display

    display(HTML(rules_card(language)))
