"""A class arriving at once must not lose a visitor to a kernel port taken by another kernel
(issue 18.8): Voilà's kernels use IPC sockets, named after each kernel, not TCP ports picked
free and bound a moment later. `python -m benchmarks class` opens classes of 10 and 30 three
times each on this setting; here, that `make voila` and the benchmark start Voilà with it, and
that such a kernel works."""

from __future__ import annotations

import json
import re
from pathlib import Path

from jupyter_client import KernelManager
from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[1]


def voila_settings() -> Config:
    """The kernels' settings `make voila` gives Voilà on its command line (VOILA_KERNELS)."""
    line = next(line for line in (ROOT / "Makefile").read_text().splitlines()
                if line.startswith("VOILA_KERNELS :="))
    config = Config()
    for option in line.split(":=", 1)[1].split():
        section, _, rest = option.removeprefix("--").partition(".")
        name, _, value = rest.partition("=")
        config[section][name] = value
    return config


def test_make_voila_and_the_class_benchmark_start_kernels_on_ipc_sockets():
    from benchmarks import bench_class

    assert voila_settings().KernelManager.transport == "ipc"
    makefile = (ROOT / "Makefile").read_text()
    assert makefile.count("-m voila $(VOILA_KERNELS)") == 2, "make voila and make voila-ru"
    assert bench_class.VOILA_KERNELS == ("--KernelManager.transport=ipc",)


def test_nothing_at_the_top_shadows_the_voila_package():
    """`python -m voila`, run from the repository's top folder, must find Voilà itself."""
    assert not (ROOT / "voila.py").exists() and not (ROOT / "voila").exists()


def test_a_kernel_on_ipc_sockets_starts_answers_and_names_no_port(tmp_path):
    """A kernel as Voilà now starts one: its connection holds socket files, no TCP port."""
    manager = KernelManager(config=voila_settings(),
                            connection_file=str(tmp_path / "kernel-test.json"))
    manager.start_kernel(extra_arguments=["--HistoryManager.enabled=False"])
    try:
        client = manager.client()
        client.start_channels()
        client.wait_for_ready(timeout=60)
        reply = client.execute_interactive("print(6 * 7)", timeout=60,
                                           output_hook=lambda message: None)
        assert reply["content"]["status"] == "ok"
        info = manager.get_connection_info()
        assert info["transport"] == "ipc" and str(tmp_path) in info["ip"]
        assert list(tmp_path.glob("kernel-test-ipc-*")), "the sockets are files beside it"
        client.stop_channels()
    finally:
        manager.shutdown_kernel(now=True)


def test_the_app_is_served_from_a_pool_of_pre_heated_kernels_the_teacher_sizes():
    """Issue 32: voila.json turns Voilà's pool on (one kernel: one user's `make voila`); a
    teacher sizes it for the class (`make voila VOILA_POOL=30`, `--pool_size=30`), and the pool
    refills a class's pool only after the class has arrived, so refilling does not slow the
    arrival; one person's pool refills at once, since a visitor who finds the pool empty (a
    reload) waits for the refill (Voilà 0.5 queues the refill and hands it to the next
    visitor)."""
    from benchmarks import bench_class

    settings = json.loads((ROOT / "voila.json").read_text())
    assert settings["VoilaConfiguration"]["preheat_kernel"] is True
    assert settings["VoilaConfiguration"]["default_pool_size"] == 1
    assert settings["VoilaKernelManager"]["fill_delay"] <= 2
    makefile = (ROOT / "Makefile").read_text()
    assert "--VoilaConfiguration.default_pool_size=$(VOILA_POOL)" in makefile
    fill = re.search(r"^VOILA_FILL \?= \$\(if \$\(filter 1,\$\(VOILA_POOL\)\),(\d+),(\d+)\)$",
                     makefile, re.MULTILINE)
    one, a_class = int(fill.group(1)), int(fill.group(2))
    assert one == settings["VoilaKernelManager"]["fill_delay"]
    assert a_class == bench_class.CLASS_FILL_DELAY >= bench_class.ALL_IN
    assert makefile.count("--VoilaKernelManager.fill_delay=$(VOILA_FILL)") == 2
    assert bench_class.POOL.format(30) == "--VoilaConfiguration.default_pool_size=30"


def test_the_class_server_culls_the_kernels_of_closed_pages_only():
    """UX review 23: a kernel for each page opened and closed stayed until the server stopped.
    voila.json culls a kernel idle for half an hour with no page connected, never one whose
    page is open (test_voila_app watches it happen, its timeout shortened)."""
    culling = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
    assert culling == {"cull_idle_timeout": 1800, "cull_interval": 60, "cull_connected": False}
    assert "`cull_idle_timeout: 1800`, `cull_connected: false`" in (ROOT / "README.md").read_text()


def test_a_pre_heated_kernel_reads_its_visitors_link_once_the_visitor_arrives(monkeypatch):
    """page_query() in a pre-heated kernel waits for Voilà's word of the request (its websocket
    voila/query/<kernel id>, here a stand-in) and returns that page's query string."""
    import asyncio
    import threading

    from tornado.web import Application
    from tornado.websocket import WebSocketHandler

    from twentyone_edu.widgets import page_query

    port, asked, ready = free_port(), [], threading.Event()

    class Query(WebSocketHandler):
        def open(self, kernel_id):
            asked.append(kernel_id)
            self.write_message(json.dumps({"QUERY_STRING": "lang=ru"}))

    def serve():
        async def main():
            Application([(r"/voila/query/(.*)", Query)]).listen(port, "127.0.0.1")
            ready.set()
            await asyncio.sleep(30)

        asyncio.run(main())

    threading.Thread(target=serve, daemon=True).start()
    assert ready.wait(10)
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    assert page_query() == ""  # no pool: at once, the variable as Voilà set it
    for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port),
                        "VOILA_KERNEL_ID": "k-17", "VOILA_SERVER_URL": "/"}.items():
        monkeypatch.setenv(name, value)
    assert page_query() == "lang=ru"
    assert asked == ["k-17"]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_app_page_loads_no_extension_it_does_not_use():
    """Issue 32: the page asks for fewer files. The JupyterLab extensions installed beside the
    course (the teacher's nbgrader, JupyterLite's kernel, Notebook's, code highlighting: the app
    shows no code) are not loaded by Voilà's page; the widgets' managers are. Measured in
    Chromium: 110 requests before, 95 after (29 extension files, 14)."""
    from jupyterlab_server.config import get_federated_extensions
    from voila.configuration import VoilaConfiguration
    from voila.utils import filter_extension, get_voila_labextensions_path

    settings = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    denied = settings["extension_denylist"]
    installed = get_federated_extensions(get_voila_labextensions_path())
    assert set(denied) <= set(installed)  # every name is an installed extension's, spelt right
    config = VoilaConfiguration(extension_denylist=denied)
    loaded = {x["name"] for x in filter_extension(
        list(installed.values()), extension_denylist=config.extension_denylist)}
    assert {"@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8"} <= loaded
    assert not loaded & set(denied)
