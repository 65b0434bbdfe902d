"""Shared test set-up: a hypothesis profile that suits a loaded 2-core machine, and a private
matplotlib cache, so that a font list half-written by another run cannot reach the tests."""

import atexit
import os
import shutil
import tempfile

from hypothesis import HealthCheck, settings

settings.register_profile(
    "twentyone", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("twentyone")

os.environ["MPLCONFIGDIR"] = tempfile.mkdtemp(prefix="t21-matplotlib-")
atexit.register(shutil.rmtree, os.environ["MPLCONFIGDIR"], ignore_errors=True)
