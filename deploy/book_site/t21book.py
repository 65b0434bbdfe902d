"""The course book's own parts (a Sphinx extension): on every page a link to the same page in
the other language, on every lesson its launch buttons (deploy/book.py's LAUNCH), the teacher's
guide marked as the teacher's, and MathJax copied from its Python package into the book."""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path

import jupyter_server_mathjax
from sphinx.application import Sphinx

from twentyone_edu.words.wording import template

OTHER = {"en": "ru", "ru": "en"}
GUIDE = "teacher/teacher_guide"
# The parts of MathJax 2 the book's settings (conf.py) load: TeX in, HTML-CSS with STIX fonts out.
MATHJAX_PARTS = ("MathJax.js", "config/TeX-AMS-MML_HTMLorMML-full.js", "extensions", "jax/input",
                 "jax/element", "jax/output/HTML-CSS", "fonts/HTML-CSS/STIX-Web/woff",
                 "localization/ru")


def other_language(pagename: str, language: str) -> str:
    """The relative link from `pagename` to the same page in the other language's book."""
    up = "../" * (pagename.count("/") + 1)
    return f"{up}{OTHER[language]}/{pagename}.html"


def launch_links(app: Sphinx, pagename: str) -> dict[str, str]:
    """The launch buttons deploy/book.py wrote into the page's notebook: kind -> URL."""
    source = Path(app.env.doc2path(pagename))
    if source.suffix != ".ipynb":
        return {}
    notebook = json.loads(source.read_text(encoding="utf-8"))
    return notebook["metadata"].get("t21_book", {}).get("launch", {})


def bar(app: Sphinx, pagename: str) -> str:
    """The bar at the top of a page: the other language, then the launch buttons."""
    language = app.config.language
    other = OTHER[language]
    parts = [f'<a class="t21-other-language" href="{other_language(pagename, language)}" '
             f'hreflang="{other}" lang="{other}">'
             f'{html.escape(template("book.other_language", language))}</a>']
    links = launch_links(app, pagename)
    if links:
        buttons = "".join(
            f'<a class="t21-launch t21-launch-{kind}" href="{html.escape(url)}" rel="noopener">'
            f'{html.escape(template(f"book.{kind}", language))}</a>' for kind, url in links.items())
        parts.append(f'<span class="t21-launch-label">'
                     f'{html.escape(template("book.launch", language))}</span>{buttons}')
    mark = ""
    if pagename == GUIDE:
        mark = (f'<p class="t21-teacher-mark">'
                f'{html.escape(template("book.teacher_mark", language))}</p>')
    label = html.escape(template("book.bar", language))
    return f'<nav class="t21-bar" aria-label="{label}">{"".join(parts)}</nav>{mark}'


def add_bar(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Put the bar at the top of every page's body."""
    if "body" in context:
        context["body"] = bar(app, pagename) + context["body"]


def copy_mathjax(app: Sphinx, exception: Exception | None) -> None:
    """Copy MATHJAX_PARTS into the book's _static/mathjax."""
    if exception is not None or app.builder.format != "html":
        return
    source = Path(jupyter_server_mathjax.__file__).parent / "static"
    target = Path(app.outdir) / "_static" / "mathjax"
    for part in MATHJAX_PARTS:
        if (source / part).is_dir():
            shutil.copytree(source / part, target / part, dirs_exist_ok=True)
        else:
            (target / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / part, target / part)


def setup(app: Sphinx) -> dict:
    # MathJax on every page, not only where Sphinx sees maths: the widgets' texts hold maths too.
    app.set_html_assets_policy("always")
    app.connect("html-page-context", add_bar)
    app.connect("build-finished", copy_mathjax)
    app.config.html_static_path.append(str(Path(__file__).parent / "static"))
    app.add_css_file("book.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
