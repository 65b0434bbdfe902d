"""Sphinx's settings for the course book (deploy/book.py builds it, one language per run:
`-D language=en` or `ru`). The notebooks come executed; Sphinx runs nothing."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

project = "twentyone_edu"
author = "the twentyone_edu authors"
copyright = "the twentyone_edu authors, MIT licence"
extensions = ["myst_nb", "t21book"]
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
templates_path: list[str] = []

nb_execution_mode = "off"
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "amsmath"]
# A cell's result in its richest form the book can show without JavaScript or a kernel.
nb_mime_priority_overrides = [("html", "text/latex", 5), ("html", "text/markdown", 4)]
suppress_warnings = ["mystnb.unknown_mime_type"]

html_theme = "sphinx_book_theme"
html_title = "twentyone_edu"
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None
html_theme_options = {
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "show_toc_level": 1,
    "home_page_in_toc": True,
}
# MathJax 2 from the jupyter-server-mathjax package (the MathJax Jupyter's own tools serve),
# copied into the book by t21book.py: the pages typeset their maths with no network. That package
# ships one combined configuration, TeX in and HTML-CSS out, with the STIX web fonts.
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
mathjax2_config = {
    "tex2jax": {
        "inlineMath": [["\\(", "\\)"], ["$", "$"]],
        "displayMath": [["\\[", "\\]"], ["$$", "$$"]],
        "processEscapes": True,
        "ignoreClass": "document",
        "processClass": "math|output_area|t21-still-math|cell_output",
    },
    "HTML-CSS": {"availableFonts": [], "webFont": "STIX-Web", "imageFont": None,
                 "preferredFont": None},
    "showMathMenu": False,
    "messageStyle": "none",
}
