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
def test_the_odds_open_beside_steady_columns_on_a_projector(voila_app, chromium, no_errors,
                                                            screenshot, language):
    """UX review 18: at 1024×768 «Odds» narrowed the seats' columns (the cards moved 59 px).
    The columns stay where they were, the odds beside them, each total's chance a bar."""
    width, height = SIZES["projector"]
    with app_page(chromium, voila_app, (width, height), language) as (page, table):
        play_to_settled(page, table, language)  # (the first bank drawn: a seat away from it)
        sit_away_from_the_bank(table, "click")
        deal_until_a_turn(page, table, language)
        before = page.evaluate(COLUMNS_JS)
        table.locator(".t21-odds").click()
        table.locator(".t21-odds-view .t21-odds-bar").first.wait_for()
        screenshot(page, f"i34r18_projector_{language}_odds")
        after = page.evaluate(COLUMNS_JS)
        assert max(abs(a - b) for a, b in zip(before, after, strict=True)) <= 1, (before, after)
        odds = box(page, ".t21-app .t21-odds-view")
        seats = table.locator(".t21-seats table").first.bounding_box()
        assert odds["top"] < height - 100, odds
        left = page.evaluate("() => document.querySelector('.t21-app .t21-odds-view')"
                             ".getBoundingClientRect().left")
        assert left >= seats["x"] + seats["width"] - 1, (left, seats)
        no_errors(page)
