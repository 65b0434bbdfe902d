"""Issue 34, UX review 21: "19 or 20?" and "When to buy" showed their verdict before the class
could guess. In the app each asks first: buy or stand? The answer (and the map) shows after a
guess, which is said right or not, in the first screen, on a phone and on a projector."""

import pytest

from .test_app_sizes import SIZES, app_page, deal_until_a_turn, open_tab

GUESSED = {"en": ("Your guess", "right", "not this time"),
           "ru": ("Ваша догадка", "верно", "на этот раз нет")}
IN_VIEW_JS = """(selector) => { const e = [...document.querySelectorAll(selector)].find(
  (x) => x.getBoundingClientRect().height > 0); if (!e) { return null; }
  const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }"""


def in_view(page, selector: str, height: int, whole: bool = True) -> dict:
    """The first visible `selector`'s box, asserted inside the screen's height (or, not
    `whole`, its top: a phone's map is taller than its screen)."""
    found = page.evaluate(IN_VIEW_JS, selector)
    assert found is not None, f"nothing visible matches {selector}"
    assert 0 <= found["top"] and found["bottom" if whole else "top"] <= height - (
        0 if whole else 100), f"{selector} at {found}"
    return found


def hidden(page, selector: str) -> bool:
    return page.evaluate(IN_VIEW_JS, selector) is None


def the_guess_was_judged(page, root: str, language: str) -> None:
    """The guess line says right exactly when the answer shown is the one guessed."""
    said = page.locator(f"{root} .t21-guess-said").inner_text()
    mine, right, wrong = GUESSED[language]
    assert mine in said, said
    verdict = page.locator(f"{root} [class^='t21-verdict-']").first.get_attribute("class")
    assert (wrong in said) == (verdict == "t21-verdict-buy"), (said, verdict)  # we guessed stand
    assert (wrong in said) != (right + "." in said or right + "," in said), said


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone", "projector"])
def test_nineteen_or_twenty_asks_for_a_guess_before_its_verdict(voila_app, chromium,
                                                                no_errors, screenshot, size,
                                                                language):
    width, height = SIZES[size]
    root = ".t21-app .t21-advice"
    with app_page(chromium, voila_app, (width, height), language,
                  phone=size == "phone") as (page, _):
        open_tab(page, 1, ".t21-advice", ".t21-guess-stand", guessing=True)
        screenshot(page, f"i34r21_{size}_{language}_advice_asks")
        assert hidden(page, f"{root} .t21-verdict") and hidden(page, f"{root} .t21-advice-values")
        assert "10 + 9" in page.locator(f"{root} .t21-guess-prompt").inner_text()
        for part in ("t21-guess-prompt", "t21-guess-buy", "t21-guess-stand"):
            in_view(page, f"{root} .{part}", height)
        page.locator(f"{root} .t21-guess-stand").click()
        page.locator(f"{root} .t21-verdict b").wait_for()
        screenshot(page, f"i34r21_{size}_{language}_advice_answered")
        in_view(page, f"{root} .t21-guess-said", height)
        in_view(page, f"{root} .t21-verdict b", height)
        assert hidden(page, f"{root} .t21-guess-stand")
        the_guess_was_judged(page, root, language)
        page.locator(f"{root} .t21-advice-hand-button").last.click()  # a new hand asks again
        page.locator(f"{root} .t21-guess-prompt").filter(has_text="10 + 5").wait_for()
        assert hidden(page, f"{root} .t21-verdict")
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", ["phone", "projector"])
def test_when_to_buy_shows_its_map_after_a_guess(voila_app, chromium, no_errors, screenshot,
                                                 size, language):
    width, height = SIZES[size]
    root = ".t21-app .t21-strategy"
    with app_page(chromium, voila_app, (width, height), language,
                  phone=size == "phone") as (page, _):
        open_tab(page, 2, ".t21-strategy", ".t21-guess-stand", guessing=True)
        screenshot(page, f"i34r21_{size}_{language}_strategy_asks")
        assert hidden(page, f"{root} .t21-strategy-hits button")
        assert hidden(page, f"{root} .t21-strategy-cell")
        for part in ("t21-guess-prompt", "t21-guess-buy", "t21-guess-stand"):
            in_view(page, f"{root} .{part}", height)
        page.locator(f"{root} .t21-guess-cover").wait_for()
        page.locator(f"{root} .t21-guess-stand").click()
        page.locator(f"{root} .t21-strategy-hits button").first.wait_for()
        screenshot(page, f"i34r21_{size}_{language}_strategy_answered")
        assert hidden(page, f"{root} .t21-guess-cover")
        the_guess_was_judged(page, root, language)
        in_view(page, f"{root} .t21-guess-said", height)
        in_view(page, f"{root} .t21-strategy-chart img", height, whole=False)
        page.locator(f"{root} .t21-strategy-banker select").select_option("19")  # a new map
        page.locator(f"{root} .t21-guess-cover").wait_for()
        assert hidden(page, f"{root} .t21-strategy-hits button")
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_five_seats_fit_a_projector_before_the_first_deal_and_in_the_round(
        voila_app, chromium, no_errors, screenshot, language):
    """At 1024×768 every seat of the five is whole on the screen before the first card (the
    fifth was cut), and in the student's turn (a natural may pass the first round by him)."""
    width, height = SIZES["projector"]
    with app_page(chromium, voila_app, (width, height), language) as (page, table):
        rows = table.locator(".t21-seats tbody tr")
        assert rows.count() == 5
        screenshot(page, f"i34r21_projector_{language}_before_the_deal")
        assert rows.last.bounding_box()["y"] + rows.last.bounding_box()["height"] <= height
        deal_until_a_turn(page, table, language)
        screenshot(page, f"i34r21_projector_{language}_first_turn")
        last = table.locator(".t21-seats tbody tr:not(.t21-odds-row)").last.bounding_box()
        assert last["y"] + last["height"] <= height, last
        no_errors(page)
