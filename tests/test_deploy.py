"""deploy/: the Zero to JupyterHub values, the user image and nbgrader's exchange agree."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from traitlets.config import Config

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
IMAGE = "ghcr.io/twentyone-edu/twentyone_edu-user"
# Measured (deploy/README.md): JupyterLab's server 140 MB + lesson 04's kernel 145 MB, peak RSS.
MEASURED_USER_MB = 140 + 145


def values() -> dict:
    """deploy/config.yaml, the Helm values."""
    return yaml.safe_load((DEPLOY / "config.yaml").read_text())


def dockerfile() -> str:
    """deploy/Dockerfile with its continued lines joined."""
    return (DEPLOY / "Dockerfile").read_text().replace("\\\n", " ")


def nbgrader_config() -> Config:
    """deploy/nbgrader_config.py, loaded as nbgrader loads it."""
    config = Config()
    exec((DEPLOY / "nbgrader_config.py").read_text(), {"get_config": lambda: config})
    return config


def pins(path: Path) -> dict[str, str]:
    """Exact pins of a requirements file, canonical name -> version ('.' left out)."""
    found = {}
    for line in path.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line and line != ".":
            requirement = Requirement(line)
            (spec,) = requirement.specifier
            assert spec.operator == "==", f"{path.name}: {line!r} is not an exact pin"
            found[canonicalize_name(requirement.name)] = spec.version
    return found


def megabytes(quantity: str) -> float:
    """A Kubernetes memory quantity (384M, 1G, 512Mi, 1Gi) in megabytes."""
    number, unit = re.fullmatch(r"(\d+(?:\.\d+)?)([KMG]i?)", quantity).groups()
    scale = {"K": 1e-3, "M": 1, "G": 1e3, "Ki": 1024 / 1e6, "Mi": 1024**2 / 1e6,
             "Gi": 1024**3 / 1e6}[unit]
    return float(number) * scale


def test_the_user_image_is_ours_at_the_package_version():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    image = values()["singleuser"]["image"]
    assert (image["name"], image["tag"]) == (IMAGE, version)
    assert f"docker build -f deploy/Dockerfile -t {IMAGE}:{version} ." in dockerfile()


def test_the_image_installs_the_course_nbgitpuller_and_nbgrader_at_exact_pins():
    text = dockerfile()
    assert re.search(r"^FROM quay\.io/jupyter/[a-z-]+-notebook:\S+$", text, re.M), \
        "a Jupyter Docker Stacks image: jupyterhub-singleuser and the jovyan user"
    install = re.search(r"pip install [^&\n]*", text).group(0)
    assert "-r binder/requirements.txt" in install and "-r deploy/requirements.txt" in install
    binder = (ROOT / "binder" / "requirements.txt").read_text().split()
    assert "." in binder, "binder/requirements.txt installs the course itself"
    assert {"jupyterlab", "ipywidgets"} <= set(pins(ROOT / "binder" / "requirements.txt"))
    assert set(pins(DEPLOY / "requirements.txt")) == {"nbgitpuller", "nbgrader"}
    for source in re.findall(r"^COPY (?:--\S+ )*(.+) \S+$", text, re.M):
        for path in source.split():
            assert (ROOT / path).exists(), f"the Dockerfile copies {path}, which is missing"


def test_the_image_pins_satisfy_the_ranges_the_tests_use():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    ranges = {canonicalize_name(Requirement(line).name): Requirement(line).specifier
              for line in project["optional-dependencies"]["test"]}
    for name, version in pins(DEPLOY / "requirements.txt").items():
        assert ranges[name].contains(version), f"{name}=={version} outside {ranges[name]}"


def nbgrader_default_exchange() -> str:
    """The exchange folder nbgrader uses when nothing sets one: a plain `release_assignment`."""
    from nbgrader.exchange.default.exchange import Exchange

    return Exchange().root


def teacher_config() -> Config:
    """teacher/nbgrader_config.py, loaded as nbgrader loads it."""
    config = Config()
    exec((ROOT / "teacher" / "nbgrader_config.py").read_text(), {"get_config": lambda: config})
    return config


def test_the_hub_and_the_teacher_name_the_same_course():
    """A student lists what the teacher released only under one course id (issue 18.1)."""
    course = nbgrader_config().CourseDirectory.course_id
    assert course == teacher_config().CourseDirectory.course_id == "twentyone_edu"


def test_the_exchange_is_nbgraders_default_everywhere_the_docs_name_it():
    """The hub's config, the teacher's README (both languages) and deploy/README.md name the
    folder a plain `nbgrader release_assignment` writes to, so nothing creates a second one."""
    root = nbgrader_default_exchange()
    assert nbgrader_config().Exchange.root == root == "/usr/local/share/nbgrader/exchange"
    for doc in (ROOT / "teacher" / "README.md", ROOT / "deploy" / "README.md"):
        text = doc.read_text()
        assert root in text and "/srv/nbgrader" not in text, doc


def test_every_pod_mounts_the_exchange_nbgrader_uses_on_a_shared_volume():
    """Each pod mounts parts of one volume inside nbgrader's exchange (which parts:
    tests/test_kubernetes_exchange.py)."""
    storage = values()["singleuser"]["storage"]
    (volume,) = storage["extraVolumes"]
    root = nbgrader_config().Exchange.root
    assert root == nbgrader_default_exchange()
    for mount in storage["extraVolumeMounts"]:
        assert mount["name"] == volume["name"]
        assert mount["mountPath"].startswith(root + "/")
    claim = yaml.safe_load((DEPLOY / "exchange-pvc.yaml").read_text())
    assert claim["kind"] == "PersistentVolumeClaim"
    assert volume["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]
    assert "ReadWriteMany" in claim["spec"]["accessModes"]
    assert "COPY deploy/nbgrader_config.py /etc/jupyter/nbgrader_config.py" in dockerfile()


def test_memory_per_user_covers_the_measured_user():
    memory = values()["singleuser"]["memory"]
    assert megabytes(memory["guarantee"]) >= MEASURED_USER_MB
    assert megabytes(memory["limit"]) >= megabytes(memory["guarantee"]) + 145


def test_the_readme_explains_the_setup():
    readme = (DEPLOY / "README.md").read_text()
    for name in ("config.yaml", "Dockerfile", "exchange-pvc.yaml", "nbgrader_config.py",
                 "nbgrader_kubernetes.py", "helm upgrade"):
        assert name in readme


LMS = {"LTI13_ISSUER": "https://lms.example", "LTI13_CLIENT_ID": "tool",
       "LTI13_AUTHORIZE_URL": "https://lms.example/auth", "LTI13_JWKS_URL": "https://lms.example/keys"}
ROLES = "https://purl.imsglobal.org/spec/lti/claim/roles"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"


def lti_config(environment: dict[str, str] | None = None) -> Config:
    """deploy/lti13.py, loaded as JupyterHub loads it, with an LMS's four values."""
    import os
    from unittest import mock

    config = Config()
    with mock.patch.dict(os.environ, {**LMS, **(environment or {})}):
        exec((DEPLOY / "lti13.py").read_text(), {"get_config": lambda: config})
    return config


