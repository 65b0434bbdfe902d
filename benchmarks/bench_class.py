"""A whole class on one Voilà server: N visitors open the course app at once.

One Voilà server serves notebooks/app.ipynb with the repository's voila.json, as `make voila`
does. A rehearsal visit in Chromium records the files the page asks for, and its kernel is shut
down. Then N visitors arrive together: two in headless Chromium (browser contexts), who prove
end to end that a table renders and its Deal button is enabled under the class's load, and the
others light (light_visitor.py). A light visitor asks the server for everything the page asks
for: the page, which starts its kernel and runs the notebook, the page's 100 or so scripts and
styles, the kernel's model, the kernel's websocket and the widgets' state through ipywidgets'
control comm. It is interactive when that state holds an enabled Deal button. The server does
the same work for a light visitor as for a browser; only the rendering, which a student's own
computer does, is left out. With every visitor in Chromium, the 2-core machine spent 5 to 8 CPU
seconds per page on the browsers against about 1.4 on the server, so the time measured the load
generator, not the server (`python -m benchmarks.bench_class 30 --browsers=30` still runs that).
The server's memory is the RSS of the Voilà process and all its kernels once everyone is in,
minus the idle Voilà process's alone after the rehearsal, per visitor: each visitor's kernel
(from the pool or started for them) and what Voilà grew. With a pool of pre-heated kernels
(voila.json; the size the teacher sets, here the class's), the pool is warmed before the class:
full, and refilled after the rehearsal took one. Chromium runs at the lowest priority
(nice 19) so that the server's work comes first, as it would if the browsers were elsewhere.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

from benchmarks import light_visitor
from benchmarks.timing import NO_TARGET, report

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# As the Makefile's VOILA_KERNELS starts Voilà: kernels on IPC sockets, no port to race for.
VOILA_KERNELS = ("--KernelManager.transport=ipc",)
CLASS_SIZES = (30, 60)
RUNS = 3  # each class arrives this many times, each on a fresh server: every visitor, every time
BROWSERS = 2  # visitors in a real browser; the others are light (light_visitor.py)
ALL_IN = 15.0  # seconds until every one of 30 visitors can play, the pool warmed
PER_VISITOR_MB = 100.0
# Voilà's pre-heated kernels (voila.json turns the pool on): the teacher's setting, a pool the
# size of the class; or none, a cold server that starts each kernel as its visitor arrives.
POOL = "--VoilaConfiguration.default_pool_size={}"
# As `make voila VOILA_POOL=30` refills a class's pool: a taken kernel is replaced after this
# many seconds, once the class has arrived (the Makefile's VOILA_FILL for a pool above 1).
CLASS_FILL_DELAY = 60
FILL = "--VoilaKernelManager.fill_delay={}"
NO_POOL = "--VoilaConfiguration.preheat_kernel=False"
DEAL_READY_JS = """() => {
  const deal = document.querySelector('.t21-app .t21-table-widget button.t21-deal');
  return deal !== null && !deal.disabled;
}"""
KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)" \
               ".kernelId"
MB = 2**20


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=2).close()
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False
    return True


def _tree(process: psutil.Process) -> list[psutil.Process]:
    """The Voilà process and every process it started (its kernels)."""
    return [process, *process.children(recursive=True)]


def _rss(process: psutil.Process) -> int:
    """Bytes resident in the Voilà process and its kernels."""
    total = 0
    for member in _tree(process):
        try:
            total += member.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return total


def _cpu_seconds(process: psutil.Process, but: tuple[psutil.Process, ...] = ()) -> float:
    """CPU seconds (user and system) used so far by a process and its live children, leaving
    out the processes `but` and theirs."""
    left_out = {p.pid for outside in but for p in _tree(outside)}
    total = 0.0
    for member in _tree(process):
        if member.pid in left_out:
            continue
        try:
            times = member.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


class VoilaServer:
    """Voilà serving a copy of the course, with throwaway Jupyter folders, started from the
    copy's root so that it reads the repository's voila.json, with the kernels' transport of
    `make voila` (VOILA_KERNELS)."""

    def __init__(self, extra_args: tuple[str, ...] = ()):
        self.home = Path(tempfile.mkdtemp(prefix="t21-class-"))
        course = self.home / "course"
        shutil.copytree(ROOT / "notebooks", course / "notebooks",
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        if (ROOT / "voila.json").exists():
            shutil.copy(ROOT / "voila.json", course / "voila.json")
        env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1", "PYTHONDONTWRITEBYTECODE": "1",
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                           os.environ.get("PYTHONPATH")]))}
        for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                     "IPYTHONDIR", "MPLCONFIGDIR"):
            env[name] = str(self.home / name.lower())
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "voila", *VOILA_KERNELS, "notebooks/app.ipynb",
                   "--no-browser",
                   f"--port={self.port}", "--Voila.ip=127.0.0.1", *extra_args]
        with open(self.home / "voila.log", "wb") as log:
            self.process = subprocess.Popen(command, cwd=course, env=env, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        self.ps = psutil.Process(self.process.pid)
        deadline = time.monotonic() + 60
        while not _answers(self.url + "/voila/static/"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"Voilà did not start: {self.log_tail()}")
            time.sleep(0.25)

    def log_tail(self, lines: int = 20) -> str:
        """The last lines Voilà printed that are not routine."""
        text = (self.home / "voila.log").read_text(errors="replace")
        routine = ("Adapting from protocol", "Connecting to kernel", "Starting buffering",
                   "Kernel started", "Kernel shutdown", "Discarding")
        kept = [line for line in text.splitlines() if not any(r in line for r in routine)]
        return "\n".join(kept[-lines:])

    def pool_filled(self, times: int, seconds: float = 600) -> None:
        """Wait until Voilà has logged `times` times that its kernel pool is full."""
        deadline = time.monotonic() + seconds
        while (self.home / "voila.log").read_text(errors="replace").count(
                "is filled with") < times:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the kernel pool did not fill: {self.log_tail()}")
            time.sleep(0.5)

    def settle(self, seconds: float = 60) -> None:
        """Wait until the server and its kernels are idle (e.g. a pool has pre-heated)."""
        deadline = time.monotonic() + seconds
        before = _cpu_seconds(self.ps)
        while time.monotonic() < deadline:
            time.sleep(1)
            now = _cpu_seconds(self.ps)
            if now - before < 0.05:
                return
            before = now

    def stop(self) -> None:
        """SIGTERM the server (it shuts its kernels down), kill it if it hangs, remove its home."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        shutil.rmtree(self.home, ignore_errors=True)


