"""Accessibility, headless: no slider (its handle has no accessible name), every button and box
named in words, every picture with a text alternative, every colour of text readable (WCAG AA
4.5:1), in both languages and with the widgets in use."""

import re
from fractions import Fraction

import ipywidgets as widgets
import pytest

from twentyone_edu.widgets import (
    AdviceExplorer,
    BankerChooser,
    Quiz,
    SimulationExplorer,
    StrategyExplorer,
    TableWidget,
    card_faces,
    common,
)


def table(language):
    w = TableWidget(["You", "Vera", "Pavel"], seed=4, language=language)
    w.table.stack_shoe("2 A 10 10 10 6 5 8")  # Vera banks; You 10+6 to act, the odds shown
    w.deal_button.click()
    w.odds_toggle.value = True
    assert w.table.to_act == "You"
    return w


def simulation(language):
    w = SimulationExplorer(rounds=1_000, language=language)
    w.run_button.click()
    w.run_steps(10)
    return w


def banker(language):
    w = BankerChooser(players=4, seed=3, language=language)
    w.all_button.click()
    return w


def quizzes(language):
    typed = Quiz("1/2?", answer=Fraction(1, 2), hints=["half"], language=language)
    typed.answer_box.value = "0.3"
    typed.check_button.click()
    typed.hint_button.click()
    chosen = Quiz("Which?", answer="b", choices=["a", "b"], language=language)
    return widgets.VBox([typed, chosen])


BUILDERS = {
    "table": table,
    "advice": lambda language: AdviceExplorer(hand="10 9", language=language),
    "strategy": lambda language: StrategyExplorer(language=language),
    "simulation": simulation,
    "banker": banker,
    "quiz": quizzes,
}
CASES = [(name, language) for name in BUILDERS for language in ("en", "ru")]


def parts(widget):
    """The widget and every widget inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from parts(child)


def html_of(widget) -> str:
    return " ".join(w.value for w in parts(widget)
                    if isinstance(w, widgets.HTML | widgets.HTMLMath) and w.value)


@pytest.fixture(scope="module", params=CASES, ids=[f"{n}-{lang}" for n, lang in CASES])
def built(request):
    name, language = request.param
    return BUILDERS[name](language)


def test_no_slider_anywhere(built):
    sliders = [type(w).__name__ for w in parts(built) if "Slider" in type(w).__name__]
    assert sliders == []


def test_every_button_says_what_it_does_in_words(built):
    for w in parts(built):
        if isinstance(w, widgets.Button | widgets.ToggleButton):
            assert re.search(r"\w", w.description), w
        if isinstance(w, widgets.ToggleButtons):
            assert all(re.search(r"\w", label) for label, _ in w.options)


def test_every_box_and_menu_has_a_visible_name(built):
    for w in parts(built):
        if isinstance(w, widgets.Text | widgets.IntText | widgets.BoundedIntText |
                      widgets.Dropdown | widgets.Checkbox):
            assert w.description.strip() or getattr(w, "placeholder", "").strip(), w


def test_every_picture_has_a_text_alternative(built):
    assert not any(isinstance(w, widgets.Image) for w in parts(built))  # no alt text possible
    page = html_of(built)
    for svg in re.findall(r"<svg[^>]*>", page):
        assert 'role="img"' in svg and re.search(r'aria-label="[^"]*\w[^"]*"', svg), svg
    for img in re.findall(r"<img[^>]*>", page):
        if 'style="display:none"' in img:  # (not a picture: the map's arrow keys, MAP_KEYS)
            assert 'alt=""' in img, img[:80]
            continue
        assert re.search(r'alt="[^"]*\w[^"]*"', img), img[:80]


def test_empty_table_headers_are_avoided(built):
    assert "<th></th>" not in html_of(built).replace(" ", "")


def contrast(one: str, other: str) -> float:
    """The WCAG 2 contrast ratio of two colours written #rrggbb or #rgb."""
    def light(colour):
        digits = colour.lstrip("#")
        digits = "".join(c * 2 for c in digits) if len(digits) == 3 else digits
        r, g, b = (((c / 12.92) if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
                   for c in (int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((light(one), light(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_ratio_is_the_wcag_formula():
    assert contrast("#000", "#fff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # just too light


def test_every_text_colour_shown_is_readable_on_white_and_on_the_highlight(built):
    page = html_of(built)
    shown = set(re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})\b", page))
    shown |= {c for c in re.findall(r'<text [^>]*fill="(#[0-9a-fA-F]{3,6})"', page)}
    for colour in shown | set(common.COLOURS.values()):
        assert contrast(colour, "#ffffff") >= 4.5, colour
        assert contrast(colour, common.HIGHLIGHT) >= 4.5, colour
    for background in re.findall(r"background:\s*(#[0-9a-fA-F]{3,6});color:\s*(#\w+)", page):
        assert contrast(*background) >= 4.5, background


# JupyterLab's light theme: the background of each button_style (--jp-brand-color1,
# --jp-success-color1, --jp-info-color1, --jp-warn-color1, --jp-error-color1), text white.
BUTTON_BACKGROUNDS = {"primary": "#1976d2", "success": "#388e3c", "info": "#0097a7",
                      "warning": "#f57c00", "danger": "#d32f2f"}


def test_white_text_on_a_coloured_button_is_readable(built):
    for w in parts(built):
        if isinstance(w, widgets.Button) and w.button_style:
            background = w.style.button_color or BUTTON_BACKGROUNDS[w.button_style]
            assert contrast(background, "#ffffff") >= 4.5, (w.description, background)


def test_card_faces_are_readable():
    for colour in (card_faces.RED, card_faces.BLACK, card_faces.NO_SUIT):
        assert contrast(colour, "#ffffff") >= 4.5
