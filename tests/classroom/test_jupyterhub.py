"""A real classroom on JupyterHub (issue 11), end to end, on throwaway folders.

The test starts a hub on 127.0.0.1 (deploy/lti13.py's LTI 1.3 login, SimpleLocalProcessSpawner,
configurable-http-proxy from npm) and a stand-in LMS (lti_platform.py). The teacher releases an
nbgrader assignment. Three students launch the course from the LMS at once, each in its own
cookie session as a browser would be, with the README's nbgitpuller link as the launch's
target, against a local bare clone of this repository. The hub starts their servers
and nbgitpuller pulls the student course branch (deploy/course_branch.py). Each student opens
the lesson the link names and runs it in a kernel over the Jupyter REST and websocket API. Then
each fetches the assignment and submits it from the Assignments API, the way JupyterLab's
Assignments tab does. One student answers every task, one answers the first half, one
answers nothing. The teacher collects, autogrades and reads the scores from the gradebook.
The class is held twice: in English from teacher/, in Russian from teacher/ru.

HTTP and the kernel protocol, not a browser: a browser adds minutes and flakiness with three
JupyterLab pages on two cores, while every request here is one the pages would make.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest
import requests
import websocket
from nbgrader.api import Gradebook

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))
from course_branch import teacher_material, write_course_branch  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from lti_platform import Platform  # noqa: E402

CHP = ROOT / "build" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
# The hub's nbgrader settings as shipped, installed byte for byte where the README says (here a
# throwaway stand-in for /etc/jupyter); the course id is read from them, never written.
HUB_NBGRADER_CONFIG = ROOT / "deploy" / "nbgrader_config.py"
COURSE_ID = re.search(r'course_id = "([^"]+)"', HUB_NBGRADER_CONFIG.read_text()).group(1)
# The one-line switch: the name of an nbgrader source assignment in teacher/source/, graded
# with teacher/nbgrader_config.py; None grades the stand-in written below.
ASSIGNMENT: str | None = "lessons04_05"
STAND_IN = "standin"
# Each student's work: every answer, the first half of the answers, none.
# Each logs in by an LTI 1.3 launch from the LMS (deploy/lti13.py): the user name is the LMS's
# id of the person (`sub`); the email and name are the class list's. Vera's LMS shares no email.
STUDENTS = {"1017": "all", "1023": "half", "1042": "none"}
PEOPLE = {"1017": ("Anna", "Petrova", "anna@school.example"),
          "1023": ("Boris", "Ivanov", "boris@school.example"), "1042": ("Vera", "Smirnova", None)}
TIMEOUT = 180
# nbgrader runs `alembic` by name: the venv's scripts must be on PATH even when only its python is.
PATH = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
MARKERS = re.compile(r"^\s*### (BEGIN|END) SOLUTION\s*$")
# The class is held in each language of the course: the Russian one from teacher/ru (issue 19.4),
# whose config reads the English one beside it, as teacher/ru/README.md sets it up.
LANGUAGES = ("en", "ru")
# What "check my answer" says of a right answer ("right", or "the form is right" for a task
# checked for form only) and of a wrong one, in each language.
SAYS = {"en": {"right": "right", "not yet": "not yet"},
        "ru": {"right": "верн", "not yet": "пока нет"}}  # «верно», «форма верна»
HINTS = ("# hint:", "# подсказка:")


def under_ci() -> bool:
    """True when the CI environment variable says we run under CI."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def readme_link() -> str:
    """The nbgitpuller link the README gives teachers."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"https://hub\.example\.edu/hub/user-redirect/git-pull\?[^\s)`]+", readme)
    assert len(links) == 1, f"the README should give one nbgitpuller link, found {links}"
    return links[0]


def link_to(hub_url: str, repo_url: str) -> str:
    """The README's link with our hub and our local repository in place of the real ones."""
    parts = urllib.parse.urlsplit(readme_link())
    query = urllib.parse.parse_qs(parts.query)
    query["repo"] = [repo_url]
    return f"{hub_url}{parts.path}?{urllib.parse.urlencode(query, doseq=True)}"


# --- the teacher's side -----------------------------------------------------------------------

