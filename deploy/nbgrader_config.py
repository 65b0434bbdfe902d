"""nbgrader settings for every user of the hub, installed as /etc/jupyter/nbgrader_config.py."""

c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "twentyone_edu"
# The shared exchange: a ReadWriteMany volume mounted in every user's pod (config.yaml).
c.Exchange.root = "/srv/nbgrader/exchange"
