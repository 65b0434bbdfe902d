"""The hub's login in front of the class's Voilà server (deploy/table_service.py): Voilà 0.5
takes a Jupyter Server identity provider, and JupyterHub ships one for servers it starts.

Two changes make JupyterHub's work under Voilà, which gives the provider a token (none) and
adds the provider's pages (the hub's OAuth callback, logout) without its own URL prefix.
"""

import os

from jupyter_server.utils import url_path_join
from jupyterhub.singleuser.extension import JupyterHubIdentityProvider


class TableIdentityProvider(JupyterHubIdentityProvider):
    """JupyterHub's identity provider, its pages under the service's prefix."""

    def __init__(self, **kwargs) -> None:
        kwargs.pop("token", None)  # Voilà's (none): the hub's login uses the service's own
        super().__init__(**kwargs)

    def get_handlers(self) -> list:
        """The OAuth callback and logout pages, at /services/<name>/… where the hub sends them."""
        prefix = os.environ["JUPYTERHUB_SERVICE_PREFIX"]
        return [(url_path_join(prefix, path), *rest) for path, *rest in super().get_handlers()]