def stand_in_source(folder: Path) -> Path:
    """A tiny nbgrader source assignment: two autograded answers with hidden exact tests."""

    def cell(kind, source, grade_id, *, solution=False, points=None):
        meta = {"grade": points is not None, "grade_id": grade_id, "locked": not solution,
                "schema_version": 3, "solution": solution, "task": False}
        if points is not None:
            meta["points"] = points
        make = nbformat.v4.new_code_cell if kind == "code" else nbformat.v4.new_markdown_cell
        return make(source, metadata={"nbgrader": meta})

    notebook = nbformat.v4.new_notebook(cells=[
        cell("markdown", "A stand-in assignment for the hub test.", "intro"),
        cell("code", "from fractions import Fraction\n\nfrom twentyone_edu import Shoe, exact",
             "imports"),
        cell("code", "### BEGIN SOLUTION\np_natural = exact.natural_probability("
             "Shoe.fresh(decks=1))\n### END SOLUTION", "p_natural", solution=True),
        cell("code", "### BEGIN HIDDEN TESTS\n# an ace and a ten-card, either first, from one "
             "52-card pack\nassert p_natural == 2 * Fraction(4, 52) * Fraction(16, 51)\n"
             "### END HIDDEN TESTS", "test_p_natural", points=2),
        cell("code", "### BEGIN SOLUTION\np_21_after_KQ = exact.draw_distribution('K Q')[21]\n"
             "### END SOLUTION", "p_21_after_KQ", solution=True),
        cell("code", "### BEGIN HIDDEN TESTS\n# one of the 8 aces among the 102 cards two packs "
             "keep after K and Q\nassert p_21_after_KQ == Fraction(8, 102)\n"
             "### END HIDDEN TESTS", "test_p_21_after_KQ", points=1),
    ], metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                "language": "python"}})
    source = folder / STAND_IN
    source.mkdir(parents=True)
    nbformat.write(notebook, source / "twenty_one.ipynb")
    return source


def nbgrader(course: Path, env: dict, *args: str) -> None:
    """Run an nbgrader command in the course folder; fail with its output if it fails."""
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, f"nbgrader {' '.join(args)}:\n{done.stdout}\n{done.stderr}"


