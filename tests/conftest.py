"""Shared test set-up: a hypothesis profile that suits a loaded 2-core machine."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "twentyone", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("twentyone")
