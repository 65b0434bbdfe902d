"""Issue 34, UX review 16: «Buy a card» and «Stand» apart on a phone."""

import pytest

from .test_app_sizes import SCREENS, app_page, deal_until_a_turn


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone360", "phone"])
def test_buy_and_stand_are_apart_on_a_phone(
        voila_app, chromium, no_errors, size, language):
    """On the student's turn «Buy a card» and «Stand», the two opposite choices, are 10 px apart or
    more, on one row (4 px)."""
    with app_page(chromium, voila_app, SCREENS[size], language, phone=True) as (page, table):
        deal_until_a_turn(page, table, language, press="tap")
        buy, stand = (table.locator(css).bounding_box() for css in (".t21-buy", ".t21-stand"))
        assert abs(buy["y"] - stand["y"]) <= 1, (buy, stand)
        assert stand["x"] - (buy["x"] + buy["width"]) >= 10, (buy, stand)
        no_errors(page)