class Teacher:
    """The course folder, its nbgrader config and the commands a teacher types in it."""

    def __init__(self, home: Path, exchange: Path, stand_ins: Path, system: Path,
                 language: str = "en"):
        shipped = ROOT / "teacher" / ("ru" if language == "ru" else "")
        self.course = home / "teacher" / ("ru" if language == "ru" else "")
        self.course.mkdir(parents=True, exist_ok=True)
        if ASSIGNMENT is None:
            self.assignment, source = STAND_IN, stand_in_source(stand_ins)
        else:
            self.assignment, source = ASSIGNMENT, shipped / "source" / ASSIGNMENT
        self.source = self.course / "source" / self.assignment
        shutil.copytree(source, self.source)
        shutil.copy(ROOT / "teacher" / "nbgrader_config.py", home / "teacher")  # as shipped
        shutil.copy(shipped / "nbgrader_config.py", self.course)
        (home / "jupyter").mkdir()
        moved = home / "exchange-moved"
        moved.mkdir()
        (moved / "nbgrader_config.py").write_text(exchange_moved(exchange))
        self.env = {**os.environ, "PATH": PATH, "HOME": str(home),
                    "JUPYTER_CONFIG_DIR": str(home / "jupyter"),
                    "JUPYTER_CONFIG_PATH": os.pathsep.join(map(str, (moved, system))),
                    "PYTHONDONTWRITEBYTECODE": "1"}

    def release(self) -> None:
        """generate_assignment (solutions and hidden tests out), then release it to the exchange."""
        nbgrader(self.course, self.env, "generate_assignment", self.assignment)
        nbgrader(self.course, self.env, "release_assignment", self.assignment)

    def collect_and_autograde(self) -> None:
        """Collect every submission from the exchange and autograde it."""
        nbgrader(self.course, self.env, "collect", self.assignment)
        nbgrader(self.course, self.env, "autograde", self.assignment)

    def feedback_has_no_hidden_test(self, students: list[str]) -> None:
        """generate_feedback, then no student's page shows a line of a hidden test."""
        nbgrader(self.course, self.env, "generate_feedback", self.assignment)
        hidden = {line.strip() for notebook in self.source_notebooks().values()
                  for cell in notebook.cells if "### BEGIN HIDDEN TESTS" in cell.source
                  for line in cell.source.split("### BEGIN HIDDEN TESTS")[1]
                  .split("### END HIDDEN TESTS")[0].splitlines()
                  if line.strip() and not line.strip().startswith(HINTS)}
        for student in students:
            for page in (self.course / "feedback" / student / self.assignment).glob("*.html"):
                text = html.unescape(re.sub(r"<[^>]+>", "", page.read_text()))
                assert not [line for line in hidden if line in text], f"{student}: {page.name}"

    def moodle_grades(self, roster: str) -> dict[str, dict[str, str]]:
        """The class list imported, then the grades exported as Moodle imports them."""
        import csv

        (self.course / "roster.csv").write_text(roster, encoding="utf-8")
        nbgrader(self.course, self.env, "db", "student", "import", "roster.csv")
        nbgrader(self.course, self.env, "export", "--to", "moodle.csv",
                 "--exporter=twentyone_edu.course.lms_export.MoodleExport")
        with open(self.course / "moodle.csv", newline="", encoding="utf-8") as text:
            return {row["ID number"]: row for row in csv.DictReader(text)}

    def source_notebooks(self) -> dict[str, nbformat.NotebookNode]:
        """The assignment's source notebooks, by file name."""
        return {path.name: nbformat.read(path, as_version=4)
                for path in sorted(self.source.glob("*.ipynb"))}

    def scores(self) -> dict[str, tuple[float, float]]:
        """Each student's autograded score and its maximum, read from the gradebook."""
        tests = {(name, c.metadata.nbgrader["grade_id"])
                 for name, nb in self.source_notebooks().items() for c in nb.cells
                 if c.metadata.get("nbgrader", {}).get("grade")
                 and not c.metadata.nbgrader.get("solution")}
        with Gradebook(f"sqlite:///{self.course / 'gradebook.db'}") as gradebook:
            result = {}
            for student in STUDENTS:
                submission = gradebook.find_submission(self.assignment, student)
                grades = [grade for notebook in submission.notebooks for grade in notebook.grades
                          if (notebook.name + ".ipynb", grade.name) in tests]
                result[student] = (sum(grade.score for grade in grades),
                                   sum(grade.max_score for grade in grades))
            return result


# --- the hub ----------------------------------------------------------------------------------

# (a hub on this machine's loopback, its files in `folder`: the start of every test hub's config)
HUB_BASE = """\
c = get_config()  # noqa: F821
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.JupyterHub.db_url = "sqlite:///{folder}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{folder}/cookie_secret"
c.ConfigurableHTTPProxy.command = ["{chp}"]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
"""
HUB_CONFIG = HUB_BASE + """\
c.JupyterHub.tornado_settings = {{"slow_spawn_timeout": {timeout}}}
load_subconfig("{lti}")  # noqa: F821 (deploy/lti13.py, as shipped)
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{folder}/home/{{username}}"
c.Spawner.cmd = ["{python}", "-m", "jupyterhub.singleuser"]
c.Spawner.args = {args}
c.Spawner.start_timeout = {timeout}
c.Spawner.http_timeout = {timeout}
c.Spawner.environment = {environment}
"""

def exchange_moved(exchange: Path) -> str:
    """An nbgrader_config.py that moves the exchange to the throwaway folder: the one setting
    this test adds to the shipped files, which it does not change. It goes first on
    JUPYTER_CONFIG_PATH, the only place that outranks the venv's and the system's config."""
    return f"c = get_config()  # noqa: F821\nc.Exchange.root = {str(exchange)!r}\n"


def system_config(folder: Path) -> Path:
    """A stand-in for /etc/jupyter holding deploy/nbgrader_config.py as the README installs it."""
    folder.mkdir()
    shutil.copy(HUB_NBGRADER_CONFIG, folder / "nbgrader_config.py")
    return folder


# Every server here runs as the hub's own OS user, so nbgrader cannot take the student from the
# OS (it does only for "jovyan", the Docker images' user): as teacher/README.md says for such a
# hub, the students' config names the hub's user name as the student id.
def student_nbgrader_config(exchange: Path) -> str:
    """The students' added nbgrader_config.py: the exchange moved, and the student id."""
    return (exchange_moved(exchange) + "import os\n\n"
            'c.CourseDirectory.student_id = os.environ["JUPYTERHUB_USER"]\n')


