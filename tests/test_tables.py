"""A lesson's table shown as a table (issue 30.3): numbers flush right, text escaped, a row of the
wrong length refused with a message in the reader's language."""

from __future__ import annotations

import pytest

from twentyone_edu.widgets.tables import table_html
from twentyone_edu.words.errors import RuleError


def test_a_header_row_and_one_row_per_row_with_numbers_flush_right():
    html = table_html([["Anna", "−0,25"], ["Boris", "7.8 %"]], header=["who", "result"])
    assert html.count("<tr>") == 3 and html.count('<th scope="col"') == 2
    cells = html.split("<td")[1:]
    assert ["right" in cell for cell in cells] == [False, True, False, True]


def test_text_is_escaped():
    assert "<b>" not in table_html([["<b>x</b>"]])


def test_a_row_of_the_wrong_length_is_refused_in_russian_too():
    with pytest.raises(RuleError) as refused:
        table_html([["a", "b"], ["c"]])
    assert "1" in refused.value.in_language("ru") and "столбц" in refused.value.in_language("ru")
