"""Browser fixtures: JupyterLab and Voilà on free localhost ports, driven by Debian's Chromium.

Every server gets throwaway Jupyter config, runtime, data, settings, workspace and IPython
folders and serves a copy of notebooks/, so no state leaks between runs or into the repository.
Under CI (CI=true) a missing browser or axe-core is a failure, never a skip.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from twentyone_edu import numerals

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = ROOT / "build" / "screenshots"
AXE_DIR = ROOT / "build" / "axe"
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
AXE_PACKAGE = "axe-core@4"
TIMEOUT_MS = 90_000
VIEWPORT = {"width": 1280, "height": 900}


def under_ci() -> bool:
    """True when the CI environment variable says we run under CI."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing(what: str) -> None:
    """Fail under CI, otherwise skip with a message saying what to install."""
    if under_ci():
        pytest.fail(f"{what} (CI=true: browser tests must run)")
    pytest.skip(what)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(url: str) -> bool:
    """True once a server answers `url` with any HTTP status."""
    try:
        urllib.request.urlopen(url, timeout=2).close()
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False
    return True


class Server:
    """A Jupyter server process we started, its base URL and its log file."""

    def __init__(self, name: str, command: list[str], port: int, env: dict, cwd: Path,
                 log: Path, ready_path: str):
        self.name, self.port, self.log = name, port, log
        self.url = f"http://127.0.0.1:{port}"
        with open(log, "wb") as out:
            self.process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        self.wait_until_ready(ready_path)

    def log_tail(self, lines: int = 40) -> str:
        """The last lines the server printed."""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def wait_until_ready(self, ready_path: str, timeout: float = 90) -> None:
        """Poll `ready_path` until the server answers; fail with its log if it dies first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"{self.name} exited with {self.process.returncode}:\n"
                            f"{self.log_tail()}")
            if answers(self.url + ready_path):
                return
            time.sleep(0.25)
        self.stop()
        pytest.fail(f"{self.name} did not answer {ready_path} in {timeout} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """SIGTERM the process we started (it shuts its kernels down); kill it if it hangs."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class StaticSite:
    """The site served on 127.0.0.1, with every request's path and status recorded."""

    def __init__(self, folder: Path):
        self.requests: list[tuple[str, int]] = []
        requests = self.requests

        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                              ".wasm": "application/wasm", ".mjs": "text/javascript",
                              ".js": "text/javascript", ".json": "application/json"}

            def log_request(self, code="-", size="-"):
                requests.append((self.path, int(code) if str(code).isdigit() else 0))

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def missing(self) -> set[str]:
        """The file names the site was asked for and does not have (but the browser's own
        favicon.ico, which no page of the site names)."""
        return {path.split("?")[0].rsplit("/", 1)[-1] for path, code in self.requests
                if code == 404} - {"favicon.ico"}

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="package")
def jupyter_home(tmp_path_factory) -> dict:
    """Throwaway Jupyter/IPython folders, a copy of the course, and the environment using them."""
    home = tmp_path_factory.mktemp("jupyter_home")
    course = home / "course"
    shutil.copytree(ROOT / "notebooks", course / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    folders = {
        "JUPYTER_CONFIG_DIR": home / "config",
        "JUPYTER_DATA_DIR": home / "data",
        "JUPYTER_RUNTIME_DIR": home / "runtime",
        "JUPYTERLAB_SETTINGS_DIR": home / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": home / "lab-workspaces",
        "IPYTHONDIR": home / "ipython",
        "MPLCONFIGDIR": home / "matplotlib",
    }
    for folder in folders.values():
        folder.mkdir()
    notification = (folders["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "apputils-extension"
                    / "notification.jupyterlab-settings")
    notification.parent.mkdir(parents=True)
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # Render every cell (no windowing), so every widget is in the page for the tests to see.
    tracker = notification.parent.parent / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir()
    tracker.write_text(json.dumps({"windowingMode": "none"}))
    env = {**os.environ, **{name: str(path) for name, path in folders.items()},
           "JUPYTER_PLATFORM_DIRS": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    return {"home": home, "course": course, "env": env}


NOTEBOOK_READY_JS = """(path) => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path || !panel.context.isReady) {
    return false;
  }
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return Boolean(kernel) && kernel.connectionStatus === 'connected'
    && kernel.status === 'idle' && app.commands.isEnabled('notebook:run-all-cells');
}"""

# Run all the cells; the command's answer, or null after `seconds` (CI 42: the page froze past
# the server's 90 s ping, the kernel's connection dropped, and the command never answered, so
# an unbounded wait hung the whole run).
RUN_ALL_JS = """(seconds) => Promise.race([
  window.jupyterapp.commands.execute('notebook:run-all-cells'),
  new Promise((resolve) => setTimeout(() => resolve(null), seconds * 1000))])"""
RUN_ALL_SECONDS = 120

ALL_RUN_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const code = panel.content.widgets.filter(
    (cell) => cell.model.type === 'code' && cell.model.sharedModel.getSource().trim() !== '');
  return panel.sessionContext.session.kernel.status === 'idle'
    && code.every((cell) => cell.model.executionCount !== null);
}"""

ERROR_OUTPUTS = (".jp-OutputArea-output[data-mime-type*='error'], "
                 "[data-mime-type='application/vnd.jupyter.stderr']")

MODEL_ERRORS_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const found = [];
  panel.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') { return; }
    for (const output of cell.model.outputs.toJSON()) {
      if (output.output_type === 'error') {
        found.push(`cell ${index}: ${output.ename}: ${output.evalue}`);
      } else if (output.output_type === 'stream' && output.name === 'stderr') {
        found.push(`cell ${index} stderr: ${output.text}`);
      }
    }
  });
  return found;
}"""


def assert_no_errors(page: Page) -> None:
    """No widget failed to render and no output is an error or stderr (DOM and notebook model)."""
    broken = page.get_by_text("Error displaying widget")
    assert broken.count() == 0, f"{broken.count()} widgets failed to render"
    crashed = page.locator(".jupyter-widgets-error-widget")  # a view that threw in JavaScript
    assert crashed.count() == 0, f"{crashed.count()} widget views failed in JavaScript"
    errors = page.locator(ERROR_OUTPUTS)
    assert errors.count() == 0, "error output:\n" + "\n---\n".join(
        text or "" for text in (errors.nth(i).text_content() for i in range(errors.count())))


def assert_no_errors_in_notebook(page: Page) -> None:
    """assert_no_errors, plus no error or stderr output in any cell of the open notebook."""
    found = page.evaluate(MODEL_ERRORS_JS)
    assert found == [], "errors in the notebook:\n" + "\n".join(found)
    assert_no_errors(page)


@pytest.fixture(scope="session")
def no_errors():
    """no_errors(page): no widget failed to render and no error or stderr output is shown."""
    return assert_no_errors


class JupyterLab:
    """The JupyterLab server under test and the steps a student takes in it."""

    def __init__(self, server: Server):
        self.server = server

    def open(self, page: Page, path: str) -> None:
        """Open the notebook at `path` and wait until its kernel is idle and run-all is enabled."""
        page.goto(f"{self.server.url}/lab/tree/{path}")
        page.wait_for_function(NOTEBOOK_READY_JS, arg=path, polling=250)

    def run_all(self, page: Page) -> None:
        """Run every cell, await the command, then wait until every code cell has run; a run
        that never answers (its kernel connection dropped) is run once more, then fails."""
        for attempt in (1, 2):
            finished = page.evaluate(RUN_ALL_JS, RUN_ALL_SECONDS)
            if finished is False:
                assert_no_errors_in_notebook(page)
                raise AssertionError(f"run-all stopped early:\n{self.server.log_tail()}")
            try:
                page.wait_for_function(ALL_RUN_JS, polling=250)
            except PlaywrightTimeout:
                if attempt == 2:
                    raise
                continue
            break
        assert_no_errors_in_notebook(page)

    def open_and_run(self, page: Page, path: str) -> None:
        """Open the notebook at `path` and run all its cells without errors."""
        self.open(page, path)
        self.run_all(page)


def start_lab(jupyter_home: dict, name: str = "lab", **env: str) -> Server:
    """JupyterLab serving the course copy on a free port, no token, no news, app exposed;
    `env` adds to (or replaces) the environment of jupyter_home."""
    port = free_port()
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
        "--ServerApp.token=", "--ServerApp.password=", "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--ServerApp.root_dir={jupyter_home['course']}",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    return Server("JupyterLab", command, port, {**jupyter_home["env"], **env},
                  jupyter_home["course"], jupyter_home["home"] / f"{name}.log", "/api/status")


@pytest.fixture(scope="package")
def lab_server(jupyter_home) -> Server:
    """JupyterLab serving the course copy on a free port, no token, no news, app exposed."""
    server = start_lab(jupyter_home)
    yield server
    server.stop()


@pytest.fixture(scope="package")
def lab(lab_server) -> JupyterLab:
    """JupyterLab under test: lab.open(page, path), lab.run_all(page), lab.open_and_run(...)."""
    return JupyterLab(lab_server)


def start_voila(jupyter_home: dict, notebook: str, *options: str) -> Server:
    """Voilà serving `notebook` (a path inside the course copy) on a free port."""
    port = free_port()
    command = [sys.executable, "-m", "voila", notebook, "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", "--show_tracebacks=True", *options]
    log = jupyter_home["home"] / f"voila-{Path(notebook).stem}.log"
    return Server("Voilà", command, port, jupyter_home["env"], jupyter_home["course"], log,
                  "/voila/static/")


@pytest.fixture
def voila(jupyter_home):
    """voila(notebook) -> a Voilà server for that notebook, stopped after the test."""
    servers = []
    yield lambda notebook: servers.append(start_voila(jupyter_home, notebook)) or servers[-1]
    for server in servers:
        server.stop()


@pytest.fixture(scope="module")
def voila_app(jupyter_home) -> Server:
    """Voilà serving the course's app, notebooks/app.ipynb, with the class settings of
    voila.json: each page gets a kernel from the pre-heated pool, which has built the app before
    the page was asked for. The pool refills at once (not after voila.json's fill_delay), since
    the tests load one page after another. A fresh server for each test module: after about 170
    pages one server's ZeroMQ context ran out of sockets ("Too many open files", CI 71), and
    every later page failed."""
    shutil.copy(ROOT / "voila.json", jupyter_home["course"] / "voila.json")
    server = start_voila(jupyter_home, "notebooks/app.ipynb",
                         "--VoilaKernelManager.fill_delay=0")
    yield server
    server.stop()


@pytest.fixture(scope="package")
def chromium():
    """Debian's Chromium, headless, launched by Playwright with flags for a closed network."""
    if not CHROMIUM.exists():
        missing(f"{CHROMIUM} is missing: install Debian's chromium "
                "(apt-get install chromium) to run the browser tests")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium) -> Page:
    """A fresh browser page (own context: no shared storage), with generous timeouts."""
    context = chromium.new_context(viewport=VIEWPORT)
    context.set_default_timeout(TIMEOUT_MS)
    new_page = context.new_page()
    yield new_page
    context.close()


@pytest.fixture(scope="session")
def axe_source() -> str:
    """The axe-core script, installed from npm into build/axe on first use."""
    if not AXE_JS.exists():
        npm = shutil.which("npm")
        if npm is None:
            missing(f"{AXE_JS} is missing and npm is not installed: install nodejs and npm "
                    "to run the accessibility tests")
        subprocess.run([npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix",
                        str(AXE_DIR), AXE_PACKAGE], check=True, capture_output=True)
    return AXE_JS.read_text()


AXE_RUN_JS = """async (include) => {
  const result = await axe.run({include: include}, {resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ') + ' :: ' + n.failureSummary)}));
}"""


def axe_violations(page: Page, source: str, include: list[str]) -> list[dict]:
    """Run axe-core on the parts of the page matched by the `include` selectors."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=source)
    return page.evaluate(AXE_RUN_JS, [[selector] for selector in include])


# Every widget a notebook cell displays, in JupyterLab and in Voilà; not the surrounding chrome.
WIDGET_OUTPUTS = ".jp-OutputArea-output > .jupyter-widgets"


class Axe:
    """axe-core in the page under test."""

    def __init__(self, source: str):
        self.source = source

    def violations(self, page: Page, include: tuple[str, ...] = (WIDGET_OUTPUTS,)) -> list[dict]:
        """Every violation inside the `include` selectors (by default: the widgets only)."""
        return axe_violations(page, self.source, list(include))

    def serious(self, page: Page, include: tuple[str, ...] = (WIDGET_OUTPUTS,)) -> list[dict]:
        """The violations axe-core rates serious or critical inside the `include` selectors."""
        return [v for v in self.violations(page, include)
                if v["impact"] in ("serious", "critical")]

    def report(self, page: Page, name: str) -> list[dict]:
        """Every violation on the whole page, kept in build/screenshots/axe_<name>.json."""
        found = self.violations(page, ("body",))
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / f"axe_{name}.json").write_text(json.dumps(found, indent=1))
        return found

    @staticmethod
    def describe(violations: list[dict]) -> str:
        """Violations as readable lines for an assertion message."""
        return "\n".join(f"{v['impact']} {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"])
                         for v in violations)


@pytest.fixture(scope="session")
def axe(axe_source) -> Axe:
    """axe.serious(page) -> serious/critical violations in the widgets; axe.report(page, name)."""
    return Axe(axe_source)


class Screenshots:
    """Screenshots kept as test artifacts in build/screenshots/."""

    folder = SCREENSHOTS

    def __call__(self, page: Page, name: str) -> Path:
        """Save what the page shows now as build/screenshots/<name>.png."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{name}.png"
        page.screenshot(path=str(path))
        return path

    def element(self, locator: Locator, name: str) -> Path:
        """Save one element (e.g. a widget) as build/screenshots/<name>.png."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{name}.png"
        locator.screenshot(path=str(path))
        return path


@pytest.fixture(scope="session")
def screenshot() -> Screenshots:
    """screenshot(page, name) and screenshot.element(locator, name) into build/screenshots/."""
    return Screenshots()


CHANGED_JS = "([element, before]) => element.innerText !== before"
# What the table's status says, by language: who holds the bank, and that a round is settled.
TABLE_WORDS = {"en": (re.compile(r"The bank: ([^.]+?)\."), "is settled"),
               "ru": (re.compile(r"Банк держит ([^.:]+?)[.:]"), "рассчитан")}
PURSES_JS = """(seats) => Array.from(seats.querySelectorAll('tbody tr'))
  .filter((row) => row.querySelector('.t21-purse')).map((row) => [
    row.cells[0].querySelector('b').textContent.trim(),
    row.querySelector('.t21-purse').textContent.trim()])"""


# The student's turn (Buy shown and live) or the round settled (the status says so and Deal is
# shown and live): a button's `disabled` and its `display` are two models whose updates may reach
# the page in either order, so neither alone says the round is over (a CI run clicked a Deal
# that was live but hidden for the rest of the round).
YOUR_TURN_OR_OVER_JS = """([table, settled]) => {
  const live = (name) => { const button = table.querySelector(`.t21-${name}`);
    return button.offsetParent !== null && !button.disabled; };
  return live('buy') || (table.querySelector('.t21-status').innerText.includes(settled)
    && live('deal')); }"""


def click_and_wait_for_change(button: Locator, watched: Locator) -> None:
    """Click, then wait until the kernel has answered: the watched element's text changed."""
    before = watched.inner_text()
    button.click()
    watched.page.wait_for_function(CHANGED_JS, arg=[watched.element_handle(), before],
                                   polling=100)


BANKER_BADGE = re.compile(r"^(banker|банкир)$")


def seats_banker(table: Locator) -> str:
    """The name of the seat that wears the banker's badge on the table."""
    badge = table.locator(".t21-seats tbody td span", has_text=BANKER_BADGE).first
    return badge.locator("xpath=..").locator("b").first.inner_text().strip()


def take_a_seat_away_from_the_bank(table: Locator) -> str:
    """Choose in «You play» a seat that is not the bank's (its name is returned) and wait until
    the kernel has drawn the table for it (the student's row is that seat): a Deal clicked
    before then would meet a status line changed by the seat, not by the deal."""
    banker = seats_banker(table)
    seat_menu = table.locator(".t21-you select")
    seat = next(name for name in seat_menu.locator("option").all_inner_texts()
                if name != banker and "(" not in name)
    seat_menu.select_option(label=seat)
    table.locator(".t21-seats tr.t21-your-row b").filter(
        has_text=re.compile(f"^{re.escape(seat)}$")).wait_for()
    return seat


def play_a_round(table: Locator, max_deals: int = 12,
                 language: str = "en") -> dict[str, Fraction]:
    """At a TableWidget in `language`: draw for the bank, take a seat that is not the bank, then
    deal until the student may buy; buy one card, stand if still in, and wait for the settlement
    (R4–R17). Returns each seat's purse afterwards."""
    settled = TABLE_WORDS[language][1]
    status, log = table.locator(".t21-status"), table.locator(".t21-log")
    deal, buy, stand = (table.locator(f".t21-{name}") for name in ("deal", "buy", "stand"))
    draw_all = table.locator(".t21-draw-all")
    if not draw_all.is_visible():  # the set-up waits behind «Table settings» (issue 34)
        table.locator(".t21-settings-toggle").click()
        draw_all.wait_for()
    if draw_all.is_enabled():
        click_and_wait_for_change(draw_all, status)
    seat = take_a_seat_away_from_the_bank(table)
    for _ in range(max_deals):
        click_and_wait_for_change(deal, status)
        # the others before the student play at the table's pace: wait for his turn or the end
        table.page.wait_for_function(YOUR_TURN_OR_OVER_JS, arg=[table.element_handle(), settled],
                                     polling=100)
        if not (buy.is_visible() and buy.is_enabled()):
            continue  # a natural settled the round at once, or the bank passed (R9, R10)
        click_and_wait_for_change(buy, log)
        # the log may arrive before the buttons' own updates: a Stand still shown from before
        # the card is stale when the card ended his turn (a bust or a drawn 21, R11-R13), and
        # then it is hidden within moments and the round goes on without him
        try:
            stand.click(timeout=10_000)
        except PlaywrightTimeout:
            pass
        break
    else:
        pytest.fail(f"in {max_deals} deals the student was never asked to buy or stand")
    status.filter(has_text=settled).wait_for()
    panel = table.locator(".t21-settlement")
    try:  # the panel is redrawn just after the status line: wait for it, a busy machine is slow
        panel.filter(has_text=seat).wait_for(timeout=15_000)
    except PlaywrightTimeout:
        pytest.fail(f"no payment line for {seat}:\n{panel.inner_text()}")
    purses = table.locator(".t21-seats").evaluate(PURSES_JS)
    return {name: numerals.read(purse, language).value for name, purse in purses}


@pytest.fixture(scope="session")
def play_round():
    """play_round(table_locator) -> purses after one round with a buy and a stand (R4–R17)."""
    return play_a_round