class Hub:
    """A JupyterHub process we started on free ports, and its folder."""

    def __init__(self, folder: Path, exchange: Path, system: Path, platform: Platform):
        self.folder, self.platform = folder, platform
        folder.mkdir()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        args = ["--allow-root"] if os.getuid() == 0 else []
        added = folder / "students-nbgrader"
        added.mkdir()
        (added / "nbgrader_config.py").write_text(student_nbgrader_config(exchange))
        environment = {"PYTHONDONTWRITEBYTECODE": "1", "MPLCONFIGDIR": str(folder / "mpl"),
                       "JUPYTER_CONFIG_PATH": os.pathsep.join(map(str, (added, system)))}
        (folder / "hub.py").write_text(HUB_CONFIG.format(
            port=self.port, hub_port=free_port(), proxy_api_port=free_port(), folder=folder,
            chp=CHP, python=sys.executable, args=args, environment=environment,
            timeout=TIMEOUT, lti=ROOT / "deploy" / "lti13.py"))
        for student in STUDENTS:
            (folder / "home" / student).mkdir(parents=True)
        self.log = folder / "hub.log"
        env = {key: value for key, value in os.environ.items()
               if not key.startswith(("JUPYTER", "IPYTHON"))} | {"PATH": PATH} \
            | platform.environment() | {"COURSE_ROSTER": str(folder / "roster.csv")}
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "jupyterhub", "-f", str(folder / "hub.py")], cwd=folder,
                env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        self.wait_until_ready()

    def log_tail(self, lines: int = 60) -> str:
        """The last lines the hub (and the servers it spawned) printed."""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def wait_until_ready(self) -> None:
        """Poll the hub's API through the proxy until it answers."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"jupyterhub exited with {self.process.returncode}:\n"
                            f"{self.log_tail()}")
            try:
                if requests.get(f"{self.url}/hub/api", timeout=2).ok:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.25)
        self.stop()
        pytest.fail(f"jupyterhub did not answer in {TIMEOUT} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """SIGTERM the hub: it stops the users' servers and the proxy it started."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


# --- a student --------------------------------------------------------------------------------

