"""Issue 34, UX review 15: the map's answer right over it on a projector, the whole map and
its colour scale in the first screen, and a phone's map in whole columns at every scroll."""

import pytest

from .conftest import CHANGED_JS
from .test_app_sizes import SCREENS, app_page, box, open_tab

# On a phone, the cells that show more than 3 px in the map's box (right of the first cards'
# labels; 3 px: the map's own right margin, a frame's width of the next column), their left and
# right edges, and the box's edges for them.
SHOWN_CELLS_JS = """() => { const box = document.querySelector('.t21-app .t21-strategy-mapbox');
  const from = box.querySelector('.t21-rowlabels').getBoundingClientRect().right;
  const to = box.getBoundingClientRect().right;
  const cells = [...box.querySelectorAll('.t21-strategy-hits button')]
    .map((e) => e.getBoundingClientRect()).filter((r) => r.right > from + 3 && r.left < to - 3);
  return {from, to, cells: cells.map((r) => [r.left, r.right])}; }"""


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_maps_answer_is_over_it_and_the_whole_map_on_a_projector(voila_app, chromium,
                                                                       no_errors, language):
    """UX review 15: a tapped cell's answer came 300 px away, in the left column; it is in
    one line right over the map, naming the hand, and the map with its colour scale's words
    lies inside a 1024×768 screen."""
    width, height = SCREENS["projector"]
    with app_page(chromium, voila_app, (width, height), language) as (page, _):
        open_tab(page, 2, ".t21-strategy", ".t21-strategy-hits button")
        page.locator(".t21-app .t21-strategy-chart img").wait_for()
        echo = page.locator(".t21-app .t21-strategy-echo")
        before = echo.inner_text()
        page.locator(".t21-app .t21-strategy-hits button").nth(6 * 10 + 7).click()
        page.wait_for_function(CHANGED_JS, arg=[echo.element_handle(), before], polling=100)
        said, found = box(page, ".t21-app .t21-strategy-echo"), \
            box(page, ".t21-app .t21-strategy-chart img")
        first = page.locator(".t21-strategy-first select option:checked").inner_text()
        second = page.locator(".t21-strategy-second select option:checked").inner_text()
        assert echo.inner_text().startswith(f"{first} + {second}:"), echo.inner_text()
        assert said["bottom"] <= found["top"] + 1 and found["top"] - said["bottom"] < 20, \
            (said, found)
        assert said["bottom"] - said["top"] < 40, f"the answer takes two lines: {said}"
        assert 0 <= found["top"] and found["bottom"] <= height, f"the map at {found}"
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone360", "phone"])
def test_a_phones_map_shows_whole_columns(voila_app, chromium, no_errors, size, language):
    """UX review 15: the phone's map opened with a column cut in half at its left edge; the
    cells in sight are whole columns when it opens and after a swipe stops anywhere."""
    width, height = SCREENS[size]
    with app_page(chromium, voila_app, (width, height), language, phone=True) as (page, _):
        open_tab(page, 2, ".t21-strategy", ".t21-strategy-hits button")
        page.locator(".t21-app .t21-strategy-zoomed .t21-strategy-chart img").wait_for()
        page.wait_for_timeout(500)
        for scrolled in (None, 30, 170, 1):
            if scrolled is not None:
                page.evaluate("(x) => document.querySelector('.t21-app .t21-strategy-mapbox')"
                              ".scrollTo({left: x})", scrolled)
                page.wait_for_timeout(600)
            shown = page.evaluate(SHOWN_CELLS_JS)
            assert len(shown["cells"]) >= 4 * 10, shown
            cut = [cell for cell in shown["cells"]
                   if cell[0] < shown["from"] - 1 or cell[1] > shown["to"] + 1]
            assert cut == [], f"after a scroll to {scrolled}: cells cut at {shown}"
        no_errors(page)
