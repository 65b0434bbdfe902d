"""Issue 34, UX review 14: a tab tapped while another is being built is not lost, and a triple
tap on «Buy a card» buys one card."""

import pytest

from .test_app_sizes import SIZES, app_page, deal_until_a_turn

SELECTED_JS = """() => [...document.querySelectorAll('.t21-app-tabs .lm-TabBar-tab')]
  .findIndex((tab) => tab.classList.contains('lm-mod-current'))"""
YOUR_CARDS_JS = "() => document.querySelectorAll('.t21-app .t21-your-row svg').length"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_second_tab_tapped_during_a_build_is_the_one_shown(voila_app, chromium, no_errors,
                                                            language):
    """«19 or 20?», then «When to buy» 0.1 s later, while the first is still being built: the
    map's tab is the one chosen and shown (UX review 14: the second tap was lost)."""
    with app_page(chromium, voila_app, SIZES["projector"], language) as (page, _):
        tabs = page.get_by_role("tab")
        tabs.nth(1).click()
        page.wait_for_timeout(100)
        tabs.nth(2).click()
        # (its map waits for the class's guess: the tab's question is what shows first)
        page.locator(".t21-app .t21-strategy .t21-strategy-hand").first.wait_for()
        page.wait_for_timeout(2_000)  # (the first tab's build and focus have come and gone)
        assert page.evaluate(SELECTED_JS) == 2
        assert page.locator(".t21-app .t21-strategy").first.is_visible()
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_triple_tap_on_buy_buys_one_card(voila_app, chromium, no_errors, language):
    """Three taps 50 ms apart on «Buy a card» are one decision (UX review 14: three cards)."""
    with app_page(chromium, voila_app, SIZES["phone"], language, phone=True) as (page, table):
        deal_until_a_turn(page, table, language, press="tap")
        before = page.evaluate(YOUR_CARDS_JS)
        buy = table.locator(".t21-buy")
        for _ in range(3):
            buy.dispatch_event("click")
            page.wait_for_timeout(50)
        page.wait_for_function(f"() => ({YOUR_CARDS_JS})() > {before}", polling=100)
        page.wait_for_timeout(1_500)
        assert page.evaluate(YOUR_CARDS_JS) == before + 1
        no_errors(page)
