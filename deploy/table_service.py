"""The app for a class on one JupyterHub server: one Voilà server with a pool of pre-heated
kernels, as the hub's service at https://HUB/services/table/, for users logged in to the hub
(issue 32). A JupyterHub config fragment: `load_subconfig("table_service.py")` in the hub's
jupyterhub_config.py, beside lti13.py (deploy/README.md, "The app for a class").

Each student's own server (JupyterLab, …/voila/render/notebooks/app.ipynb) renders the app too,
but in a kernel started when the student opens it. This service keeps kernels that have already
built the app waiting, as `make voila` does, so a class that opens it at once is served in
seconds (README.md, "Serving the app to a class"). Settings, from the hub's environment:

  TABLE_COURSE  the course folder: voila.json and notebooks/app.ipynb (a clone of the course;
                default: the repository this file is in)
  TABLE_PYTHON  the Python of the users' environment, which has the course, Voilà and JupyterHub
                (The Littlest JupyterHub: /opt/tljh/user/bin/python; default: the hub's own)
  TABLE_POOL    kernels kept waiting, the class's size (default 30; each holds about 75 MB)
  TABLE_FILL    seconds before a kernel taken from the pool is replaced (default 60)
  TABLE_PORT    the port Voilà listens on, on 127.0.0.1 only (default 8866)
  TABLE_USER    the system user the service and its kernels run as. A visitor can send code to
                their own kernel, so on a hub that runs as root (The Littlest JupyterHub) name an
                unprivileged user who can read TABLE_COURSE and TABLE_PYTHON; as root without it
                the hub refuses to start, unless TABLE_AS_ROOT=yes says you accept that risk.
"""

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
course = os.environ.get("TABLE_COURSE", str(HERE.parent))
python = os.environ.get("TABLE_PYTHON", sys.executable)
pool, fill = int(os.environ.get("TABLE_POOL", "30")), int(os.environ.get("TABLE_FILL", "60"))
port = int(os.environ.get("TABLE_PORT", "8866"))
user = os.environ.get("TABLE_USER", "")
if os.getuid() == 0 and not user and os.environ.get("TABLE_AS_ROOT") != "yes":
    raise SystemExit("table_service.py: the hub runs as root; set TABLE_USER to an unprivileged "
                     "user for the app's kernels (or TABLE_AS_ROOT=yes to run them as root)")

c = get_config()  # noqa: F821
c.JupyterHub.services.append({
    "name": "table",
    "display": True,  # listed on the hub's home page under Services
    "oauth_no_confirm": True,
    "url": f"http://127.0.0.1:{port}",
    "user": user,
    "cwd": course,
    "environment": {"PYTHONPATH": str(HERE)},  # hub_identity.py beside this file
    "command": [
        python, "-m", "voila", "--KernelManager.transport=ipc", f"--pool_size={pool}",
        f"--VoilaKernelManager.fill_delay={fill}", "--Voila.ip=127.0.0.1", f"--port={port}",
        "--Voila.port_retries=0", "--no-browser", "--Voila.base_url=/services/table/",
        "--Voila.identity_provider_class=hub_identity.TableIdentityProvider",
        "notebooks/app.ipynb"],
})
# every user of the hub may open it (JupyterHub's default role gives access to one's own server)
c.JupyterHub.load_roles.append(
    {"name": "user", "scopes": ["self", "access:services!service=table"]})