class Student:
    """One student's browser session: cookies, and the requests its pages would make."""

    def __init__(self, hub: Hub, name: str):
        self.hub, self.name = hub, name
        self.session = requests.Session()
        self.server = f"{hub.url}/user/{name}/"
        self.xsrf = ""
        self.timings: dict[str, float] = {}

    def timed(self, phase: str, started: float) -> None:
        """Record how long a phase took."""
        self.timings[phase] = round(time.monotonic() - started, 1)

    def get(self, url: str) -> requests.Response:
        """GET as a browser navigates: follow redirects, fail on an HTTP error."""
        response = self.session.get(url, timeout=TIMEOUT)
        assert response.status_code < 400 or response.status_code == 424, (
            f"{self.name}: GET {response.url} -> {response.status_code}\n{response.text[:500]}")
        return response

    def follow_link(self, link: str) -> str:
        """Launch from the LMS, start the server, let nbgitpuller pull; return the path the
        link opens."""
        started = time.monotonic()
        page = self.lti_launch(link)
        if page.status_code == 424:  # the hub's "server not running" page: click Launch
            spawn = re.search(r'href="([^"]*/hub/spawn/[^"]*)"', page.text).group(1)
            page = self.get(urllib.parse.urljoin(page.url, html.unescape(spawn)))
        deadline = time.monotonic() + TIMEOUT
        while "/spawn-pending/" in page.url and time.monotonic() < deadline:
            time.sleep(1)
            page = self.get(page.url)
        assert page.url.startswith(self.server + "git-pull"), (
            f"{self.name}: expected nbgitpuller's page, got {page.status_code} {page.url}\n"
            f"{self.hub.log_tail()}")
        self.timed("log in and start the server", started)
        started = time.monotonic()
        data = {key: urllib.parse.unquote(value)
                for key, value in re.findall(r'data-([a-z-]+)="([^"]*)"', page.text)}
        self.xsrf = data["xsrf"]
        params = {"_xsrf": self.xsrf, "repo": data["repo"], "targetpath": data["targetpath"],
                  "branch": data["branch"]}
        events = self.session.get(urllib.parse.urljoin(page.url, data["base-url"])
                                  + "git-pull/api", params=params, stream=True, timeout=TIMEOUT)
        phases = []
        for line in events.iter_lines(decode_unicode=True):
            if line.startswith("data:"):
                event = json.loads(line[len("data:"):])
                phases.append(event["phase"])
                assert event["phase"] != "error", f"{self.name}: nbgitpuller: {event}"
        assert phases[-1:] == ["finished"], f"{self.name}: nbgitpuller ended with {phases}"
        opened = self.get(urllib.parse.urljoin(page.url, data["base-url"] + data["path"]))
        assert opened.status_code == 200
        self.timed("nbgitpuller", started)
        return urllib.parse.unquote(data["path"]).removeprefix("lab/tree/")

    def lti_launch(self, link: str) -> requests.Response:
        """Click the course's link in the LMS: the LMS posts the login to the hub, the hub sends
        the browser to the LMS to authenticate, the LMS posts back a signed id_token, and the
        hub logs the student in as the LMS's id of them and goes on to the link (LTI 1.3)."""
        platform = self.hub.platform
        login = self.session.post(f"{self.hub.url}/hub/lti13/oauth_login",
                                  data=platform.login_request(self.name, link),
                                  allow_redirects=False, timeout=TIMEOUT)
        asked = login.headers.get("Location", "")
        assert login.status_code == 302 and asked.startswith(platform.authorize_url), (
            f"{self.name}: the hub did not send the browser to the LMS: {login.status_code} "
            f"{asked}\n{login.text[:300]}")
        query = {key: values[0] for key, values in
                 urllib.parse.parse_qs(urllib.parse.urlparse(asked).query).items()}
        assert query["client_id"] == platform.client_id and query["login_hint"] == self.name
        token = platform.id_token(PEOPLE[self.name], self.name, query["nonce"], link)
        page = self.session.post(query["redirect_uri"], timeout=TIMEOUT,
                                 data={"id_token": token, "state": query["state"]})
        assert page.status_code < 400 or page.status_code == 424, (
            f"{self.name}: launch -> {page.status_code} {page.url}\n{page.text[:300]}\n"
            f"{self.hub.log_tail()}")
        return page  # follow_link checks it lands in /user/<the LMS's id>/

    def api(self, method: str, path: str, **kwargs) -> requests.Response:
        """A call to the student's Jupyter server API, with the xsrf token its pages carry."""
        response = self.session.request(method, self.server + path, timeout=TIMEOUT,
                                        headers={"X-XSRFToken": self.xsrf}, **kwargs)
        assert response.ok, f"{self.name}: {method} {path} -> {response.status_code}: " \
                            f"{response.text[:500]}"
        return response

    def files(self, folder: str) -> set[str]:
        """Every file path under `folder` in the student's home, through the contents API."""
        found = set()
        for entry in self.api("GET", f"api/contents/{folder}").json()["content"]:
            if entry["type"] == "directory":
                found |= self.files(entry["path"])
            else:
                found.add(entry["path"])
        return found

    def run_notebook(self, path: str) -> int:
        """Open `path` in a kernel and run every code cell in order; return how many ran."""
        started = time.monotonic()
        notebook = self.api("GET", f"api/contents/{path}").json()["content"]
        sources = ["".join(cell["source"]) for cell in notebook["cells"]
                   if cell["cell_type"] == "code"]
        session = self.api("POST", "api/sessions", json={
            "path": path, "type": "notebook", "name": "", "kernel": {"name": "python3"}}).json()
        url = (self.server.replace("http://", "ws://") + f"api/kernels/{session['kernel']['id']}"
               f"/channels?session_id={uuid.uuid4().hex}")
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.session.cookies)
        channel = websocket.create_connection(url, cookie=cookies, timeout=TIMEOUT)
        try:
            for number, source in enumerate(sources, 1):
                reply = self.execute(channel, source)
                assert reply["status"] == "ok", (
                    f"{self.name}: {path} code cell {number} failed: "
                    f"{reply.get('ename')}: {reply.get('evalue')}")
        finally:
            channel.close()
            self.api("DELETE", f"api/sessions/{session['id']}")
        self.timed(f"run {path.rsplit('/', 1)[-1]}", started)
        return len(sources)

    def execute(self, channel: websocket.WebSocket, code: str) -> dict:
        """Send one execute_request and wait for its reply and for the kernel to go idle."""
        msg_id = uuid.uuid4().hex
        channel.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": self.name,
                       "session": msg_id, "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True,
                        "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}}))
        reply, idle, shown = None, False, []
        while reply is None or not idle:
            message = json.loads(channel.recv())
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            if message["msg_type"] == "execute_reply":
                reply = message["content"]
            elif message["msg_type"] == "status":
                idle = message["content"]["execution_state"] == "idle"
            elif message["msg_type"] in ("stream", "execute_result"):
                content = message["content"]
                shown.append(content.get("text") or content.get("data", {}).get("text/plain", ""))
        return reply | {"shown": "".join(shown)}

    def check_answers(self, path: str) -> dict[str, str]:
        """Run the fetched notebook as the student does before handing in, every cell but the
        autograder's tests, and read what each "check my answer" cell says, by task."""
        notebook = self.api("GET", f"api/contents/{path}").json()["content"]
        session = self.api("POST", "api/sessions", json={
            "path": path, "type": "notebook", "name": "", "kernel": {"name": "python3"}}).json()
        url = (self.server.replace("http://", "ws://") + f"api/kernels/{session['kernel']['id']}"
               f"/channels?session_id={uuid.uuid4().hex}")
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.session.cookies)
        channel = websocket.create_connection(url, cookie=cookies, timeout=TIMEOUT)
        said = {}
        try:
            for cell in notebook["cells"]:
                grading = cell["metadata"].get("nbgrader", {})
                if cell["cell_type"] != "code" or (grading.get("grade")
                                                   and not grading.get("solution")):
                    continue
                reply = self.execute(channel, "".join(cell["source"]))
                task = grading.get("grade_id", "")
                if task.startswith("check_"):
                    assert reply["status"] == "ok", f"{self.name}: {task} raised"
                    said[task.removeprefix("check_")] = reply["shown"]
        finally:
            channel.close()
            self.api("DELETE", f"api/sessions/{session['id']}")
        return said

    def assignments(self, action: str, assignment: str) -> None:
        """Fetch or submit from the Assignments API (nbgrader's server extension)."""
        answer = self.api("POST", f"assignments/{action}",
                          data={"assignment_id": assignment, "course_id": COURSE_ID}).json()
        assert not (isinstance(answer, dict) and answer.get("success") is False), (
            f"{self.name}: {action} {assignment} failed:\n{answer.get('value')}")

    def answer(self, assignment: str, sources: dict[str, nbformat.NotebookNode], how: str):
        """Write the answers `how` says (all, half, none) into the fetched notebooks."""
        for name, source in sources.items():
            path = f"{assignment}/{name}"
            model = self.api("GET", f"api/contents/{path}").json()
            solutions = {cell.metadata.nbgrader["grade_id"]: cell for cell in source.cells
                         if cell.metadata.get("nbgrader", {}).get("solution")}
            chosen = list(solutions)[: {"all": len(solutions), "half": len(solutions) // 2,
                                        "none": 0}[how]]
            for cell in model["content"]["cells"]:
                grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
                if grade_id in chosen:
                    cell["source"] = "\n".join(
                        line for line in solutions[grade_id].source.splitlines()
                        if not MARKERS.match(line))
            self.api("PUT", f"api/contents/{path}",
                     json={"type": "notebook", "format": "json", "content": model["content"]})


