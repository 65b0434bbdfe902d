"""The course app in Voilà: a student plays a round and switches the whole app to Russian."""

import shutil
import time

from .conftest import ROOT, start_voila


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


def test_a_closed_pages_kernel_is_culled_and_the_pool_kept(jupyter_home, chromium):
    """UX review 23 left 47 kernels running, one for each page it had opened and closed: a
    class's reloads would fill the server's memory and, after about 170, its ZeroMQ sockets
    (CI 71). voila.json culls a kernel idle with no page open (its timeout shortened here);
    the pooled kernel, held by Voilà, stays, and the next page still gets the app."""
    shutil.copy(ROOT / "voila.json", jupyter_home["course"] / "voila.json")
    server = start_voila(jupyter_home, "notebooks/app.ipynb", "--VoilaKernelManager.fill_delay=0",
                         "--MappingKernelManager.cull_idle_timeout=3",
                         "--MappingKernelManager.cull_interval=1")
    try:
        context = chromium.new_context()
        for _ in range(2):
            page = context.new_page()
            page.goto(server.url)
            page.locator(".t21-app .t21-deal").wait_for(timeout=90_000)
            page.close()
        deadline = time.monotonic() + 60
        while server.log.read_text(errors="replace").count("Culling 'idle' kernel") < 2:
            assert time.monotonic() < deadline, server.log_tail()
            time.sleep(1)
        page = context.new_page()
        page.goto(server.url)
        page.locator(".t21-app .t21-deal").wait_for(timeout=90_000)
        time.sleep(5)  # idle past the timeout, its page open: kept
        assert server.log.read_text(errors="replace").count("Culling 'idle' kernel") == 2
        context.close()
    finally:
        server.stop()
