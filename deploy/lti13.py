"""Students launch the course from the school's LMS (Moodle, Canvas…) by LTI 1.3: a JupyterHub
config fragment, loaded by the hub's own config (`load_subconfig("lti13.py")`, README.md "For
teachers"; on Kubernetes config.yaml mounts this same file into the hub and loads it).

Register the hub in the LMS as an LTI 1.3 tool (deploy/README.md, "LTI 1.3"): the tool's login
URL is https://HUB/hub/lti13/oauth_login, its redirect URL https://HUB/hub/lti13/oauth_callback.
The LMS then gives four values, which this file reads from the hub's environment:

  LTI13_ISSUER         the platform's issuer, e.g. https://moodle.school.example
  LTI13_CLIENT_ID      the client id the LMS gave the tool
  LTI13_AUTHORIZE_URL  the platform's authentication endpoint
  LTI13_JWKS_URL       the platform's public keyset URL (it signs every launch)
  COURSE_ROSTER        optional: a CSV file the hub keeps the class list in, for nbgrader

One LMS person is one hub user: the hub's user name is the launch's `sub`, the platform's stable
id of the person. The hub accepts launches from one issuer only, so `sub` with that issuer names
one person; an email, which the person may edit and the LMS need not share, is only roster data.
The user name is the student id nbgrader grades under (JUPYTERHUB_USER). Each launch writes the
person's id, name and email into COURSE_ROSTER (`id,first_name,last_name,email`, what
`nbgrader db student import` reads), so the grade export finds each student in the LMS.
Whoever the LMS launches as an Instructor of the course is the teacher: a hub admin, in the
group `formgrade-twentyone_edu`; everyone else is in `nbgrader-twentyone_edu`.
"""

import csv
import os
from pathlib import Path

from ltiauthenticator.lti13.auth import LTI13Authenticator

ROLES = "https://purl.imsglobal.org/spec/lti/claim/roles"
INSTRUCTOR = "#Instructor"  # membership#Instructor, and the institution role person#Instructor
COURSE_ID = "twentyone_edu"
ROSTER_COLUMNS = ["id", "first_name", "last_name", "email"]


def is_instructor(claims):
    """Whether the launch's roles make the person a teacher of the course (LTI 1.3 roles)."""
    roles = claims.get(ROLES) or []
    return any(isinstance(role, str) and (role == "Instructor" or role.endswith(INSTRUCTOR))
               for role in roles)


def roster_row(name, claims):
    """The person as the class list holds them: the hub's user name, the name, the email."""
    return {"id": name, "first_name": str(claims.get("given_name") or ""),
            "last_name": str(claims.get("family_name") or ""),
            "email": str(claims.get("email") or "")}


def remember(roster, row):
    """Put the person's row into the roster file, replacing their earlier row."""
    rows = []
    if roster.is_file():
        with roster.open(newline="", encoding="utf-8") as file:
            rows = [old for old in csv.DictReader(file) if old.get("id") != row["id"]]
    with roster.open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, ROSTER_COLUMNS)
        writer.writeheader()
        writer.writerows([*rows, row])


class CourseLTI13Authenticator(LTI13Authenticator):
    """LTI 1.3 login keyed on the platform's user id; an Instructor is the course's teacher."""

    async def authenticate(self, handler, data=None):
        claims = data or {}
        user = await super().authenticate(handler, claims)
        teacher = is_instructor(claims)
        user["admin"] = teacher
        user["groups"] = [f"formgrade-{COURSE_ID}" if teacher else f"nbgrader-{COURSE_ID}"]
        roster = os.environ.get("COURSE_ROSTER")
        if roster:
            remember(Path(roster), roster_row(self.normalize_username(user["name"]), claims))
        return user


c = get_config()  # noqa: F821 (JupyterHub provides get_config)

c.JupyterHub.authenticator_class = CourseLTI13Authenticator
c.LTI13Authenticator.issuer = os.environ["LTI13_ISSUER"]
c.LTI13Authenticator.client_id = {os.environ["LTI13_CLIENT_ID"]}
c.LTI13Authenticator.authorize_url = os.environ["LTI13_AUTHORIZE_URL"]
c.LTI13Authenticator.jwks_endpoint = os.environ["LTI13_JWKS_URL"]
c.LTI13Authenticator.username_key = "sub"
c.Authenticator.allow_all = True  # whoever the LMS launches: the course's students and teacher
c.Authenticator.manage_groups = True  # the groups each launch gives (teacher or student)
