"""Students launch the course from the school's LMS (Moodle, Canvas…) by LTI 1.3: a JupyterHub
config fragment, loaded by the hub's own config (`load_subconfig("lti13.py")`, README.md "For
teachers"; on Kubernetes the same settings are in config.yaml).

Register the hub in the LMS as an LTI 1.3 tool (deploy/README.md, "LTI 1.3"): the tool's login
URL is https://HUB/hub/lti13/oauth_login, its redirect URL https://HUB/hub/lti13/oauth_callback.
The LMS then gives four values, which this file reads from the hub's environment:

  LTI13_ISSUER         the platform's issuer, e.g. https://moodle.school.example
  LTI13_CLIENT_ID      the client id the LMS gave the tool
  LTI13_AUTHORIZE_URL  the platform's authentication endpoint
  LTI13_JWKS_URL       the platform's public keyset URL (it signs every launch)

The hub's user name is the student's email from the launch: it is also the student id nbgrader
grades under (JUPYTERHUB_USER) and the key the class list and the grade export use, so a grade
goes back to the LMS to the student who launched.
"""

import os

c = get_config()  # noqa: F821 (JupyterHub provides get_config)

c.JupyterHub.authenticator_class = "ltiauthenticator.lti13.auth.LTI13Authenticator"
c.LTI13Authenticator.issuer = os.environ["LTI13_ISSUER"]
c.LTI13Authenticator.client_id = {os.environ["LTI13_CLIENT_ID"]}
c.LTI13Authenticator.authorize_url = os.environ["LTI13_AUTHORIZE_URL"]
c.LTI13Authenticator.jwks_endpoint = os.environ["LTI13_JWKS_URL"]
c.LTI13Authenticator.username_key = "email"
c.Authenticator.allow_all = True  # whoever the LMS launches: the course's students