class PeakRss(threading.Thread):
    """Samples the server's RSS every quarter second and keeps the highest."""

    def __init__(self, process: psutil.Process):
        super().__init__(daemon=True)
        self.process, self.peak, self.running = process, 0, True

    def run(self) -> None:
        while self.running:
            self.peak = max(self.peak, _rss(self.process))
            time.sleep(0.25)


def _lowest_priority(process: psutil.Process, but: psutil.Process) -> None:
    """Nice 19 for the browser: every child of ours but the server; renderers started later
    inherit it from the browser's zygote."""
    server = {p.pid for p in _tree(but)}
    for member in process.children(recursive=True):
        if member.pid not in server:
            try:
                member.nice(19)
            except psutil.Error:
                continue


async def _visit(browser, url: str, start: float, timeout_s: float) -> dict:
    """One visitor in a real browser: a fresh context opens the app; the seconds until each step,
    from `start`."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    marks: dict = {"context": context}  # closed by the caller once the memory is measured
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and problems.append(m.text[:200]))
    page.on("pageerror", lambda e: problems.append(str(e)[:200]))
    page.on("requestfailed", lambda r: problems.append(f"failed {r.url[:80]} {r.failure}"))
    await page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
    marks["response"] = time.perf_counter() - start
    await page.wait_for_load_state("load", timeout=timeout_s * 1000)
    marks["page loaded"] = time.perf_counter() - start
    try:
        await page.wait_for_function(DEAL_READY_JS, polling=100, timeout=timeout_s * 1000)
    except Exception as error:
        shown = (await page.content())[-600:].replace("\n", " | ")
        raise RuntimeError(f"not interactive; {problems[:5]}; page ends: {shown}") from error
    marks["interactive"] = time.perf_counter() - start
    failed = await page.get_by_text("Error displaying widget").count()
    if failed:
        raise RuntimeError(f"{failed} widgets failed to render")
    return marks


async def _rehearse(browser, server: VoilaServer, timeout_s: float) -> list[str]:
    """The teacher opens the app once before the class: the server's files the page asks for
    (its scripts and styles, for the light visitors), after which its kernel is shut down."""
    page = await browser.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    await page.goto(server.url + "/", timeout=timeout_s * 1000)
    await page.wait_for_function(DEAL_READY_JS, polling=100, timeout=timeout_s * 1000)
    kernel = await page.evaluate(KERNEL_ID_JS)
    await page.close()
    shut_down = urllib.request.Request(f"{server.url}/api/kernels/{kernel}", method="DELETE",
                                       headers={"Cookie": "_xsrf=t21", "X-XSRFToken": "t21"})
    await asyncio.to_thread(lambda: urllib.request.urlopen(shut_down, timeout=30).close())
    deadline = time.monotonic() + 30
    while server.ps.children(recursive=True) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    return [url for url in asked if url.startswith(server.url + "/voila/")]


async def _open_class(server: VoilaServer, visitors: int, browsers: int, timeout_s: float,
                      pooled: bool):
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        _lowest_priority(psutil.Process(), but=server.ps)
        visits: list = []
        try:
            statics = await _rehearse(browser, server, timeout_s)
            if pooled:  # the kernel the rehearsal took is replaced (fill_delay later)
                await asyncio.to_thread(server.pool_filled, 2)
            server.settle()
            idle = _rss(server.ps)  # with the pool's kernels, if any
            idle_voila = server.ps.memory_info().rss  # the Voilà process alone
            peak = PeakRss(server.ps)
            peak.start()
            light_visitor.use_connections((light_visitor.BROWSER_CONNECTIONS + 1) * visitors)
            us = psutil.Process()
            url = server.url + "/"
            start = time.perf_counter()
            cpu_before = _cpu_seconds(server.ps)
            voila_before = sum(server.ps.cpu_times()[:2])
            ours_before = sum(us.cpu_times()[:2])
            browser_before = _cpu_seconds(us, but=(server.ps,)) - ours_before
            visits = await asyncio.gather(
                *(_visit(browser, url, start, timeout_s) for _ in range(browsers)),
                *(light_visitor.visit(url, statics, start, timeout_s)
                  for _ in range(visitors - browsers)),
                return_exceptions=True)
            wall = time.perf_counter() - start
            cpu = _cpu_seconds(server.ps) - cpu_before
            voila_cpu = sum(server.ps.cpu_times()[:2]) - voila_before
            ours = sum(us.cpu_times()[:2])
            browser_cpu = _cpu_seconds(us, but=(server.ps,)) - ours - browser_before
            await asyncio.sleep(2)  # let the kernels finish answering the last page
            rss = _rss(server.ps)
            peak.running = False
            peak.join()
            kernels = len(server.ps.children(recursive=True))
        finally:
            for visit in visits:
                if isinstance(visit, dict) and "context" in visit:
                    await visit["context"].close()
                elif isinstance(visit, dict) and "socket" in visit:
                    visit["socket"].close()
            await browser.close()
    figures = {"wall": wall, "server cpu": cpu, "voila cpu": voila_cpu,
               "light cpu": ours - ours_before, "browser cpu": browser_cpu, "idle": idle,
               "idle voila": idle_voila,
               "rss": rss, "peak": peak.peak, "kernels": kernels, "statics": len(statics)}
    return visits, figures


def measure(visitors: int, extra_args: tuple[str, ...] = (), label: str = "",
            browsers: int = BROWSERS, timeout_s: float = 300,
            pool: int = 0) -> list[tuple[str, float, float]]:
    """Rows for one class of `visitors`, `browsers` of them in a real browser and the others
    light, opening the app together on a fresh Voilà server, with a warmed pool of `pool`
    pre-heated kernels (0: none, a cold server)."""
    browsers = min(browsers, visitors)
    setting = (POOL.format(pool), FILL.format(CLASS_FILL_DELAY)) if pool else (NO_POOL,)
    server = VoilaServer((*setting, *extra_args))
    try:
        if pool:
            server.pool_filled(1)
        server.settle()
        visits, f = asyncio.run(_open_class(server, visitors, browsers, timeout_s, pool > 0))
    finally:
        log = server.log_tail()
        server.stop()
    failed = [v for v in visits if not isinstance(v, dict)]
    warmed = f"a warmed pool of {pool}" if pool else "no pool"
    name = f"class of {visitors} ({browsers} in a browser, {warmed}){label}"
    if failed:
        print(f"{name}: {failed[0]!r}\nVoilà's log:\n{log}", file=sys.stderr)
        return [(f"{name}: {len(failed)} visitors failed (see stderr)", float("inf"), ALL_IN)]
    steps = {step: sorted(v[step] for v in visits)
             for step in ("response", "page loaded", "interactive")}
    real = [v["interactive"] for v in visits[:browsers]]
    return [
        (f"{name}: every table interactive (Deal enabled), s", steps["interactive"][-1],
         ALL_IN if visitors <= 30 and pool >= visitors else NO_TARGET),
        (f"{name}: median visitor interactive, s", statistics.median(steps["interactive"]),
         NO_TARGET),
        *((f"{name}: browser visitor {i} interactive (table rendered), s", t, NO_TARGET)
          for i, t in enumerate(real, 1)),
        (f"{name}: median visitor's first byte of the page, s",
         statistics.median(steps["response"]), NO_TARGET),
        (f"{name}: median visitor's page and its {f['statics']} files loaded, s",
         statistics.median(steps["page loaded"]), NO_TARGET),
        (f"{name}: server CPU s (Voilà and kernels) while opening, over {f['wall']:.0f} s wall",
         f["server cpu"], NO_TARGET),
        (f"{name}: server CPU s per visitor", f["server cpu"] / visitors, NO_TARGET),
        (f"{name}: of which the Voilà process itself (pages, files, messages), CPU s",
         f["voila cpu"], NO_TARGET),
        (f"{name}: load generator CPU s: light visitors (Python)", f["light cpu"], NO_TARGET),
        (f"{name}: load generator CPU s: browsers (Chromium, Playwright)", f["browser cpu"],
         NO_TARGET),
        (f"{name}: server RSS per visitor, its kernel and Voilà's growth ({f['kernels']} kernels;"
         f" idle Voilà {f['idle voila'] / MB:.0f} MB), MB",
         (f["rss"] - f["idle voila"]) / visitors / MB, PER_VISITOR_MB),
        (f"{name}: server RSS idle, before the class (Voilà and its pool), MB", f["idle"] / MB,
         NO_TARGET),
        (f"{name}: server RSS peak while opening, MB", f["peak"] / MB, NO_TARGET),
    ]


def main() -> list[tuple[str, float, float]]:
    """(what, measured, target) for classes of 30 and 60 opening the app at once, each with a
    warmed pool its size, RUNS times each, then 30 on a cold server: a visitor lost in any run
    (a kernel that could not start, say) is a failed row."""
    rows = [("machine: load average (1 min) before the classes", os.getloadavg()[0], NO_TARGET)]
    for visitors in CLASS_SIZES:
        for run in range(1, RUNS + 1):
            rows += measure(visitors, label=f", run {run} of {RUNS}", pool=visitors)
    rows += measure(CLASS_SIZES[0])
    return rows


if __name__ == "__main__":
    args = sys.argv[1:]
    sizes = [int(a) for a in args if a.isdigit()] or list(CLASS_SIZES)
    browsers = next((int(a.split("=")[1]) for a in args if a.startswith("--browsers=")), BROWSERS)
    pool = next((int(a.split("=")[1]) for a in args if a.startswith("--pool=")), None)
    extra = tuple(a for a in args if not a.isdigit()
                  and not a.startswith(("--browsers=", "--pool=")))
    print(json.dumps({"sizes": sizes, "browsers": browsers, "pool": pool, "voila args": extra,
                      "load average": os.getloadavg()}))
    for size in sizes:  # --pool=N: a warmed pool of N (0: none); by default one the class's size
        report(measure(size, extra, browsers=browsers, pool=size if pool is None else pool))
