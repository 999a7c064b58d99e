"""Shared test set-up. GUI tests ask SDL for its dummy drivers themselves, here,
before any test imports pygame; app code never sets them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets empty user folders, so a developer's own tables, saves and
    settings never leak into a result (and tests never write to them)."""
    home = tmp_path / "user"
    for var, sub in (
        ("XDG_DATA_HOME", "data"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_CACHE_HOME", "cache"),
        ("XDG_STATE_HOME", "state"),
    ):
        monkeypatch.setenv(var, str(home / sub))
    return home


@pytest.fixture
def app() -> Iterator[Any]:
    """A window at its opening size, drawn once, closed after the test."""
    from companion.ui.app import App

    window = App()
    window.draw()
    yield window
    window.close()
