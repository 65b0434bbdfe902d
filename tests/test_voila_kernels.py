"""A class arriving at once must not lose a visitor to a kernel port taken by another kernel
(issue 18.8): Voilà's kernels use IPC sockets, named after each kernel, not TCP ports picked
free and bound a moment later. `python -m benchmarks class` opens classes of 10 and 30 three
times each on this setting; here, that `make voila` and the benchmark start Voilà with it, and
that such a kernel works."""

from __future__ import annotations

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
