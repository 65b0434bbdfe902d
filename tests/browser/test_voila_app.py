"""The course app in Voilà: a student plays a round and switches the whole app to Russian."""


def test_app_plays_a_round_and_switches_to_russian(voila_app, browser_page, play_round,
                                                   no_errors, screenshot):
    page = browser_page
    page.goto(voila_app.url)
    table = page.locator(".t21-app .t21-table-widget")
    purses = play_round(table)
    # R15–R17: what one side wins the other loses; 100 each to begin with (Table's purse).
    assert sum(purses.values()) == 100 * len(purses), f"money was made or lost: {purses}"
    no_errors(page)
    screenshot(page, "voila_app")
    # voila.json's pool (issue 32): the page got a kernel that had built the app before it
    assert "Using pre-heated kernel" in voila_app.log.read_text(errors="replace")
    page.locator(".t21-app-language button", has_text="Русский").click()
    page.get_by_role("tab", name="Стол").wait_for()
    table.locator(".t21-deal", has_text="Сдать").wait_for()
    table.locator(".t21-settlement", has_text="Расчёт").wait_for()
    no_errors(page)
    screenshot(page, "voila_app_ru")
