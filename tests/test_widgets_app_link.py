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


def test_the_app_notebook_reads_the_query_string_voila_gives_its_kernel():
    (cell,) = json.loads((ROOT / "notebooks" / "app.ipynb").read_text())["cells"]
    assert 'language_from_query(os.environ.get("QUERY_STRING", ""))' in "".join(cell["source"])
