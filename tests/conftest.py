"""Hypothesis profiles, the cache kept in a temporary directory, and the umbrella marker
``slow`` (what tests share beyond fixtures is in tests/support/)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# CI runs more examples; a developer's run stays quick.
settings.register_profile("ci", max_examples=300, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")

#: the kinds of slow test (registered in pyproject.toml); each is also ``slow``
SLOW_KINDS = ("browser", "cluster", "exhaustive", "simulation")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test of a slow kind ``slow``: ``pytest -m "not slow"`` leaves them out."""
    for item in items:
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
                  ) -> Path:
    """Puzzles generated during tests are cached in a temporary directory, never the user's."""
    cache = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    return cache


# The browser tests' fixtures (a Chromium, the daily page's server, a page at a laptop's or a
# phone's size), shared by every browser test module; a module may define its own ``server``.
from tests.support.browser import browser, laptop, phone, server  # noqa: E402, F401
