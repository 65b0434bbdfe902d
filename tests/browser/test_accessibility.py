"""Accessibility (axe-core): the course's widgets have no serious or critical violations —
buttons named, images with text alternatives, enough contrast — in JupyterLab and in Voilà.
The whole page is also checked and kept in build/screenshots/axe_*.json, for the record only:
JupyterLab's and Voilà's own chrome is not ours to fix."""

BANKER = "notebooks/03_play_the_banker.ipynb"
# The app's tabs, in order: tab index -> the widget it shows
APP_TABS = {0: ".t21-table-widget", 1: ".t21-advice", 2: ".t21-strategy", 3: ".t21-simulation",
            4: ".t21-banker-chooser"}


def test_play_the_banker_widgets_in_jupyterlab(lab, browser_page, axe):
    page = browser_page
    lab.open_and_run(page, BANKER)
    page.locator(".t21-table-widget").first.wait_for()
    page.locator(".t21-quiz").first.wait_for()
    found = axe.serious(page)
    axe.report(page, "jupyterlab_02")
    assert found == [], axe.describe(found)


def test_voila_app_header_and_tabs(voila_app, browser_page, axe):
    page = browser_page
    page.goto(voila_app.url)
    page.locator(".t21-app .t21-table-widget").wait_for()
    found = {".t21-app-header": axe.serious(
        page, (".t21-app-header", ".t21-app-language", ".t21-app-tabs .lm-TabBar"))}
    tabs = page.get_by_role("tab")
    for index, widget in APP_TABS.items():
        tabs.nth(index).click()
        page.locator(f".t21-app {widget}").wait_for()
        found[widget] = axe.serious(page, (f".t21-app {widget}",))
    axe.report(page, "voila_app")
    failing = {part: violations for part, violations in found.items() if violations}
    assert failing == {}, "\n".join(f"{part}:\n{axe.describe(violations)}"
                                    for part, violations in failing.items())
