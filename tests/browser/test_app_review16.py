"""Issue 34, UX review 16: a phone's number pad for the stake and the seed, and «Buy a card»
and «Stand» apart."""

import pytest

from .test_app_sizes import SCREENS, app_page, deal_until_a_turn

INPUT_MODE_JS = "(css) => document.querySelector(css).getAttribute('inputmode')"


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone360", "phone"])
def test_a_phone_types_a_stake_on_its_number_pad_and_buy_and_stand_are_apart(
        voila_app, chromium, no_errors, size, language):
    """The stake box, touched, asks the phone for its number pad (UX review 16: letters); on
    the student's turn «Buy a card» and «Stand», the two opposite choices, are 10 px apart or
    more, on one row (4 px)."""
    with app_page(chromium, voila_app, SCREENS[size], language, phone=True) as (page, table):
        stake = ".t21-app .t21-stake input"
        page.locator(stake).first.tap()
        assert page.evaluate(INPUT_MODE_JS, stake) == "numeric"
        deal_until_a_turn(page, table, language, press="tap")
        buy, stand = (table.locator(css).bounding_box() for css in (".t21-buy", ".t21-stand"))
        assert abs(buy["y"] - stand["y"]) <= 1, (buy, stand)
        assert stand["x"] - (buy["x"] + buy["width"]) >= 10, (buy, stand)
        no_errors(page)
