"""Issue 34, UX review 12: a phone's header in one row of name and languages, the table's
settings under the seats, «Deal» as big in every round, the exact fractions of "19 or 20?"
in a projector's first screen, "Simulation" opening on its chart, the map chosen by the arrow
keys."""

import pytest

from .test_app_sizes import SCREENS, SIZES, app_page, box, focused, open_tab, play_to_settled

# The name's and the languages' boxes, and where the tabs start, below the app's top.
HEADER_JS = """() => { const top = document.querySelector('.t21-app').getBoundingClientRect().top;
  const at = (s) => { const r = document.querySelector(s).getBoundingClientRect();
    return {top: r.top - top, bottom: r.bottom - top}; };
  return {name: at('.t21-app-header h2'), languages: at('.t21-app-language'),
          tabs: at('.t21-app-tabs').top}; }"""
FONT_PX_JS = """(selector) => parseFloat(getComputedStyle([...document.querySelectorAll(selector)]
  .find((e) => e.getBoundingClientRect().height > 0)).fontSize)"""
# «Deal»'s place in the app (the page may scroll to bring a focused box into view).
DEAL_IN_APP_JS = """() => { const app = document.querySelector('.t21-app').getBoundingClientRect();
  const r = document.querySelector('.t21-app .t21-deal').getBoundingClientRect();
  return {left: r.left - app.left, top: r.top - app.top}; }"""
MENUS_JS = """() => [...document.querySelectorAll(
  '.t21-app .t21-strategy-first select, .t21-app .t21-strategy-second select')]
  .map((menu) => menu.value)"""


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone360", "phone"])
def test_a_phones_header_is_one_row(voila_app, chromium, no_errors, screenshot, size, language):
    """The name and the languages share one row (UX review 12: title, languages and tabs took
    215 px of a 915 px phone), and the tabs start at most 80 px down."""
    with app_page(chromium, voila_app, SCREENS[size], language, phone=True) as (page, _):
        seen = page.evaluate(HEADER_JS)
        screenshot(page, f"i34r12_{size}_{language}_header")
        name, languages = seen["name"], seen["languages"]
        assert name["top"] < languages["bottom"] and languages["top"] < name["bottom"], seen
        assert seen["tabs"] <= 80, seen
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_settings_open_under_the_seats(voila_app, chromium, no_errors, screenshot,
                                           language):
    """On a phone «Table settings» opens its box under the seats, with the focus on its rules'
    menu (UX review 14: in the names' box it opened the phone's keyboard): «Deal» stays where
    it was (UX review 12: the settings pushed the game off the screen), and «Banker by hand»
    is a 44 px target."""
    with app_page(chromium, voila_app, SIZES["phone"], language, phone=True) as (page, table):
        deal = page.evaluate(DEAL_IN_APP_JS)
        table.locator(".t21-settings-toggle").tap()
        table.locator(".t21-settings .t21-rules select").wait_for()
        page.wait_for_function("() => document.activeElement.closest('.t21-rules') !== null",
                               polling=100, timeout=15_000)
        screenshot(page, f"i34r12_phone_{language}_settings")
        assert page.evaluate(DEAL_IN_APP_JS) == deal  # (the app itself may scroll the box in)
        seats, settings = box(page, ".t21-app .t21-seats"), box(page, ".t21-app .t21-settings")
        assert settings["top"] >= seats["bottom"], (seats, settings)
        by_hand = box(page, ".t21-app .t21-banker-by-hand label")
        assert by_hand["bottom"] - by_hand["top"] >= 44, by_hand
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_deal_is_as_big_after_a_round(voila_app, chromium, no_errors, language):
    """«Deal» is in 22 px type before the first card and once a round is settled (UX review
    12: it shrank to 17 px after the first round, and was small in Russian)."""
    with app_page(chromium, voila_app, SIZES["projector"], language) as (page, table):
        assert page.evaluate(FONT_PX_JS, ".t21-app .t21-deal") >= 22
        play_to_settled(page, table, language)
        assert page.evaluate(FONT_PX_JS, ".t21-app .t21-deal") >= 22
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_exact_fractions_are_in_a_projectors_first_screen(voila_app, chromium, no_errors,
                                                              screenshot, language):
    """"19 or 20?" at 1024×768: the table of exact fractions ends inside the screen (UX review
    12: it began at 650 px, under the boxes, and ran off the bottom)."""
    width, height = SIZES["projector"]
    with app_page(chromium, voila_app, (width, height), language) as (page, _):
        open_tab(page, 1, ".t21-advice", ".t21-advice-card")
        page.locator(".t21-app .t21-advice-table table").wait_for()
        screenshot(page, f"i34r12_projector_{language}_fractions")
        table = box(page, ".t21-app .t21-advice-table")
        assert 0 <= table["top"] and table["bottom"] <= height, table
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["projector", "phone"])
def test_the_simulation_opens_on_its_chart(voila_app, chromium, no_errors, screenshot, size,
                                           language):
    """Before any Run, "Simulation" shows its chart's axes with the exact value's line, in the
    first screen (UX review 12: an empty form, the chart only after Run)."""
    width, height = SIZES[size]
    phone = size == "phone"
    with app_page(chromium, voila_app, (width, height), language, phone=phone) as (page, _):
        open_tab(page, 3, ".t21-simulation", ".t21-sim-run")
        chart = page.locator(".t21-app .t21-sim-chart img")
        chart.wait_for()
        screenshot(page, f"i34r12_{size}_{language}_simulation")
        assert "0 / " in page.locator(".t21-app .t21-sim-count").inner_text()
        assert "−0" in chart.get_attribute("alt"), chart.get_attribute("alt")
        found = box(page, ".t21-app .t21-sim-chart img")
        assert 0 <= found["top"] and found["bottom"] <= height, found
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_arrow_keys_move_round_the_map(voila_app, chromium, no_errors, screenshot,
                                           language):
    """«When to buy» on a projector by keyboard: Tab from the menus reaches the chosen cell of
    the map (its one stop, with a ring), and the arrows choose the next cell (UX review 12:
    the map's cells were out of the Tab order)."""
    with app_page(chromium, voila_app, SIZES["projector"], language) as (page, _):
        open_tab(page, 2, ".t21-strategy", ".t21-strategy-hits button")
        page.locator(".t21-app .t21-strategy-chart img").wait_for()
        assert page.evaluate(MENUS_JS) == ["10", "9"]
        ring = focused(page, "widget-button", tries=12)
        assert ring["outline"] >= 2, ring
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(f"() => ({MENUS_JS})().join() === '10,8'", polling=100)
        page.keyboard.press("ArrowUp")
        page.wait_for_function(f"() => ({MENUS_JS})().join() === '9,8'", polling=100)
        screenshot(page, f"i34r12_projector_{language}_map_keys")
        assert focused(page, "widget-button", tries=1)["outline"] >= 2
        no_errors(page)
