"""The scripts of deploy/ (book.py, handouts.py, lite.py, unplugged.py) as modules for the tests:
they are run as scripts, not installed with the package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"


def load(name: str) -> ModuleType:
    """deploy/`name`.py as a module, registered in sys.modules (a dataclass in it looks its
    module up there)."""
    spec = importlib.util.spec_from_file_location(name, DEPLOY / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