def launch(claims: dict, roster: Path | None = None) -> dict:
    """What the hub makes of one verified LTI launch (the id_token's claims)."""
    import asyncio
    import os
    from unittest import mock

    environment = {"COURSE_ROSTER": str(roster)} if roster else {}
    config = lti_config(environment)
    authenticator = config.JupyterHub.authenticator_class(config=config)
    with mock.patch.dict(os.environ, environment):
        return asyncio.run(authenticator.authenticate(None, claims))


def test_the_lti_launch_is_the_same_file_on_one_server_and_on_kubernetes():
    """config.yaml mounts deploy/lti13.py into the hub's config folder and gives its values."""
    hub = values()["hub"]
    assert hub["extraFiles"]["lti13"]["mountPath"] == \
        "/usr/local/etc/jupyterhub/jupyterhub_config.d/lti13.py"
    assert "--set-file hub.extraFiles.lti13.stringData=deploy/lti13.py" in \
        (DEPLOY / "config.yaml").read_text()
    assert set(LMS) | {"COURSE_ROSTER"} == set(hub["extraEnv"])
    assert "config" not in hub, "no second copy of the login settings"
    one = lti_config()
    assert one.LTI13Authenticator.username_key == "sub"
    assert one.LTI13Authenticator.client_id == {"tool"}
    assert one.Authenticator.allow_all is True and one.Authenticator.manage_groups is True


def test_one_lms_person_is_one_hub_user_with_or_without_the_email(tmp_path: Path):
    """The user name is the LMS's stable id: a launch without the email claim, or with an
    edited email, lands on the same user; the email and name go to the class list."""
    person = {"iss": LMS["LTI13_ISSUER"], "sub": "Moodle-17", "given_name": "Anna",
              "family_name": "Petrova", ROLES: [LEARNER]}
    roster = tmp_path / "roster.csv"
    first = launch(person | {"email": "anna@school.example"}, roster)
    again = launch(person | {"email": "anna.petrova@school.example"}, roster)
    without = launch(person, roster)
    assert first["name"] == again["name"] == without["name"] == "Moodle-17"
    assert (first["admin"], first["groups"]) == (False, ["nbgrader-twentyone_edu"])
    assert roster.read_text().splitlines() == ["id,first_name,last_name,email",
                                               "moodle-17,Anna,Petrova,"]
    launch(person | {"sub": "18", "email": "boris@school.example"}, roster)
    assert roster.read_text().splitlines()[1:] == ["moodle-17,Anna,Petrova,",
                                                   "18,Anna,Petrova,boris@school.example"]


def test_the_courses_instructor_is_the_teacher():
    teacher = launch({"sub": "5", ROLES: [INSTRUCTOR], "email": "t@school.example"})
    assert (teacher["admin"], teacher["groups"]) == (True, ["formgrade-twentyone_edu"])
    institution = "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor"
    assert launch({"sub": "6", ROLES: [institution]})["admin"] is True
    assert launch({"sub": "7", ROLES: ["http://example/#NotAnInstructor", LEARNER]})[
        "admin"] is False
