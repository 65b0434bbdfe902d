"""The app for a class as the hub's service (deploy/table_service.py, issue 32), on 127.0.0.1.

The test starts a hub (configurable-http-proxy from npm, its dummy password login) that loads
deploy/table_service.py as shipped, with a pool of two. The service is Voilà serving
notebooks/app.ipynb behind the hub's login (deploy/hub_identity.py). A visitor who has not
logged in is sent to the hub's login page and cannot open a kernel's channels. Two students
log in as a browser would, each gets the app rendered by a kernel the pool had pre-heated
(Voilà's log says which), each its own, and each kernel answers on its channels through the
hub's proxy with the student's cookie, as the page's widgets talk to it.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import requests
import websocket

sys.path.insert(0, str(Path(__file__).parent))
from test_jupyterhub import CHP, HUB_BASE, PATH, ROOT, free_port, need_the_proxy  # noqa: E402

TIMEOUT = 180
PASSWORD = "a-class-password"
HUB_CONFIG = HUB_BASE + """\
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = "{password}"
c.Authenticator.allow_all = True
load_subconfig("{service}")  # noqa: F821 (deploy/table_service.py, as shipped)
"""
POOL = 2
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    """A hub with the table service, its URL and its log; stopped afterwards."""
    need_the_proxy()
    folder = tmp_path_factory.mktemp("table-hub")
    port = free_port()
    (folder / "hub.py").write_text(HUB_CONFIG.format(
        port=port, hub_port=free_port(), proxy_api_port=free_port(), folder=folder, chp=CHP,
        password=PASSWORD, service=ROOT / "deploy" / "table_service.py"))
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("JUPYTER", "IPYTHON"))} | {
        "PATH": PATH, "PYTHONDONTWRITEBYTECODE": "1", "MPLCONFIGDIR": str(folder / "mpl"),
        "TABLE_POOL": str(POOL), "TABLE_FILL": "1", "TABLE_PORT": str(free_port()),
        "TABLE_PYTHON": sys.executable, "JUPYTER_RUNTIME_DIR": str(folder / "runtime")}
    if os.getuid() == 0:  # CI's machine: no unprivileged user can reach this venv
        env["TABLE_AS_ROOT"] = "yes"
    log = folder / "hub.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(folder / "hub.py")], cwd=folder,
            env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_log(process, log, "Route added /services/table")  # the proxy sends it on
        wait_for_log(process, log, "Kernel pool of app.ipynb is filled")
        yield url, log
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_for_log(process: subprocess.Popen, log: Path, line: str) -> None:
    """Wait until the hub's log (its services' output too) has the line."""
    deadline = time.monotonic() + TIMEOUT
    while line not in log.read_text(errors="replace"):
        tail = "\n".join(log.read_text(errors="replace").splitlines()[-40:])
        if process.poll() is not None:
            pytest.fail(f"jupyterhub exited with {process.returncode}:\n{tail}")
        if time.monotonic() > deadline:
            pytest.fail(f"no «{line}» in {TIMEOUT} s:\n{tail}")
        time.sleep(0.25)


def log_in(url: str, name: str) -> tuple[requests.Session, requests.Response]:
    """A browser that opens the table, is sent to the hub's login, logs in: the app's page."""
    browser = requests.Session()
    login = browser.get(f"{url}/services/table/", timeout=60)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', login.text).group(1)
    page = browser.post(login.url, data={"username": name, "password": PASSWORD, "_xsrf": xsrf},
                        timeout=120)
    return browser, page


def kernel_info(url: str, kernel: str, cookies: dict[str, str]) -> dict:
    """Ask the kernel for its info over its channels, through the hub's proxy, with `cookies`."""
    channel = websocket.create_connection(
        f"ws{url[4:]}/services/table/api/kernels/{kernel}/channels", timeout=60,
        cookie="; ".join(f"{key}={value}" for key, value in cookies.items()))
    try:
        msg_id = uuid.uuid4().hex
        channel.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "kernel_info_request", "username": "",
                       "session": uuid.uuid4().hex, "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell"}))
        while True:
            message = json.loads(channel.recv())
            if message.get("parent_header", {}).get("msg_id") == msg_id \
                    and message["msg_type"] == "kernel_info_reply":
                return message["content"]
    finally:
        channel.close()


def test_a_visitor_who_has_not_logged_in_gets_the_hubs_login_and_no_kernel(hub):
    url, log = hub
    page = requests.get(f"{url}/services/table/", timeout=60)
    assert page.url.startswith(f"{url}/hub/login"), page.url
    assert not KERNEL_ID.search(page.text)
    assert "Using pre-heated kernel" not in log.read_text(errors="replace")
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        kernel_info(url, str(uuid.uuid4()), {})
    assert refused.value.status_code in (302, 403), refused.value


def test_each_student_gets_the_app_from_a_kernel_the_pool_preheated(hub):
    url, log = hub
    kernels = {}
    for name in ("anna", "boris"):
        browser, page = log_in(url, name)
        assert page.status_code == 200 and page.url == f"{url}/services/table/", page.url
        assert "application/vnd.jupyter.widget-view+json" in page.text, page.text[:500]
        kernels[name] = KERNEL_ID.search(page.text).group(1)
        said = log.read_text(errors="replace")
        assert f"Using pre-heated kernel: {kernels[name]} for app.ipynb" in said
        info = kernel_info(url, kernels[name], browser.cookies.get_dict())
        assert info["status"] == "ok" and info["language_info"]["name"] == "python", info
    assert kernels["anna"] != kernels["boris"], "two students, one kernel"