# --- the classroom ----------------------------------------------------------------------------

def published_course(folder: Path) -> str:
    """A bare clone of this commit with the course branch written in it; its file:// URL."""
    remote = folder / "twentyone_edu"  # no ".git": nbgitpuller names the student folder after it
    subprocess.run(["git", "init", "--quiet", "--bare", str(remote)], check=True)
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()
    subprocess.run(["git", "-C", str(remote), "fetch", "--quiet", str(ROOT),
                    f"{head}:refs/heads/main"], check=True)
    write_course_branch(remote, "main")
    return remote.as_uri()


def need_the_proxy() -> None:
    """Skip (fail under CI) unless configurable-http-proxy, the hub's proxy, is installed."""
    if not CHP.is_file():
        message = (f"configurable-http-proxy is not installed: npm install --prefix "
                   f"{CHP.parents[2].relative_to(ROOT)} configurable-http-proxy@4")
        if under_ci():
            pytest.fail(message + " (CI=true: the hub test must run)")
        pytest.skip(message)


@pytest.fixture(scope="module", params=LANGUAGES)
def classroom(tmp_path_factory, request):
    """The hub, the teacher with a released assignment in one language, and the course
    repository."""
    need_the_proxy()
    folder = tmp_path_factory.mktemp("classroom")
    exchange = folder / "exchange"
    exchange.mkdir()
    system = system_config(folder / "etc-jupyter")
    teacher = Teacher(folder / "teacher", exchange, folder / "stand-in", system, request.param)
    teacher.release()
    released = exchange / COURSE_ID / "outbound" / teacher.assignment
    assert released.is_dir(), "released into the throwaway exchange, not the machine's own"
    repo_url = published_course(folder)
    platform = Platform()
    hub = Hub(folder / "hub", exchange, system, platform)
    try:
        yield {"hub": hub, "teacher": teacher, "repo_url": repo_url, "language": request.param}
    finally:
        hub.stop()
        platform.stop()


