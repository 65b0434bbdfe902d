"""Issue 34, UX review 19: a tab's chart is never a blank place while it is computed (it said
nothing for 2–4 s on a projector), and each player's turn in the order of play shows as a
number before his name."""

import re

import pytest

from .test_app_sizes import LONG_HAND_JS, SEATS_FIT_JS, SIZES, app_page, deal_until_a_turn

# Samples (every 20 ms for `ms` ms) in which the chart `selector` is on screen with neither
# its picture nor its «being drawn» box, and whether a picture came: [blank, drawn].
BLANK_CHART_JS = """([selector, ms]) => new Promise((done) => { let blank = 0, drawn = false;
  const start = performance.now(); const timer = setInterval(() => {
    const chart = document.querySelector(selector);
    drawn = chart !== null && chart.querySelector('img') !== null;
    if (chart && chart.offsetParent !== null) {
      if (!drawn && chart.querySelector('.t21-chart-wait') === null) { blank += 1; }
    }
    if (drawn || performance.now() - start > ms) { clearInterval(timer); done([blank, drawn]); }
  }, 20); })"""


@pytest.mark.parametrize("tab, chart, language", [
    (1, ".t21-app .t21-advice-chart", "en"), (2, ".t21-app .t21-strategy-chart", "ru")])
def test_a_chart_says_it_is_coming_until_it_is_drawn(voila_app, chromium, no_errors,
                                                   screenshot, tab, chart, language):
    """From the moment a tab opened for the first time shows its chart's place until the
    picture is drawn, the place shows the words that it is being drawn, never nothing."""
    width, height = SIZES["projector"]
    with app_page(chromium, voila_app, (width, height), language) as (page, _):
        page.evaluate("(args) => { window.t21Blank = (" + BLANK_CHART_JS + ")(args); }",
                      [chart, 30_000])
        page.get_by_role("tab").nth(tab).click()
        if tab == 2:  # (its map shows after the class's guess, or at «Show the map»)
            page.locator(".t21-app .t21-strategy .t21-guess-show").click()
        blank, drawn = page.evaluate("() => window.t21Blank")
        screenshot(page, f"i34r19_{language}_tab{tab}_drawn")
        assert drawn, "no picture within 30 s"
        assert blank == 0, f"the chart's place was blank for about {20 * blank} ms"
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone", "projector"])
def test_each_seat_shows_its_turn_in_the_order_of_play(voila_app, chromium, no_errors,
                                                       screenshot, size, language):
    """R7: the players play from the banker's right. During the student's turn every seat but
    the banker's shows its turn, 1 to the number of players, and the number is on the name's
    line, inside the name's cell."""
    width, height = SIZES[size]
    with app_page(chromium, voila_app, (width, height), language,
                  phone=size == "phone") as (page, table):
        deal_until_a_turn(page, table, language)
        screenshot(page, f"i34r19_{size}_{language}_turns")
        rings = table.locator(".t21-seats .t21-turn")
        numbers = sorted(int(ring.inner_text()) for ring in rings.all())
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 2, numbers
        for ring in rings.all():
            name = ring.locator("xpath=following-sibling::b[1]").bounding_box()
            mark = ring.bounding_box()
            assert abs((mark["y"] + mark["height"] / 2) - (name["y"] + name["height"] / 2)) < 8, \
                (mark, name)
            assert re.search(r"\d", ring.get_attribute("title") or "")
        no_errors(page)


# The student's total written as the longest a total gets, «натуральное 21» (R9).
LONGEST_TOTAL_JS = """() => { const cell = [...document.querySelectorAll(
  '.t21-app .t21-seat-cards')]
  .find((c) => c.getBoundingClientRect().width > 0 && c.querySelector('svg'));
  cell.nextElementSibling.querySelector('b').textContent = 'натуральное 21'; }"""


def test_six_cards_stay_in_one_row_beside_the_longest_total_on_a_small_phone(
        voila_app, chromium, no_errors, screenshot):
    """CI (flaky): at 360 px a hand of six cards beside «натуральное 21» lay in two rows, as if
    two hands; the total goes under the cards instead, at the seat's right, and nothing is
    cut."""
    with app_page(chromium, voila_app, (360, 800), "ru", phone=True) as (page, table):
        deal_until_a_turn(page, table, "ru")
        page.evaluate(LONGEST_TOTAL_JS)
        cells = page.evaluate(LONG_HAND_JS, 6)
        fit = page.evaluate(SEATS_FIT_JS)
        screenshot(page, "i34r19_phone360_ru_six_cards_natural")
        assert cells["cards"] == 6 and cells["rows"] == 1, cells
        assert fit["content"] <= fit["box"] + 1 and fit["cut"] == [], fit
        no_errors(page)


# The chosen option's text width and the room a select gives it (its width inside its padding).
OPTION_ROOM_JS = """(selector) => { const s = [...document.querySelectorAll(selector)].find(
  (e) => e.getBoundingClientRect().width > 0); const cs = getComputedStyle(s);
  const pen = document.createElement('canvas').getContext('2d'); pen.font = cs.font;
  return [pen.measureText(s.options[s.selectedIndex].text).width,
          s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)]; }"""


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_rules_menus_show_their_whole_names_on_a_projector(voila_app, chromium, no_errors,
                                                               screenshot, language):
    """UX review 19: at 1024 px the rules' menus read "historical (19th-century Russ" and
    «двадцать одно (Россия»; each now shows its chosen rules' whole name."""
    width, height = SIZES["projector"]
    with app_page(chromium, voila_app, (width, height), language) as (page, _):
        for tab, menu in ((1, ".t21-advice-rules select"), (2, ".t21-strategy-rules select"),
                          (3, ".t21-sim-rules select")):
            page.get_by_role("tab").nth(tab).click()
            page.locator(f".t21-app {menu}").first.wait_for()
            text, room = page.evaluate(OPTION_ROOM_JS, f".t21-app {menu}")
            assert text <= room, (menu, text, room)
        screenshot(page, f"i34r19_projector_{language}_rules_menu")
        no_errors(page)
