"""A school's LMS as far as an LTI 1.3 launch needs one: a signing key, its public keyset served
over HTTP, and a signed id_token for a student who clicks the course's link (IMS LTI 1.3 core,
IMS Security Framework 1.0: OIDC third-party-initiated login, then the id_token form post)."""

from __future__ import annotations

import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm

LTI = "https://purl.imsglobal.org/spec/lti/claim/"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"


class Platform:
    """The LMS: its issuer URL, the client id it gave the tool, and its keys."""

    def __init__(self) -> None:
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.kid = uuid.uuid4().hex
        public = json.loads(RSAAlgorithm.to_jwk(self.key.public_key()))
        keyset = json.dumps({"keys": [public | {"kid": self.kid, "alg": "RS256", "use": "sig"}]})

        class Keyset(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(keyset.encode())

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Keyset)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.issuer = f"http://127.0.0.1:{self.server.server_port}"
        self.client_id = "twentyone-edu-tool"
        self.authorize_url = f"{self.issuer}/auth"
        self.jwks_url = f"{self.issuer}/keys"

    def environment(self) -> dict[str, str]:
        """What deploy/lti13.py reads: the values an LMS gives when the tool is registered."""
        return {"LTI13_ISSUER": self.issuer, "LTI13_CLIENT_ID": self.client_id,
                "LTI13_AUTHORIZE_URL": self.authorize_url, "LTI13_JWKS_URL": self.jwks_url}

    def login_request(self, student: str, target: str) -> dict[str, str]:
        """The form the LMS posts to the tool's login URL when a student clicks the link."""
        return {"iss": self.issuer, "login_hint": student, "target_link_uri": target,
                "client_id": self.client_id, "lti_deployment_id": "1"}

    def id_token(self, person: tuple[str, str, str | None], user_id: str, nonce: str,
                 target: str) -> str:
        """The signed launch of the LMS's user `user_id` (given name, family name, email or None
        when the LMS shares none), answering the tool's authentication request."""
        now = int(time.time())
        given, family, email = person
        claims = {
            "iss": self.issuer, "aud": self.client_id, "sub": user_id, "given_name": given,
            "family_name": family, **({"email": email} if email else {}),
            "nonce": nonce, "iat": now, "exp": now + 300,
            LTI + "message_type": "LtiResourceLinkRequest", LTI + "version": "1.3.0",
            LTI + "deployment_id": "1", LTI + "target_link_uri": target,
            LTI + "roles": [LEARNER], LTI + "resource_link": {"id": "twentyone-lessons"},
            LTI + "context": {"id": "course-21", "label": "T21", "title": "Twenty-one"},
        }
        return jwt.encode(claims, self.key, algorithm="RS256", headers={"kid": self.kid})

    def stop(self) -> None:
        self.server.shutdown()
