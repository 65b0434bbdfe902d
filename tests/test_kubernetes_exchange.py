"""On Kubernetes no student's pod holds another student's submissions (issue 32).

deploy/config.yaml is rendered by KubeSpawner itself into the pod a student and the teacher would
get (the cluster's API is never called), and what each pod mounts of nbgrader's exchange is
checked. Then the real nbgrader runs on that layout: the volume is a folder here, each pod's view
of it is made of links from its rendered mounts, the init container's own script makes the
folders, and the teacher collects with the image's setting (deploy/nbgrader_kubernetes.py).
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import kubespawner
import kubespawner.spawner
import nbformat
import pytest
import yaml
from forked_nbgrader import nbgrader_run, stand_in
from traitlets.config import Config

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
EXCHANGE = "/usr/local/share/nbgrader/exchange"
VOLUME = "nbgrader-exchange"
COURSE = re.search(r'course_id = "([^"]+)"', (DEPLOY / "nbgrader_config.py").read_text())[1]
ANNA, BORIS, TEACHER = "anna@school.example", "boris@school.example", "teacher"
ASSIGNMENT = "standin"


def values() -> dict[str, Any]:
    """deploy/config.yaml, the Helm values."""
    return yaml.safe_load((DEPLOY / "config.yaml").read_text())


def spawner_config() -> Config:
    """The KubeSpawner settings the chart makes of the values (its jupyterhub_config.py passes
    singleuser's extra volumes, mounts and init containers on, then runs hub.extraConfig)."""
    chart = values()
    config = Config()
    config.KubeSpawner.volumes = chart["singleuser"]["storage"]["extraVolumes"]
    config.KubeSpawner.volume_mounts = chart["singleuser"]["storage"]["extraVolumeMounts"]
    config.KubeSpawner.init_containers = chart["singleuser"]["initContainers"]
    for snippet in chart["hub"]["extraConfig"].values():
        exec(snippet, {"c": config})
    return config


class HubUser:
    """What KubeSpawner reads of a JupyterHub user."""

    def __init__(self, name: str, admin: bool):
        from jupyterhub.objects import Server

        self.name, self.admin, self.id, self.url = name, admin, 7, f"/user/{name}/"
        self.server, self.spawners, self.settings = Server(), {}, {}
        self.orm_user = SimpleNamespace(name=name)


def pod(name: str, admin: bool = False) -> dict[str, Any]:
    """The pod KubeSpawner would create for the user, as the API would receive it."""
    from jupyterhub.objects import Hub
    from kubernetes_asyncio.client import ApiClient

    async def render() -> dict[str, Any]:
        spawner = kubespawner.KubeSpawner(config=spawner_config(), user=HubUser(name, admin),
                                          hub=Hub(), _mock=True)
        manifest = await spawner.get_pod_manifest()
        if spawner.modify_pod_hook:  # as KubeSpawner's start does next
            manifest = spawner.modify_pod_hook(spawner, manifest)
        async with ApiClient() as api:
            return api.sanitize_for_serialization(manifest)

    return asyncio.run(render())


@pytest.fixture(autouse=True)
def no_cluster(monkeypatch):
    """KubeSpawner reads the cluster's credentials when made: there is no cluster here."""
    monkeypatch.setattr(kubespawner.spawner, "load_config", lambda **settings: None)


def exchange_mounts(manifest: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Each container's mounts of the exchange volume, by container name."""
    spec = manifest["spec"]
    return {container["name"]: [mount for mount in container.get("volumeMounts") or []
                                if mount["name"] == VOLUME]
            for container in spec["containers"] + spec.get("initContainers", [])}


def test_a_students_pod_mounts_the_released_folder_read_only_and_only_their_own_inbound():
    mounts = exchange_mounts(pod(ANNA))
    assert mounts.pop("notebook") == [
        {"name": VOLUME, "mountPath": f"{EXCHANGE}/{COURSE}/outbound",
         "subPath": f"{COURSE}/outbound", "readOnly": True},
        {"name": VOLUME, "mountPath": f"{EXCHANGE}/{COURSE}/inbound",
         "subPath": f"{COURSE}/inbound/{ANNA}"},
    ]
    # Only the hub's init container has the whole volume, with the hub's own script.
    assert mounts == {"nbgrader-exchange-folders": [{"name": VOLUME, "mountPath": "/exchange"}]}


def test_the_teachers_pod_mounts_the_whole_exchange():
    mounts = exchange_mounts(pod(TEACHER, admin=True))
    assert mounts["notebook"] == [{"name": VOLUME, "mountPath": EXCHANGE}]


def init_container(name: str) -> dict[str, Any]:
    """The init container of the user's pod that makes the exchange's folders."""
    (init,) = [container for container in pod(name)["spec"]["initContainers"]
               if container["name"] == "nbgrader-exchange-folders"]
    return init


def test_the_folders_are_made_by_the_hub_with_the_students_name_as_data_not_code():
    anna, boris = init_container(ANNA), init_container(BORIS)
    image = values()["singleuser"]["image"]
    assert anna["image"] == f"{image['name']}:{image['tag']}"
    assert anna["env"] == [{"name": "STUDENT", "value": ANNA}]
    assert boris["env"] == [{"name": "STUDENT", "value": BORIS}]
    assert anna["command"] == boris["command"]  # the same script for everyone


def test_the_image_sets_the_collect_for_this_layout_and_a_sticky_exchange_root():
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert "COPY deploy/nbgrader_kubernetes.py /usr/local/etc/jupyter/nbgrader_config.py" \
        in dockerfile
    assert f"chmod 1777 {EXCHANGE}" in dockerfile


# --- nbgrader on the layout the pods get ------------------------------------------------------

def view(volume: Path, mounts: list[dict[str, Any]], folder: Path) -> Path:
    """A pod's exchange made of links: each rendered mount's path points into the volume."""
    for mount in mounts:
        inside = Path(mount["mountPath"]).relative_to(EXCHANGE)
        target = volume / mount.get("subPath", "")
        if inside == Path("."):
            return target
        (folder / inside).parent.mkdir(parents=True, exist_ok=True)
        (folder / inside).symlink_to(target, target_is_directory=True)
    return folder


def init_folders(volume: Path, name: str) -> None:
    """The init container's own script, on the volume, with this process's uid and gid."""
    init = init_container(name)
    script = init["command"][2].replace("cd /exchange", f"cd {volume}")
    script = script.replace("-o 1000 -g 100", f"-o {os.getuid()} -g {os.getgid()}")
    subprocess.run(init["command"][:2] + [script], check=True, env={
        "PATH": os.environ["PATH"], **{e["name"]: e["value"] for e in init["env"]}})


def nbgrader(folder: Path, root: Path, *args: str) -> str:
    """Run nbgrader in folder with the image's config files and the exchange at root; its log."""
    configs = folder / "config"
    if not configs.exists():
        for name, source in (("etc", "nbgrader_config.py"),
                             ("usr-local-etc", "nbgrader_kubernetes.py")):
            (configs / name).mkdir(parents=True)
            shutil.copy(DEPLOY / source, configs / name / "nbgrader_config.py")
        (configs / "moved").mkdir()
    (configs / "moved" / "nbgrader_config.py").write_text(
        f"c = get_config()  # noqa: F821\nc.Exchange.root = {str(root)!r}\n")
    return nbgrader_run(list(args), {
        "HOME": str(folder),
        # nbgrader runs `alembic` by name for a new gradebook: the venv's scripts on PATH
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "JUPYTER_CONFIG_PATH": os.pathsep.join(
            str(configs / name) for name in ("moved", "usr-local-etc", "etc"))}, folder)


def hand_in(home: Path, root: Path, name: str, answer: str) -> None:
    """Fetch, answer, submit under name, as in a student's pod (where the id is the hub's)."""
    if not (home / ASSIGNMENT).exists():
        nbgrader(home, root, "fetch_assignment", ASSIGNMENT)
    notebook = nbformat.read(home / ASSIGNMENT / "answer.ipynb", as_version=4)
    notebook.cells[0].source = answer
    nbformat.write(notebook, home / ASSIGNMENT / "answer.ipynb")
    nbgrader(home, root, "submit", ASSIGNMENT, f"--student={name}")


def test_on_that_layout_each_student_sees_only_their_own_and_the_teacher_collects_both(
        tmp_path):
    volume = tmp_path / "volume"
    volume.mkdir()
    for name in (TEACHER, ANNA, BORIS):  # each pod's init container, as each server starts
        init_folders(volume, name)
    course = tmp_path / "teacher"
    stand_in(course, ASSIGNMENT, "answer.ipynb")
    teacher_root = view(volume, exchange_mounts(pod(TEACHER, admin=True))["notebook"], course)
    nbgrader(course, teacher_root, "generate_assignment", ASSIGNMENT)
    nbgrader(course, teacher_root, "release_assignment", ASSIGNMENT)

    homes = {}
    for name in (ANNA, BORIS):
        homes[name] = home = tmp_path / name
        home.mkdir()
        root = view(volume, exchange_mounts(pod(name))["notebook"], tmp_path / f"{name}-pod")
        hand_in(home, root, name, f"answer = {name!r}")
        # the inbound in this student's pod holds their own submission and nothing else
        (own,) = os.listdir(root / COURSE / "inbound")
        assert own.startswith(f"{name}+{ASSIGNMENT}+")
    # boris, in his pod, hands in under anna's name: it can only land in his own folder
    boris_root = tmp_path / f"{BORIS}-pod"
    hand_in(homes[BORIS], boris_root, ANNA, f"answer = {BORIS!r}")
    forged = [p for p in (volume / COURSE / "inbound" / BORIS).iterdir()
              if p.name.startswith(ANNA)]
    assert len(forged) == 1 and not list((volume / COURSE / "inbound").glob(f"{ANNA}+*"))

    log = nbgrader(course, teacher_root, "collect", ASSIGNMENT)
    assert f"Skipped {BORIS}/{forged[0].name}: it names {ANNA} but belongs to {BORIS}" in log
    for name in (ANNA, BORIS):
        notebook = course / "submitted" / name / ASSIGNMENT / "answer.ipynb"
        assert nbformat.read(notebook, as_version=4).cells[0].source == f"answer = {name!r}"
