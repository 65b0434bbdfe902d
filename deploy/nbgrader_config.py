"""nbgrader settings for every user of the hub, installed as /etc/jupyter/nbgrader_config.py.

The course id is the teacher's (teacher/nbgrader_config.py): a student lists and fetches only
what was released under it. The exchange is nbgrader's own default folder, which must exist and
be writable by every user (teacher/README.md); on Kubernetes the shared volume of config.yaml
is mounted there.
"""

c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "twentyone_edu"
c.Exchange.root = "/usr/local/share/nbgrader/exchange"