def test_three_students_pull_the_course_run_a_lesson_and_are_graded(classroom):
    hub, teacher = classroom["hub"], classroom["teacher"]
    link = link_to(hub.url, classroom["repo_url"])
    sources = teacher.source_notebooks()
    checked: dict[str, dict[str, str]] = {}
    started = time.monotonic()

    def attend(name: str) -> Student:
        student = Student(hub, name)
        lesson = student.follow_link(link)
        pulled = student.files(lesson.split("/", 1)[0])
        assert lesson in pulled
        assert teacher_material(pulled, lambda path: student.api("GET", f"files/{path}").text) \
            == []
        assert student.run_notebook(lesson) > 0
        begun = time.monotonic()
        student.assignments("fetch", teacher.assignment)
        assert {f"{teacher.assignment}/{name}" for name in sources} <= student.files(
            teacher.assignment)
        student.answer(teacher.assignment, sources, STUDENTS[name])
        for notebook in sources:
            checked[name] = student.check_answers(f"{teacher.assignment}/{notebook}")
        student.assignments("submit", teacher.assignment)
        student.timed("fetch, answer, submit", begun)
        return student

    with ThreadPoolExecutor(len(STUDENTS)) as pool:
        students = list(pool.map(attend, STUDENTS))
    class_time = time.monotonic() - started
    begun = time.monotonic()
    teacher.collect_and_autograde()
    scores = teacher.scores()
    print(f"\nclass {class_time:.0f} s, grading {time.monotonic() - begun:.0f} s")
    for student in students:
        print(f"{student.name}: {scores[student.name]} {student.timings}")
    right, half, blank = (scores[name] for name in STUDENTS)
    assert right[1] > 0 and right[0] == right[1]
    assert 0 < half[0] < half[1]
    assert blank[0] == 0
    if ASSIGNMENT is not None:
        right_word, not_yet = (SAYS[classroom["language"]][word] for word in ("right", "not yet"))
        everyone, first_half, nobody = (checked[name] for name in STUDENTS)
        assert everyone and all(right_word in said and not_yet not in said
                                for said in everyone.values()), everyone
        assert all(not_yet in said for said in nobody.values()), nobody
        assert any(not_yet in said for said in first_half.values()) and any(
            right_word in said and not_yet not in said for said in first_half.values())
        teacher.feedback_has_no_hidden_test(list(STUDENTS))
        roster = (hub.folder / "roster.csv").read_text(encoding="utf-8")  # the hub's class list
        moodle = teacher.moodle_grades(roster)
        for name, (score, _) in scores.items():
            first, _, email = PEOPLE[name]
            assert moodle[name]["Email address"] == (email or "")
            assert moodle[name]["First name"] == first
            assert float(moodle[name][f"{teacher.assignment} (Real)"]) == score
    if ASSIGNMENT is None:  # the stand-in: tasks of 2 and 1 points
        assert (right, half, blank) == ((3, 3), (2, 3), (0, 3))
