"""Voilà's settings for a class that depend on the machine; voila.json holds the others. Voilà
reads both from the folder it starts in (README.md, "Serving the app to a class")."""

import sys

c = get_config()  # noqa: F821 (Voilà provides get_config)

# Each visitor's kernel talks to the server over IPC sockets (files), not TCP ports. With ports,
# the server picks a free port, closes it, and hands it to the kernel, which binds it a moment
# later; when a class arrives at once, another kernel could take that port first ("Address
# already in use", a visitor with no table). A socket file is named after its kernel: no race.
# Windows has no IPC sockets, so there the kernels keep TCP.
if sys.platform != "win32":
    c.KernelManager.transport = "ipc"
