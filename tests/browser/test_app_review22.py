"""Issue 34, UX review 22: on a phone "19 or 20?" showed its chart shrunk to about half its
size, labels of about 8 px, and so did "Simulation". A phone's screen now chooses pictures drawn
for its column (the chances' bars lying across), their text at least 15 px as shown, at 360 and
at 412 px."""

import pytest

from .test_app_sizes import CHART_TEXT_JS, app_page, open_tab


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("width, height", [(360, 800), (412, 915)])
def test_a_phone_reads_the_charts(voila_app, chromium, no_errors, screenshot, width,
                                         height, language):
    with app_page(chromium, voila_app, (width, height), language, phone=True) as (page, _):
        open_tab(page, 1, ".t21-advice", ".t21-advice-hand-button")
        page.locator(".t21-advice-chart img").wait_for()
        charts = page.evaluate(CHART_TEXT_JS, ".t21-app .t21-advice-chart img")
        assert len(charts) == 1, charts
        chart = charts[0]
        assert chart["narrow"] and chart["own"] == 360, chart
        assert chart["shown"] <= width and chart["px"] >= 15, chart
        page.locator(".t21-advice-chart img").scroll_into_view_if_needed()
        screenshot(page, f"i34r22_{width}_{language}_chances")
        open_tab(page, 3, ".t21-simulation", ".t21-sim-run")
        page.locator(".t21-sim-run").click()
        page.locator(".t21-sim-chart img").wait_for()
        running = page.evaluate(CHART_TEXT_JS, ".t21-app .t21-sim-chart img")
        assert len(running) == 1 and running[0]["narrow"] and running[0]["own"] == 360, running
        assert running[0]["shown"] <= width and running[0]["px"] >= 15, running
        screenshot(page, f"i34r22_{width}_{language}_simulation")
        no_errors(page)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_projector_keeps_the_upright_chart(voila_app, chromium, no_errors, language):
    with app_page(chromium, voila_app, (1024, 768), language) as (page, _):
        open_tab(page, 1, ".t21-advice", ".t21-advice-hand-button")
        page.locator(".t21-advice-chart img").wait_for()
        chart = page.evaluate(CHART_TEXT_JS, ".t21-app .t21-advice-chart img")[0]
        assert not chart["narrow"] and chart["own"] == 560, chart
        no_errors(page)
