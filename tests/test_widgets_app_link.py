"""The app's language from its link (notebooks/app.ipynb in Voilà, `?lang=ru`): a bad or
missing `lang` opens the app in English, never an error."""

import json

import pytest
from fresh_venv import ROOT

from twentyone_edu.widgets import CourseApp, language_from_query


@pytest.mark.parametrize("query", ["lang=ru", "?lang=ru", "lang=RU", "lang=ru-RU", "lang=ru_RU",
                                   "lang=%20ru%20", "voila-theme=dark&lang=ru", "lang=ru&lang=en"])
def test_a_link_asking_for_russian_opens_the_app_in_russian(query):
    assert language_from_query(query) == "ru"


@pytest.mark.parametrize("query", ["", "?", "lang=en", "lang=EN-gb", "lang=", "lang", "lang=de",
                                   "lang=russian", "lang=r", "language=ru", "LANG=ru", "lang=%ZZ",
                                   "lang=ru\u0301", "lang=" + "ru" * 10_000, "&&==&",
                                   "lang=en&lang=ru"])
def test_any_other_link_opens_the_app_in_english(query):
    assert language_from_query(query) == "en"


@pytest.mark.parametrize("query, title", [("lang=ru", "Стол"), ("lang=xx", "The table")])
def test_the_app_opens_in_the_language_of_the_link(query, title):
    assert CourseApp(language=language_from_query(query)).tabs.titles[0] == title


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_app_notebook_reads_the_query_string_voila_gives_its_kernel(language, monkeypatch):
    """Each app notebook, run as Voilà runs it: the link's ?lang= wins; without one, the app
    opens in the notebook's own language (the Russian app in Russian)."""
    folder = ROOT / "notebooks" / ("ru" if language == "ru" else "")
    (cell,) = json.loads((folder / "app.ipynb").read_text())["cells"]
    shown = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    for query, expected in (("", language), ("lang=en", "en"), ("lang=ru", "ru")):
        monkeypatch.setenv("QUERY_STRING", query)
        exec("".join(cell["source"]), {})
        assert shown.pop().language == expected, (language, query)
