"""Issue 34, UX review 18: on a projector «Table settings» opens under its button, not under
five seats, and opening the odds moves no column of the seats."""

import pytest

from .test_app_sizes import (
    SIZES,
    app_page,
    box,
    deal_until_a_turn,
    play_to_settled,
    sit_away_from_the_bank,
)

# How far the odds' cells run past the app's right edge (px; 0 or less: inside it).
ODDS_OVER_JS = """() => Math.max(...[...document.querySelectorAll(
  '.t21-app .t21-odds-view td, .t21-app .t21-odds-view th')].map((e) =>
  e.getBoundingClientRect().right)) - document.querySelector('.t21-app')
  .getBoundingClientRect().right"""
# The left edges of the seat table's heading cells (its columns).
COLUMNS_JS = """() => [...document.querySelectorAll('.t21-app .t21-seats thead th')]
  .map((th) => Math.round(th.getBoundingClientRect().left))"""


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_settings_open_under_their_button_on_a_projector(voila_app, chromium, no_errors,
                                                            screenshot, language):
    """UX review 18: at 1024×768 «Table settings» opened 430 px below its button, under the
    five seats. Between rounds it opens under the buttons and the status, over the seats, and
    its first row is in sight."""
    width, height = SIZES["projector"]
    with app_page(chromium, voila_app, (width, height), language) as (page, table):
        toggle = table.locator(".t21-settings-toggle")
        toggle.click()
        table.locator(".t21-settings .t21-rules select").wait_for()
        screenshot(page, f"i34r18_projector_{language}_settings")
        button, status = box(page, ".t21-app .t21-settings-toggle"), box(
            page, ".t21-app .t21-status")
        settings, seats = box(page, ".t21-app .t21-settings"), box(page, ".t21-app .t21-seats")
        assert status["bottom"] - 1 <= settings["top"] <= button["bottom"] + 120, \
            (button, status, settings)
        assert settings["bottom"] <= seats["top"] + 1, (settings, seats)
        assert box(page, ".t21-app .t21-settings .t21-rules select")["bottom"] <= height
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["projector", "desktop"])
def test_the_odds_open_beside_steady_columns(voila_app, chromium, no_errors, screenshot, size,
                                             language):
    """UX review 18: at 1024×768 «Odds» narrowed the seats' columns (the cards moved 59 px).
    At 1024 and 1280 px the columns stay where they were, the odds beside them and inside the
    app (UX review 19: 42 px past it in Russian), each total's chance a bar."""
    width, height = SIZES[size]
    with app_page(chromium, voila_app, (width, height), language) as (page, table):
        play_to_settled(page, table, language)  # (the first bank drawn: a seat away from it)
        sit_away_from_the_bank(table, "click")
        deal_until_a_turn(page, table, language)
        before = page.evaluate(COLUMNS_JS)
        table.locator(".t21-odds").click()
        table.locator(".t21-odds-view .t21-odds-bar").first.wait_for()
        screenshot(page, f"i34r18_{size}_{language}_odds")
        after = page.evaluate(COLUMNS_JS)
        assert max(abs(a - b) for a, b in zip(before, after, strict=True)) <= 1, (before, after)
        odds = box(page, ".t21-app .t21-odds-view")
        seats = table.locator(".t21-seats table").first.bounding_box()
        assert odds["top"] < height - 100, odds
        left = page.evaluate("() => document.querySelector('.t21-app .t21-odds-view')"
                             ".getBoundingClientRect().left")
        assert left >= seats["x"] + seats["width"] - 1, (left, seats)
        # (UX review 19: the Russian chances ran 42 px past the app's right edge)
        assert page.evaluate(ODDS_OVER_JS) <= 0, "the odds run past the app's right edge"
        no_errors(page)


# The longest run, in ms, of 20 ms samples with the focus on the page's <body>, over `ms` ms.
BODY_FOCUS_JS = """(ms) => new Promise((done) => { let run = 0, most = 0;
  const start = performance.now(); const timer = setInterval(() => {
    run = document.activeElement === document.body ? run + 20 : 0; most = Math.max(most, run);
    if (performance.now() - start > ms) { clearInterval(timer); done(most); } }, 20); })"""


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_keyboards_focus_stays_in_the_buttons_row(voila_app, chromium, no_errors,
                                                      language):
    """UX review 19: after «Deal» by the keyboard the others played in sight, «Show the rest
    now» went, and the focus lay on the page for up to a second before the kernel sent it to
    «Buy a card»: a Tab pressed then started again at the top. In three rounds dealt by Enter,
    the focus is never on the page for more than 300 ms."""
    width, height = SIZES["desktop"]
    with app_page(chromium, voila_app, (width, height), language) as (page, table):
        play_to_settled(page, table, language)  # (the first bank drawn)
        for _ in range(3):
            table.locator(".t21-deal").focus()
            page.keyboard.press("Enter")
            assert page.evaluate(BODY_FOCUS_JS, 4000) <= 300
            play_to_settled(page, table, language, deal=False)
        no_errors(page)
