"""A class arriving at once must not lose a visitor to a kernel port taken by another kernel
(issue 18.8): Voilà's kernels use IPC sockets, named after each kernel, not TCP ports picked
free and bound a moment later. `python -m benchmarks class` opens classes of 10 and 30 three
times each on this setting; here, that the setting is Voilà's and that such a kernel works."""

from __future__ import annotations

import sys
from pathlib import Path

from jupyter_client import KernelManager
from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[1]


def voila_settings() -> Config:
    """voila.py as Voilà loads it from the folder it starts in."""
    config = Config()
    exec((ROOT / "voila.py").read_text(), {"get_config": lambda: config})
    return config


def test_voilas_kernels_use_ipc_sockets_where_the_system_has_them():
    transport = voila_settings().KernelManager.get("transport", "tcp")
    assert transport == ("tcp" if sys.platform == "win32" else "ipc")


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
