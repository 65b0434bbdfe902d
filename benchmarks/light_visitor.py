"""A visitor without a browser: it asks the Voilà server for what the app's page asks it for (the
page, its scripts and styles, the kernel's model and websocket, the widgets' state) and renders
nothing."""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from datetime import datetime, timezone

from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

WIRE_PROTOCOL = "v1.kernel.websocket.jupyter.org"  # what JupyterLab's KernelConnection asks for
CONTROL_TARGET = "jupyter.widget.control"  # ipywidgets 8's comm for all the widgets' state
CONTROL_VERSION = "1.0.0"  # the control comm's protocol, sent in the comm_open's metadata
BROWSER_CONNECTIONS = 6  # a browser's parallel HTTP/1.1 connections to one host
CONFIG_DATA = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                         re.S)


def use_connections(most: int) -> None:
    """Let the HTTP client open `most` connections at once (tornado's default is 10)."""
    AsyncHTTPClient.configure(None, max_clients=most)


def _message(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> bytes:
    """A Jupyter message on the websocket's v1 wire protocol, as the page's JavaScript sends it."""
    header = {"msg_id": str(uuid.uuid4()), "msg_type": msg_type, "session": session,
              "username": "", "version": "5.2", "date": datetime.now(timezone.utc).isoformat()}
    parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
    return serialize_msg_to_ws_v1(parts, "shell")


def _deal_ready(states: dict) -> bool:
    """Whether the table's Deal button is among the widgets and enabled (what a student clicks)."""
    return any(model.get("model_name") == "ButtonModel"
               and "t21-deal" in model["state"].get("_dom_classes", ())
               and model["state"].get("description") == "Deal"
               and not model["state"].get("disabled", False)
               for model in states.values())


async def _fetch_all(client: AsyncHTTPClient, urls: list[str], timeout_s: float) -> None:
    """GET every url, BROWSER_CONNECTIONS at a time, and read each body."""
    gate = asyncio.Semaphore(BROWSER_CONNECTIONS)

    async def one(url: str) -> None:
        async with gate:
            await client.fetch(url, request_timeout=timeout_s)

    await asyncio.gather(*(one(url) for url in urls))


async def _widget_states(ws, session: str, timeout_s: float) -> dict:
    """Connect as KernelConnection does (kernel_info_request), then open the widgets' control
    comm, send request_states, read the update_states reply and close the comm."""
    await ws.write_message(_message(session, "kernel_info_request", {}), binary=True)
    comm_id = str(uuid.uuid4())
    opening = {"comm_id": comm_id, "target_name": CONTROL_TARGET, "data": {}}
    await ws.write_message(_message(session, "comm_open", opening, {"version": CONTROL_VERSION}),
                           binary=True)
    await ws.write_message(_message(session, "comm_msg", {
        "comm_id": comm_id, "data": {"method": "request_states"}}), binary=True)
    deadline = time.monotonic() + timeout_s
    while True:
        frame = await asyncio.wait_for(ws.read_message(), deadline - time.monotonic())
        if frame is None:
            raise RuntimeError("the kernel's websocket closed before the widgets' state came")
        channel, parts = deserialize_msg_from_ws_v1(frame)
        header, content = json.loads(parts[0]), json.loads(parts[3])
        if (channel == "iopub" and header["msg_type"] == "comm_msg"
                and content.get("comm_id") == comm_id
                and content["data"].get("method") == "update_states"):
            await ws.write_message(_message(session, "comm_close", {
                "comm_id": comm_id, "data": {}}), binary=True)
            return content["data"]["states"]


async def visit(url: str, statics: list[str], start: float, timeout_s: float) -> dict:
    """One visitor: the seconds from `start` until each step; "socket" is its open websocket,
    which the caller closes once the server's memory is measured."""
    client = AsyncHTTPClient()
    marks: dict = {}
    page = bytearray()
    scripts: list[asyncio.Task] = []

    def chunk(data: bytes) -> None:
        if not page:  # the head has come: the browser starts on its scripts and styles
            marks["response"] = time.perf_counter() - start
            scripts.append(asyncio.ensure_future(_fetch_all(client, statics, timeout_s)))
        page.extend(data)

    await client.fetch(HTTPRequest(url, streaming_callback=chunk, request_timeout=timeout_s))
    await asyncio.gather(*scripts)
    marks["page loaded"] = time.perf_counter() - start
    found = CONFIG_DATA.search(page.decode())
    if found is None:
        raise RuntimeError(f"no kernel id in the page; it ends: {page[-300:].decode()!r}")
    kernel_id = json.loads(found.group(1))["kernelId"]
    base = url.split("://", 1)[1].split("/", 1)[0]
    await client.fetch(f"http://{base}/api/kernels/{kernel_id}", request_timeout=timeout_s)
    session = str(uuid.uuid4())
    ws = await websocket_connect(
        f"ws://{base}/api/kernels/{kernel_id}/channels?session_id={session}",
        subprotocols=[WIRE_PROTOCOL], connect_timeout=timeout_s, max_message_size=2**27)
    marks["socket"] = ws
    states = await _widget_states(ws, session, timeout_s)
    if not _deal_ready(states):
        raise RuntimeError(f"no enabled Deal button among {len(states)} widgets")
    marks["interactive"] = time.perf_counter() - start
    return marks
